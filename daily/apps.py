from django.apps import AppConfig


class DailyConfig(AppConfig):
    """The daily deal: its page, its API and its day board."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "daily"
