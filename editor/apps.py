from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class EditorConfig(AppConfig):
    """Players' own layouts: stored here, edited on the editor page, played anywhere."""

    name = "editor"
    verbose_name = _("Players' layouts")

    def ready(self):
        # The engine deals on a custom layout's code once it can find the positions: it
        # keeps none itself (mahjong/rules/registry.py).
        from mahjong import use_custom_layouts

        from .selectors import positions_for

        use_custom_layouts(positions_for)
