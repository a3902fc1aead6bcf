"""The name of any layout id: ours (translated), or a player's own (as the viewer named
it when they saved it, else as its first saver did; the pages escape it like any
text)."""

from __future__ import annotations

from django.utils.translation import pgettext

from mahjong.rules.codes import is_custom_id
from wording.names import layout_name

from .selectors import name_for


def layout_label(layout_id: str, *, viewer_id: int | None = None) -> str:
    """The layout's name as the player ``viewer_id`` (None: a visitor) sees it: a
    player's own layout by the name they gave it (:func:`editor.selectors.name_for`)."""
    if is_custom_id(layout_id):
        # A layout deleted since its game was played keeps a name of this kind.
        return name_for(layout_id, viewer_id=viewer_id) or pgettext("layout", "Own layout")
    return layout_name(layout_id)
