"""What the win screen shows, decided here from the stored games: the time, whether the
win is ranked and why not, a new personal best, and the place on the daily deal's board
with the player's daily streak.

A win of today's daily deal says why its code, share and replay come only once the day is
over (``code_later``). The browser sends nothing for it: :func:`win_for` reads the won game and the owner's other
games (a signed-in player's, or a visitor's session's) and is sent as ``win`` in every
answer about a won game (``null`` before). :func:`may_rank` says whether a game in play
could still be ranked, so that the board can say before the first hint that a hint takes
that away. The ranking rules themselves are :mod:`ranking.rules`'s; this module only
explains their outcome.
"""

from __future__ import annotations

from django.db.models import Min, Q
from django.utils import timezone
from django.utils.translation import gettext, ngettext, pgettext_lazy

from daily.streak import current_streak
from mahjong.rules.daily import utc_day
from ranking import plan_order, rules, second_accounts, top_places

from . import carried_win, kinds, solver_knowledge
from .face_visibility import held_for_the_day
from .models import Game

#: Why a win is not ranked: the ranking's own rules (ranking/rules.py), then a win held
#: back for review because of its taps' rhythm (ranking/rhythm.py, ``Game.held``).
HINTS, ADVICE, CODE, CUSTOM = rules.HINTS, rules.ADVICE, rules.CODE, rules.CUSTOM
TOO_FAST, REPLAY = rules.TOO_FAST, rules.REPLAY
HELD = "held"
#: A game code that is an earlier day's daily deal (daily.rules.earlier_daily_day): said
#: instead of CODE.
PAST_DAY = "past_day"
#: Held because its pairs followed the deal's own plan (ranking/plan_order.py).
HELD_PLAN = "held_plan"
#: Held because the browser or the address played the deal under another account
#: (ranking/second_accounts.py).
HELD_SHARED = "held_shared"
#: Held because it would take a top place of its board (ranking/top_places.py).
HELD_TOP = "held_top"
_HELD_BECAUSE = {
    top_places.TOP_PLACE: HELD_TOP,
    plan_order.FOLLOWS_PLAN: HELD_PLAN,
    second_accounts.SHARED_DEVICE: HELD_SHARED,
    second_accounts.SHARED_ADDRESS: HELD_SHARED,
}


def not_ranked_because(game: Game) -> list[str]:
    """The conditions of a ranked win that ``game`` (won) missed; empty when ranked."""
    if game.ranked:
        return []
    missed = rules.missed_rules(game)
    if kinds.PAST_DAY in kinds.kind_of(game).never_ranked_because:
        missed = [PAST_DAY if rule == CODE else rule for rule in missed]
    if game.held:
        missed.append(_HELD_BECAUSE.get(game.held, HELD))
    return missed


def earlier_day(game: Game):
    """The earlier day whose daily deal the game's code was on the day it began, else
    None (a player's own layout, today's deal, or no daily deal)."""
    return kinds.earlier_day(game.code, utc_day(game.created_at or timezone.now()))


def may_rank(game: Game) -> bool:
    """Whether a win of this game in play could still be ranked: no rule missed so far
    (the play time is judged only at the end)."""
    if game.state == Game.WON:
        return game.ranked
    return solver_knowledge.costs_ranking(game)


def _best(game: Game) -> dict:
    """The owner's best ranked time on the layout among the games begun before this one,
    and whether this win beats it (the first ranked win on a layout is a best too)."""
    earlier = (
        rules.owners_games(game)
        .filter(layout_id=game.layout_id, result=Game.WON, ranked=True)
        .filter(created_at__lt=game.created_at)
        .exclude(pk=game.pk)
    )
    previous = earlier.aggregate(best=Min("elapsed_ms"))["best"]
    return {"new": previous is None or game.elapsed_ms < previous, "previous_ms": previous}


def _daily_place(game: Game, streak: int | None) -> dict:
    """The win's place among the day board's ranked wins. A visitor's win is not on the
    board (which lists signed-in players): its place is where it would stand, and
    ``counted`` is false until the visitor signs in and the win is claimed."""
    board = rules.ranked_wins(game.code)
    faster = Q(elapsed_ms__lt=game.elapsed_ms)
    if game.finished_at is not None:
        faster |= Q(elapsed_ms=game.elapsed_ms, finished_at__lt=game.finished_at)
    counted = game.user_id is not None
    ahead = board.filter(faster).exclude(pk=game.pk).count()
    total = board.count() + (0 if counted else 1)
    place = {"rank": ahead + 1, "of": max(total, ahead + 1), "counted": counted}
    # A player's streak, this win included (a visitor has none until signed in); the
    # sentence is the daily page's own, so the screen and the page say it alike.
    if counted and streak is None:
        streak = current_streak(game.user_id, utc_day(timezone.now()))
    elif not counted:
        streak = None
    place["streak"] = streak
    place["streak_text"] = (
        ngettext(
            # Translators: %(days)s: how many days in a row, up to today, the player has
            # won one of the day's own deals with a ranked win.
            "Your streak: %(days)s day in a row with a ranked daily win.",
            "Your streak: %(days)s days in a row with a ranked daily win.",
            streak,
        )
        % {"days": streak}
        if streak
        else None
    )
    return place


#: A held win's state, in the same words wherever it is shown: the win screen, the
#: statistics page, the boards of one's own wins and the data export. Neither ranked nor
#: unranked: it waits for a person's check (Game.held).
HELD_STATE = pgettext_lazy("win state", "Waiting for a check")


def standing(game: Game) -> str | None:
    """A won game's standing: ``ranked``, ``held`` (waiting for a check, never counted as
    unranked) or ``unranked``; None for a game not won."""
    if game.result != Game.WON:
        return None
    if game.ranked:
        return "ranked"
    return "held" if game.held else "unranked"


def win_for(game: Game, *, streak: int | None = None) -> dict | None:
    """The win screen's facts for a won game, else ``None`` (no query then). ``streak``:
    the player's daily streak when the caller has it already (else it is read)."""
    if game.result != Game.WON:
        return None
    ranked = bool(game.ranked)
    kind = kinds.kind_of(game)
    return {
        "elapsed_ms": game.elapsed_ms,
        "ranked": ranked,
        # Waiting for a check: the win screen says so first, then why.
        "held": bool(game.held) and not ranked,
        "not_ranked": not_ranked_because(game),
        "best": _best(game) if ranked else None,
        "daily": _daily_place(game, streak) if ranked and kind.board == kinds.DAY_BOARD else None,
        "code_later": _code_later(game),
        # A signed-out player: what becomes of the win on signing up or in now.
        "visitor": carried_win.promise(game),
    }


def _code_later(game: Game) -> str | None:
    """Why a win of today's daily deal has no code, share or replay yet (game/face_visibility.py)."""
    if not held_for_the_day(game):
        return None
    return gettext(
        # Translators: on the win screen of today's daily deal, in place of the game code
        # and the share box. The day changes at midnight UTC: write the time as your
        # language writes a time of day in running text (German "0:00 Uhr UTC").
        "The game code of today's deal is shown once the day is over, at 00:00 UTC. "
        "Then you can share it and play it again."
    )
