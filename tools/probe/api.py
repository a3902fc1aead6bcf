"""The probe's requests on the JSON API beyond what schemathesis draws: malformed,
oversized and wrongly typed bodies on every endpoint, games in every state (paused,
finished, another visitor's), and concurrent sign-ups, taps and new games."""

from __future__ import annotations

import json
import secrets
from concurrent.futures import ThreadPoolExecutor

from deploy.playclient import own_deal, plan_taps

from .client import OutOfBudget, Site, Visitor
from .garbage import JSON_BODIES, layout_files
from .pages import sign_up

GAME_ACTIONS = ["tap", "undo", "redo", "restart", "winnable", "hint", "pause", "resume"]
CONTENT_TYPES = [
    "application/json",
    "application/json; charset=utf-16",
    "application/json; charset=nope",
    "text/plain",
    "application/x-www-form-urlencoded",
    "multipart/form-data",
    "multipart/form-data; boundary=b",
    None,
]
METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "M"]


def _new_game(visitor: Visitor, body: dict | None = None) -> dict:
    answer = visitor.post_json("new game", "/api/games", json.dumps(body or own_deal()))
    return json.loads(answer.body) if answer.status == 201 else {}


def _signed_in(site: Site) -> Visitor:
    visitor = Visitor(site)
    visitor.get("open", "/sv/play/")
    sign_up(visitor, "probe" + secrets.token_hex(4))
    return visitor


def _endpoints(visitor: Visitor) -> list[str]:
    game = _new_game(visitor)
    layout = visitor.post_json(
        "new layout", "/api/layouts", json.dumps({"name": "probe", "positions": [[0, 0, 0]]})
    )
    layout_id = json.loads(layout.body).get("id", 1) if layout.status == 201 else 1
    paths = ["/api/games", "/api/daily", "/api/health", "/api/openapi.json"]
    paths += [f"/api/games/{game.get('id', 'x')}/{action}" for action in GAME_ACTIONS]
    paths += [f"/api/games/{game.get('id', 'x')}"]
    paths += ["/api/layouts", "/api/layouts/check", "/api/layouts/import"]
    return paths + [f"/api/layouts/{layout_id}", f"/api/layouts/{layout_id}.layout"]


def bodies(site: Site) -> None:
    """Every body with every content type on every endpoint, signed in; then every
    method, and bodies over each size limit."""
    visitor = _signed_in(site)
    for path in _endpoints(visitor):
        for method in METHODS:
            visitor.send("api method", method, path, b"{}" if method != "HEAD" else None)
        for body in JSON_BODIES:
            visitor.post_json("api body", path, body)
        for content_type in CONTENT_TYPES:
            visitor.post_json("api type", path, b'{"tile": 1}', content_type=content_type)
            visitor.post_json("api type", path, b"\x00\xff", content_type=content_type)
        visitor.post_json(
            "api gzip", path, b"\x1f\x8b\x08\x00", headers={"Content-Encoding": "gzip"}
        )
        visitor.post_json("api 5 KB", path, b'{"a": "' + b"x" * 5000 + b'"}')
        visitor.post_json("api 70 KB", path, b'{"a": "' + b"x" * 70_000 + b'"}')
        visitor.post_json("api 3 MB", path, b"[" * 3_000_000)
        visitor.post_json("api no csrf", path, b"{}", csrf=False)
        visitor.post_json("api no cookies", path, b"{}", cookies=False)
        visitor.post_json("api lang", path + "?lang=%00%ff", b"{}")
        visitor.get("api query", path + "?day=%ff&lang=" + "x" * 5000)
    signed_out = Visitor(site)
    signed_out.get("open", "/sv/play/")
    for path in ("/api/layouts", "/api/layouts/check", "/api/layouts/import", "/api/games"):
        for body in JSON_BODIES[:12]:
            signed_out.post_json("api signed out", path, body)


def layout_uploads(site: Site) -> None:
    """Layout files, names and positions full of garbage, as the editor sends them."""
    visitor = _signed_in(site)
    for text in layout_files():
        visitor.post_json("layout file", "/api/layouts/import", json.dumps({"text": text}))
        visitor.post_json(
            "layout file", "/api/layouts/import", json.dumps({"text": text}, ensure_ascii=False)
        )
    names = ["", " ", "\x00", "\u202e", "a" * 61, "👩‍👩‍👧‍👦" * 30, "<b>x</b>", "\ud800"]
    for name in names:
        body = json.dumps({"name": name, "positions": [[0, 0, 0], [2, 0, 0]]})
        answer = visitor.post_json("layout name", "/api/layouts", body)
        if answer.status == 201:
            layout_id = json.loads(answer.body)["id"]
            visitor.post_json(
                "layout rename", f"/api/layouts/{layout_id}", json.dumps({"name": name})
            )
            visitor.get("layout export", f"/api/layouts/{layout_id}.layout")
            visitor.send("layout delete", "DELETE", f"/api/layouts/{layout_id}")
    many = [[x * 2, y * 2, z] for x in range(20) for y in range(20) for z in range(2)]
    visitor.post_json("layout many", "/api/layouts/check", json.dumps({"positions": many}))
    visitor.post_json("layout many", "/api/layouts", json.dumps({"name": "m", "positions": many}))


def game_states(site: Site) -> None:
    """Every action on a paused, a finished, a restarted and another visitor's game, and
    on ids that are no game."""
    owner, other = _signed_in(site), Visitor(site)
    other.get("open", "/sv/play/")
    paused = _new_game(owner)
    owner.post_json("pause", f"/api/games/{paused.get('id')}/pause", b"{}")
    finished = _new_game(owner)
    for tile in plan_taps(finished.get("code") or own_deal()["code"]):
        if (
            owner.post_json(
                "win", f"/api/games/{finished.get('id')}/tap", json.dumps({"tile": tile})
            ).status
            != 200
        ):
            break
    for game in (paused, finished):
        for visitor in (owner, other):
            for action in GAME_ACTIONS:
                path = f"/api/games/{game.get('id')}/{action}"
                visitor.post_json(f"{action} state", path, b'{"tile": 0}')
                visitor.post_json(f"{action} state", path, b'{"to": "winnable"}')
            visitor.get("game state", f"/api/games/{game.get('id')}")
            visitor.get("play state", f"/sv/play/?code={finished.get('code')}")
    for game_id in ("00000000-0000-0000-0000-000000000000", "not-a-uuid", "%00", "1" * 40):
        for action in GAME_ACTIONS:
            owner.post_json("no game", f"/api/games/{game_id}/{action}", b'{"tile": 0}')
    owner.post_json("daily", "/api/games", json.dumps({"daily": "L00"}))
    owner.post_json("daily", "/api/games", json.dumps({"daily": "L99"}))
    owner.get("daily", "/api/daily?day=2000-01-01")
    owner.get("daily", "/api/daily?day=-0001-01-01")


def concurrency(site: Site, threads: int = 8) -> None:
    """The same name signed up many times at once, the same tile tapped many times at once,
    many new games and undos at once in one session."""
    name = "race" + secrets.token_hex(3)
    visitors = [Visitor(site) for _ in range(threads)]
    _run(threads, [lambda v=v: v.get("open", "/sv/play/") for v in visitors])
    _run(threads, [lambda v=v: sign_up(v, name) for v in visitors])
    _run(
        threads,
        [
            lambda v=v, i=i: sign_up(v, f"ＲＡＣＥ{name[4:]}" if i % 2 else name.upper())
            for i, v in enumerate(visitors)
        ],
    )
    player = _signed_in(site)
    game = _new_game(player)
    taps = plan_taps(game.get("code") or own_deal()["code"])
    path = f"/api/games/{game.get('id')}"
    for first, second in zip(taps[0:16:2], taps[1:16:2], strict=True):
        tap = [
            lambda t=t: player.post_json("race tap", path + "/tap", json.dumps({"tile": t}))
            for t in (first, second) * 4
        ]
        _run(threads, tap)
    _run(threads, [lambda: player.post_json("race undo", path + "/undo", b"{}")] * threads)
    _run(
        threads,
        [lambda: player.post_json("race restart", path + "/restart", b"{}")] * 4
        + [lambda: player.post_json("race pause", path + "/pause", b"{}")] * 4,
    )
    _run(
        threads,
        [lambda: player.post_json("race new", "/api/games", json.dumps(own_deal()))] * threads,
    )
    _run(threads, [lambda: player.post_json("race hint", path + "/hint", b"{}")] * threads)
    saves = [
        lambda i=i: player.post_json(
            "race layout",
            "/api/layouts",
            json.dumps({"name": f"r{i % 2}", "positions": [[0, 0, 0]]}),
        )
        for i in range(threads)
    ]
    _run(threads, saves)


def _run(threads: int, calls) -> None:
    with ThreadPoolExecutor(threads) as pool:
        for future in [pool.submit(call) for call in calls]:
            try:
                future.result()
            except OutOfBudget:
                raise
