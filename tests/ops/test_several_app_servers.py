"""Several app servers behind nginx on one PostgreSQL and one Redis: nothing lives in an
app process, so any server serves any request of any player, and one may stop."""

from __future__ import annotations

import re

import requests

from deploy.playclient import PlayClient, own_deal, plan_taps


def test_a_whole_game_alternating_between_app_servers_and_its_win_on_the_other(ops):
    first, second = (app.url for app in ops.stack.apps)
    player = PlayClient(first).open()
    player.sign_up("several_servers")
    created = player.post("/api/games", own_deal(), via=second)
    assert created.status_code == 201
    game = created.json()

    answers = player.win(game, servers=[first, second])  # each tap to the other server
    versions = [answer["version"] for answer in answers]
    assert versions == sorted(versions) and len(set(versions)) == len(versions)
    assert answers[-1]["state"] == "won"

    # Read back through the other server: the game, then the personal leaderboard.
    assert player.get(f"/api/games/{game['id']}", via=first).json()["state"] == "won"
    personal = _personal_wins(player.get("/sv/leaderboard/", via=second).text)
    assert len(personal) == 1
    assert personal == _personal_wins(player.get("/sv/leaderboard/", via=first).text)


def _personal_wins(html: str) -> list[str]:
    """The rows of the leaderboard's "your 10 best times" table."""
    section = html.split('id="personal-title"', 1)[1].split('id="layouts-title"', 1)[0]
    body = section.split("<tbody>", 1)[1].split("</tbody>", 1)[0] if "<tbody>" in section else ""
    return re.findall(r"<tr>.*?</tr>", body, re.S)


def test_the_load_balancer_spreads_requests_and_compresses_html_and_json(ops):
    player = PlayClient(ops.url).open()
    page = player.get("/sv/rules/", headers={"Accept-Encoding": "gzip"})
    assert page.headers.get("Content-Encoding") == "gzip"
    game = player.post("/api/games", {"layout": "L00"})  # requests asks for gzip
    assert game.status_code == 201
    # A new game's whole board (about 13 KB) is compressed too: nginx compresses only
    # 200 answers, so the app compresses its 201.
    assert game.headers.get("Content-Encoding") == "gzip"
    answer = player.get(f"/api/games/{game.json()['id']}", headers={"Accept-Encoding": "gzip"})
    assert answer.headers.get("Content-Encoding") == "gzip"
    assert answer.headers["Content-Type"] == "application/json"


def test_a_long_address_reaches_the_app_and_a_too_long_one_gets_the_json_error(ops):
    """Every answer of the API has its JSON error shape, whatever the address's length:
    gunicorn's own limit (4 KB) answered a bare 414 page, undocumented (schemathesis
    found it); now the app sees every address nginx lets through, and nginx refuses
    longer ones with the API's error."""
    player = PlayClient(ops.url).open()
    game_id = player.post("/api/games", {"layout": "L00"}).json()["id"]

    long_query = "q=" + "x" * 6000
    answer = player.get(f"/api/games/{game_id}?{long_query}")
    assert answer.status_code == 200
    assert answer.json()["id"] == game_id

    too_long_query = "q=" + "x" * 9000
    refused = player.get(f"/api/games/{game_id}?{too_long_query}")
    assert refused.status_code == 414
    assert refused.headers["Content-Type"] == "application/json"
    assert refused.json()["error"]["code"] == "uri_too_long"


def test_static_files_have_hashed_names_and_long_cache_headers(ops):
    player = PlayClient(ops.url).open()
    html = player.get("/sv/play/").text
    scripts = re.findall(r'src="(/static/js/[^"]+\.js)"', html)
    assert scripts and all(re.search(r"\.[0-9a-f]{12}\.js$", src) for src in scripts), scripts
    # The page loads the board through its entry, play.js, which imports board.js.
    (entry,) = [src for src in scripts if src.startswith("/static/js/play.")]
    (board,) = re.findall(r'from\s+"\./(board\.[^"]+)"', player.get(entry).text)
    module = player.get("/static/js/" + board)
    assert "max-age=315360000" in module.headers["Cache-Control"]
    assert "immutable" in module.headers["Cache-Control"]
    # Module imports are rewritten to hashed names too (api.js was imported by its plain
    # name before).
    imports = re.findall(r'from\s+"(\./[^"]+)"', module.text)
    assert imports, "the board's module imports nothing?"
    assert all(re.search(r"\.[0-9a-f]{12}\.js$", name) for name in imports), imports
    api = [name for name in imports if name.startswith("./api.")]
    assert api and player.get("/static/js/" + api[0][2:]).status_code == 200


def test_a_stopped_app_server_mid_game_loses_nothing(ops):
    player = PlayClient(ops.url).open()
    game = player.new_game(own_deal("L02"))
    taps = plan_taps(game["code"])
    half = len(taps) // 2  # an even number: whole pairs
    for tile in taps[:half]:
        assert player.tap(game["id"], tile).status_code == 200

    stopped = ops.stack.apps[0]
    stopped.stop()
    try:
        for tile in taps[half:]:
            answer = player.tap(game["id"], tile)
            assert answer.status_code == 200, answer.text
        state = answer.json()
        assert state["state"] == "won" and state["tiles_left"] == 0
        assert state["version"] == len(taps)
        # Straight to the stopped server: nothing listens there.
        try:
            requests.get(stopped.url + "/api/health", timeout=2)
            reached = True
        except requests.ConnectionError:
            reached = False
        assert not reached
    finally:
        stopped.start()
