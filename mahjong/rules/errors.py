"""Typed errors of the engine, so that callers can tell one fault from another.

All are :class:`ValueError` subclasses with a ``reason`` word that the web
layer maps to a translated message. Game-code errors live in :mod:`.codes`.
"""

from __future__ import annotations


class MoveError(ValueError):
    """A request the position cannot carry out."""

    reason = "illegal_move"


class UnknownTile(MoveError):
    """A tile id that is not a position of the layout."""

    reason = "unknown_tile"


class TileRemoved(MoveError):
    """A tile that has already been taken off the board."""

    reason = "tile_removed"


class IllegalMove(MoveError):
    """A pair that may not be removed: not both free, or not matching."""

    reason = "illegal_move"


class GameOver(MoveError):
    """A move on a game that is already won."""

    reason = "game_over"


class NothingToUndo(MoveError):
    """Undo with no removed pair to put back."""

    reason = "nothing_to_undo"


class NothingToRedo(MoveError):
    """Redo with no undone pair to take off again: nothing was undone since the last
    removal (a removal of the player's own clears what redo could do)."""

    reason = "nothing_to_redo"
