"""The rules page: requests per second with and without its cache, and its weight.

Run with ``make bench`` (or ``python bench/web.py [--seconds S]``). In-process, with
Django's test Client and the test settings (DEBUG off, local-memory cache), on a fresh
SQLite database in a temporary directory (migrated, content loaded). It prints:

1. requests per second for the home page (the baseline: a page with no database work),
   the rules page served from its cache, and the rules page rendered on every request
   (a dummy cache), each as a ratio against the baseline; every language is timed and
   the loops are bounded by a time limit;
2. the rules page's weight with everything it loads (HTML, stylesheets, favicon),
   uncompressed and gzipped, against the budget of 60 KB gzipped (issue #3).
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
BUDGET_GZIPPED = 60 * 1024
LANGUAGES = ["sv", "el", "de", "id"]
DUMMY_CACHE = {"default": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}}


def setup(database_dir: str) -> None:
    sys.path.insert(0, str(ROOT))
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
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
        verdict = "within" if worst <= BUDGET_GZIPPED else "OVER"
        print(
            f"  largest: {worst} bytes gzipped = {worst / BUDGET_GZIPPED:.2f}x the budget "
            f"of {BUDGET_GZIPPED} bytes: {verdict} budget"
        )
    return 0 if worst <= BUDGET_GZIPPED else 1


if __name__ == "__main__":
    sys.exit(main())
