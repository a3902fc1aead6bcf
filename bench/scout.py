"""A scout and a bot on the daily deal, as a security tester played it: what the checks
hold of such wins, and whether any reaches a day board's top places unreviewed.

The daily deal is the same for everyone, and the daily page deals it to whoever asks, so
a scout can always play it first. The scout here is a second account in a second browser:
it asks a hint for every pair and so sees every face and an order that wins. The bot is a
fresh account in a third browser on another address: it wins with that order rearranged
(at each step the free pair latest in the scout's order: every rest of a winning order
still wins) or as the scout played it, tapping at a fast person's pace (bench/rhythm.py's
model), or slowed down to land just below the board's checked places. The day boards
already hold checked wins (reviewed by a moderator) of people at their own paces, from a
very fast player's to a typical one's.

Run with ``make bench`` (or ``python bench/scout.py [--days N] [--seed S]``: N days per
bot). It runs in this process, through the game's services, on a throwaway SQLite
database in the temporary directory (nothing leaves the machine), with the site's checks
as they are deployed: the top places checked (MAHJONG_REVIEW_TOP_PLACES from the
environment, else its default), and the other limits the environment's.

Budget: none of the bots' wins is in a day board's top places unreviewed.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
import tempfile
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from unittest import mock

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mahjongsite.settings.test")
if __name__ == "__main__":
    # SQLite, whatever DATABASE_URL names: main() plays on the test settings' throwaway
    # database file in the temporary directory, and removes it.
    os.environ["DATABASE_URL"] = f"sqlite:///{tempfile.gettempdir()}/mahjong-scout.sqlite3"

import django  # noqa: E402

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.utils import timezone  # noqa: E402

from bench.rhythm import TAPS, free_pairs_along, paced  # noqa: E402
from daily import codes as daily  # noqa: E402
from game import services  # noqa: E402
from game.models import Game  # noqa: E402
from game.store import Owner  # noqa: E402
from mahjong import Board  # noqa: E402
from mahjong.solver.orders import latest_free_order  # noqa: E402
from ranking import rules  # noqa: E402
from ranking.checked_boards import settle_day_board  # noqa: E402

HONEST_PER_DAY = 30
FIRST_DAY = date(2027, 1, 1)


def scout_order(owner: Owner, game_id) -> list:
    """The scout's game: a hint, then its pair, until the board is clear."""
    order = []
    while True:
        played = services.game_hint(game_id=game_id, owner=owner)
        pair = played.game.hint
        if not pair:
            return order
        for tile in pair:
            played = services.game_tap(game_id=game_id, owner=owner, tile=tile)
        order.append(tuple(pair))
        if str(played.board.state) != "playing":
            return order


def rearranged(code: str, order: list) -> list:
    """A winning order of the bot's own from the scout's: at each step the free pair
    latest in the scout's order."""
    return latest_free_order(Board.from_code(code), order)


def as_hinted(code: str, order: list) -> list:
    return order


#: (name, the bot's order from the scout's, the bot plays from the scout's browser, its
#: pace: "fast" a fast person's; "below" slowed to land just below the checked places).
BOTS = [
    ("bot, own order, fast person's pace", rearranged, False, "fast"),
    ("bot, own order, just below the top places", rearranged, False, "below"),
    ("bot, the scout's order, fast person's pace", as_hinted, False, "fast"),
    ("bot, own order, from the scout's browser", rearranged, True, "fast"),
]


def person_seconds(rnd: random.Random) -> float:
    """A person's Turtle win, in seconds: a pace of their own (a search before a pair's
    first tap, an aim before its second, each varying log-normally as bench/rhythm.py's
    persons do), from a very fast player's to a typical one's."""
    search_s, aim_s = rnd.uniform(0.8, 2.5), rnd.uniform(0.3, 0.5)
    return sum(
        rnd.lognormvariate(math.log(search_s), 0.5)
        if i % 2
        else rnd.lognormvariate(math.log(aim_s), 0.35)
        for i in range(TAPS - 1)
    )


def honest_field(code: str, day: date, rnd: random.Random) -> None:
    """The day board's checked wins: people at their own paces, reviewed by a moderator."""
    users = get_user_model()
    noon = datetime.combine(day, datetime.min.time(), tzinfo=UTC) + timedelta(hours=12)
    rows = []
    for i in range(HONEST_PER_DAY):
        user = users.objects.create_user(f"person-{day.isoformat()}-{i}")
        seconds = person_seconds(rnd)
        rows.append(
            Game(
                origin=Game.Origin.DAILY,
                ranked=True,
                reviewed=True,
                code=code,
                layout_id=code.split("-")[1],
                history=[],
                state=Game.WON,
                result=Game.WON,
                user=user,
                started_at=noon - timedelta(seconds=seconds),
                finished_at=noon,
                elapsed_ms=int(seconds * 1000),
            )
        )
    Game.objects.bulk_create(rows)


def scouted_win(day: date, bot, rnd: random.Random, top: int) -> dict:
    """One day of the Turtle: the checked wins, the scout's game, then the bot's win. What
    became of the win: ``held`` (why, or ""), its ``place`` on the day board (0 the first;
    None when not ranked), and ``top``: whether it is in the top places unreviewed."""
    _name, order_of, same_browser, pace = bot
    users = get_user_model()
    clock = [datetime.combine(day, datetime.min.time(), tzinfo=UTC) + timedelta(hours=8)]
    with mock.patch.object(timezone, "now", side_effect=lambda: clock[0]):
        code = str(daily.daily_code(day, "L00"))
        honest_field(code, day, rnd)
        scout = Owner(user_id=users.objects.create_user(f"scout-{day.isoformat()}").pk)
        scouting = services.game_create(
            owner=scout, daily="L00", traces=("scout-browser", f"scout-address-{day}")
        ).game
        # The bot plays from what the scout saw: every face (the deal) and the order.
        mine = order_of(code, scout_order(scout, scouting.id))
        clock[0] += timedelta(minutes=30)
        owner = Owner(user_id=users.objects.create_user(f"bot-{day.isoformat()}").pk)
        browser = "scout-browser" if same_browser else f"bot-browser-{day}"
        game = services.game_create(
            owner=owner, daily="L00", traces=(browser, f"bot-address-{day}")
        ).game
        taps = paced(rnd, free_pairs_along(code, mine), by_difficulty=True, slips=0.0)
        if pace == "below":
            times = sorted(rules.ranked_wins(code).values_list("elapsed_ms", flat=True))
            last_checked = times[: max(top, 1)][-1]
            taps = [round(t * 1.02 * last_checked / taps[-1]) for t in taps]
        start = game.running_since or clock[0]
        for (a, b), (ta, tb) in zip(mine, zip(taps[::2], taps[1::2])):
            for tile, at in ((a, ta), (b, tb)):
                services.game_tap(
                    game_id=game.id, owner=owner, tile=tile, now=start + timedelta(milliseconds=at)
                )
        clock[0] = start + timedelta(milliseconds=taps[-1] + 1000)
        settle_day_board(code)  # as every read of the board does
        game = Game.objects.get(id=game.id)
        board = list(
            rules.ranked_wins(code)
            .order_by("elapsed_ms", "finished_at")
            .values_list("pk", "reviewed", "user__board_trust")
        )
    place = next((i for i, row in enumerate(board) if row[0] == game.id), None)
    # The top places are the checked ones; with the check off, still the first ten.
    watched = top or 10
    unchecked = place is not None and place < watched and not board[place][1]
    return {
        "won": game.result == Game.WON,
        "held": game.held,
        "place": place,
        "top": unchecked and not board[place][2],
    }


def run(days: int, seed: int, top: int) -> int:
    """Every bot on ``days`` days each, printed; how many wins are in the top places
    unreviewed."""
    print(
        f"a scout and a bot on the daily deal (Turtle; {HONEST_PER_DAY} checked wins a day; "
        f"top places checked by a person: {top})"
    )
    print(
        f"{'bot':44} {'wins':>5} {'held':>6}  {'by':26} {'ranked':>6} {'places':>9} "
        f"{'top, unchecked':>15}"
    )
    rnd = random.Random(seed)
    day = FIRST_DAY
    unchecked_top, all_wins, all_held = 0, 0, 0
    for bot in BOTS:
        rows = []
        for _ in range(days):
            rows.append(scouted_win(day, bot, rnd, top))
            day += timedelta(days=1)
        wins = [r for r in rows if r["won"]]
        held = [r for r in wins if r["held"]]
        reasons: dict[str, int] = {}
        for r in held:
            reasons[r["held"]] = reasons.get(r["held"], 0) + 1
        by = ", ".join(f"{k} {v}" for k, v in sorted(reasons.items())) or "-"
        places = sorted(r["place"] + 1 for r in wins if r["place"] is not None)
        span = f"{places[0]}-{places[-1]}" if places else "-"
        top_count = sum(r["top"] for r in wins)
        unchecked_top += top_count
        all_wins, all_held = all_wins + len(wins), all_held + len(held)
        print(
            f"{bot[0]:44} {len(wins):5} {100 * len(held) / max(len(wins), 1):5.0f}%  {by:26} "
            f"{len(places):6} {span:>9} {top_count:15}"
        )
    print(
        f"all scouted wins: {all_held} of {all_wins} held for review "
        f"({100 * all_held / max(all_wins, 1):.0f} %); the others rank below the checked places"
    )
    return unchecked_top


def main() -> int:
    from django.db import connection
    from django.test.utils import override_settings

    from bench.budget import Budgets
    from mahjongsite.settings.base import MAHJONG_REVIEW_TOP_PLACES as top

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--days", type=int, default=5, help="days played per bot")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    # The site's value of the check (the test settings turn it off for the suite's sake).
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    try:
        with override_settings(MAHJONG_REVIEW_TOP_PLACES=top, MAHJONG_DAILY_KEY="bench"):
            unchecked_top = run(args.days, args.seed, top)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
    budgets = Budgets()
    budgets.at_most("scouted wins in a day board's top places unreviewed", unchecked_top, 0)
    return budgets.exit_code()


if __name__ == "__main__":
    sys.exit(main())
