from django.apps import AppConfig


class GameConfig(AppConfig):
    """The games, the board, statistics and leaderboard; the engine lives in game.engine."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "game"
