"""The editor page (under each language prefix) and its JSON API (under /api/)."""

from django.urls import path

from . import api, views

urlpatterns = [
    path("editor/", views.editor, name="editor"),
]

api_urlpatterns = [
    path("layouts", api.layouts, name="layouts"),
    path("layouts/check", api.layout_check, name="layout_check"),
    path("layouts/import", api.layout_import, name="layout_import"),
    path("layouts/<int:pk>", api.layout_detail, name="layout"),
    path("layouts/<int:pk>.layout", api.layout_export, name="layout_export"),
]
