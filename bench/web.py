"""The rules page: requests per second with and without its cache, and its weight.

Run with ``make bench`` (or ``python bench/web.py [--seconds S]``). In-process, with
Django's test Client and the test settings (DEBUG off, local-memory cache), on a fresh
SQLite database in a temporary directory (migrated, content loaded). It prints:

1. requests per second for the home page (the baseline: a page with no database work),
   the rules page served from its cache, and the rules page rendered on every request
   (a dummy cache), each as a ratio against the baseline; every language is timed and
   the loops are bounded by a time limit;
2. the rules page's weight with everything it loads (HTML, stylesheets, favicon),
   uncompressed and gzipped, against the budget of 60 KB gzipped (issue #3);
3. the statistics and leaderboard pages (issue #6) with ``--games`` recorded games in the
   database (100,000 by default, bulk-created in the throwaway database, a thousand of
   them the measured player's): milliseconds per page, requests per second, queries
   per page, and the query plans of their heaviest queries.

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


def record_games(total: int, *, players: int = 2_000, own: int = 1_000):
    """``total`` recorded games of ``players`` players (``own`` of them the returned
    player's): two wins in three, the rest stuck or abandoned, on every layout."""
    from datetime import timedelta

    from django.contrib.auth import get_user_model
    from django.contrib.auth.hashers import make_password
    from django.utils import timezone

    from game.engine import LAYOUTS
    from game.models import Game

    User = get_user_model()
    password = make_password("bench-password-144")
    User.objects.bulk_create(
        User(username=f"player{n:05d}", password=password) for n in range(players)
    )
    users = list(User.objects.order_by("id").values_list("id", flat=True))
    layouts = list(LAYOUTS)
    now = timezone.now()
    batch = []
    for i in range(total):
        user_id = users[0] if i < own else users[i % len(users)]
        layout = layouts[(i // 3) % len(layouts)]
        when = now - timedelta(minutes=i)
        won = i % 3 != 0
        elapsed = 90_000 + (i * 7919) % 1_800_000
        batch.append(
            Game(
                code=f"MJ1-{layout}-AAAAABL",
                layout_id=layout,
                user_id=user_id,
                state=Game.WON if won else Game.STUCK,
                result=Game.WON if won else (Game.STUCK if i % 2 else Game.ABANDONED),
                started_at=when - timedelta(milliseconds=elapsed),
                finished_at=when if won else None,
                elapsed_ms=elapsed,
                hints_used=i % 5,
                undos_used=i % 3,
            )
        )
        if len(batch) == 5_000:
            Game.objects.bulk_create(batch)
            batch = []
    Game.objects.bulk_create(batch)
    return User.objects.get(id=users[0])


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


def bench_stats(seconds: float, games: int) -> None:
    from django.db.models import Min
    from django.test import Client

    from game import stats
    from game.models import Game

    start = time.perf_counter()
    me = record_games(games)
    created = time.perf_counter() - start
    client = Client()
    client.force_login(me, backend="django.contrib.auth.backends.ModelBackend")
    print(
        f"Statistics and leaderboard with {Game.objects.count():,} recorded games "
        f"(created in {created:.1f} s; the player has {me.games.count():,})"
    )
    for name, path in [("statistics", "stats/"), ("leaderboard", "leaderboard/")]:
        ms, per_second, queries = time_pages(
            client, [f"/{lang}/{path}" for lang in LANGUAGES], seconds
        )
        print(f"  {name:<12} {ms:7.1f} ms/page  {per_second:7.0f}/s   {queries} queries/page")
    board = (
        Game.objects.filter(layout_id="L00", result=Game.WON, user__isnull=False)
        .order_by()
        .values("user_id")
        .annotate(best=Min("elapsed_ms"))
    )
    plans = {
        "personal top 10": Game.objects.filter(user_id=me.pk, result=Game.WON).order_by(
            "elapsed_ms"
        )[: stats.TOP],
        "recent wins": Game.objects.filter(user_id=me.pk, result=Game.WON).order_by("-finished_at")[
            : stats.RECENT_WINS
        ],
        "layout board": board,
    }
    print("  query plans (SQLite EXPLAIN QUERY PLAN)")
    for name, queryset in plans.items():
        plan = " | ".join(line.strip() for line in queryset.explain().splitlines())
        print(f"    {name:<16} {plan}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    parser.add_argument(
        "--games", type=int, default=100_000, help="recorded games for the stats pages"
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
        bench_stats(args.seconds, args.games)
    budgets = Budgets()
    budgets.at_most(
        "rules page with what it loads, heaviest language, gzipped", worst, BUDGET_GZIPPED, "bytes"
    )
    return budgets.exit_code()


if __name__ == "__main__":
    sys.exit(main())
