"""Which faces a player can see: the game answers send only those.

A present tile's face is *hidden* when the present tiles of the layer right above it
cover all of it: :meth:`mahjong.Board.covered_quarters` is 4 (one tile lying exactly on
it, or two or four lying half or a quarter over it). Tiles of a layer rest on the layer
below, so nothing higher can cover a part the layer above leaves open. Any other tile,
a removed one included (it was free, so seen, before it went), shows its face.

The answers send ``"face": null`` (``"family"`` and ``"match"`` null too) for a hidden
tile; a move's answer lists in ``revealed`` the faces its removals uncovered, and in ``covered`` the
tiles an undo covered wholly again (their faces are null again, as a fresh ``GET`` says).
The code gives the whole deal, so it is not sent either while a server-dealt game is in
play, nor, until the day is over, for a game on today's daily deal, ended or not.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.translation import gettext

from daily.rules import todays_daily
from mahjong import Board, family, match_class
from mahjong.rules.board import BlockKind
from wording.names import AS_SUBJECT, tile_name

from . import kinds
from .models import Game


def hidden_tiles(board: Board) -> frozenset[int]:
    """The present tiles wholly covered now."""
    covers = board.deal.layout.geometry.covers
    return frozenset(
        i for i in board.present_tiles() if covers[i] and board.covered_quarters(i) == 4
    )


def _overlap(a: tuple[int, int, int], b: tuple[int, int, int]) -> int:
    return (2 - abs(a[0] - b[0])) * (2 - abs(a[1] - b[1]))


def revealed_tiles(board: Board, removed: Iterable[int]) -> list[int]:
    """The tiles the removal of ``removed`` uncovered: wholly covered before, not now."""
    removed = set(removed)
    geometry = board.deal.layout.geometry
    positions = geometry.positions
    below = {c for r in removed for c in geometry.covered[r]}
    found = []
    for c in sorted(below):
        if not board.is_present(c):
            continue
        now = board.covered_quarters(c)
        if now == 4:
            continue
        before = now + sum(
            _overlap(positions[r], positions[c]) for r in removed & set(geometry.covers[c])
        )
        if before == 4:
            found.append(c)
    return found


def covered_tiles(board: Board, restored: Iterable[int]) -> list[int]:
    """The tiles an undo putting back ``restored`` left wholly covered whose faces the
    client had: tiles below that were visible before, and restored tiles now covered."""
    restored = set(restored)
    geometry = board.deal.layout.geometry
    positions = geometry.positions
    below = {c for r in restored for c in geometry.covered[r]}
    found = []
    for c in sorted(below | restored):
        if not board.is_present(c) or board.covered_quarters(c) < 4:
            continue
        if c in restored:
            found.append(c)
            continue
        over = restored & set(geometry.covers[c])
        if 4 - sum(_overlap(positions[r], positions[c]) for r in over) < 4:
            found.append(c)
    return found


def revealed_payload(board: Board, removed: Iterable[int]) -> list[dict]:
    """``[{"id", "face", "family", "match"}]`` for each tile a move uncovered."""
    faces = board.deal.faces
    return [
        {"id": i, "face": faces[i], "family": family(faces[i]), "match": match_class(faces[i])}
        for i in revealed_tiles(board, removed)
    ]


def code_hidden(game: Game) -> bool:
    """Whether the answers leave out the game's code: a server-dealt game (a new deal or
    today's daily deal, ranked if won) still being played, or a game on today's daily
    deal until the day is over (:func:`held_for_the_day`). Share and replay follow it."""
    in_play = (
        kinds.kind_of(game).code_hidden_in_play
        and game.result == Game.UNFINISHED
        and game.state != Game.WON
    )
    return in_play or held_for_the_day(game)


def held_for_the_day(game: Game) -> bool:
    """Whether ``game`` was dealt today's daily deal of its layout, whose code is held
    until the daily deal's day is over (``mahjong.rules.daily.next_change``) even once
    the game has ended: one finished game would otherwise hand the whole deal to a second
    account, or a friend, who could then rank on it the same day with a solver's plan."""
    if not kinds.kind_of(game).code_held_for_the_day:
        return False
    return game.code == str(todays_daily(game.layout_id))


def blocked_sentence_hiding(board: Board, tile: int, hidden: frozenset[int]) -> str:
    """Why a tile is blocked, for a blocked tap that would name a hidden tile: no face of
    a hidden tile is named (the tapped tile's own only when it shows)."""
    if tile in hidden:
        # Translators: a blocked tap on a tile that lies wholly under others, whose face
        # the board does not show yet.
        return gettext("This tile is wholly covered: none of it can be seen yet.")
    name = tile_name(board.deal.faces[tile], AS_SUBJECT)
    if board.blocking(tile).kind is BlockKind.SIDES:
        # Translators: %(name)s: a tile (its name as a sentence's subject); tiles whose
        # faces cannot be seen yet hold both its sides, so they are not named.
        return gettext("%(name)s is blocked: both its sides are taken.") % {"name": name}
    # Translators: %(name)s: a tile (its name as a sentence's subject); tiles of the layer
    # above lie over part of it (their faces cannot all be seen yet, so none is named).
    return gettext("%(name)s is blocked: tiles lie over part of it.") % {"name": name}
