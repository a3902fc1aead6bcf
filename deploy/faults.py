"""Fault drills: the stack under a steady load of players while something breaks.

    python -m deploy.faults [postgres-restart] [redis-stop] [app-kill]    (all by default)

starts a private PostgreSQL and Redis in a temporary folder, two app servers behind nginx
(deploy/stack.py), and a few simulated players on 127.0.0.1 who create games, play them to
the end pair by pair and start again (some signed in, some not). Then, for each drill:

- **postgres-restart**: PostgreSQL stops for a few seconds and starts again;
- **redis-stop**: Redis stops for a few seconds (its contents are lost) and starts again;
- **app-kill**: one app server is killed (SIGKILL, as a crash) and started again later.

Each drill prints what the players saw (answers by status, any 500 or any answer that is
not the API's JSON, how long until the first success after the fault ended) and checks
the database afterwards: every game a player saw won is recorded won, once. It exits
non-zero when a drill's expectation fails. Bounded: a few seconds per drill, a few
players, loopback only. tests/ops/test_faults.py runs the same drills on the tests' stack.
"""

from __future__ import annotations

import argparse
import sys
import threading
import time
from collections import Counter
from dataclasses import dataclass, field

import requests

from deploy.playclient import PlayClient, SignUpFailed, own_deal, plan_pairs
from deploy.private import PrivatePostgres, PrivateRedis
from deploy.stack import Stack, private_stack


@dataclass
class Answer:
    at: float
    status: int  # 0: no answer at all (connection refused or reset)
    json_error: str | None = None  # the API's error code, when the answer was one
    is_json: bool = True


@dataclass
class Seen:
    answers: list[Answer] = field(default_factory=list)
    won: set[str] = field(default_factory=set)
    signed_out: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, answer: Answer) -> None:
        with self.lock:
            self.answers.append(answer)


class Player(threading.Thread):
    """One simulated player: plays whole games following each deal's winning plan, and
    after any failed request reads the game again (as the board does) and goes on."""

    #: The first game is played up to its last pairs before the drill (not counted), so
    #: that games are won while the fault happens.
    LAST_PAIRS = 3

    def __init__(self, url: str, seen: Seen, stop: threading.Event, username: str | None):
        super().__init__(daemon=True)
        self.seen, self.stop_event, self.username = seen, stop, username
        self.client = PlayClient(url, timeout=10)
        self.pause = 0.02
        self.ready = threading.Event()  # the first game is nearly won
        self.go = threading.Event()  # the drill has started

    def _record(self, response: requests.Response | None) -> requests.Response | None:
        now = time.monotonic()
        if response is None:
            self.seen.add(Answer(now, 0))
            return None
        is_json = response.headers.get("Content-Type", "").startswith("application/json")
        code = None
        if is_json and response.status_code >= 400:
            try:
                code = response.json()["error"]["code"]
            except (ValueError, KeyError, TypeError):
                is_json = False
        self.seen.add(Answer(now, response.status_code, code, is_json))
        return response

    def _call(self, method: str, path: str, body=None):
        try:
            response = self.client.request(method, path, body)
        except requests.RequestException:
            return self._record(None)
        return self._record(response)

    def _setup(self) -> bool:
        try:
            self.client.open()
            if self.username:
                self.client.sign_up(self.username)
            return True
        except (requests.RequestException, SignUpFailed):
            return False

    def signed_in(self) -> bool | None:
        """Whether the statistics page (signed-in players only) still opens; None when
        the site could not answer at all."""
        try:
            response = self.client.get("/sv/stats/", allow_redirects=False)
        except requests.RequestException:
            return None
        if response.status_code >= 500:
            return None
        return response.status_code == 200

    def run(self) -> None:
        while not self._setup():
            if self.stop_event.wait(0.5):
                return
        first = True
        while not self.stop_event.is_set():
            self._play_one(warm_up=first)
            first = False

    def _play_one(self, warm_up: bool = False) -> None:
        created = self._call("POST", "/api/games", own_deal())
        if created is None or created.status_code != 201:
            self.stop_event.wait(0.2)
            return
        game = created.json()
        plan = plan_pairs(game["code"])
        removed: set[int] = set()
        selected = None
        while not self.stop_event.is_set():
            pair = next((p for p in plan if p[0] not in removed), None)
            if pair is None:
                return
            if warm_up and len(removed) == 2 * (len(plan) - self.LAST_PAIRS):
                warm_up = False
                self.ready.set()
                self.go.wait(timeout=120)
                with self.seen.lock:  # the drill's answers start here
                    self.seen.answers.clear()
            tile = pair[1] if selected == pair[0] else pair[0]
            answer = self._call("POST", f"/api/games/{game['id']}/tap", {"tile": tile})
            if answer is not None and answer.status_code == 200:
                data = answer.json()
                if data.get("state") == "won":
                    with self.seen.lock:
                        self.seen.won.add(game["id"])
                    return
                if tile == pair[1] and selected == pair[0]:
                    removed.update(pair)
                    selected = None
                else:
                    selected = tile
            else:
                # As the board does: read the whole game again and go on from there.
                self.stop_event.wait(0.1)
                state = self._call("GET", f"/api/games/{game['id']}")
                if state is None or state.status_code != 200:
                    continue
                data = state.json()
                if data.get("state") == "won":
                    with self.seen.lock:
                        self.seen.won.add(game["id"])
                    return
                removed = {t["id"] for t in data["tiles"] if t["removed"]}
                selected = data.get("selected")
            self.stop_event.wait(self.pause)


class Load:
    """``players`` players (every other one signed in) until stopped."""

    def __init__(self, url: str, players: int = 6, tag: str = "p"):
        self.seen = Seen()
        self.stop_event = threading.Event()
        self.players = [
            Player(url, self.seen, self.stop_event, f"{tag}{i}" if i % 2 == 0 else None)
            for i in range(players)
        ]

    def __enter__(self) -> Load:
        for player in self.players:
            player.start()
        for player in self.players:  # everyone a few pairs from a win
            player.ready.wait(timeout=120)
        return self

    def go(self) -> None:
        for player in self.players:
            player.go.set()

    def __exit__(self, *exc) -> None:
        self.stop_event.set()
        for player in self.players:
            player.join(timeout=20)


@dataclass
class Report:
    name: str
    lines: list[str] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)

    def say(self, text: str) -> None:
        self.lines.append(text)
        print(f"  {text}", flush=True)

    def expect(self, ok: bool, text: str) -> None:
        self.say(("ok    " if ok else "FAIL  ") + text)
        if not ok:
            self.failures.append(text)


def _window(answers: list[Answer], start: float, end: float) -> list[Answer]:
    return [a for a in answers if start <= a.at < end]


def _describe(answers: list[Answer]) -> str:
    counts = Counter(
        f"{a.status}{'/' + a.json_error if a.json_error else ''}" if a.status else "no answer"
        for a in answers
    )
    return ", ".join(f"{key}: {n}" for key, n in sorted(counts.items())) or "none"


def _first_success_after(answers: list[Answer], moment: float) -> float | None:
    times = [a.at for a in answers if a.at >= moment and 200 <= a.status < 300]
    return min(times) - moment if times else None


def _wins_recorded(env: dict, won: set[str]) -> tuple[int, int]:
    """(how many of ``won`` the database has as won, how many won rows share an id)."""
    import psycopg

    url = env["DATABASE_URL"]
    with psycopg.connect(url) as connection:
        rows = connection.execute(
            "SELECT id::text, result FROM game_game WHERE id::text = ANY(%s)", [list(won)]
        ).fetchall()
    recorded = sum(1 for _id, result in rows if result == "won")
    return recorded, len(rows) - len({row[0] for row in rows})


def _check_wins(report: Report, env: dict, seen: Seen) -> None:
    recorded, doubled = _wins_recorded(env, seen.won)
    report.expect(
        recorded == len(seen.won) and doubled == 0,
        f"games won during the drill: {len(seen.won)}; recorded won: {recorded}; "
        f"recorded twice: {doubled}",
    )


def _check_answers(report: Report, answers: list[Answer], *, allow_503: bool) -> None:
    bad = [a for a in answers if a.status >= 500 and a.status != 503]
    if not allow_503:
        bad += [a for a in answers if a.status == 503]
    report.expect(not bad, f"no server error other than a JSON 503: {_describe(bad) or 'none'}")
    not_json = [a for a in answers if a.status >= 400 and not a.is_json]
    report.expect(not not_json, f"every error is the API's JSON error ({len(not_json)} not)")


def drill_postgres_restart(
    stack: Stack, postgres: PrivatePostgres, env: dict, outage_s: float = 4
) -> Report:
    report = Report("postgres-restart")
    print("== PostgreSQL restarted during load", flush=True)
    with Load(stack.url, tag="pg") as load:
        load.go()
        time.sleep(0.3)
        down = time.monotonic()
        postgres.stop(mode="fast")
        time.sleep(outage_s)
        postgres.start()
        up = time.monotonic()
        time.sleep(6)
    answers = load.seen.answers
    during = _window(answers, down, up)
    report.say(f"before the outage: {_describe(_window(answers, 0, down))}")
    report.say(f"during the {outage_s:.0f} s outage: {_describe(during)}")
    report.say(f"after PostgreSQL was back: {_describe(_window(answers, up, float('inf')))}")
    report.expect(
        any(a.status == 503 and a.json_error == "unavailable" for a in during),
        "requests during the outage got the JSON 503 'unavailable'",
    )
    _check_answers(report, answers, allow_503=True)
    after_ok = [a for a in answers if a.at >= up + 5]
    report.expect(
        bool(after_ok) and all(a.status < 500 for a in after_ok),
        "no server error from 5 s after PostgreSQL returned",
    )
    recovery = _first_success_after(answers, up)
    report.expect(
        recovery is not None and recovery <= 5,
        f"first success {recovery:.2f} s after PostgreSQL returned"
        if recovery is not None
        else "no success after PostgreSQL returned",
    )
    _check_wins(report, env, load.seen)
    return report


def drill_redis_stop(stack: Stack, redis: PrivateRedis, env: dict, outage_s: float = 4) -> Report:
    report = Report("redis-stop")
    print("== Redis stopped during load", flush=True)
    with Load(stack.url, tag="rd") as load:
        load.go()
        time.sleep(0.3)
        signed_in_before = [p.signed_in() for p in load.players if p.username]
        down = time.monotonic()
        redis.stop()
        time.sleep(outage_s / 2)
        signed_in_during = [p.signed_in() for p in load.players if p.username]
        time.sleep(outage_s / 2)
        redis.start()
        up = time.monotonic()
        time.sleep(3)
        signed_in_after = [p.signed_in() for p in load.players if p.username]
    answers = load.seen.answers
    during = _window(answers, down, up)
    report.say(f"during the {outage_s:.0f} s outage: {_describe(during)}")
    report.say(f"after Redis was back: {_describe(_window(answers, up, float('inf')))}")
    report.expect(
        bool(during) and all(200 <= a.status < 300 for a in during),
        "every request during the outage succeeded",
    )
    _check_answers(report, answers, allow_503=False)
    report.expect(
        signed_in_before == signed_in_during == signed_in_after and all(signed_in_after),
        f"signed-in players still signed in: before {signed_in_before}, "
        f"during {signed_in_during}, after {signed_in_after}",
    )
    _check_wins(report, env, load.seen)
    return report


def drill_app_kill(stack: Stack, env: dict, down_s: float = 4) -> Report:
    report = Report("app-kill")
    print("== An app server killed during load", flush=True)
    victim = stack.apps[0]
    with Load(stack.url, tag="ak") as load:
        load.go()
        time.sleep(0.2)
        killed = time.monotonic()
        victim.kill()
        time.sleep(down_s)
        victim.start()
        time.sleep(2)
    answers = load.seen.answers
    after = _window(answers, killed, float("inf"))
    report.say(f"from the kill on: {_describe(after)}")
    failed = [a for a in after if not 200 <= a.status < 300]
    report.expect(
        len(failed) <= len(load.players),
        f"at most one failed request per player (those in flight at the kill): {len(failed)}",
    )
    late = [a for a in answers if a.at >= killed + 1 and not 200 <= a.status < 300]
    report.expect(not late, f"from 1 s after the kill every request succeeded ({len(late)} not)")
    _check_wins(report, env, load.seen)
    return report


DRILLS = ("postgres-restart", "redis-stop", "app-kill")


def run(drills: list[str], stack: Stack, postgres, redis, env) -> list[Report]:
    reports = []
    for name in drills:
        if name == "postgres-restart":
            reports.append(drill_postgres_restart(stack, postgres, env))
        elif name == "redis-stop":
            reports.append(drill_redis_stop(stack, redis, env))
        elif name == "app-kill":
            reports.append(drill_app_kill(stack, env))
    return reports


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("drills", nargs="*", metavar="DRILL", help=", ".join(DRILLS))
    args = parser.parse_args(argv)
    unknown = set(args.drills) - set(DRILLS)
    if unknown:
        parser.error(f"unknown drill {', '.join(sorted(unknown))}: choose from {', '.join(DRILLS)}")
    with private_stack("faults", app_servers=2, workers=1, threads=4) as running:
        reports = run(
            args.drills or list(DRILLS), running.stack, running.postgres, running.redis, running.env
        )
    failed = [r.name for r in reports if r.failures]
    print("== Drills: " + ", ".join(f"{r.name} {'FAIL' if r.failures else 'ok'}" for r in reports))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
