from django.apps import AppConfig


class GameConfig(AppConfig):
    """Play: the stored games, their services and selectors, the JSON API and the play page."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "game"

    def ready(self) -> None:
        from . import engine_memory

        engine_memory.configure()
