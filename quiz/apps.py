from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class QuizConfig(AppConfig):
    """The learning side: the rules page, the practice page and its quiz."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "quiz"
    verbose_name = _("Learning content")
