"""The practice drill "Free or blocked?": a real position from a real deal, one tile marked.

A position is a game code, a number of pairs removed along that deal's own winning plan
(so the position is reached by legal play) and the marked tile. It lives in the query
string (``?drill=MJ1-L00-AAAAABL&pairs=12&tile=57``), so a position is shared by its
address; the answer is ``answer=free`` or ``answer=blocked``. Nothing is stored: no row,
no session, no cookie. The engine grades and explains (:meth:`Board.blocking`).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from django.http import QueryDict
from django.utils.http import urlencode

from mahjong import LAYOUTS, Board, InvalidGameCode, deal_for, parse_code, random_code
from mahjong.rules.board import BlockKind
from wording.teaching import tile_sentence

FREE = "free"
BLOCKED = "blocked"
ANSWERS = (FREE, BLOCKED)
SHOW = "drill"

#: A random position removes at most this many pairs of the plan (of 72): later ones
#: leave too few tiles to make the question interesting.
MAX_RANDOM_PAIRS = 48
#: A shared position may remove any number of pairs but the last (a board with tiles).
MAX_PAIRS = 71

RIGHT = "right"
WRONG = "wrong"
UNANSWERED = "unanswered"


class InvalidPosition(ValueError):
    """A drill address that names no position (bad code, pairs or tile)."""


@dataclass(frozen=True)
class DrillPosition:
    code: str
    pairs: int
    tile: int

    def board(self) -> Board:
        """The deal with the first ``pairs`` pairs of its winning plan removed."""
        return Board.from_code(self.code, deal_for(self.code).plan[: self.pairs])

    def query(self) -> str:
        return urlencode({"drill": self.code, "pairs": self.pairs, "tile": self.tile})


@dataclass(frozen=True)
class DrillResult:
    """The position as the visitor left it: the answer chosen (if any) and the verdict."""

    position: DrillPosition
    board: Board
    chosen: str | None
    correct: str
    status: str
    shown: bool
    explanation: str


def _single(query: QueryDict, name: str) -> str | None:
    values = query.getlist(name)
    return values[0] if len(values) == 1 else None


def _number(text: str | None) -> int:
    text = (text or "").strip()
    if not text.isdecimal() or len(text) > 3:
        raise InvalidPosition(f"not a small number: {text!r}")
    return int(text)


def position_from_query(query: QueryDict) -> DrillPosition | None:
    """The position named by a query string; ``None`` when it names none at all.

    Raises :class:`InvalidPosition` for an address that is not a position of a real deal.
    """
    if not any(name in query for name in ("drill", "pairs", "tile")):
        return None
    try:
        code = parse_code(_single(query, "drill") or "")
    except InvalidGameCode as error:
        raise InvalidPosition(str(error)) from error
    pairs = _number(_single(query, "pairs"))
    tile = _number(_single(query, "tile"))
    if pairs > MAX_PAIRS:
        raise InvalidPosition(f"{pairs} pairs removed leave no position to ask about")
    position = DrillPosition(str(code), pairs, tile)
    board = position.board()
    if tile >= len(board.faces) or not board.is_present(tile):
        raise InvalidPosition(f"tile {tile} is not on that board")
    return position


def _askable(board: Board) -> dict[BlockKind | None, list[int]]:
    """The tiles a player can see, by the engine's reason for blocking them (``None``:
    free). A tile lying exactly under another is hidden, so it is never marked."""
    askable: dict[BlockKind | None, list[int]] = {}
    for tile in board.present_tiles():
        blocking = board.blocking(tile)
        kind = None if blocking is None else blocking.kind
        if kind is not BlockKind.COVERED:
            askable.setdefault(kind, []).append(tile)
    return askable


def random_position(rng: secrets.SystemRandom | None = None) -> DrillPosition:
    """A fresh position of a random deal: free or blocked as often as each other, and a
    blocked tile held by either reason a player can see (half covered, both sides)."""
    rng = rng or secrets.SystemRandom()
    code = random_code(rng.choice(list(LAYOUTS)))
    pairs = rng.randint(0, MAX_RANDOM_PAIRS)
    board = Board.from_code(code, deal_for(code).plan[:pairs])
    askable = _askable(board)
    blocked_kinds = [kind for kind in askable if kind is not None]
    if rng.random() < 0.5 or not blocked_kinds:
        pool = askable[None]
    else:
        pool = askable[rng.choice(sorted(blocked_kinds))]
    return DrillPosition(str(code), pairs, rng.choice(pool))


def drill_graded(position: DrillPosition, query: QueryDict) -> DrillResult:
    """Grade ``answer=free|blocked`` for the position; the engine says which is right."""
    board = position.board()
    correct = FREE if board.is_free(position.tile) else BLOCKED
    chosen = _single(query, "answer")
    chosen = chosen if chosen in ANSWERS else None
    if chosen is None:
        status = UNANSWERED
    else:
        status = RIGHT if chosen == correct else WRONG
    return DrillResult(
        position=position,
        board=board,
        chosen=chosen,
        correct=correct,
        status=status,
        shown=chosen is not None or SHOW in query.getlist("show"),
        explanation=tile_sentence(board, position.tile),
    )
