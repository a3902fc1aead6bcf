"""The daily deal's page (under each language prefix) and its API (under /api/)."""

from django.urls import path

from . import api, views

urlpatterns = [
    path("daily/", views.daily_page, name="daily"),
]

api_urlpatterns = [
    path("daily", api.daily_deals, name="daily"),
]
