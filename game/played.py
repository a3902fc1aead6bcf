"""A game after a request: the game, its rebuilt board, what the request did and what it
changed (what the services hand the answer), and whether the game takes moves now."""

from __future__ import annotations

from dataclasses import dataclass

from mahjong import Board, Change, TapResult

from .models import Game


@dataclass(frozen=True)
class Played:
    """A game after a request, its rebuilt board, what the request did (``event``), what
    it changed on the tiles, and for a tap the engine's answer (with why a tile was
    blocked)."""

    game: Game
    board: Board
    event: str
    change: Change = Change()
    tap: TapResult | None = None


def may_move(game: Game) -> bool:
    """Whether tiles may be tapped, undone or hinted: not while the game is paused (the
    engine says the rest)."""
    return not game.paused
