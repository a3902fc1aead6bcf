"""Reads on games: whose game it is, and its position rebuilt by the engine.

Who owns a game is said once, in :func:`_ownership`; the queryset of :func:`games_owned_by`
and the row-locking read of :func:`game_locked` (every move's first query) are both built
from it.
"""

from __future__ import annotations

import functools
import uuid
from dataclasses import dataclass

from django.db import connection
from django.db.models import QuerySet

from .engine import Board
from .ids import parse_game_id
from .models import Game


@dataclass(frozen=True)
class Owner:
    """Who a game belongs to: a signed-in user, or else a visitor's session."""

    user_id: int | None = None
    session_key: str | None = None


def _game_id(raw) -> uuid.UUID:
    game_id = parse_game_id(raw)
    if game_id is None:
        raise Game.DoesNotExist  # a malformed id is simply not found
    return game_id


def _ownership(owner: Owner) -> tuple[tuple[str, object], ...] | None:
    """The owner's games as (column, value) conditions, ``None`` meaning IS NULL; ``None``
    when the owner can own nothing (a visitor without a session)."""
    if owner.user_id is not None:
        return (("user_id", owner.user_id),)
    if owner.session_key:
        return (("user_id", None), ("session_key", owner.session_key))
    return None


def games_owned_by(*, owner: Owner) -> QuerySet[Game]:
    """The owner's games; nobody else's (another owner's game is simply not found)."""
    conditions = _ownership(owner)
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
    return games_owned_by(owner=owner).get(id=_game_id(game_id))


def game_locked(*, game_id, owner: Owner) -> Game:
    """The owner's game, its row locked until the transaction ends (or DoesNotExist).

    The same query as ``games_owned_by(owner=owner).select_for_update().get(id=game_id)``,
    with its SQL written once instead of compiled on every call: this runs on every move,
    and compiling the queryset cost more than running it (see bench/api.py).
    """
    conditions = _ownership(owner)
    if conditions is None:
        raise Game.DoesNotExist
    columns = tuple(column for column, _ in conditions)
    nulls = tuple(value is None for _, value in conditions)
    params = [value for _, value in conditions if value is not None]
    pk = Game._meta.pk
    game_pk = pk.get_db_prep_value(_game_id(game_id), connection)
    sql = _select_locked_sql(connection.vendor, columns, nulls)
    games = list(Game.objects.raw(sql, [game_pk, *params]))
    if not games:
        raise Game.DoesNotExist
    return games[0]


@functools.cache
def _select_locked_sql(vendor: str, columns: tuple[str, ...], nulls: tuple[bool, ...]) -> str:
    quote = connection.ops.quote_name
    selected = ", ".join(quote(field.column) for field in Game._meta.concrete_fields)
    owned = " AND ".join(
        f"{quote(column)} IS NULL" if null else f"{quote(column)} = %s"
        for column, null in zip(columns, nulls)
    )
    lock = connection.ops.for_update_sql() if connection.features.has_select_for_update else ""
    return (
        f"SELECT {selected} FROM {quote(Game._meta.db_table)} "
        f"WHERE {quote(Game._meta.pk.column)} = %s AND {owned} {lock}"
    )


def board_for(game: Game) -> Board:
    """The engine's board for a stored game: its deal, its history, its selection."""
    return Board.from_code(game.code, [tuple(pair) for pair in game.history], game.selected)
