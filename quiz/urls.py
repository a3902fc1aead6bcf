"""The learning side's pages, under each language prefix."""

from django.urls import path

from . import views

urlpatterns = [
    path("rules/", views.rules, name="rules"),
    path("practice/", views.practice, name="practice"),
]
