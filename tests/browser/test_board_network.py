"""A board that never waits for the network, in Chromium: a tap is drawn before its answer
comes (the answers are held back by Playwright's routing), the server's answer confirms
it or its refusal puts the server's board back with that one change; offline
(``context.set_offline``) the board stays where it is, the taps wait and are sent in order
once the connection is back, and the board then agrees with a GET of the game within two
seconds, with nothing stale left in the bar or the status line. A move the server took
whose answer was lost is not sent twice, and a reload shows everything the server took.
board.js does nothing when imported: its init() sets the board up."""

from __future__ import annotations

import json
import re
import time

import pytest
from django.utils import translation
from playwright.sync_api import Page, expect

from game.models import Game
from mahjong import Board, match_class
from tests.api.helpers import EXAMPLE, path_to_stuck
from tests.browser.accessibility import assert_no_axe_violations
from tests.browser.test_board import SCREENSHOTS, fast_forward, open_board, tile

# A stored flow: CI runs it again on PostgreSQL (make test-database).
pytestmark = pytest.mark.stored_flow

TAPS = re.compile(r".*/api/games/[^/]+/tap$")

# Every change of a tile's `hidden` attribute from now on, per tile id.
WATCH_HIDDEN = """(ids) => {
  window.__hidden = Object.fromEntries(ids.map((id) => [id, []]));
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      window.__hidden[record.target.dataset.id].push(record.target.hidden);
    }
  });
  for (const id of ids) {
    const button = document.querySelector(`#board-tiles .tile[data-id="${id}"]`);
    observer.observe(button, {attributes: true, attributeFilter: ['hidden']});
  }
}"""

# The board as shown against the game as a GET gives it: the tiles shown, the selection,
# the tiles left. Equal when the two agree.
BOARD_AND_SERVER = """async () => {
  const id = document.getElementById('board').controller.game.id;
  const server = await (await fetch(`/api/games/${id}`)).json();
  const shown = [...document.querySelectorAll('#board-tiles .tile')]
    .filter((button) => !button.hidden).map((button) => Number(button.dataset.id))
    .sort((a, b) => a - b);
  const pressed = document.querySelector('#board-tiles .tile[aria-pressed="true"]:not([hidden])');
  return {
    board: {shown, selected: pressed ? Number(pressed.dataset.id) : null,
            left: Number(document.getElementById('tiles-left').textContent)},
    server: {shown: server.tiles.filter((t) => !t.removed).map((t) => t.id),
             selected: server.selected, left: server.tiles_left},
  };
}"""

# Where each tile is drawn (its box), by id.
BOXES = """() => Object.fromEntries([...document.querySelectorAll('#board-tiles .tile')]
  .filter((button) => !button.hidden)
  .map((button) => { const b = button.getBoundingClientRect();
                     return [button.dataset.id, [b.x, b.y, b.width, b.height]]; }))"""


def words(lang: str, text: str) -> str:
    with translation.override(lang):
        return translation.gettext(text)


def pairs_and_strangers(board: Board) -> tuple[tuple[int, int], tuple[int, int], int]:
    """A free matching pair, two free tiles that do not match, and a blocked tile."""
    free = board.free_tiles()
    pair = board.hint()
    classes = {i: match_class(board.faces[i]) for i in free}
    strangers = next((a, b) for a in free for b in free if a < b and classes[a] != classes[b])
    blocked = next(i for i in range(144) if i not in free)
    return pair, strangers, blocked


WAITING = "document.getElementById('board').controller.waiting"
LEFT = "(id) => fetch(`/api/games/${id}`).then((answer) => answer.json()).then((g) => g.tiles_left)"


def answer_held(page: Page, held: list, *answers) -> None:
    """Let the held taps through, in order, until no tap waits: each with the next of
    ``answers`` (a function of the route), the server's own answer once they run out."""
    answers = list(answers)
    while held or page.evaluate(WAITING):
        if held:
            route = held.pop(0)
            (answers.pop(0) if answers else lambda route: route.continue_())(route)
        page.wait_for_timeout(30)


def agree_within(page: Page, *, seconds: float, left: int) -> bool:
    """Whether, within ``seconds``, no tap waits and the board agrees with a GET of the
    game with ``left`` tiles left (polled here: page.wait_for_function does not wait for
    a promise)."""
    deadline = time.monotonic() + seconds
    while True:
        if not page.evaluate(WAITING):
            both = page.evaluate(BOARD_AND_SERVER)
            if both["board"] == both["server"] and both["server"]["left"] == left:
                return True
        if time.monotonic() > deadline:
            return False
        page.wait_for_timeout(50)


def agreed(page: Page) -> bool:
    both = page.evaluate(BOARD_AND_SERVER)
    return both["board"] == both["server"]


def test_taps_are_drawn_before_their_answers_and_a_refusal_shows_the_server_board(
    live_server, page: Page
):
    board = Board.from_code(EXAMPLE)
    (a, b), (c, d), _blocked = pairs_and_strangers(board)
    page.emulate_media(reduced_motion="reduce")  # no leaving movement: each change once
    open_board(page, live_server, "de")
    held = []
    page.route(TAPS, lambda route: held.append(route))
    page.evaluate(WATCH_HIDDEN, [a, b])

    # A selection, and a moved selection, before any answer.
    tile(page, c).click()
    expect(tile(page, c)).to_have_attribute("aria-pressed", "true")
    tile(page, d).click()
    expect(tile(page, d)).to_have_attribute("aria-pressed", "true")
    expect(tile(page, c)).to_have_attribute("aria-pressed", "false")
    tile(page, d).click()  # the selection taken back
    expect(tile(page, d)).to_have_attribute("aria-pressed", "false")
    page.wait_for_timeout(100)  # the tap requests are sent one after the other
    assert len(held) == 1 and page.evaluate(WAITING) == 3  # all three wait for answers
    answer_held(page, held)
    expect(page.locator("#board-tiles .tile[aria-pressed='true']")).to_have_count(0)

    # A pair leaves at once and stays gone when the server agrees: one change each.
    tile(page, a).click()
    tile(page, b).click()
    expect(tile(page, a)).to_be_hidden()
    expect(tile(page, b)).to_be_hidden()
    expect(page.locator("#tiles-left")).to_have_text("142")
    answer_held(page, held)
    assert page.evaluate("window.__hidden") == {str(a): [True], str(b): [True]}
    assert agreed(page)

    # The server refuses a pair: it comes back, with the server's board.
    (e, f) = Board.from_code(EXAMPLE, [(a, b)]).hint()
    page.evaluate(WATCH_HIDDEN, [e, f])
    tile(page, e).click()
    tile(page, f).click()
    expect(tile(page, f)).to_be_hidden()
    expect(page.locator("#tiles-left")).to_have_text("140")
    refusal = json.dumps({"error": {"code": "conflict", "message": "Nein."}})
    answer_held(
        page,
        held,
        lambda route: route.continue_(),  # the first tap is taken: e is selected
        lambda route: route.fulfill(status=409, content_type="application/json", body=refusal),
    )
    expect(tile(page, f)).to_be_visible()
    expect(tile(page, e)).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#tiles-left")).to_have_text("142")
    expect(page.locator("#board-status")).to_have_text("Nein.")
    assert page.evaluate("window.__hidden") == {str(e): [True, False], str(f): [True, False]}
    assert agreed(page)
    assert page.evaluate(BOARD_AND_SERVER)["server"]["selected"] == e


def test_offline_the_board_stays_the_taps_wait_and_are_sent_in_order(live_server, page: Page):
    board = Board.from_code(EXAMPLE)
    (a, b), (c, _d), _blocked = pairs_and_strangers(board)
    page.emulate_media(reduced_motion="reduce")
    errors = open_board(page, live_server, "sv")
    game_id = page.evaluate("document.getElementById('board').controller.game.id")
    notice = page.locator("#connection-notice")
    clock = page.locator("#connection-clock")
    status = page.locator("#board-status")
    expect(notice).to_be_hidden()
    before = page.evaluate(BOXES)
    bar = page.locator("#board-bar").bounding_box()

    offline_clock = words(
        "sv", "Offline, the clock runs on, in a ranked game too: the server keeps the time."
    )
    page.context.set_offline(True)
    try:
        expect(notice).to_be_visible()
        expect(notice).to_have_text(words("sv", "Offline. Your moves wait."))
        expect(clock).to_be_visible()
        expect(clock).to_have_text(offline_clock)
        tile(page, a).click()  # puts the clock's words away, and counts
        expect(clock).to_be_hidden()
        tile(page, b).click()
        expect(tile(page, a)).to_be_hidden()
        expect(tile(page, b)).to_be_hidden()
        tile(page, c).click()
        expect(tile(page, c)).to_have_attribute("aria-pressed", "true")
        expect(notice).to_be_visible()
        assert page.evaluate(WAITING) == 3
        notice.click()  # the notice says again what the clock does
        expect(clock).to_be_visible()
        expect(clock).to_have_text(offline_clock)
        page.keyboard.press("Escape")
        expect(clock).to_be_hidden()
        # Nothing moved: every tile still shown is where it was, the bar keeps its size.
        after = page.evaluate(BOXES)
        assert after == {key: box for key, box in before.items() if key not in (str(a), str(b))}
        assert page.locator("#board-bar").bounding_box() == bar
        assert page.locator("#offline-notice").count() == 0  # no band above the board
        game = Game.objects.get(id=game_id)
        assert (game.history, game.selected) == ([], None)  # nothing reached the server
    finally:
        page.context.set_offline(False)

    # Within two seconds of the connection's return: the taps were sent in order, and the
    # board, the server and the bar agree.
    assert agree_within(page, seconds=2, left=142)
    expect(notice).to_be_hidden(timeout=2000)
    expect(clock).to_be_hidden()
    assert status.text_content() != words("sv", "The server could not be reached. Try again.")
    server = page.evaluate(BOARD_AND_SERVER)["server"]  # the pair went, then c was selected
    assert (server["selected"], sorted(set(range(144)) - set(server["shown"]))) == (
        c,
        sorted([a, b]),
    )
    # The browser's own line for each request it could not send is all: no error of the page.
    assert [error for error in errors if "ERR_INTERNET_DISCONNECTED" not in error] == []


def test_a_move_taken_whose_answer_was_lost_is_not_sent_twice_and_a_reload_keeps_it(
    live_server, page: Page
):
    board = Board.from_code(EXAMPLE)
    (a, b), _strangers, _blocked = pairs_and_strangers(board)
    open_board(page, live_server, "el")
    game_id = page.evaluate("document.getElementById('board').controller.game.id")
    sent = []

    def taken_then_lost(route):
        sent.append(route.request.post_data_json["tile"])
        route.fetch()  # the server takes the tap ...
        route.abort("internetdisconnected")  # ... and its answer never arrives

    page.route(TAPS, taken_then_lost)
    tile(page, a).click()
    expect(page.locator("#connection-notice")).to_be_visible()
    page.unroute(TAPS)
    # The GET after the lost answer shows the tap taken: the board shows the server's game.
    expect(tile(page, a)).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#connection-notice")).to_be_hidden()
    assert sent == [a]
    assert page.evaluate(BOARD_AND_SERVER)["server"]["selected"] == a  # not deselected again

    # A tap the server took but whose answer is still on its way when the page reloads.
    page.route(TAPS, lambda route: route.fetch() and None)  # taken, never answered
    tile(page, b).click()
    expect(tile(page, b)).to_be_hidden()
    # The server took it (its answer still held): its GET says so.
    deadline = time.monotonic() + 10
    while page.evaluate(LEFT, game_id) != 142:
        assert time.monotonic() < deadline, "the server never took the tap"
        page.wait_for_timeout(50)
    page.unroute(TAPS)
    page.reload()
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false")
    expect(tile(page, a)).to_be_hidden()
    expect(tile(page, b)).to_be_hidden()
    expect(page.locator("#tiles-left")).to_have_text("142")


def test_board_js_does_nothing_when_imported_and_init_sets_the_board_up(live_server, page: Page):
    requests = []
    page.route("**/js/play.js", lambda route: route.abort())
    page.on("request", lambda request: "/api/" in request.url and requests.append(request.url))
    page.goto(f"{live_server.url}/id/play/?code={EXAMPLE}")
    url = page.evaluate(
        "() => new URL(document.querySelector('script[src*=\"play.js\"]').src, location.href)"
        ".href.replace(/play\\.js.*$/, 'board.js')"
    )
    page.evaluate("async (url) => { window.__board = await import(url); }", url)
    page.wait_for_timeout(200)
    expect(page.locator("#board")).to_have_attribute("aria-busy", "true")
    assert page.locator("#board-tiles .tile").count() == 0 and requests == []

    page.evaluate("() => { window.__board.init(); }")
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false")
    expect(page.locator("#board-tiles .tile")).to_have_count(144)


@pytest.mark.parametrize("lang", ["de"])
def test_a_reloaded_stuck_game_says_no_more_moves(live_server, page: Page, lang):
    open_board(page, live_server, lang)
    fast_forward(page, path_to_stuck())
    expect(page.locator("#board-status")).to_have_text(words(lang, "No more moves"))


def test_the_offline_notice_is_accessible_in_both_themes_and_fits_a_phone_bar(
    live_server, axe_page: Page
):
    """The notice and the clock's words, shown, in the light and the dark theme at
    1280×800 and on an upright phone, in German (the longest words): axe-clean, the
    notice inside the bar, the bar's size and every tile's place kept. Screenshots go to
    artifacts/screenshots/."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    open_board(axe_page, live_server, "de")
    notice = axe_page.locator("#connection-notice")
    for width, height in ((1280, 800), (390, 844)):
        axe_page.set_viewport_size({"width": width, "height": height})
        axe_page.wait_for_timeout(100)  # the board fits itself to the new size
        bar = axe_page.locator("#board-bar").bounding_box()
        tiles = axe_page.evaluate(BOXES)
        for scheme in ("light", "dark"):
            axe_page.emulate_media(color_scheme=scheme)
            axe_page.context.set_offline(True)
            try:
                expect(notice).to_be_visible()
                box = notice.bounding_box()
                assert bar["y"] <= box["y"] and box["y"] + box["height"] <= bar["y"] + bar["height"]
                expect(axe_page.locator("#connection-clock")).to_be_visible()
                assert axe_page.locator("#board-bar").bounding_box() == bar
                assert axe_page.evaluate(BOXES) == tiles  # no tile moved
                axe_page.screenshot(path=SCREENSHOTS / f"board-offline-{width}-{scheme}.png")
                assert_no_axe_violations(axe_page)
            finally:
                axe_page.context.set_offline(False)
            expect(notice).to_be_hidden()


def test_a_move_the_site_cannot_answer_for_now_waits_like_an_offline_one(live_server, page: Page):
    """A 503 (the database out, say) takes nothing: the tap waits, is sent again, and the
    notice goes once it is taken."""
    board = Board.from_code(EXAMPLE)
    (a, _b), _strangers, _blocked = pairs_and_strangers(board)
    open_board(page, live_server, "id")
    unavailable = []

    def once_unavailable(route):
        if unavailable:
            route.continue_()
        else:
            unavailable.append(route.request.post_data_json["tile"])
            route.fulfill(status=503, headers={"Retry-After": "1"}, body="")

    page.route(TAPS, once_unavailable)
    tile(page, a).click()
    expect(tile(page, a)).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#connection-notice")).to_be_visible()
    expect(page.locator("#connection-notice")).to_be_hidden()
    assert unavailable == [a]
    assert agree_within(page, seconds=5, left=144)
    assert page.evaluate(BOARD_AND_SERVER)["server"]["selected"] == a
