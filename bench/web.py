"""The rules page: requests per second with and without its cache, and its weight.

Run with ``make bench`` (or ``python bench/web.py [--seconds S]``). In-process, with
Django's test Client and the test settings (DEBUG off, local-memory cache), on a fresh
SQLite database in a temporary directory (migrated, content loaded). It prints:

1. requests per second for the home page (the baseline: a page with no database work),
   the rules page served from its cache, and the rules page rendered on every request
   (a dummy cache), each as a ratio against the baseline; every language is timed and
   the loops are bounded by a time limit;
2. the rules page's weight with everything it loads (HTML, stylesheets, favicon),
   uncompressed and gzipped, against the budget of 60 KB gzipped;
3. the statistics, leaderboard and daily pages at each of ``--games``
   recorded games in the database (100,000 and then 1,000,000 by default, bulk-created in
   the throwaway database, a thousand of them the measured player's, one in ten on a
   daily deal): milliseconds per page (budget: 10 ms for the leaderboard and the daily
   page), requests per second, queries per page (the same at every size), and the query
   plans of their queries.

Each budget line prints its verdict (ok / OVER); the script exits non-zero when one is over.
"""

from __future__ import annotations

import argparse
import gzip
import io
import os
import re
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.budget import Budgets  # noqa: E402

BUDGET_GZIPPED = 60 * 1024
LANGUAGES = ["sv", "el", "de", "id"]
DUMMY_CACHE = {"default": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}}


def setup(database_dir: str) -> None:
    os.environ["DJANGO_SETTINGS_MODULE"] = "mahjongsite.settings.test"
    os.environ["DATABASE_URL"] = f"sqlite:///{database_dir}/bench.sqlite3"
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)
    call_command("load_content", stdout=io.StringIO())


def rate(client, paths: list[str], seconds: float, *, max_requests: int = 100_000) -> float:
    """Requests per second, cycling through ``paths`` for about ``seconds``."""
    for path in paths:  # warm up (and fill the cache, if any)
        assert client.get(path).status_code == 200, path
    count = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline and count < max_requests:
        response = client.get(paths[count % len(paths)])
        assert response.status_code == 200
        count += 1
    return count / (time.perf_counter() - start)


def weigh(client, path: str) -> list[tuple[str, bytes]]:
    """The page and every file it loads from this site."""
    html = client.get(path).content
    assets = re.findall(rb'<link [^>]*href="(/static/[^"]+)"', html)
    assets += re.findall(rb'<(?:script|img)[^>]*src="(/static/[^"]+)"', html)
    files = [(path, html)]
    for asset in dict.fromkeys(a.decode() for a in assets):
        response = client.get(asset)
        assert response.status_code == 200, asset
        content = b"".join(response.streaming_content) if response.streaming else response.content
        files.append((asset, content))
    return files


def make_players(players: int = 2_000) -> list[int]:
    from django.contrib.auth import get_user_model
    from django.contrib.auth.hashers import make_password

    User = get_user_model()
    password = make_password("bench-password-144")
    User.objects.bulk_create(
        User(username=f"player{n:05d}", password=password) for n in range(players)
    )
    return list(User.objects.order_by("id").values_list("id", flat=True))


def record_games(users: list[int], start: int, stop: int, *, own: int = 1_000) -> None:
    """Games number ``start`` to ``stop`` of ``users`` (the first ``own`` the first
    user's): two wins in three, the rest stuck or abandoned, on every layout; one in ten
    on a daily deal of the last 30 days. Wins without hints are ranked (one in five)."""
    from datetime import timedelta

    from django.utils import timezone

    from daily import codes as daily  # the site's keyed codes, as the pages show
    from game.models import Game
    from mahjong import LAYOUTS

    layouts = list(LAYOUTS)
    now = timezone.now()
    today = daily.utc_day(now)
    daily_codes = {
        days: {
            layout: str(code)
            for layout, code in daily.daily_codes(today - timedelta(days=days)).items()
        }
        for days in range(30)
    }
    batch = []
    ranked_daily = set(
        Game.objects.filter(origin=Game.DAILY, ranked=True).values_list("user_id", "code")
    )
    for i in range(start, stop):
        user_id = users[0] if i < own else users[i % len(users)]
        layout = layouts[(i // 3) % len(layouts)]
        when = now - timedelta(minutes=i % 43_200)
        won = i % 3 != 0
        elapsed = 90_000 + (i * 7919) % 1_800_000
        hints = i % 5
        on_daily = i % 10 == 0
        code = daily_codes[(i // 10) % 30][layout] if on_daily else f"MJ1-{layout}-AAAAABL"
        ranked = won and hints == 0
        if on_daily and ranked:
            # One ranked result per player and daily deal (the database holds to it).
            ranked = (user_id, code) not in ranked_daily
            ranked_daily.add((user_id, code))
        batch.append(
            Game(
                code=code,
                layout_id=layout,
                origin=Game.DAILY if on_daily else Game.NEW,
                ranked=ranked,
                user_id=user_id,
                state=Game.WON if won else Game.STUCK,
                result=Game.WON if won else (Game.STUCK if i % 2 else Game.ABANDONED),
                started_at=when - timedelta(milliseconds=elapsed),
                finished_at=when if won else None,
                elapsed_ms=elapsed,
                hints_used=hints,
                undos_used=i % 3,
            )
        )
        if len(batch) == 5_000:
            Game.objects.bulk_create(batch)
            batch = []
    Game.objects.bulk_create(batch)


def time_pages(client, paths: list[str], seconds: float) -> tuple[float, float, int]:
    """(milliseconds per request, requests per second, queries per request)."""
    from django.db import connection

    queries = []

    def count(execute, sql, params, many, context):
        queries.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(count):
        assert client.get(paths[0]).status_code == 200
    per_second = rate(client, paths, seconds, max_requests=5_000)
    return 1000 / per_second, per_second, len(queries)


#: The leaderboard (and the daily page) at most 10 ms per page at every size.
PAGE_BUDGET_MS = 10.0


def bench_stats(seconds: float, sizes: list[int], budgets: Budgets) -> None:
    """The statistics, leaderboard and daily pages at each size in ``sizes`` (games are
    added to reach each size), with query counts and the plans of their queries."""
    from datetime import timedelta

    from django.contrib.auth import get_user_model
    from django.test import Client

    from daily import codes as daily
    from game.models import BestTime, Game
    from ranking import day_board, rules
    from records import stats

    users = make_players()
    me = get_user_model().objects.get(id=users[0])
    client = Client()
    client.force_login(me, backend="django.contrib.auth.backends.ModelBackend")
    yesterday = (daily.utc_day() - timedelta(days=1)).isoformat()
    pages = [
        ("statistics", "stats/", None),
        ("leaderboard", "leaderboard/", PAGE_BUDGET_MS),
        ("daily, today", "daily/", PAGE_BUDGET_MS),
        ("daily, yesterday", f"daily/?day={yesterday}&layout=L03", PAGE_BUDGET_MS),
    ]
    queries_seen: dict[str, set[int]] = {name: set() for name, _path, _budget in pages}
    done = 0
    for size in sorted(sizes):
        start = time.perf_counter()
        record_games(users, done, size)
        created = time.perf_counter() - start
        start = time.perf_counter()
        rows = rules.rebuild_best_times()
        rebuilt = time.perf_counter() - start
        done = size
        ranked = Game.objects.filter(ranked=True).count()
        print(
            f"Statistics, leaderboard and daily pages with {Game.objects.count():,} recorded games "
            f"({ranked:,} ranked wins; added in {created:.1f} s; best-time table: {rows:,} rows, "
            f"rebuilt in {rebuilt:.1f} s; the player has {me.games.count():,} games)"
        )
        # The baseline, timed next to the pages: the home page for the same signed-in
        # player (session, user, the same base template), no statistics at all.
        base_ms, _rate, base_queries = time_pages(
            client, [f"/{lang}/" for lang in LANGUAGES], seconds
        )
        print(f"  {'home (baseline)':<17} {base_ms:7.1f} ms/page  {base_queries} queries/page")
        for name, path, budget in pages:
            ms, per_second, queries = time_pages(
                client, [f"/{lang}/{path}" for lang in LANGUAGES], seconds
            )
            queries_seen[name].add(queries)
            print(
                f"  {name:<17} {ms:7.1f} ms/page  {per_second:7.0f}/s   {queries} queries/page"
                f"   {ms / base_ms:5.2f}x baseline"
            )
            if budget is not None:
                budgets.at_most(f"{name} page at {size:,} games", ms, budget, "ms")
    for name, counts in queries_seen.items():
        # The same number of queries at every size: nothing grows with the games.
        budgets.at_most(f"{name} page: query counts over all sizes", len(counts), 1, "distinct")

    today_code = str(daily.daily_code(daily.utc_day(), "L00"))
    plans = {
        "personal top 10": Game.objects.filter(user_id=me.pk, result=Game.WON).order_by(
            "elapsed_ms"
        )[: stats.TOP],
        "recent wins": Game.objects.filter(user_id=me.pk, result=Game.WON).order_by("-finished_at")[
            : stats.RECENT_WINS
        ],
        "layout board": BestTime.objects.filter(layout_id="L00").order_by(
            "elapsed_ms", "achieved_at"
        )[: stats.TOP],
        "day board": rules.ranked_wins(today_code).order_by("elapsed_ms", "finished_at")[
            : day_board.TOP
        ],
        "day finished": Game.objects.filter(origin=Game.DAILY, result=Game.WON, code=today_code)
        .order_by()
        .values("pk"),
    }
    print("  query plans (SQLite EXPLAIN QUERY PLAN)")
    for name, queryset in plans.items():
        plan = " | ".join(line.strip() for line in queryset.explain().splitlines())
        print(f"    {name:<16} {plan}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    parser.add_argument(
        "--games",
        type=int,
        nargs="+",
        default=[100_000, 1_000_000],
        help="numbers of recorded games at which the stats pages are measured",
    )
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as database_dir:
        setup(database_dir)
        from django.core.cache import cache
        from django.test import Client, override_settings

        client = Client()
        homes = [f"/{lang}/" for lang in LANGUAGES]
        rules = [f"/{lang}/rules/" for lang in LANGUAGES]

        baseline = rate(client, homes, args.seconds)
        cache.clear()
        cached = rate(client, rules, args.seconds)
        with override_settings(CACHES=DUMMY_CACHE):
            uncached = rate(client, rules, args.seconds, max_requests=2_000)

        print("Rules page, requests per second (in-process, test Client, all four languages)")
        print(f"  home page (baseline)      {baseline:8.0f}/s")
        print(f"  rules page, cached        {cached:8.0f}/s   {cached / baseline:5.2f}x baseline")
        print(
            f"  rules page, no cache      {uncached:8.0f}/s   {uncached / baseline:5.2f}x baseline"
        )
        print(f"  cache speed-up            {cached / uncached:8.1f}x")

        print("Rules page weight: HTML + everything it loads (bytes)")
        worst = 0
        for lang in LANGUAGES:
            files = weigh(client, f"/{lang}/rules/")
            raw = sum(len(content) for _name, content in files)
            zipped = sum(len(gzip.compress(content, compresslevel=6)) for _n, content in files)
            worst = max(worst, zipped)
            parts = ", ".join(
                f"{name.rsplit('/', 1)[-1] or 'html'} {len(content)}" for name, content in files
            )
            print(f"  {lang}: {raw:7d} uncompressed, {zipped:6d} gzipped   ({parts})")
        budgets = Budgets()
        bench_stats(args.seconds, args.games, budgets)
    budgets.at_most(
        "rules page with what it loads, heaviest language, gzipped", worst, BUDGET_GZIPPED, "bytes"
    )
    return budgets.exit_code()


if __name__ == "__main__":
    sys.exit(main())
