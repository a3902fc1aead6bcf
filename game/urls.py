"""The play page (under each language prefix), the JSON API (under /api/, outside the
language prefix) and the layouts' pictures (at the root: the same in every language)."""

from django.urls import path

from . import api, views

urlpatterns = [
    path("play/", views.play, name="play"),
]

root_urlpatterns = [
    path("layouts/<str:layout_id>.svg", views.layout_picture, name="layout-picture"),
]

api_urlpatterns = [
    path("health", api.health, name="health"),
    path("openapi.json", api.openapi, name="openapi"),
    path("games", api.games, name="games"),
    path("games/<str:game_id>", api.game_detail, name="game"),
    path("games/<str:game_id>/tap", api.game_tap, name="tap"),
    path("games/<str:game_id>/undo", api.game_undo, name="undo"),
    path("games/<str:game_id>/redo", api.game_redo, name="redo"),
    path("games/<str:game_id>/restart", api.game_restart, name="restart"),
    path("games/<str:game_id>/winnable", api.game_winnable, name="winnable"),
    path("games/<str:game_id>/hint", api.game_hint, name="hint"),
    path("games/<str:game_id>/pause", api.game_pause, name="pause"),
    path("games/<str:game_id>/resume", api.game_resume, name="resume"),
]
