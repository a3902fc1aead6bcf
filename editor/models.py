"""Players' own layouts.

A row is one player's saved layout: its name and its 144 positions, in the engine's
order (:func:`mahjong.rules.custom.ordered`). ``layout_id`` is the engine's hash of the
positions (``C`` and 8 characters), the layout part of its game codes: the same
positions saved by two players are one layout to the engine, with the same deals.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

#: The longest name a layout may have, in characters.
NAME_MAX_LENGTH = 60


class CustomLayout(models.Model):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="custom_layouts",
        verbose_name=_("player"),
    )
    name = models.CharField(_("name"), max_length=NAME_MAX_LENGTH)
    layout_id = models.CharField(_("layout ID"), max_length=9, db_index=True)
    # [[x, y, z], …], 144 of them, ordered by layer, row and column.
    positions = models.JSONField(_("tile positions"))
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("player's layout")
        verbose_name_plural = _("players' layouts")
        constraints = [
            # A player keeps one copy of a layout (a second save of the same tiles is
            # refused with the name of the first).
            models.UniqueConstraint(
                fields=["owner", "layout_id"], name="customlayout_once_per_owner"
            )
        ]

    def __str__(self) -> str:
        return f"{self.layout_id} {self.name!r}"
