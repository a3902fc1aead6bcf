"""Reads on games: whose game it is, and its position rebuilt by the engine.

Who owns a game is said once, in :func:`_ownership`; the queryset of :func:`games_owned_by`
and the read of a move (:func:`game_read`: locked in :func:`game_locked`, plain for a fast
tap) are both built from it, and a fast tap's version-checked UPDATE from :func:`owned_sql`.
"""

from __future__ import annotations

import functools
import uuid
from dataclasses import dataclass

from django.db import connection
from django.db.models import QuerySet

from mahjong import Board

from .models import Game
from .params import parse_game_id


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
    return game_read(game_id=game_id, conditions=conditions, lock=True)


def game_read(*, game_id, conditions, lock: bool) -> Game:
    """The game with this id among the owner's ``conditions`` (see :func:`_ownership`),
    read with the SQL of :func:`_select_sql`; its row locked when ``lock``. The one read
    of a move: :func:`game_locked`, and ``game/fast_taps.py`` without the lock."""
    pk = Game._meta.pk
    params = [pk.get_db_prep_value(_game_id(game_id), connection), *owned_params(conditions)]
    sql = _select_sql(connection.vendor, ownership_shape(conditions), lock)
    games = list(Game.objects.raw(sql, params))
    if not games:
        raise Game.DoesNotExist
    return games[0]


def ownership_shape(conditions) -> tuple[tuple[str, bool], ...]:
    """The owner's conditions as (column, is null): what the SQL depends on (its values
    are parameters), so that the SQL can be kept for each shape."""
    return tuple((column, value is None) for column, value in conditions)


def owned_params(conditions) -> list:
    """The parameters of :func:`owned_sql`, in its order."""
    return [value for _, value in conditions if value is not None]


def owned_sql(shape) -> str:
    """The SQL condition "this owner's game" for an :func:`ownership_shape`."""
    quote = connection.ops.quote_name
    return " AND ".join(
        f"{quote(column)} IS NULL" if null else f"{quote(column)} = %s" for column, null in shape
    )


@functools.cache
def _select_sql(vendor: str, shape, lock: bool) -> str:
    quote = connection.ops.quote_name
    selected = ", ".join(quote(field.column) for field in Game._meta.concrete_fields)
    locking = ""
    if lock and connection.features.has_select_for_update:
        locking = f" {connection.ops.for_update_sql()}"
    return (
        f"SELECT {selected} FROM {quote(Game._meta.db_table)} "
        f"WHERE {quote(Game._meta.pk.column)} = %s AND {owned_sql(shape)}{locking}"
    )


def board_for(game: Game) -> Board:
    """The engine's board for a stored game: its deal, its history, its selection."""
    return Board.from_code(game.code, [tuple(pair) for pair in game.history], game.selected)
