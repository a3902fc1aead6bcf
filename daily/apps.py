from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DailyConfig(AppConfig):
    """The daily deal: its page, its API and its day board."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "daily"
    verbose_name = _("Daily deal")
