"""Writes on games: create, tap, undo, hint, pause, resume, and claiming a visitor's
games at sign-in.

Each function takes keyword-only, typed arguments, locks the game's row for the length
of its transaction (``select_for_update``; on SQLite the IMMEDIATE transaction takes the
database's write lock), rebuilds the position with the engine from the code and the
history, asks the engine what the move does, and saves the outcome. Two requests on one
game therefore run one after the other: no removal is lost or done twice.

The rules are the engine's; the server alone keeps the clock. The recorded result
(``Game.result``, read by the statistics and the leaderboard) is written in the same
transactions: ``won`` with the tap that removes the last pair, ``stuck`` or ``abandoned``
when a user's new game replaces an unfinished one.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from datetime import datetime

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from . import ranking
from .engine import PLAYING, STUCK, WON, Board, GameOver, random_code
from .engine import parse_code as engine_parse_code
from .models import Game
from .selectors import Owner, board_for

DEFAULT_LAYOUT = "L00"


#: How often a create is tried again when a parallel one won the race (see game_create).
_CREATE_ATTEMPTS = 3


class GamePaused(Exception):
    """A move on a paused game: resume it first."""

    reason = "paused"


@dataclass(frozen=True)
class Played:
    """A game after a request, its rebuilt board, and what the request did (``event``)."""

    game: Game
    board: Board
    event: str


def game_create(
    *,
    owner: Owner,
    layout_id: str | None = None,
    code: str | None = None,
) -> Played:
    """A new game on ``code`` when given (the same deal every time), else a fresh deal on
    ``layout_id`` (the Turtle by default).

    Raises :class:`game.engine.InvalidGameCode` (``UnknownLayout`` included) for a bad
    code or layout.
    """
    if code is not None:
        parsed = engine_parse_code(code)
    else:
        parsed = random_code(layout_id if layout_id is not None else DEFAULT_LAYOUT)
    board = Board.from_code(parsed)
    for attempt in range(_CREATE_ATTEMPTS):
        try:
            with transaction.atomic():
                if owner.user_id is not None:
                    _lock_player(user_id=owner.user_id)
                    _close_unfinished(user_id=owner.user_id)
                game = Game.objects.create(
                    code=str(parsed),
                    layout_id=parsed.layout_id,
                    user_id=owner.user_id,
                    session_key="" if owner.user_id is not None else (owner.session_key or ""),
                    state=board.state,
                    origin=ranking.origin_for(parsed, typed=code is not None),
                )
            break
        except IntegrityError:
            # The constraint "one unfinished game per player" refused the game: a
            # parallel create committed first. Try again: that game is replaced now.
            if attempt == _CREATE_ATTEMPTS - 1:
                raise
    return Played(game=game, board=board, event="created")


def _lock_player(*, user_id: int) -> None:
    """Serialize one player's creates and claims (a no-key row lock on the user, which
    inserting their games does not wait for), so that parallel requests replace each
    other's games in turn instead of failing on the constraint."""
    list(get_user_model().objects.select_for_update(no_key=True).filter(pk=user_id).values("pk"))


def _close_unfinished(*, user_id: int) -> None:
    """Record the user's unfinished games as replaced: ``stuck`` when no pair was left,
    else ``abandoned``. Their clocks are left as they are."""
    unfinished = Game.objects.filter(user_id=user_id, result=Game.UNFINISHED).exclude(state=WON)
    unfinished.filter(state=STUCK).update(result=Game.STUCK)
    unfinished.update(result=Game.ABANDONED)


def games_claim_for_user(*, user_id: int, session_key: str | None) -> int:
    """Give the user the unfinished games of the session they had while signed out, so
    that the game in progress goes on after sign-in or sign-up (Django gives the session
    a new key at sign-in: pass the key from before). Games already won while signed out
    stay unrecorded. Returns how many games were claimed.
    """
    if not session_key:
        return 0
    ranking.claim_daily_wins(user_id=user_id, session_key=session_key)
    with transaction.atomic():
        claimed = list(
            Game.objects.filter(user__isnull=True, session_key=session_key)
            .exclude(state=WON)
            .order_by("-created_at")
            .values_list("id", flat=True)
        )
        if not claimed:
            return 0
        _lock_player(user_id=user_id)
        # The visitor's newest game goes on; it replaces the player's unfinished one, as
        # a new game would, and their older ones are recorded the same way.
        _close_unfinished(user_id=user_id)
        Game.objects.filter(id__in=claimed[1:]).update(user_id=user_id, session_key="")
        _close_unfinished(user_id=user_id)
        Game.objects.filter(id=claimed[0]).update(user_id=user_id, session_key="")
    return len(claimed)


def _locked(game_id, owner: Owner) -> Game:
    """The owner's game, its row locked until the transaction ends (or DoesNotExist).

    The same query as ``games_owned_by(owner=owner).select_for_update().get(id=game_id)``,
    with its SQL written once instead of compiled on every call: this runs on every tap,
    and compiling the queryset cost more than running it (see bench/api.py).
    """
    if owner.user_id is not None:
        owned, params = "user_id = %s", [owner.user_id]
    elif owner.session_key:
        owned, params = "user_id IS NULL AND session_key = %s", [owner.session_key]
    else:
        raise Game.DoesNotExist
    pk = Game._meta.pk
    try:
        game_pk = pk.get_db_prep_value(pk.to_python(game_id), connection)
    except ValidationError:
        raise Game.DoesNotExist from None
    games = list(Game.objects.raw(_select_locked_sql(connection.vendor, owned), [game_pk, *params]))
    if not games:
        raise Game.DoesNotExist
    return games[0]


@functools.cache
def _select_locked_sql(vendor: str, owned: str) -> str:
    quote = connection.ops.quote_name
    columns = ", ".join(quote(field.column) for field in Game._meta.concrete_fields)
    lock = connection.ops.for_update_sql() if connection.features.has_select_for_update else ""
    return (
        f"SELECT {columns} FROM {quote(Game._meta.db_table)} "
        f"WHERE {quote(Game._meta.pk.column)} = %s AND {owned} {lock}"
    )


def _start_clock(game: Game, now: datetime) -> None:
    if game.started_at is None:
        game.started_at = now
        if not game.paused and game.state == PLAYING:
            game.running_since = now


def _stop_clock(game: Game, now: datetime) -> None:
    game.elapsed_ms = game.elapsed_ms_at(now)
    game.running_since = None


def _apply_state(game: Game, board: Board, now: datetime) -> str | None:
    """Bring the game's state and clock in line with the board; the new state if it changed.

    Winning or getting stuck stops the clock; an undo that brings a stuck game back to
    play starts it again (the time spent looking at "No more moves" is not counted).
    """
    old, new = game.state, board.state
    game.state = new
    if new == old:
        return None
    if new in (WON, STUCK):
        _stop_clock(game, now)
        game.finished_at = now if new == WON else None
        if new == WON:
            # Recorded here, in the transaction of the last removal, and only here.
            game.result = Game.WON
            ranking.on_win(game)
    elif new == PLAYING and game.started_at is not None and not game.paused:
        game.running_since = now
    return new


# What a move may change; the code, the layout, the owner and the creation date never do.
_MUTABLE_FIELDS = [
    "history",
    "selected",
    "hint",
    "state",
    "started_at",
    "running_since",
    "elapsed_ms",
    "paused",
    "finished_at",
    "result",
    "ranked",
    "hints_used",
    "undos_used",
    "version",
    "updated_at",
]


def _save(game: Game) -> None:
    """Save a changed game. Inside the transaction of a move that does not end the game,
    PostgreSQL is told not to wait for the disk at commit (``synchronous_commit off``): a
    crash of the database server may lose the last fraction of a second of such moves,
    never consistency, and a won game is always committed durably.
    """
    if connection.vendor == "postgresql" and game.state != WON:
        with connection.cursor() as cursor:
            cursor.execute("SET LOCAL synchronous_commit TO OFF")
    game.version += 1
    game.save(update_fields=_MUTABLE_FIELDS)


def _check_playable(game: Game) -> None:
    if game.paused:
        raise GamePaused("the game is paused")


def game_tap(*, game_id, owner: Owner, tile: int, now: datetime | None = None) -> Played:
    """Tap a tile (SPEC §6.4, carried out by the engine). The first tap starts the clock.

    Raises ``Game.DoesNotExist``, :class:`GamePaused`, or the engine's
    :class:`~game.engine.MoveError` subclasses (unknown or removed tile, won game); the
    game is unchanged then.
    """
    now = now or timezone.now()
    with transaction.atomic():
        game = _locked(game_id, owner)
        _check_playable(game)
        board = board_for(game)
        result = board.tap(tile)
        _start_clock(game, now)
        event = result.outcome.value
        if result.removed is not None:
            game.history = [list(pair) for pair in board.history]
            game.hint = None
        game.selected = board.selected
        event = _apply_state(game, board, now) or event
        _save(game)
    return Played(game=game, board=board, event=event)


def game_undo(*, game_id, owner: Owner, now: datetime | None = None) -> Played:
    """Put the last removed pair back; works after "No more moves", not after a win.

    Raises ``Game.DoesNotExist``, :class:`GamePaused`, :class:`~game.engine.GameOver`
    or :class:`~game.engine.NothingToUndo`.
    """
    now = now or timezone.now()
    with transaction.atomic():
        game = _locked(game_id, owner)
        _check_playable(game)
        board = board_for(game)
        board.undo()
        game.history = [list(pair) for pair in board.history]
        game.selected = None
        game.hint = None
        game.undos_used += 1
        _apply_state(game, board, now)
        _save(game)
    return Played(game=game, board=board, event="undone")


def game_hint(*, game_id, owner: Owner, now: datetime | None = None) -> Played:
    """Outline a playable pair (the engine's hint) and count it.

    With no pair left the answer is the event ``stuck`` and nothing is counted.
    Raises ``Game.DoesNotExist``, :class:`GamePaused` or :class:`~game.engine.GameOver`.
    """
    with transaction.atomic():
        game = _locked(game_id, owner)
        _check_playable(game)
        board = board_for(game)
        pair = board.hint()
        if pair is None:
            return Played(game=game, board=board, event=STUCK)
        game.hint = list(pair)
        game.hints_used += 1
        _save(game)
    return Played(game=game, board=board, event="hint")


def game_pause(*, game_id, owner: Owner, now: datetime | None = None) -> Played:
    """Stop the clock and hide the tiles. Pausing a paused game changes nothing.

    Raises ``Game.DoesNotExist`` or :class:`~game.engine.GameOver` for a won game.
    """
    now = now or timezone.now()
    with transaction.atomic():
        game = _locked(game_id, owner)
        board = board_for(game)
        if not board.can_pause():
            raise GameOver("the game is won")
        if not game.paused:
            _stop_clock(game, now)
            game.paused = True
            _save(game)
    return Played(game=game, board=board, event="paused")


def game_resume(*, game_id, owner: Owner, now: datetime | None = None) -> Played:
    """Show the tiles again; the clock runs again if it had started and the game is on.

    Resuming a game that is not paused changes nothing. Raises ``Game.DoesNotExist``.
    """
    now = now or timezone.now()
    with transaction.atomic():
        game = _locked(game_id, owner)
        if game.paused:
            game.paused = False
            if game.started_at is not None and game.state == PLAYING:
                game.running_since = now
            _save(game)
        board = board_for(game)
    return Played(game=game, board=board, event="resumed")
