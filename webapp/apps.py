from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class WebappConfig(AppConfig):
    name = "webapp"
    verbose_name = _("Site pages")
