from django.apps import AppConfig


class RecordsConfig(AppConfig):
    """What the games add up to: the statistics page, the leaderboards and their charts."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "records"
