"""The records' pages, under each language prefix."""

from django.urls import path

from . import views

urlpatterns = [
    path("stats/", views.statistics, name="stats"),
    path("leaderboard/", views.leaderboard, name="leaderboard"),
]
