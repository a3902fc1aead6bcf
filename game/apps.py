from django.apps import AppConfig


class GameConfig(AppConfig):
    """The games, the board, statistics and leaderboard; the engine lives in mahjong."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "game"
