"""The stored games below the services: whose game it is, a game's row read with or
without its lock, and its saves (plain, or only if nobody changed it since it was read).

A locked move costs five round trips to PostgreSQL (BEGIN, SELECT … FOR UPDATE,
SET LOCAL, UPDATE, COMMIT). A tap is the request players send most, so it may instead
read the game without a lock and write it with :func:`save_if_unchanged`: one
``UPDATE … WHERE id = … AND <owner> AND version = <the version read>``, which on
PostgreSQL travels in one pipeline with BEGIN, ``SET LOCAL synchronous_commit TO OFF``
and COMMIT (a single round trip; with the setting ``MAHJONG_DURABLE_TAPS`` on, without
the ``SET LOCAL``). ``version`` goes up by one with every change of a game, so a write
that finds another version lost a race with another request on the same game.

The SQL of both is written once per owner shape instead of compiled by the ORM on every
move: compiling the queryset cost more than running it (see bench/api.py).
"""

from __future__ import annotations

import functools
import uuid
from dataclasses import dataclass

from django.conf import settings
from django.db import connection

from mahjong import WON

from .models import Game
from .params import parse_game_id

# What a move may change; the code, the layout, the owner and the creation date never do.
MUTABLE_FIELDS = [
    "history",
    "selected",
    "hint",
    "state",
    "started_at",
    "running_since",
    "elapsed_ms",
    "paused",
    "paused_automatically",
    "finished_at",
    "result",
    "ranked",
    "tap_ms",
    "held",
    "hints_used",
    "advised",
    "undos_used",
    "undone",
    "restarts",
    "version",
    "updated_at",
    "hint_sure",
    "verdict_version",
    "verdict_winnable",
    "verdict_undo",
]


@dataclass(frozen=True)
class Owner:
    """Who a game belongs to: a signed-in user, or else a visitor's session."""

    user_id: int | None = None
    session_key: str | None = None

    def conditions(self) -> tuple[tuple[str, object], ...] | None:
        """The owner's games as (column, value) conditions, ``None`` meaning IS NULL;
        ``None`` when the owner can own nothing (a visitor without a session)."""
        if self.user_id is not None:
            return (("user_id", self.user_id),)
        if self.session_key:
            return (("user_id", None), ("session_key", self.session_key))
        return None


def game_id_of(raw) -> uuid.UUID:
    """The game id ``raw`` holds; ``Game.DoesNotExist`` for a malformed one."""
    game_id = parse_game_id(raw)
    if game_id is None:
        raise Game.DoesNotExist  # a malformed id is simply not found
    return game_id


def read(*, game_id, owner: Owner, lock: bool) -> Game:
    """The owner's game with this id (or ``Game.DoesNotExist``), its row locked until the
    transaction ends when ``lock``: the same query as
    ``games_owned_by(owner).select_for_update().get(id=game_id)``."""
    conditions = owner.conditions()
    if conditions is None:
        raise Game.DoesNotExist
    pk = Game._meta.pk
    params = [pk.get_db_prep_value(game_id_of(game_id), connection), *_params(conditions)]
    sql = _select_sql(connection.vendor, _shape(conditions), lock)
    games = list(Game.objects.raw(sql, params))
    if not games:
        raise Game.DoesNotExist
    return games[0]


def save(game: Game) -> None:
    """Save a changed game, one version up. Inside the transaction of a move that does not
    end the game, PostgreSQL is told not to wait for the disk at commit
    (``synchronous_commit off``): a crash of the database server may lose the last
    fraction of a second of such moves, never consistency; a won game is always durable.
    """
    if connection.vendor == "postgresql" and game.state != WON:
        with connection.cursor() as cursor:
            cursor.execute("SET LOCAL synchronous_commit TO OFF")
    game.version += 1
    game.save(update_fields=MUTABLE_FIELDS)


def save_if_unchanged(game: Game, owner: Owner) -> bool:
    """Write a game read without its lock, one version up, only if it is still the
    owner's and still at the version read; whether it was. Commits on its own: never
    call it inside a transaction."""
    conditions = owner.conditions()
    if conditions is None:
        return False
    fields = _changed_fields()
    values = [
        field.get_db_prep_save(field.pre_save(game, add=False), connection) for field in fields
    ]
    pk = Game._meta.pk
    params = [*values, pk.get_db_prep_value(game.pk, connection), *_params(conditions)]
    params.append(game.version)
    sql = _update_sql(connection.vendor, _shape(conditions))
    if connection.vendor == "postgresql":
        written = _update_postgresql(sql, params)
    else:
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            written = cursor.rowcount == 1
    if written:
        game.version += 1
    return written


def _shape(conditions) -> tuple[tuple[str, bool], ...]:
    """The owner's conditions as (column, is null): what the SQL depends on (its values
    are parameters), so that the SQL can be kept for each shape."""
    return tuple((column, value is None) for column, value in conditions)


def _params(conditions) -> list:
    return [value for _, value in conditions if value is not None]


def _owned_sql(shape) -> str:
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
        f"WHERE {quote(Game._meta.pk.column)} = %s AND {_owned_sql(shape)}{locking}"
    )


def _changed_fields():
    return [Game._meta.get_field(name) for name in MUTABLE_FIELDS if name != "version"]


@functools.cache
def _update_sql(vendor: str, shape) -> str:
    quote = connection.ops.quote_name
    assignments = ", ".join(f"{quote(field.column)} = %s" for field in _changed_fields())
    version = quote("version")
    returning = f" RETURNING {version}" if vendor == "postgresql" else ""
    return (
        f"UPDATE {quote(Game._meta.db_table)} SET {assignments}, {version} = {version} + 1 "
        f"WHERE {quote(Game._meta.pk.column)} = %s AND {_owned_sql(shape)} AND {version} = %s"
        f"{returning}"
    )


def _update_postgresql(sql: str, params: list) -> bool:
    """BEGIN, SET LOCAL synchronous_commit TO OFF, the UPDATE, COMMIT: one pipeline, one
    round trip (with ``MAHJONG_DURABLE_TAPS`` the commit waits for the disk as any other)."""
    import psycopg

    connection.ensure_connection()
    raw = connection.connection
    with connection.wrap_database_errors:
        # Cursors of our own, binding on the server side: the pipeline needs the extended
        # query protocol (Django's connections bind on the client side by default). The
        # UPDATE's row is read once the pipeline has synced: one round trip in all.
        control, update = psycopg.Cursor(raw), psycopg.Cursor(raw)
        try:
            with raw.pipeline():
                control.execute("BEGIN")
                if not settings.MAHJONG_DURABLE_TAPS:
                    control.execute("SET LOCAL synchronous_commit TO OFF")
                update.execute(sql, params)
                control.execute("COMMIT")
            return update.fetchone() is not None
        except Exception:
            if not raw.closed:
                try:
                    raw.execute("ROLLBACK")
                except psycopg.Error:
                    pass
            raise
        finally:
            control.close()
            update.close()
