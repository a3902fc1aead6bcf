"""Reads on games for the pages and the API: the owner's games, one of them, and its
position rebuilt by the engine (the reads of a move are :mod:`game.store`'s)."""

from __future__ import annotations

from django.db.models import QuerySet

from mahjong import Board

from .models import Game
from .store import Owner, game_id_of


def games_owned_by(*, owner: Owner) -> QuerySet[Game]:
    """The owner's games; nobody else's (another owner's game is simply not found)."""
    conditions = owner.conditions()
    if conditions is None:
        return Game.objects.none()
    return Game.objects.filter(
        **{
            (column if value is not None else f"{column}__isnull"): (
                value if value is not None else True
            )
            for column, value in conditions
        }
    )


def game_get(*, game_id, owner: Owner) -> Game:
    """The owner's game with this id, or ``Game.DoesNotExist``."""
    return games_owned_by(owner=owner).get(id=game_id_of(game_id))


def board_for(game: Game) -> Board:
    """The engine's board for a stored game: its deal, its history, its selection and
    the pairs redo may take off again."""
    return Board.from_code(
        game.code,
        [tuple(pair) for pair in game.history],
        game.selected,
        [tuple(pair) for pair in game.undone],
    )
