"""Reads of the custom layouts: the positions the engine deals on, a layout's name, and
a player's own list."""

from __future__ import annotations

from django.db.models import Case, QuerySet, Value, When

from mahjong.rules.codes import is_custom_id

from .models import CustomLayout


def positions_for(layout_id: str) -> list[tuple[int, int, int]] | None:
    """The positions of the custom layout with this id, whoever saved it (the engine's
    source: :func:`mahjong.use_custom_layouts`); ``None`` when nobody has it now."""
    row = (
        CustomLayout.objects.filter(layout_id=layout_id).values_list("positions", flat=True).first()
    )
    return None if row is None else [tuple(p) for p in row]


def is_saved(layout_id: str) -> bool:
    """Whether anyone keeps the custom layout with this id now. The engine keeps a layout
    it has found in each process's memory (its id is a hash of its positions, so it is
    never wrong), but a deleted one must not start new games on any process: a new
    game asks the database (game/services.py)."""
    return CustomLayout.objects.filter(layout_id=layout_id).exists()


def name_for(layout_id: str, *, viewer_id: int | None = None) -> str | None:
    """The name of a custom layout as ``viewer_id`` sees it: their own name when they
    saved these tiles too (several players may save the same shape, each naming it: one
    never sees another's name for their own layout), else its first saver's, the one who
    made it known (anyone with the code may play it and sees that name)."""
    if not is_custom_id(layout_id):
        return None
    rows = CustomLayout.objects.filter(layout_id=layout_id)
    if viewer_id is not None:
        rows = rows.annotate(
            theirs=Case(When(owner_id=viewer_id, then=Value(0)), default=Value(1))
        ).order_by("theirs", "created_at", "pk")
    else:
        rows = rows.order_by("created_at", "pk")
    return rows.values_list("name", flat=True).first()


def layouts_of(*, user_id: int) -> QuerySet[CustomLayout]:
    """A player's layouts, newest first; nobody else's."""
    return CustomLayout.objects.filter(owner_id=user_id)


def layout_of(*, user_id: int, pk) -> CustomLayout:
    """The player's layout ``pk``, or ``CustomLayout.DoesNotExist`` (also for anyone
    else's: another's layout is simply not found)."""
    if not isinstance(pk, int) and not (isinstance(pk, str) and pk.isdigit()):
        raise CustomLayout.DoesNotExist
    return layouts_of(user_id=user_id).get(pk=int(pk))
