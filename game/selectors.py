"""Reads on games: whose game it is, and its position rebuilt by the engine."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import QuerySet

from .engine import Board
from .models import Game


@dataclass(frozen=True)
class Owner:
    """Who a game belongs to: a signed-in user, or else a visitor's session."""

    user_id: int | None = None
    session_key: str | None = None


def games_owned_by(*, owner: Owner) -> QuerySet[Game]:
    """The owner's games; nobody else's (another owner's game is simply not found)."""
    if owner.user_id is not None:
        return Game.objects.filter(user_id=owner.user_id)
    if owner.session_key:
        return Game.objects.filter(user__isnull=True, session_key=owner.session_key)
    return Game.objects.none()


def game_get(*, game_id, owner: Owner) -> Game:
    """The owner's game with this id, or ``Game.DoesNotExist``."""
    return games_owned_by(owner=owner).get(id=game_id)


def board_for(game: Game) -> Board:
    """The engine's board for a stored game: its deal, its history, its selection."""
    return Board.from_code(game.code, [tuple(pair) for pair in game.history], game.selected)
