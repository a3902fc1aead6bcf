"""The play page's weight on the wire, in every language, as Chromium loads it cold.

Run with ``make bench`` (or ``python bench/weight.py [--url URL]``). Without ``--url`` it
starts the site as ``make run`` serves it (``mahjongsite/settings/single.py``: DEBUG off,
static files through WhiteNoise with hashed, pre-compressed names, pages compressed by
Django; gunicorn, one process with threads) on a fresh SQLite database in a temporary
directory (migrated, content loaded, static files collected), and stops it at the end.

For each language, a fresh browser context (empty cache, no cookies) opens
``/<lang>/play/`` in headless Chromium and waits until the board is dealt and the
network is quiet. Every response is counted as the browser received it: its headers and
its body as they travelled (compressed where the server compressed it; a copy from the
browser's memory cache counts nothing). It prints each resource, the sums per resource
type, and:

* the page: everything the play page loads with the service worker blocked, that is what
  the board needs to show and play (HTML, stylesheets, scripts, the tile sprite, the
  favicon, the request that deals the game). Budget: at most 100 KB in each language;
* the same load with the service worker allowed, as a first visit really goes: the
  worker then also keeps, in the background, the files and pages that open offline
  (home, rules, practice, the offline page of that language). Printed, not budgeted:
  it is the price of reading offline, paid once, after the board is up.

Each budget line prints its verdict (ok / OVER); the script exits non-zero when one is over.
"""

from __future__ import annotations

import argparse
import os
import secrets
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.budget import Budgets  # noqa: E402
from bench.serving import free_port, launch_chromium, serve, site  # noqa: E402

LANGUAGES = ["sv", "el", "de", "id"]
BUDGET_KB = 100
#: How long the network must stay quiet before a load counts as finished, and the most a
#: load may take.
QUIET_S = 1.5
LOAD_LIMIT_S = 30


def start_server(tmp: Path) -> tuple[subprocess.Popen, str]:
    """The site as ``make run`` serves it, on a fresh database; the process and its URL."""
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "mahjongsite.settings.single",
        "DATABASE_URL": f"sqlite:///{tmp}/bench.sqlite3",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
    }
    manage = [sys.executable, str(ROOT / "manage.py")]
    for command in (["migrate", "-v0"], ["load_content"], ["collectstatic", "--noinput", "-v0"]):
        subprocess.run(
            [*manage, *command], env=env, check=True, cwd=ROOT, stdout=subprocess.DEVNULL
        )
    port = free_port()
    return serve(
        [sys.executable, "-m", "gunicorn", "mahjongsite.wsgi", "--bind", f"127.0.0.1:{port}"]
        + ["--workers", "1", "--threads", "8"],
        env,
        port,
    )


def transferred(request) -> tuple[int, str]:
    """(bytes on the wire, Content-Encoding) of one finished request: headers and body as
    received; 0 for a copy from the memory cache (Chromium reports its body as minus its
    headers' size)."""
    sizes = request.sizes()
    response = request.response()
    headers = response.headers if response else {}
    body = sizes["responseBodySize"]
    if body == 0 and headers.get("content-length"):
        body = int(headers["content-length"])  # a worker's script reports no body size
    return max(0, sizes["responseHeadersSize"] + body), headers.get("content-encoding", "")


def load(browser, url: str, language: str, *, service_worker: bool) -> list[tuple]:
    """One cold load of the play page: (bytes, type, encoding, path, by the worker) for
    every response."""
    context = browser.new_context(
        service_workers="allow" if service_worker else "block",
        viewport={"width": 1280, "height": 800},
    )
    rows: list[tuple] = []
    last = [time.monotonic()]

    def finished(request) -> None:
        size, encoding = transferred(request)
        path = request.url.removeprefix(url)
        by_worker = request.service_worker is not None
        rows.append((size, request.resource_type, encoding, path, by_worker))
        last[0] = time.monotonic()

    context.on("requestfinished", finished)
    page = context.new_page()
    started = time.monotonic()
    page.goto(f"{url}/{language}/play/", wait_until="networkidle")
    page.wait_for_function(
        "document.querySelector('#board-tiles .tile') !== null", timeout=LOAD_LIMIT_S * 1000
    )
    while time.monotonic() - last[0] < QUIET_S and time.monotonic() - started < LOAD_LIMIT_S:
        page.wait_for_timeout(250)
    context.close()
    return rows


def kb(size: int) -> str:
    return f"{size / 1024:6.1f} KB"


def report(language: str, rows: list[tuple], *, details: bool) -> int:
    total = sum(row[0] for row in rows)
    if details:
        for size, kind, encoding, path, by_worker in sorted(rows, key=lambda row: -row[0]):
            worker = " (service worker)" if by_worker else ""
            print(f"    {size:7d} {kind:10s} {encoding or '-':5s} {path}{worker}")
    by_type: dict[str, int] = defaultdict(int)
    for size, kind, *_rest in rows:
        by_type[kind] += size
    parts = ", ".join(f"{kind} {size / 1024:.1f}" for kind, size in sorted(by_type.items()))
    print(f"  {language}: {kb(total)} in {len(rows)} responses ({parts} KB)")
    return total


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", help="a running site to measure, e.g. http://127.0.0.1:8000")
    parser.add_argument(
        "--quiet", action="store_true", help="sums only, not every resource of each load"
    )
    args = parser.parse_args()
    os.environ["PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS"] = "1"
    from playwright.sync_api import sync_playwright

    pages: dict[str, int] = {}
    first_visits: dict[str, int] = {}
    with site(args.url, start_server, prefix="mahjong-weight-") as url:
        with sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            print(f"site: {url}; bytes on the wire: headers and body as received")
            print("the play page, service worker blocked (what the board needs):")
            for language in LANGUAGES:
                rows = load(browser, url, language, service_worker=False)
                pages[language] = report(language, rows, details=not args.quiet)
            print("a first visit, service worker allowed (it also keeps the offline pages):")
            for language in LANGUAGES:
                rows = load(browser, url, language, service_worker=True)
                first_visits[language] = report(language, rows, details=False)
            browser.close()

    budgets = Budgets()
    for language in LANGUAGES:
        budgets.at_most(
            f"/{language}/play/ with what it loads, on the wire",
            pages[language] / 1024,
            BUDGET_KB,
            "KB",
        )
    return budgets.exit_code()


if __name__ == "__main__":
    sys.exit(main())
