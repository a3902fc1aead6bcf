from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RecordsConfig(AppConfig):
    """What the games add up to: the statistics page, the leaderboards and their charts."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "records"
    verbose_name = _("Statistics and leaderboards")
