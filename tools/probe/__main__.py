"""A security probe of a running site (make run, make serve, make dev) on 127.0.0.1: it
counts every 5xx a client can cause, every answer under /api/ that is not JSON, and every
page under /sv/, /el/, /de/ or /id/ that is not in that language.

    .venv/bin/python -m tools.probe --url http://127.0.0.1:8000
    .venv/bin/python -m tools.probe --url http://127.0.0.1:8000 --schemathesis 120

The hand-made requests (tools/probe/pages.py, tools/probe/api.py): every page under every
language prefix with every method, TRACE and made-up methods; bad, huge and undecodable
query strings; %00 and overlong addresses; malformed HTTP; malformed, oversized and
wrongly typed bodies on every endpoint; unicode garbage in the forms, the layout files and
the codes; the admin's sign-in; the password-reset flow; paused, finished and other
visitors' games; concurrent sign-ups, taps and new games. With ``--schemathesis SECONDS``
schemathesis fuzzes the API too (tools/probe/fuzz.py), signed out and signed in.

Bounded: it stops by itself after ``--max-requests`` or ``--max-seconds``, whichever
comes first. Sign-ups and games are created on the site, so probe a database of its own.
Rate limits stop parts of the probe with 429s (which it counts): raise them with the
DJANGO_RATE_LIMIT_* variables (mahjongsite/rates.py) to reach what lies behind them.
Exits 1 when it found anything, 0 otherwise.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

from tools.probe import api, fuzz, pages  # noqa: E402
from tools.probe.client import Budget, OutOfBudget, Site  # noqa: E402
from tools.probe.tally import Tally  # noqa: E402

#: The probe's parts, in the order they run.
PARTS = {
    "pages": pages.every_page,
    "queries": pages.bad_queries,
    "addresses": pages.odd_addresses,
    "http": pages.malformed_http,
    "forms": pages.forms,
    "admin": pages.admin,
    "reset": pages.password_reset,
    "bodies": api.bodies,
    "layouts": api.layout_uploads,
    "states": api.game_states,
    "concurrency": api.concurrency,
}


def probe(url: str, *, parts=PARTS, max_requests=30000, max_seconds=600.0, **fuzzing) -> Tally:
    """Run ``parts`` against ``url``; the tally of everything sent."""
    tally = Tally()
    site = Site(url, Budget(max_requests, max_seconds), tally)
    for name in parts:
        started = time.monotonic()
        try:
            PARTS[name](site)
            tally.done.append(name)
        except OutOfBudget:
            print(f"{name}: out of budget, stopping", flush=True)
            break
        print(
            f"{name}: {tally.sent} requests so far, {time.monotonic() - started:.0f} s", flush=True
        )
    seconds = fuzzing.get("schemathesis_seconds", 0)
    if seconds:
        for signed_in in (False, True):
            fuzz.run(
                site, signed_in=signed_in, seconds=seconds, examples=50, seed=fuzzing.get("seed", 1)
            )
            print(f"schemathesis: {tally.sent} requests so far", flush=True)
    return tally


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", default="http://127.0.0.1:8000")
    parser.add_argument(
        "--parts", default=",".join(PARTS), help="comma-separated, of: " + ", ".join(PARTS)
    )
    parser.add_argument("--max-requests", type=int, default=30000)
    parser.add_argument("--max-seconds", type=float, default=600)
    parser.add_argument(
        "--schemathesis", type=int, default=0, metavar="SECONDS", help="per session; 0: none"
    )
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    parts = [part.strip() for part in args.parts.split(",") if part.strip()]
    unknown = [part for part in parts if part not in PARTS]
    if unknown:
        parser.error(f"unknown parts: {', '.join(unknown)}")
    tally = probe(
        args.url,
        parts=parts,
        max_requests=args.max_requests,
        max_seconds=args.max_seconds,
        schemathesis_seconds=args.schemathesis,
        seed=args.seed,
    )
    print(tally.report())
    return 1 if tally.findings() else 0


if __name__ == "__main__":
    sys.exit(main())
