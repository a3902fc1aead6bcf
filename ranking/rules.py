"""Ranked and unranked wins: which wins may enter the public boards.

A win is *ranked* when all of these hold (decided once, in the transaction of the tap
that wins the game, and stored in ``Game.ranked``):

1. the game used no hints, and the page was given no other knowledge of the solver
   (whether the game can still be won, how far back a winnable position lies:
   ``Game.advised``, game/solver_knowledge.py);
2. the server dealt it: a new game or today's daily deal, not a code the player typed
   in or followed from a link (its kind says so: game/kinds.py). Today's daily deal is
   started by its layout (``{"daily": "L00"}``, :func:`daily.rules.todays_daily`), never
   by its code: a client that sent the code knew the whole deal, so today's code typed
   in or followed from a shared link is a typed code too;
3. it was played on one of our layouts, not a player's own (editor/): anyone can make a
   layout that is easy to win, or one tailored to a deal (its kind says so too);
4. it took at least :data:`MIN_MS_PER_PAIR` of play time per removed pair: a human taps
   twice per pair and has to find the pair first (docs/architecture.md gives
   the figures);
5. it was never restarted: a player who went back to the deal's first position has
   seen the deal (``Game.restarts``);
6. for the daily deal (a kind ranked once per deal), it is the player's first game on that day's deal: a second try
   on a deal one has seen is practice, not a race. A player has one ranked result per
   daily deal, however their games interleave: a daily win is ranked only when it is
   the player's one game on that deal, and a win from while signed out, claimed at
   sign-in, stays ranked only if the player had no other game on the deal (two
   signed-out sessions signed in one after the other rank once). Both decisions hold
   the player's row lock, and the database refuses a second ranked daily win of a player
   on a deal (``game_one_ranked_daily_per_user``).

7. it was played as a person plays: a win that meets the six rules above with taps
   too fast or too even (:mod:`ranking.rhythm`), or with its pairs removed in the order of
   the deal's own plan (:mod:`ranking.plan_order`), or a daily win from a browser or an
   address that played the same deal under another account (:mod:`ranking.second_accounts`),
   is *held* for review, not ranked, until an operator publishes it (the admin);
8. it would not take one of the top places of its public board, or an operator trusts
   its player: a person checks a new top time first (:mod:`ranking.top_places`; a
   signed-out visitor's daily win is judged so when it is claimed at sign-in).

Every win, ranked or not, counts in the player's own statistics. Ranked wins of a signed-in
player also keep :class:`~game.models.BestTime`, the best time per player and layout that
the public board per layout reads.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.db.models import Min, OuterRef, Subquery

from game import kinds
from game.models import BestTime, Game

from . import plan_order, rhythm, second_accounts, top_places

#: The floor of a ranked win: play time per removed pair, in milliseconds (72 s for the
#: 72 pairs of a 144-tile board).
MIN_MS_PER_PAIR = 1000


def ranked_wins(code: str):
    """The ranked wins of signed-in players on the daily deal ``code``: its day board.
    Each player has at most one (their first game on the deal), so no grouping."""
    return Game.objects.filter(
        kinds.q(board=kinds.DAY_BOARD),
        code=code,
        result=Game.WON,
        ranked=True,
        user__isnull=False,
    )


def too_fast(game: Game) -> bool:
    """Faster than a human can play: under the floor per removed pair."""
    return game.elapsed_ms < MIN_MS_PER_PAIR * len(game.history)


def owners_games(game: Game):
    """The games of ``game``'s owner: a signed-in player's, or a visitor's session's."""
    if game.user_id is not None:
        return Game.objects.filter(user_id=game.user_id)
    return Game.objects.filter(user__isnull=True, session_key=game.session_key)


def seen_before(game: Game) -> bool:
    """Whether the game's owner has another game on the same deal: started before this
    one, or later elsewhere (signed in while this one waited in a signed-out session)."""
    return owners_games(game).filter(code=game.code).exclude(pk=game.pk).exists()


def _lock_player(user_id: int | None) -> None:
    """Serialize one player's daily decisions (their row's lock, as game creation takes)."""
    if user_id is not None:
        users = get_user_model().objects.select_for_update(no_key=True)
        list(users.filter(pk=user_id).values("pk"))


#: The rules of this module's own, by the name a win that misses one gives (the win screen's).
HINTS, TOO_FAST, REPLAY, RESTARTED = "hints", "too_fast", "replay", "restarted"
#: The first rule missed by the solver's verdict alone, without a hint.
ADVICE = "advice"
#: The kinds of game never ranked (game/kinds.py): a typed code, a player's own layout.
CODE, CUSTOM = kinds.CODE, kinds.CUSTOM


def missed_rules(game: Game, *, lock: bool = False) -> list[str]:
    """The rules of the first six that ``game`` misses, in their order; a won game
    missing none is ranked. ``lock``: take the player's row lock before the daily rule is
    decided (at the winning tap)."""
    kind = kinds.kind_of(game)
    missed = []
    if game.hints_used:
        missed.append(HINTS)
    if game.advised:
        missed.append(ADVICE)
    # A kind never ranked says why: a typed code (an earlier day's deal is one too) or
    # a player's own layout.
    if CODE in kind.never_ranked_because or kinds.PAST_DAY in kind.never_ranked_because:
        missed.append(CODE)
    if CUSTOM in kind.never_ranked_because:
        missed.append(CUSTOM)
    if too_fast(game):
        missed.append(TOO_FAST)
    if game.restarts:
        missed.append(RESTARTED)
    if kind.once_per_deal:
        if lock:
            _lock_player(game.user_id)
        if seen_before(game):
            missed.append(REPLAY)
    return missed


def is_ranked(game: Game) -> bool:
    """Whether a won game is ranked (the first six rules)."""
    return not missed_rules(game, lock=True)


def on_win(game: Game) -> None:
    """Called in the transaction of the tap that wins ``game``, before it is saved:
    decide whether the win is ranked, and keep the player's best time. A win that meets
    the rules with taps no person makes (:mod:`ranking.rhythm`), in the order of the
    deal's own plan (:mod:`ranking.plan_order`), or that looks like one person's second
    account on a daily deal (:mod:`ranking.second_accounts`), is held for review instead: not
    ranked, ``held`` saying why. Last, a win that would take a top place of its board
    waits for a person's check, unless its player is trusted (:mod:`ranking.top_places`)."""
    game.ranked = is_ranked(game)
    game.held = ""
    if game.ranked:
        held = (
            rhythm.implausible(game.tap_ms)
            or plan_order.implausible(game.code, game.history)
            or second_accounts.implausible(game)
            or top_places.hold(game, ranked_wins(game.code))
        )
        if held:
            game.ranked, game.held = False, held
    if game.ranked and game.user_id is not None:
        record_best_time(game)


def record_best_time(game: Game) -> None:
    """Make ``game`` its player's best time on its layout if it beats the one on record.

    One statement, ``INSERT … ON CONFLICT … DO UPDATE … WHERE``: the database compares
    and writes under the row's lock, so concurrent wins of one player (several app
    processes) leave the fastest of them, whatever their order. Equal times keep the
    earlier win.
    """
    table = BestTime._meta.db_table
    pk = Game._meta.pk
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {table} (user_id, layout_id, elapsed_ms, game_id, achieved_at) "
            "VALUES (%s, %s, %s, %s, %s) "
            "ON CONFLICT (user_id, layout_id) DO UPDATE SET "
            "elapsed_ms = excluded.elapsed_ms, game_id = excluded.game_id, "
            "achieved_at = excluded.achieved_at "
            f"WHERE {table}.elapsed_ms > excluded.elapsed_ms",
            [
                game.user_id,
                game.layout_id,
                game.elapsed_ms,
                pk.get_db_prep_value(game.pk, connection),
                connection.ops.adapt_datetimefield_value(game.finished_at),
            ],
        )


def refresh_best_time(user_id: int, layout_id: str) -> None:
    """Work out one player's best time on one layout again from their ranked wins (after
    an operator hid or published a result)."""
    BestTime.objects.filter(user_id=user_id, layout_id=layout_id).delete()
    best = (
        Game.objects.filter(user_id=user_id, layout_id=layout_id, result=Game.WON, ranked=True)
        .order_by("elapsed_ms", "finished_at")
        .first()
    )
    if best is not None:
        BestTime.objects.create(
            user_id=user_id,
            layout_id=layout_id,
            elapsed_ms=best.elapsed_ms,
            game=best,
            achieved_at=best.finished_at,
        )


def remove_results(games) -> int:
    """Moderation: take ranked wins off the public boards (kept, marked as removed by an
    operator, in the player's own statistics). Returns how many were removed. Only the
    games' rows are locked: the admin's query joins the (nullable) players, whose side of
    an outer join PostgreSQL refuses to lock."""
    with transaction.atomic():
        rows = list(games.select_for_update(of=("self",)).filter(result=Game.WON, ranked=True))
        for game in rows:
            game.ranked, game.removed_by_moderator = False, True
            game.save(update_fields=["ranked", "removed_by_moderator"])
        for user_id, layout_id in {(g.user_id, g.layout_id) for g in rows if g.user_id}:
            refresh_best_time(user_id, layout_id)
    return len(rows)


def publish_held(games) -> int:
    """Moderation: publish held wins after review, unless the player already has a
    ranked result on that daily deal or the account is suspended. Returns how many were
    published."""
    published = 0
    with transaction.atomic():
        rows = (
            games.select_for_update(of=("self",))
            .filter(result=Game.WON, ranked=False)
            .exclude(held="")
        )
        # A suspended account's wins stay off the boards (the admin's suspension).
        for game in rows.filter(removed_by_moderator=False).exclude(user__is_active=False):
            if kinds.kind_of(game).once_per_deal and game.user_id is not None:
                _lock_player(game.user_id)
                others = Game.objects.filter(user_id=game.user_id, code=game.code, ranked=True)
                if others.exclude(pk=game.pk).exists():
                    continue
            game.ranked, game.held, game.reviewed = True, "", True
            game.save(update_fields=["ranked", "held", "reviewed"])
            if game.user_id is not None:
                refresh_best_time(game.user_id, game.layout_id)
            published += 1
    return published


def claim_wins(*, user_id: int, session_key: str | None) -> int:
    """At sign-in or sign-up, give the user the games the visitor won while signed out,
    so that each win counts in the player's statistics, and is ranked or held by the
    rules of any other win: a win stays ranked only if it met the rules when it was won
    and, on a daily deal, it is still the user's first game on that deal; one that would
    now take a top place of its board is held for review as a signed-in win would be
    (:mod:`ranking.top_places`). Returns how many were claimed."""
    if not session_key:
        return 0
    with transaction.atomic():
        _lock_player(user_id)
        won = list(
            Game.objects.select_for_update()
            .filter(user__isnull=True, session_key=session_key, result=Game.WON)
            .order_by("finished_at")
        )
        # The deals the player had any game on before this claim: a claimed win on one
        # of them is a second look at the deal, whenever either game was started. (Within
        # the session, its first game on a deal is the only one ranked already.)
        daily_codes = {g.code for g in won if kinds.kind_of(g).once_per_deal}
        seen = set(
            Game.objects.filter(user_id=user_id, code__in=daily_codes).values_list(
                "code", flat=True
            )
        )
        for game in won:
            game.user_id, game.session_key = user_id, ""
            if kinds.kind_of(game).once_per_deal:
                game.ranked = game.ranked and game.code not in seen
            held = top_places.hold(game, ranked_wins(game.code)) if game.ranked else ""
            if held:
                game.ranked, game.held = False, held
            game.save(update_fields=["user", "session_key", "ranked", "held"])
            if game.ranked:
                record_best_time(game)
    return len(won)


def rebuild_best_times() -> int:
    """Recompute every :class:`BestTime` row from the ranked wins (for repairs and the
    benchmark; the table is otherwise kept by :func:`on_win`). Returns the row count."""
    wins = Game.objects.filter(result=Game.WON, ranked=True, user__isnull=False)
    fastest = (
        wins.filter(user_id=OuterRef("user_id"), layout_id=OuterRef("layout_id"))
        .order_by("elapsed_ms", "finished_at")
        .values("pk")[:1]
    )
    best_games = (
        wins.order_by()
        .values("user_id", "layout_id")
        .annotate(best=Min("elapsed_ms"), game_id=Subquery(fastest))
    )
    rows = Game.objects.in_bulk([row["game_id"] for row in best_games])
    BestTime.objects.all().delete()
    BestTime.objects.bulk_create(
        (
            BestTime(
                user_id=game.user_id,
                layout_id=game.layout_id,
                elapsed_ms=game.elapsed_ms,
                game=game,
                achieved_at=game.finished_at,
            )
            for game in rows.values()
        ),
        batch_size=1000,
    )
    return len(rows)
