"""Words that teach the free rule: why a tile is blocked, why a tile is free.

The engine decides (:meth:`~mahjong.Board.blocking` says what holds a blocked tile,
:meth:`~mahjong.Board.covered_quarters` how much of it the layer above covers); this
module only words its answer in the active language. Every sentence is a catalogue
template; this module fills it with tile names in the form their place needs
(:mod:`game.names`: a sentence's subject, or inside a sentence) and with lists joined by
Babel's ``format_list``, the language's own list pattern ("a, b och c", "a, b und c").

The practice drill and the board say the same sentence: a blocked tap's answer carries
it (:func:`blocked_sentence`, worded in the request's language).
"""

from __future__ import annotations

from collections.abc import Sequence

from babel.lists import format_list
from django.utils.translation import gettext, ngettext

from mahjong import Board
from mahjong.rules.board import Blocking, BlockKind

from .formatting import babel_locale
from .names import AS_SUBJECT, IN_SENTENCE, tile_name

#: A face wholly covered: four quarters.
WHOLE = 4


def tile_list(faces: Sequence[str], ids: Sequence[int]) -> str:
    """The named tiles, as names inside a sentence, joined as the active language lists
    them: "Red dragon and Bamboo 3", "röd drake och bambu 3"."""
    return format_list(
        [tile_name(faces[i], IN_SENTENCE) for i in ids], style="standard", locale=babel_locale()
    )


def _covered(count: int) -> str:
    # Translators: why a tile is blocked, completed into "X is blocked: covered by …":
    # tiles (one, two or four, a list such as "Bamboo 3 and Red dragon") lie over the
    # whole of it. %(tiles)s: the list of those tiles.
    return ngettext("covered by %(tiles)s", "covered by %(tiles)s", count)


def _partly_covered(count: int) -> str:
    # Translators: why a tile is blocked, completed into "X is blocked: partly covered by
    # …": tiles of the layer above lie over part of it, not all of it. %(tiles)s: the list
    # of those tiles.
    return ngettext("partly covered by %(tiles)s", "partly covered by %(tiles)s", count)


def _sides() -> str:
    # Translators: why a tile is blocked, completed into "X is blocked: …": both of its
    # sides are taken. %(left)s: the tile or tiles on its left, %(right)s: those on its
    # right, each a list such as "Bamboo 3 and Red dragon". Name each side once, so that
    # the list's own "and" is not followed by another.
    return gettext("%(left)s on its left, %(right)s on its right")


def blocked_reason(blocking: Blocking, faces: Sequence[str], covered_quarters: int) -> str:
    """Why a tile is blocked, naming what holds it: "covered by Red dragon", "partly
    covered by Bamboo 3", "Circles 4 on its left, Bamboo 2 on its right".

    ``covered_quarters`` is the engine's :meth:`~mahjong.Board.covered_quarters`: a tile
    lying exactly on it, or two or four lying half or a quarter over it, cover it wholly.
    """
    if blocking.kind is BlockKind.SIDES:
        return _sides() % {
            "left": tile_list(faces, blocking.left),
            "right": tile_list(faces, blocking.right),
        }
    wholly = blocking.kind is BlockKind.COVERED or covered_quarters >= WHOLE
    template = _covered if wholly else _partly_covered
    return template(len(blocking.covering)) % {"tiles": tile_list(faces, blocking.covering)}


def blocked_sentence(board: Board, tile: int) -> str:
    """ "Bamboo 5 is blocked: covered by Red dragon." """
    blocking = board.blocking(tile)
    assert blocking is not None, "a free tile has no blocked sentence"
    # Translators: %(name)s: a tile (its name as a sentence's subject); %(reason)s: why it
    # is blocked, e.g. "covered by Red dragon" or "Bamboo 3 on its left, Circles 4 on its
    # right".
    return gettext("%(name)s is blocked: %(reason)s.") % {
        "name": tile_name(board.faces[tile], AS_SUBJECT),
        "reason": blocked_reason(blocking, board.faces, board.covered_quarters(tile)),
    }


def free_sentence(board: Board, tile: int) -> str:
    """Why a free tile is free: nothing lies on it, and which of its sides are open."""
    geometry = board.deal.layout.geometry
    left_open = not any(board.is_present(i) for i in geometry.left[tile])
    right_open = not any(board.is_present(i) for i in geometry.right[tile])
    if left_open and right_open:
        # Translators: %(name)s: a tile (its name as a sentence's subject).
        template = gettext("%(name)s is free: nothing lies on it and both its sides are open.")
    elif left_open:
        # Translators: %(name)s: a tile (its name as a sentence's subject).
        template = gettext("%(name)s is free: nothing lies on it and its left side is open.")
    else:
        # Translators: %(name)s: a tile (its name as a sentence's subject).
        template = gettext("%(name)s is free: nothing lies on it and its right side is open.")
    return template % {"name": tile_name(board.faces[tile], AS_SUBJECT)}


def tile_sentence(board: Board, tile: int) -> str:
    """Why a present tile is free or blocked, as the engine sees it."""
    if board.blocking(tile) is None:
        return free_sentence(board, tile)
    return blocked_sentence(board, tile)


def selection_cleared(sentence: str) -> str:
    """A blocked tap's sentence when the tap also cleared a selection."""
    # Translators: %(sentence)s: why the tapped tile is blocked, a whole sentence ("Bamboo
    # 5 is blocked: covered by Red dragon."); the tap also cleared the tile selected
    # before.
    return gettext("%(sentence)s Selection cleared.") % {"sentence": sentence}
