from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = _("Accounts")

    def ready(self):
        from django.contrib.auth import get_user_model
        from django.db.models.signals import post_save

        from .usernames import keep_name_key

        post_save.connect(keep_name_key, sender=get_user_model(), dispatch_uid="name_key")
