"""The Mahjong Solitaire engine: plain Python, no Django.

The whole game in a few names, in the spirit of python-chess::

    >>> from mahjong import Board
    >>> board = Board.from_code("MJ1-L00-AAAAABL")
    >>> len(board), len(board.free_tiles()), str(board.state)
    (144, 35, 'playing')
    >>> for a, b in board.deal.plan:
    ...     board.remove(a, b)
    >>> board.state is State.WON, board.can_undo()
    (True, False)

* :class:`GameCode` parses and formats codes ``MJ2-Lnn-XXXXXXXXXXXX`` (and the older
  ``MJ1-Lnn-XXXXXXX``); malformed
  ones raise an :class:`InvalidGameCode` subclass with a ``reason``.
* :func:`deal_for` gives a code's :class:`Deal`: faces on the layout's 144
  positions and a winning plan of :data:`PAIRS` (72) pairs.
* :class:`Board` is a game in progress: taps (:meth:`Board.tap`), removals,
  undo, redo, restart, hints, its :class:`State`, what may happen now (``can_undo``,
  ``can_redo``, ``can_restart``, ``can_hint``, ``can_pause``), how many pairs may be
  removed now (:meth:`Board.playable_pair_count`), the free tiles that match a tile
  (:meth:`Board.free_matches`) and why a tile is blocked (:meth:`Board.blocking`).
* :func:`family` names a face's family: its values are the only family names
  the site uses (the API sends them; the board's CSS classes are built from them).
* :data:`LAYOUTS` holds the Turtle (``L00``) and our own designs. A player's own
  layout (``C…`` codes) is checked by :func:`layout_problems` and found through the
  source installed with :func:`use_custom_layouts`; ``mahjong.rules.kmahjongg`` reads
  and writes KMahjongg's ``.layout`` files (:class:`LayoutFileError`).
"""

from .rules.board import (
    PLAYING,
    STUCK,
    WON,
    Blocking,
    BlockKind,
    Board,
    Change,
    Outcome,
    Snapshot,
    State,
    TapResult,
)
from .rules.codes import (
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
from .rules.custom import Problem as LayoutProblem
from .rules.custom import layout_id as custom_layout_id
from .rules.custom import problems as layout_problems
from .rules.deal import Deal, NoDeal, generate_deal
from .rules.errors import (
    GameOver,
    IllegalMove,
    MoveError,
    NothingToRedo,
    NothingToUndo,
    TileRemoved,
    UnknownTile,
)
from .rules.kmahjongg import LayoutFileError
from .rules.layouts import InvalidLayout, Layout, validate
from .rules.registry import (
    LAYOUTS,
    deal_for,
    get_layout,
    parse_code,
    random_code,
    use_custom_layouts,
)
from .rules.tiles import FAMILIES, KINDS, PAIRS, TILE_SET, family, match_class, matches

__all__ = [
    "BadCharacters",
    "Change",
    "BlockKind",
    "Blocking",
    "Board",
    "Deal",
    "DealOutOfRange",
    "EmptyCode",
    "FAMILIES",
    "GameCode",
    "GameOver",
    "IllegalMove",
    "InvalidGameCode",
    "InvalidLayout",
    "KINDS",
    "PAIRS",
    "LAYOUTS",
    "Layout",
    "LayoutFileError",
    "LayoutProblem",
    "MalformedCode",
    "MoveError",
    "NoDeal",
    "NothingToRedo",
    "NothingToUndo",
    "Outcome",
    "PLAYING",
    "STUCK",
    "Snapshot",
    "State",
    "TILE_SET",
    "TapResult",
    "TileRemoved",
    "UnknownLayout",
    "UnknownTile",
    "WON",
    "WrongLength",
    "WrongVersion",
    "custom_layout_id",
    "deal_for",
    "family",
    "generate_deal",
    "get_layout",
    "layout_problems",
    "match_class",
    "matches",
    "parse_code",
    "random_code",
    "use_custom_layouts",
    "validate",
]
