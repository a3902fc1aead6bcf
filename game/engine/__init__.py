"""The Mahjong Solitaire engine: plain Python, no Django.

The whole game in a few names, in the spirit of python-chess::

    >>> from game.engine import Board
    >>> board = Board.from_code("MJ1-L00-AAAAABL")
    >>> len(board), len(board.free_tiles()), board.state
    (144, 35, 'playing')
    >>> for a, b in board.deal.plan:
    ...     board.remove(a, b)
    >>> board.state
    'won'

* :class:`GameCode` parses and formats codes ``MJ1-Lnn-XXXXXXX``; malformed
  ones raise an :class:`InvalidGameCode` subclass with a ``reason``.
* :func:`deal_for` gives a code's :class:`Deal`: faces on the layout's 144
  positions and a winning plan of 72 pairs.
* :class:`Board` is a game in progress: taps (:meth:`Board.tap`), removals,
  undo, hints, won and stuck detection.
* :data:`LAYOUTS` holds the Turtle (``L00``) and our own designs.
"""

from .board import PLAYING, STUCK, WON, Board, Outcome, TapResult
from .codes import (
    BadCharacters,
    DealOutOfRange,
    EmptyCode,
    GameCode,
    InvalidGameCode,
    MalformedCode,
    UnknownLayout,
    WrongLength,
    WrongVersion,
)
from .deal import Deal, generate_deal
from .errors import GameOver, IllegalMove, MoveError, NothingToUndo, TileRemoved, UnknownTile
from .layouts import InvalidLayout, Layout, validate
from .registry import LAYOUTS, deal_for, get_layout, parse_code, random_code
from .tiles import KINDS, TILE_SET, family, match_class, matches

__all__ = [
    "BadCharacters",
    "Board",
    "Deal",
    "DealOutOfRange",
    "EmptyCode",
    "GameCode",
    "GameOver",
    "IllegalMove",
    "InvalidGameCode",
    "InvalidLayout",
    "KINDS",
    "LAYOUTS",
    "Layout",
    "MalformedCode",
    "MoveError",
    "NothingToUndo",
    "Outcome",
    "PLAYING",
    "STUCK",
    "TILE_SET",
    "TapResult",
    "TileRemoved",
    "UnknownLayout",
    "UnknownTile",
    "WON",
    "WrongLength",
    "WrongVersion",
    "deal_for",
    "family",
    "generate_deal",
    "get_layout",
    "match_class",
    "matches",
    "parse_code",
    "random_code",
    "validate",
]
