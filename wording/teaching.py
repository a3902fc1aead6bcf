"""Words that teach the free rule: why a tile is blocked, why a tile is free.

The engine decides (:meth:`~mahjong.Board.blocking` says what holds a blocked tile);
this module only words its answer in the active language, naming the tiles as the board
names them ("covered by Red dragon", "Bamboo 3 on its left and Circles 4 on its right").
The practice drill uses these functions; the board's script words a blocked tap's answer
from the same messages (:func:`reason_strings`), so both explain a position alike.
"""

from __future__ import annotations

from collections.abc import Sequence

from babel.lists import format_list
from django.utils.translation import gettext, ngettext

from mahjong import Board
from mahjong.rules.board import Blocking, BlockKind

from .formatting import babel_locale
from .names import tile_name


def _covered(count: int) -> str:
    return ngettext("covered by %(tiles)s", "covered by %(tiles)s", count)


def _half_covered(count: int) -> str:
    return ngettext("half covered by %(tiles)s", "half covered by %(tiles)s", count)


def _sides() -> str:
    return gettext("%(left)s on its left and %(right)s on its right")


def tile_list(faces: Sequence[str], ids: Sequence[int]) -> str:
    """The named tiles as the active language lists them: "Red dragon and Bamboo 3"."""
    return format_list([tile_name(faces[i]) for i in ids], locale=babel_locale())


def blocked_reason(blocking: Blocking, faces: Sequence[str]) -> str:
    """Why a tile is blocked, naming what holds it, e.g. "covered by Red dragon"."""
    if blocking.kind is BlockKind.SIDES:
        return _sides() % {
            "left": tile_list(faces, blocking.left),
            "right": tile_list(faces, blocking.right),
        }
    template = _covered if blocking.kind is BlockKind.COVERED else _half_covered
    return template(len(blocking.covering)) % {"tiles": tile_list(faces, blocking.covering)}


def blocked_sentence(blocking: Blocking, faces: Sequence[str], tile: int) -> str:
    """ "Bamboo 5 is blocked: covered by Red dragon." """
    return gettext("%(name)s is blocked: %(reason)s.") % {
        "name": tile_name(faces[tile]),
        "reason": blocked_reason(blocking, faces),
    }


def free_sentence(board: Board, tile: int) -> str:
    """Why a free tile is free: nothing lies on it, and which of its sides are open."""
    geometry = board.deal.layout.geometry
    left_open = not any(board.is_present(i) for i in geometry.left[tile])
    right_open = not any(board.is_present(i) for i in geometry.right[tile])
    if left_open and right_open:
        template = gettext("%(name)s is free: nothing lies on it and both its sides are open.")
    elif left_open:
        template = gettext("%(name)s is free: nothing lies on it and its left side is open.")
    else:
        template = gettext("%(name)s is free: nothing lies on it and its right side is open.")
    return template % {"name": tile_name(board.faces[tile])}


def tile_sentence(board: Board, tile: int) -> str:
    """Why a present tile is free or blocked, as the engine sees it."""
    blocking = board.blocking(tile)
    if blocking is None:
        return free_sentence(board, tile)
    return blocked_sentence(blocking, board.faces, tile)


def reason_strings() -> dict[str, str]:
    """The board script's templates for a blocked tap's reason, in the page's language.

    ``{tiles}``, ``{left}``, ``{right}`` and ``{name}`` are filled in by the script (lists
    joined with ``Intl.ListFormat``); ``One``/``Many`` are the forms for one tile and for
    several (every language of the site has at most these two).
    """
    tiles = {"tiles": "{tiles}"}
    return {
        "coveredOne": _covered(1) % tiles,
        "coveredMany": _covered(2) % tiles,
        "halfCoveredOne": _half_covered(1) % tiles,
        "halfCoveredMany": _half_covered(2) % tiles,
        "sides": _sides() % {"left": "{left}", "right": "{right}"},
        "blockedBecause": gettext("%(name)s is blocked: %(reason)s. Selection cleared.")
        % {"name": "{name}", "reason": "{reason}"},
        # The same when nothing was selected: there is no selection to clear.
        "blockedBecauseAlone": gettext("%(name)s is blocked: %(reason)s.")
        % {"name": "{name}", "reason": "{reason}"},
    }
