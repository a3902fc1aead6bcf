"""Taps without the row lock: one plain read, then one version-checked UPDATE.

The locked path of a move (``services._move``) costs five round trips to PostgreSQL:
BEGIN, SELECT … FOR UPDATE, SET LOCAL, UPDATE, COMMIT. A tap is the request players
send most, so here it costs two:

1. the owner's game is read without a lock (autocommit);
2. the engine computes the tap, and one ``UPDATE … WHERE id = … AND <owner> AND
   version = <the version read> RETURNING version`` writes it, only if nobody changed the
   game in between. On PostgreSQL it travels in one pipeline with BEGIN, ``SET LOCAL
   synchronous_commit TO OFF`` and COMMIT: a single network round trip (with the
   setting ``MAHJONG_DURABLE_TAPS`` on, without the ``SET LOCAL``: every tap then waits
   for the disk).

``version`` goes up by one with every change of a game, so a write that finds another
version lost a race with another request on the same game (a second tab): the tap starts
again from a fresh read. Taps therefore stay serialized and no move is lost or applied
twice, as with the lock. A tap that loses :data:`ATTEMPTS` races in a row, and the tap
that wins the game, go the locked way (:func:`tap` answers ``None``): a win is committed
durably, in the transaction that records and ranks it.

Inside a transaction that is already open (a test's, or a caller's), the locked path is
used as well: this module's writes commit on their own.
"""

from __future__ import annotations

import functools
from datetime import datetime

from django.conf import settings
from django.db import connection

from mahjong import WON

from .models import Game
from .selectors import (
    Owner,
    _ownership,
    board_for,
    game_read,
    owned_params,
    owned_sql,
    ownership_shape,
)

#: Races lost in a row before a tap takes the locked path instead.
ATTEMPTS = 3


def tap(*, game_id, owner: Owner, tile: int, now: datetime):
    """The tap done without a lock, as ``services.game_tap`` would do it; ``None`` when it
    must take the locked path. Raises what ``game_tap`` raises, with nothing written."""
    from . import services  # services calls this module: imported when first needed

    if connection.in_atomic_block:
        return None
    conditions = _ownership(owner)
    if conditions is None:
        raise Game.DoesNotExist
    for _attempt in range(ATTEMPTS):
        game = game_read(game_id=game_id, conditions=conditions, lock=False)
        services._check_playable(game)
        board = board_for(game)
        before = board.snapshot()
        result = board.tap(tile)
        if board.state == WON:
            return None  # recorded, ranked and committed durably under the lock
        event = services.record_tap(game, board, result, now)
        if _write(game, conditions):
            return services.Played(game, board, event, board.change_since(before), result)
    return None


def _changed_fields():
    from .services import _MUTABLE_FIELDS

    return [Game._meta.get_field(name) for name in _MUTABLE_FIELDS if name != "version"]


@functools.cache
def _update_sql(vendor: str, shape) -> str:
    quote = connection.ops.quote_name
    assignments = ", ".join(f"{quote(field.column)} = %s" for field in _changed_fields())
    version = quote("version")
    returning = f" RETURNING {version}" if vendor == "postgresql" else ""
    return (
        f"UPDATE {quote(Game._meta.db_table)} SET {assignments}, {version} = {version} + 1 "
        f"WHERE {quote(Game._meta.pk.column)} = %s AND {owned_sql(shape)} AND {version} = %s"
        f"{returning}"
    )


def _write(game: Game, conditions) -> bool:
    """The version-checked UPDATE; whether it found the game still at the version read."""
    values = [
        field.get_db_prep_save(field.pre_save(game, add=False), connection)
        for field in _changed_fields()
    ]
    pk = Game._meta.pk
    params = [*values, pk.get_db_prep_value(game.pk, connection), *owned_params(conditions)]
    params.append(game.version)
    sql = _update_sql(connection.vendor, ownership_shape(conditions))
    if connection.vendor == "postgresql":
        written = _write_postgresql(sql, params)
    else:
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            written = cursor.rowcount == 1
    if written:
        game.version += 1
    return written


def _write_postgresql(sql: str, params: list) -> bool:
    """BEGIN, SET LOCAL synchronous_commit TO OFF, the UPDATE, COMMIT: one pipeline, one
    round trip. A crash of the database server may lose the last fraction of a second of
    such taps (never consistency); the winning tap is not written here. With
    ``MAHJONG_DURABLE_TAPS`` the commit waits for the disk as any other."""
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
