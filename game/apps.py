from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GameConfig(AppConfig):
    """Play: the stored games, their services and selectors, the JSON API and the play page."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "game"
    verbose_name = _("Games")

    def ready(self) -> None:
        from . import engine_memory

        engine_memory.configure()
