from django.apps import AppConfig


class QuizConfig(AppConfig):
    """The learning side: the rules page, the practice page and its quiz."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "quiz"
