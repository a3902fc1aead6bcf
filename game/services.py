"""Writes on games: create, tap, undo, redo, restart, hint, pause, resume, and claiming
a visitor's games at sign-in.

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

from contextlib import contextmanager
from datetime import datetime

from django.contrib.auth import get_user_model
from django.db import IntegrityError, connection, transaction
from django.db.models import Case, Value, When
from django.utils import timezone

from daily import rules as daily_rules
from editor.selectors import is_saved
from mahjong import (
    PLAYING,
    STUCK,
    WON,
    Board,
    GameOver,
    NothingToUndo,
    TapResult,
    UnknownLayout,
    random_code,
)
from mahjong import parse_code as engine_parse_code
from mahjong.rules.codes import is_custom_id
from ranking import rules, second_accounts

from . import kinds, solver_knowledge, store, verdicts
from .clock import Clock
from .models import Game
from .played import Played, may_move
from .selectors import board_for, game_get
from .store import Owner

DEFAULT_LAYOUT = "L00"


#: How often a create is tried again when a parallel one won the race (see game_create).
_CREATE_ATTEMPTS = 3
#: Races lost in a row before a tap takes the locked path (see game_tap).
TAP_ATTEMPTS = 3
#: The most tap times a game keeps (ranking/rhythm.py; a 144-tile win takes 144 and more).
TAP_TIMES_KEPT = 1000


class GamePaused(Exception):
    """A move on a paused game: resume it first."""

    reason = "paused"


def game_create(
    *,
    owner: Owner,
    layout_id: str | None = None,
    code: str | None = None,
    daily: str | None = None,
    page: str | None = None,
    traces: tuple[str, str] = ("", ""),
) -> Played:
    """A new game on ``code`` when given (the same deal every time), else on today's daily
    deal of the layout ``daily`` names, else a fresh deal on ``layout_id`` (the Turtle by
    default). ``page`` is the board page that will show it (see :func:`game_pause`).
    ``traces``: where a daily game is played from, the hashes of the browser's device
    mark and of its address (:func:`mahjongsite.device_mark.traces`); kept with a daily
    game only (ranking/second_accounts.py).

    Raises :class:`mahjong.InvalidGameCode` (``UnknownLayout`` included) for a bad
    code or layout.
    """
    kind = kinds.for_new_game(code=code is not None, daily=daily is not None)
    if code is not None:
        parsed = engine_parse_code(code)
    elif daily is not None:
        parsed = daily_rules.todays_daily(daily)
    else:
        parsed = random_code(layout_id if layout_id is not None else DEFAULT_LAYOUT)
    if is_custom_id(parsed.layout_id) and not is_saved(parsed.layout_id):
        # Deleted since this process found it: no new game, whatever its memory holds.
        raise UnknownLayout(parsed.layout_id, "nobody keeps this layout any more")
    board = Board.from_code(parsed)
    device, address = traces if kind.keeps_traces else ("", "")
    # A game that may be ranked is timed from the answer that shows its board, not from
    # its first tap: its faces are no longer studied off the clock (see _sync_clock).
    running_since = timezone.now() if timed_from_view(kind.origin, parsed.layout_id) else None
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
                    origin=kind.origin,
                    board_page=page or "",
                    device=device,
                    address=address,
                    running_since=running_since,
                )
            break
        except IntegrityError:
            # The constraint "one unfinished game per player" refused the game: a
            # parallel create committed first. Try again: that game is replaced now.
            if attempt == _CREATE_ATTEMPTS - 1:
                raise
    if kind.keeps_traces:
        second_accounts.forget_old()
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
    """Give the user the games of the session they had while signed out (Django gives
    the session a new key at sign-in: pass the key from before). Its wins are kept and
    judged as the player's own (:func:`ranking.rules.claim_wins`); the newest unfinished
    game goes on, and the older unfinished ones are recorded as replaced, as a new game
    records the one before. Runs in the caller's transaction when there is one (sign-up
    and sign-in: all or nothing). Returns how many games were claimed.
    """
    if not session_key:
        return 0
    with transaction.atomic():
        _lock_player(user_id=user_id)
        won = rules.claim_wins(user_id=user_id, session_key=session_key)
        claimed = list(
            Game.objects.filter(user__isnull=True, session_key=session_key)
            .exclude(state=WON)
            .order_by("-created_at")
            .values_list("id", flat=True)
        )
        if not claimed:
            return won
        # The player's own unfinished game is replaced by the visitor's newest, as a new
        # game would replace it. The visitor's older ones change owner already recorded,
        # in one statement: an owner never holds two unfinished games, not even between
        # two statements (the database refuses it: game_one_unfinished_per_user).
        _close_unfinished(user_id=user_id)
        Game.objects.filter(id__in=claimed[1:]).update(
            user_id=user_id,
            session_key="",
            result=Case(When(state=STUCK, then=Value(Game.STUCK)), default=Value(Game.ABANDONED)),
        )
        Game.objects.filter(id=claimed[0]).update(user_id=user_id, session_key="")
    return won + len(claimed)


def timed_from_view(origin: str, layout_id: str) -> bool:
    """Whether a game's clock starts when its board is first shown (the answer that
    creates it) rather than at its first move: the kinds that may be ranked, a deal of
    the server on one of our layouts (free play, the daily deal). Read from the origin
    and the layout, not :func:`game.kinds.kind_of`: it is asked on every tap, and a typed
    code's kind tries the daily deals of the last days."""
    return kinds.server_dealt(origin, layout_id)


def _sync_clock(game: Game, now: datetime, *, first_move: bool = False) -> None:
    """Bring the stored clock in line with the game (rule and arithmetic: :mod:`.clock`):
    it runs from its start while the game is played and not paused. The start is the
    game's creation for a game timed from its first view, else its first move.
    ``started_at`` keeps the first move either way: the statistics count a game as
    played from it."""
    start = game.started_at
    if start is None and timed_from_view(game.origin, game.layout_id):
        start = game.created_at or now
    clock = Clock(start, game.running_since, game.elapsed_ms)
    if first_move:
        clock = clock.start(now)
    clock = clock.follow(runs=game.state == PLAYING and not game.paused, now=now)
    if first_move and game.started_at is None:
        game.started_at = now
    game.running_since, game.elapsed_ms = clock.running_since, clock.elapsed_ms


def _apply_state(game: Game, board: Board, now: datetime) -> str | None:
    """Bring the game's state and clock in line with the board; the new state if it changed.

    Winning or getting stuck stops the clock; an undo that brings a stuck game back to
    play starts it again (the time spent looking at "No more moves" is not counted).
    """
    old, new = game.state, board.state
    game.state = new
    _sync_clock(game, now)
    if new == old:
        return None
    if new == WON:
        # Recorded here, in the transaction of the last removal, and only here.
        game.finished_at = now
        game.result = Game.WON
        rules.on_win(game)
    return new


def _check_playable(game: Game) -> None:
    if not may_move(game):
        raise GamePaused("the game is paused")


@contextmanager
def _move(game_id, owner: Owner):
    """A move's transaction: the owner's game, its row locked, and its board."""
    with transaction.atomic():
        game = store.read(game_id=game_id, owner=owner, lock=True)
        yield game, board_for(game)


def game_tap(*, game_id, owner: Owner, tile: int, now: datetime | None = None) -> Played:
    """Tap a tile (the engine carries it out). The first tap starts the clock of a game
    whose clock did not start when it was dealt (a typed code, a player's own layout).

    Raises ``Game.DoesNotExist``, :class:`GamePaused`, or the engine's
    :class:`~mahjong.MoveError` subclasses (unknown or removed tile, won game); the
    game is unchanged then.
    """
    now = now or timezone.now()
    # Most taps: one plain read and one version-checked UPDATE, no row lock
    # (:func:`game.store.save_if_unchanged`). A tap that loses a race with another request
    # on the game starts again from a fresh read; the tap that wins the game (recorded and
    # ranked durably, under the lock), a tap that keeps losing races, and a tap inside a
    # transaction already open (whose writes must not commit on their own) take the lock.
    if not connection.in_atomic_block:
        for _attempt in range(TAP_ATTEMPTS):
            game = store.read(game_id=game_id, owner=owner, lock=False)
            _check_playable(game)
            board = board_for(game)
            before = board.snapshot()
            result = board.tap(tile)
            if board.state == WON:
                break
            event = record_tap(game, board, result, now)
            if store.save_if_unchanged(game, owner):
                return Played(game, board, event, board.change_since(before), result)
    with _move(game_id, owner) as (game, board):
        _check_playable(game)
        before = board.snapshot()
        result = board.tap(tile)
        event = record_tap(game, board, result, now)
        store.save(game)
    return Played(game, board, event, board.change_since(before), result)


def record_tap(game: Game, board: Board, result: TapResult, now: datetime) -> str:
    """Bring the stored game in line with the board after ``board.tap``; the event."""
    event = result.outcome.value
    if result.removed is not None:
        game.history = [list(pair) for pair in board.history]
        game.undone = []  # a removal of the player's own: nothing left to redo
        game.hint = None
    game.selected = board.selected
    _sync_clock(game, now, first_move=True)
    if len(game.tap_ms) < TAP_TIMES_KEPT:
        game.tap_ms = [*game.tap_ms, game.elapsed_ms_at(now)]
    return _apply_state(game, board, now) or event


def game_undo(*, game_id, owner: Owner, count: int = 1, now: datetime | None = None) -> Played:
    """Put the last ``count`` removed pairs back (one by default); works after "No more
    moves", not after a win. Each pair counts in ``undos_used``.

    Raises ``Game.DoesNotExist``, :class:`GamePaused`, :class:`~mahjong.GameOver`
    or :class:`~mahjong.NothingToUndo` (also when fewer pairs were removed).
    """
    now = now or timezone.now()
    with _move(game_id, owner) as (game, board):
        _check_playable(game)
        played = _undo(game, board, count, now)
    return played


def _undo(game: Game, board: Board, count: int, now: datetime) -> Played:
    if count > len(board.history):
        raise NothingToUndo(f"only {len(board.history)} pairs were removed")
    before = board.snapshot()
    for _ in range(count):
        board.undo()
    _keep_position(game, board)
    game.undos_used += count
    _apply_state(game, board, now)
    store.save(game)
    return Played(game, board, "undone", board.change_since(before))


def _keep_position(game: Game, board: Board) -> None:
    """Store the board's position after an undo, a redo or a restart: the history, what
    redo may take off again, the selection; the hint shown no longer applies."""
    game.history = [list(pair) for pair in board.history]
    game.undone = [list(pair) for pair in board.undone]
    game.selected = board.selected
    game.hint = None


def game_redo(*, game_id, owner: Owner, now: datetime | None = None) -> Played:
    """Take the pair undone last off again: the position and the history are those before
    that undo. Possible after undos until the player removes a pair of their own.

    Raises ``Game.DoesNotExist``, :class:`GamePaused` or :class:`~mahjong.NothingToRedo`.
    """
    now = now or timezone.now()
    with _move(game_id, owner) as (game, board):
        _check_playable(game)
        before = board.snapshot()
        board.redo()
        _keep_position(game, board)
        # Taking a pair off may leave no pair: the event says "stuck" then, as a tap's.
        event = _apply_state(game, board, now) or "redone"
        store.save(game)
    return Played(game, board, event, board.change_since(before))


class AtStart(Exception):
    """Restart asked of a game already at its deal's first position."""

    reason = "at_start"


def game_restart(*, game_id, owner: Owner, now: datetime | None = None) -> Played:
    """Back to the deal's first position: every pair put back, nothing left to redo. The
    clock runs on, and the game can no longer be ranked (``restarts``; ranking/rules.py):
    its player has seen the deal.

    Raises ``Game.DoesNotExist``, :class:`GamePaused`, :class:`~mahjong.GameOver` or
    :class:`AtStart` (no pair removed yet: there is nothing to restart).
    """
    now = now or timezone.now()
    with _move(game_id, owner) as (game, board):
        _check_playable(game)
        before = board.snapshot()
        try:
            board.restart()
        except NothingToUndo as error:
            raise AtStart("no pair was removed") from error
        _keep_position(game, board)
        game.restarts += 1
        # A deal is built with its winning plan: its first position is winnable, known
        # without a search (recorded for the version this save gives the game).
        game.verdict_version = game.version + 1
        game.verdict_winnable, game.verdict_undo = True, None
        _apply_state(game, board, now)
        store.save(game)
    return Played(game, board, "restarted", board.change_since(before))


class NotLost(Exception):
    """Undo "to the last winnable position" asked of a game not known to be lost."""

    reason = "not_lost"


def game_undo_to_winnable(*, game_id, owner: Owner, now: datetime | None = None) -> Played:
    """Go back to the last winnable position of a game that can no longer be won.

    The solver runs with no lock held (:func:`game.verdicts.check`); the pairs are then
    put back in a short transaction that checks the game did not change meanwhile (else
    it looks again). Raises :class:`NotLost` when the game is winnable or not known to be
    lost, and what :func:`game_undo` raises.
    """
    now = now or timezone.now()
    for _attempt in range(3):
        game = game_get(game_id=game_id, owner=owner)
        _check_playable(game)
        seen = game.version
        result = verdicts.check(game.code, game.history)
        if result.winnable is not False or not result.undo_to_winnable:
            raise NotLost("the game is not known to be lost")
        with _move(game_id, owner) as (game, board):
            if game.version != seen:
                continue  # a move came in between: decide again
            _check_playable(game)
            # How far back the game could last be won is the solver's knowledge.
            if solver_knowledge.costs_ranking(game):
                game.advised = True
            # The position reached is winnable: record it with the move.
            game.verdict_version = game.version + 1
            game.verdict_winnable, game.verdict_undo = True, None
            played = _undo(game, board, result.undo_to_winnable, now)
        return played
    raise NotLost("the game kept changing")


#: The answer of a check the player did not ask for in a game that may still be ranked.
WITHHELD = verdicts.Check(None, None)


def game_check(*, game_id, owner: Owner, asked: bool = False) -> tuple[Game, verdicts.Check]:
    """Whether the game can still be won and, if not, how far back a winnable position
    is. Solved with no lock held; the verdict is recorded only if the game is still at
    the version it was decided for (one conditional UPDATE, no version change: the game
    itself did not change). Raises ``Game.DoesNotExist``.

    In a game that may still be ranked the verdict costs the ranking
    (:mod:`game.solver_knowledge`): it is told only when the player ``asked`` for it
    knowing that, and the game is then marked as advised before anything is solved.
    Otherwise the answer is :data:`WITHHELD` (nothing known, nothing solved).
    """
    game = game_get(game_id=game_id, owner=owner)
    if solver_knowledge.costs_ranking(game):
        if not asked:
            return game, WITHHELD
        Game.objects.filter(pk=game.pk).update(advised=True)
        game.advised = True
    result = verdicts.check(game.code, game.history)
    if result.winnable is not None and (
        game.verdict_version != game.version
        or (game.verdict_winnable, game.verdict_undo) != (result.winnable, result.undo_to_winnable)
    ):
        Game.objects.filter(pk=game.pk, version=game.version).update(
            verdict_version=game.version,
            verdict_winnable=result.winnable,
            verdict_undo=result.undo_to_winnable,
        )
    return game, result


def game_hint(*, game_id, owner: Owner, now: datetime | None = None) -> Played:
    """Outline a pair and count it. The hint re-plans (:mod:`game.verdicts`): the first
    pair of a winning plan (``hint_sure``); no pair when the game can no longer be won
    (``winnable`` false, nothing counted); otherwise, when the solver's budget runs out,
    any playable pair, not sure to win.

    The solver runs with no lock held: the game is read, the hint found, then recorded in
    a short transaction that checks the game did not change meanwhile (else it looks
    again). With no pair left the answer is the event ``stuck`` and nothing is counted.
    Raises ``Game.DoesNotExist``, :class:`GamePaused` or :class:`~mahjong.GameOver`.
    """
    for _attempt in range(3):
        game = game_get(game_id=game_id, owner=owner)
        _check_playable(game)
        board = board_for(game)
        if _no_pair_to_show(board):
            return Played(game, board, STUCK)
        seen = game.version
        hint = verdicts.hint_for(board)
        with _move(game_id, owner) as (game, board):
            if game.version != seen:
                continue  # a move came in between: look again
            _check_playable(game)
            game.hint = list(hint.pair) if hint.pair else None
            game.hint_sure = hint.winnable is True
            if hint.pair:
                game.hints_used += 1
            elif solver_knowledge.costs_ranking(game):
                # No pair: the solver found the game lost, and the answer says so.
                game.advised = True
            known = game.verdict_version == game.version
            if not known and hint.winnable is not None:
                game.verdict_winnable, game.verdict_undo = hint.winnable, None
                known = True
            if known:
                game.verdict_version = game.version + 1  # store.save's version: same position
            store.save(game)
        return Played(game, board, "hint")
    # Still changing under us: any playable pair, not sure to win, found inside the lock
    # without a search (the solver never runs while the row is locked).
    with _move(game_id, owner) as (game, board):
        _check_playable(game)
        if _no_pair_to_show(board):
            return Played(game, board, STUCK)
        game.hint, game.hint_sure = list(board.playable_pairs()[0]), False
        game.hints_used += 1
        store.save(game)
    return Played(game, board, "hint")


def _no_pair_to_show(board: Board) -> bool:
    """Whether a hint has no pair to show (the game is stuck). On a won game the engine's
    own hint raises :class:`~mahjong.GameOver`, as it says: the rule is not repeated
    here (on a board with no playable pair it answers at once, with no search)."""
    if board.can_hint():
        return False
    board.hint()  # GameOver when won; no pair (None) when stuck
    return True


def game_pause(
    *, game_id, owner: Owner, page: str | None = None, now: datetime | None = None
) -> Played:
    """Stop the clock and hide the tiles. Pausing a paused game changes nothing.

    ``page`` marks an automatic pause, sent by the board page ``page`` as it is hidden or
    left. It is carried out only while that page is the one showing the game: a page that
    replaced it (a reload, the nav link) has announced itself with :func:`game_resume`,
    and a late automatic pause from the page it replaced is ignored (event
    ``pause_ignored``). A pause by the player (no ``page``) always counts.

    Raises ``Game.DoesNotExist`` or :class:`~mahjong.GameOver` for a won game.
    """
    now = now or timezone.now()
    with _move(game_id, owner) as (game, board):
        if not board.can_pause():
            raise GameOver("the game is won")
        if page is not None and page != game.board_page:
            return Played(game, board, "pause_ignored")
        automatic = page is not None
        if not game.paused:
            game.paused = True
            game.paused_automatically = automatic
            _sync_clock(game, now)
            store.save(game)
        elif game.paused_automatically and not automatic:
            # Now the player's own pause, which no page resumes by opening the game; what
            # the game shows is unchanged (same version).
            game.paused_automatically = False
            game.save(update_fields=["paused_automatically"])
    return Played(game, board, "paused")


def game_resume(
    *, game_id, owner: Owner, page: str | None = None, now: datetime | None = None
) -> Played:
    """Show the tiles again; the clock runs again if it had started and the game is on.

    ``page`` marks a board page that has just opened the game: it becomes the page that
    shows it (see :func:`game_pause`), and it resumes only an automatic pause, never one
    the player chose. Resuming a game that is not paused changes nothing.
    Raises ``Game.DoesNotExist``.
    """
    now = now or timezone.now()
    with _move(game_id, owner) as (game, board):
        if page is not None and page != game.board_page:
            game.board_page = page
            game.save(update_fields=["board_page"])  # not a change of the game: same version
        if game.paused and (page is None or game.paused_automatically):
            game.paused = False
            game.paused_automatically = False
            _sync_clock(game, now)
            store.save(game)
    return Played(game, board, "resumed")
