"""The play page in real Chromium, in all four languages: mouse and keyboard play, hint,
undo, pause, "No more moves", a won game, a replay by code, accessibility (phones: test_phone.py).

The server decides everything; these tests only click and read what the page shows.
Long games are fast-forwarded through the API from inside the page (the same session),
then the page is reloaded: it resumes the game in progress.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings
from playwright.sync_api import Page, expect

from mahjong import Board
from tests.api.helpers import EXAMPLE, path_to_stuck
from tests.browser.accessibility import assert_no_axe_violations, assert_valid_html
from tests.browser.page_clock import hold_the_clock, seconds_on

LANGUAGES = [code for code, _name in settings.LANGUAGES]
SCREENSHOTS = Path(settings.BASE_DIR, "artifacts", "screenshots")

TEXT = {
    "sv": {
        "stuck": "Inga fler drag",
        "removed": "Paret togs bort. 142 brickor kvar.",
        "hint": "Tips",
        "undo": "Ångra",
        "pause": "Paus",
        "resume": "Fortsätt",
        "new": "Nytt spel",
        "won": "Du vann",
        "free": "fri",
        "bamboo": "Bambu",
        "bad_code": "Sista delen av spelkoden måste ha exakt tolv tecken, eller sju i en kod som börjar med MJ1.",
        "play_code": "Spela med koden",
        "board": "Spelbräde",
    },
    "el": {
        "stuck": "Δεν υπάρχουν κινήσεις",
        "removed": "Το ζευγάρι αφαιρέθηκε. Απομένουν 142 πλακίδια.",
        "hint": "Υπόδειξη",
        "undo": "Αναίρεση",
        "stuck_undo": "Αναίρεση τελευταίας κίνησης",
        "pause": "Παύση",
        "resume": "Συνέχεια",
        "new": "Νέο παιχνίδι",
        "won": "Κερδίσατε",
        "free": "ελεύθερο",
        "bamboo": "Μπαμπού",
        "bad_code": "Το τελευταίο μέρος του κωδικού πρέπει να έχει ακριβώς δώδεκα χαρακτήρες, ή επτά σε κωδικό που αρχίζει με MJ1.",
        "play_code": "Παίξτε με αυτόν τον κωδικό",
        "board": "Ταμπλό",
    },
    "de": {
        "stuck": "Keine Züge mehr",
        "removed": "Paar entfernt. Noch 142 Spielsteine.",
        "hint": "Hinweis",
        "undo": "Rückgängig",
        "stuck_undo": "Letzten Zug rückgängig machen",
        "pause": "Pause",
        "resume": "Weiter",
        "new": "Neues Spiel",
        "won": "Gewonnen! Ihre Zeit:",
        "free": "frei",
        "bamboo": "Bambus",
        "bad_code": "Der letzte Teil eines Spielcodes muss genau zwölf Zeichen haben (sieben bei einem Code, der mit MJ1 beginnt).",
        "play_code": "Diesen Code spielen",
        "board": "Spielfeld",
    },
    "id": {
        "stuck": "Tidak ada langkah lagi",
        "removed": "Pasangan disingkirkan. Tersisa 142 ubin.",
        "hint": "Petunjuk",
        "undo": "Batal",
        "stuck_undo": "Batalkan langkah terakhir",
        "pause": "Jeda",
        "resume": "Lanjutkan",
        "new": "Permainan baru",
        "won": "Anda menang",
        "free": "bebas",
        "bamboo": "Bambu",
        "bad_code": "Bagian terakhir kode permainan harus terdiri atas tepat dua belas karakter, atau tujuh karakter pada kode yang diawali dengan MJ1.",
        "play_code": "Mainkan dengan kode ini",
        "board": "Papan permainan",
    },
}

# Taps sent from inside the page, with the page's own CSRF token and session cookie.
FAST_FORWARD = (
    """async ([pairs]) => {
  const config = JSON.parse(document.getElementById('board-config').textContent);
  const headers = {'Content-Type': 'application/json', 'X-CSRFToken': config.csrfToken};
  const state = await (await fetch('/api/games', {method: 'POST', headers,
    body: JSON.stringify({code: '%s'})})).json();
  for (const [a, b] of pairs) {
    for (const tile of [a, b]) {
      const r = await fetch(`/api/games/${state.id}/tap`, {method: 'POST', headers,
        body: JSON.stringify({tile})});
      if (!r.ok) throw new Error(await r.text());
    }
  }
  return state.id;
}"""
    % EXAMPLE
)


def tile(page: Page, tile_id: int):
    return page.locator(f'#board-tiles .tile[data-id="{tile_id}"]')


def open_board(page: Page, live_server, lang: str, query: str = f"?code={EXAMPLE}"):
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{live_server.url}/{lang}/play/{query}")
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false")
    return errors


def fast_forward(page: Page, pairs) -> None:
    """Start the example game afresh with these pairs removed, then reload the page."""
    page.evaluate(FAST_FORWARD, [[list(p) for p in pairs]])
    page.goto(page.url.split("?")[0])
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false")


def watch_the_answers(page: Page) -> tuple[list[int], list[str]]:
    """From now on: the size of each tap's answer, and every request for the whole game
    (the "can it still be won" check after each removal is a request of its own)."""
    sizes: list[int] = []
    reloads: list[str] = []
    page.on("response", lambda r: sizes.append(len(r.body())) if r.url.endswith("/tap") else None)
    page.on(
        "request",
        lambda r: (
            reloads.append(r.url)
            if r.method == "GET" and "/api/games/" in r.url and not r.url.endswith("/winnable")
            else None
        ),
    )
    return sizes, reloads


@pytest.fixture
def example():
    return Board.from_code(EXAMPLE)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_pair_removed_by_mouse(live_server, page: Page, lang, example):
    errors = open_board(page, live_server, lang)
    expect(page.locator("#code-input")).to_have_value(EXAMPLE)
    expect(page.locator("#board-tiles .tile.is-free")).to_have_count(35)
    a, b = example.hint()

    tile(page, a).click()
    expect(tile(page, a)).to_have_attribute("aria-pressed", "true")
    tile(page, b).click()

    expect(tile(page, a)).to_be_hidden()
    expect(tile(page, b)).to_be_hidden()
    expect(page.locator("#tiles-left")).to_have_text("142")
    expect(page.locator("#board-status")).to_have_text(TEXT[lang]["removed"])
    expect(page.get_by_role("button", name=TEXT[lang]["undo"], exact=True)).to_be_enabled()
    assert errors == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_tiles_have_translated_accessible_names(live_server, page: Page, lang, example):
    open_board(page, live_server, lang)
    free_bamboo = next(i for i in example.free_tiles() if example.faces[i].endswith("B"))
    number = example.faces[free_bamboo][0]
    expected = f"{TEXT[lang]['bamboo']} {number}, {TEXT[lang]['free']}"
    expect(tile(page, free_bamboo)).to_have_attribute("aria-label", expected)
    board = page.get_by_role("group", name=TEXT[lang]["board"])
    expect(board.get_by_role("button", name=expected).first).to_be_visible()


def _focused_id(page: Page) -> int | None:
    value = page.evaluate("document.activeElement && document.activeElement.dataset.id")
    return int(value) if value is not None else None


def _walk_to(page: Page, example: Board, target: int) -> None:
    """Move the keyboard focus to a free tile with the arrow keys only."""
    positions = example.deal.layout.positions
    for _ in range(60):
        current = _focused_id(page)
        assert current is not None, "the focus left the board"
        if current == target:
            return
        (fx, fy, _fz), (tx, ty, _tz) = positions[current], positions[target]
        if abs(tx - fx) >= abs(ty - fy):
            key = "ArrowRight" if tx > fx else "ArrowLeft"
        else:
            key = "ArrowDown" if ty > fy else "ArrowUp"
        page.keyboard.press(key)
    raise AssertionError(f"could not reach tile {target} with the arrow keys")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_pair_removed_by_keyboard(live_server, page: Page, lang, example):
    open_board(page, live_server, lang)
    a, b = example.hint()
    # One tab stop for the whole board (roving tabindex), on a free tile.
    roving = page.locator('#board-tiles .tile[tabindex="0"]')
    expect(roving).to_have_count(1)
    roving.focus()
    assert example.is_free(_focused_id(page))

    _walk_to(page, example, a)
    page.keyboard.press("Enter")
    expect(tile(page, a)).to_have_attribute("aria-pressed", "true")
    _walk_to(page, example, b)
    page.keyboard.press("Space")

    expect(tile(page, a)).to_be_hidden()
    expect(tile(page, b)).to_be_hidden()
    expect(page.locator("#board-status")).to_have_text(TEXT[lang]["removed"])
    # The focus stays on the board, on a free tile.
    focused = _focused_id(page)
    assert focused is not None and focused not in (a, b)
    # The focus ring is visible.
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_hint_then_undo(live_server, page: Page, lang, example):
    open_board(page, live_server, lang)
    page.get_by_role("button", name=TEXT[lang]["hint"], exact=True).click()
    hinted = page.locator("#board-tiles .tile.is-hint")
    expect(hinted).to_have_count(2)
    ids = sorted(int(i) for i in hinted.evaluate_all("els => els.map(e => e.dataset.id)"))
    assert tuple(ids) == tuple(sorted(example.hint()))
    expect(page.locator("#board-status")).to_contain_text(TEXT[lang]["hint"])

    for tile_id in ids:
        tile(page, tile_id).click()
    expect(page.locator("#tiles-left")).to_have_text("142")
    page.get_by_role("button", name=TEXT[lang]["undo"], exact=True).click()
    expect(page.locator("#tiles-left")).to_have_text("144")
    for tile_id in ids:
        expect(tile(page, tile_id)).to_be_visible()
    expect(page.get_by_role("button", name=TEXT[lang]["undo"], exact=True)).to_be_disabled()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_pause_hides_the_tiles_and_stops_the_clock(live_server, page: Page, lang, example):
    hold_the_clock(page)
    open_board(page, live_server, lang)
    a = example.free_tiles()[0]
    tile(page, a).click()  # the first tap starts the clock
    expect(tile(page, a)).to_have_attribute("aria-pressed", "true")
    # One model: a toggle named "Pause", pressed while paused (never "Continue, pressed").
    toggle = page.get_by_role("button", name=TEXT[lang]["pause"], exact=True)
    expect(toggle).to_have_attribute("aria-pressed", "false")
    toggle.click()

    expect(tile(page, a)).to_be_hidden()
    expect(page.locator("#board-paused")).to_be_visible()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#pause-button")).to_have_text(TEXT[lang]["pause"])
    shown = page.locator("#clock").text_content()
    page.clock.run_for(5000)  # five seconds paused: the clock shows the same time
    expect(page.locator("#clock")).to_have_text(shown)

    page.locator("#resume-button").click()
    expect(tile(page, a)).to_be_visible()
    expect(page.locator("#board-paused")).to_be_hidden()
    expect(toggle).to_have_attribute("aria-pressed", "false")
    page.clock.run_for(5000)  # running again: five seconds on
    expect(page.locator("#clock")).to_have_text(seconds_on(shown, 5))
    toggle.click()  # the toggle resumes too
    expect(toggle).to_have_attribute("aria-pressed", "true")
    toggle.click()
    expect(page.locator("#board-paused")).to_be_hidden()


def test_leaving_the_tab_pauses_the_game(live_server, page: Page, example):
    open_board(page, live_server, "sv")
    first = example.free_tiles()[0]
    tile(page, first).click()
    expect(tile(page, first)).to_have_attribute("aria-pressed", "true")
    page.evaluate(
        """() => {
          Object.defineProperty(document, 'visibilityState', {value: 'hidden', configurable: true});
          document.dispatchEvent(new Event('visibilitychange'));
        }"""
    )
    expect(page.locator("#board-paused")).to_be_visible()


def _game_id(page: Page) -> str:
    return page.evaluate("() => document.getElementById('board').controller.game.id")


@pytest.mark.parametrize("how", ["nav link", "reload"])
def test_play_to_play_then_tap_at_once(live_server, page: Page, example, how):
    """The page left behind pauses the game as it goes; that pause must never
    win against the page that replaced it, whenever it arrives."""
    open_board(page, live_server, "id")
    a, b = example.hint()
    tile(page, a).click()  # the clock runs
    expect(tile(page, a)).to_have_attribute("aria-pressed", "true")
    old_page = page.evaluate(
        "() => JSON.parse(document.getElementById('board-config').textContent).page"
    )
    if how == "reload":
        page.reload()
    else:
        page.locator(".site-nav").get_by_role("link", name="Bermain", exact=True).click()
    tile(page, b).click()  # at once, with no wait for anything: the pair goes
    expect(page.locator("#tiles-left")).to_have_text("142")
    expect(page.locator("#board-paused")).to_be_hidden()
    # The leaving page's pause, arriving now, late: it must not win either.
    status = page.evaluate(
        """async ([id, token]) => {
          const config = JSON.parse(document.getElementById('board-config').textContent);
          const r = await fetch(`/api/games/${id}/pause`, {method: 'POST', body: JSON.stringify({page: token}),
            headers: {'Content-Type': 'application/json', 'X-CSRFToken': config.csrfToken}});
          return (await r.json()).event;
        }""",
        [_game_id(page), old_page],
    )
    assert status == "pause_ignored"
    c = next(t for t in example.free_tiles() if t not in (a, b))
    tile(page, c).click()
    expect(tile(page, c)).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#board-paused")).to_be_hidden()


# Taps made by clicking the tiles from inside the page, each after the last one's answer
# was applied (board:applied): the page's own click handler, request and drawing, without
# the mouse's round trips to the browser. The tiles left shown after each pair.
CLICK_THROUGH = """async (plan) => {
  const board = document.getElementById('board');
  const shown = [];
  for (const pair of plan) {
    for (const id of pair) {
      const applied = new Promise((resolve, reject) => {
        board.addEventListener('board:applied', resolve, {once: true});
        setTimeout(() => reject(new Error(`tile ${id}: no answer applied`)), 30000);
      });
      document.querySelector(`#board-tiles .tile[data-id="${id}"]`).click();
      await applied;
    }
    shown.push(document.getElementById('tiles-left').textContent);
  }
  return shown;
}"""


def test_whole_game_played_from_move_answers(live_server, page: Page, example):
    """Every tap is answered with the change alone (at most 1 KB); the page never needs
    the whole game again. (test_whole_game_won_by_clicking_the_hints plays one with the
    mouse.) Only a won game's answer has words in it (the share text, the win's facts):
    test_last_pair_wins_and_shows_the_time weighs the winning taps' answers in every
    language; the whole game is played once, in the one with the longest words in bytes."""
    open_board(page, live_server, "el")
    sizes, reloads = watch_the_answers(page)
    plan = [list(pair) for pair in example.deal.plan]
    shown = page.evaluate(CLICK_THROUGH, plan)
    assert shown == [str(144 - 2 * count) for count in range(1, len(plan) + 1)]
    expect(page.locator("#won-dialog")).to_be_visible()
    expect(page.locator("#board-tiles .tile:visible")).to_have_count(0)
    assert len(sizes) == 144 and max(sizes) <= 1024
    assert reloads == []


def test_the_board_recovers_from_a_missed_update(live_server, page: Page, example):
    open_board(page, live_server, "de")
    (a, b), (c, d) = example.deal.plan[:2]
    # Another tab of the same player removes a pair: this page hears nothing of it.
    page.evaluate(
        """async ([id, pair]) => {
          const config = JSON.parse(document.getElementById('board-config').textContent);
          const headers = {'Content-Type': 'application/json', 'X-CSRFToken': config.csrfToken};
          for (const tile of pair) {
            await fetch(`/api/games/${id}/tap`, {method: 'POST', headers, body: JSON.stringify({tile})});
          }
        }""",
        [_game_id(page), [a, b]],
    )
    expect(tile(page, a)).to_be_visible()  # still shown: nothing told this page
    tile(page, c).click()  # the answer skips two versions: the page fetches the game
    expect(tile(page, a)).to_be_hidden()
    expect(tile(page, b)).to_be_hidden()
    expect(tile(page, c)).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#tiles-left")).to_have_text("142")
    tile(page, d).click()
    expect(page.locator("#tiles-left")).to_have_text("140")


def test_the_clock_shows_hours_from_an_hour_on(live_server, page: Page, example):
    from game.models import Game

    open_board(page, live_server, "sv")
    Game.objects.filter(id=_game_id(page)).update(elapsed_ms=(3600 + 2 * 60 + 5) * 1000)
    page.reload()
    expect(page.locator("#clock")).to_have_text("1:02:05")
    Game.objects.filter(id=_game_id(page)).update(elapsed_ms=(59 * 60 + 59) * 1000)
    page.reload()
    expect(page.locator("#clock")).to_have_text("59:59")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_more_moves_dialog_offers_undo_and_new_game(live_server, page: Page, lang):
    open_board(page, live_server, lang)
    fast_forward(page, path_to_stuck())

    dialog = page.get_by_role("dialog", name=TEXT[lang]["stuck"])
    expect(dialog).to_be_visible()
    expect(dialog.get_by_role("heading")).to_have_text(TEXT[lang]["stuck"])
    expect(dialog.get_by_role("button", name=TEXT[lang]["new"])).to_be_visible()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOTS / f"board-stuck-{lang}.png")

    undo = TEXT[lang].get("stuck_undo", TEXT[lang]["undo"])
    dialog.get_by_role("button", name=undo, exact=True).click()
    expect(dialog).to_be_hidden()
    expect(page.get_by_role("button", name=TEXT[lang]["hint"], exact=True)).to_be_enabled()


# Where a real mouse clicks the control: the middle of its box, once it is shown, enabled,
# on screen and the element found there (as Playwright's click waits for, at a fraction
# of its cost, paid 216 times by a whole game). null until then.
CLICK_POINTS = """(selector) => {
  const found = [...document.querySelectorAll(selector)];
  const points = [];
  for (const element of found) {
    if (element.disabled || element.hidden) return null;
    const box = element.getBoundingClientRect();
    const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
    if (!box.width || !box.height || x < 0 || y < 0 || x > innerWidth || y > innerHeight) return null;
    if (!element.contains(document.elementFromPoint(x, y))) return null;
    points.push({id: element.dataset.id, x, y});
  }
  return points.length ? points : null;
}"""


def click_points(page: Page, selector: str) -> list[dict]:
    return page.wait_for_function(CLICK_POINTS, arg=selector).json_value()


def test_whole_game_won_by_clicking_the_hints(live_server, page: Page):
    """Hint, then a mouse click on each of the two tiles it shows, 72 times: every hint
    is a pair that can be taken, and every hinted tile can be clicked where it is drawn."""
    errors = open_board(page, live_server, "sv")
    expect(page.get_by_role("button", name="Tips", exact=True)).to_have_id("hint-button")
    hinted = page.locator("#board-tiles .tile.is-hint")
    for removed in range(72):
        [hint] = click_points(page, "#hint-button")
        page.mouse.click(hint["x"], hint["y"])
        points = click_points(page, "#board-tiles .tile.is-hint")
        expect(hinted).to_have_count(2)
        assert len(points) == 2
        for point in points:
            page.mouse.click(point["x"], point["y"])
        expect(page.locator("#tiles-left")).to_have_text(str(144 - 2 * (removed + 1)))

    dialog = page.get_by_role("dialog", name="Grattis!")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("Du vann på ")
    expect(page.locator("#board-tiles .tile:visible")).to_have_count(0)
    assert errors == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_last_pair_wins_and_shows_the_time(live_server, page: Page, lang, example):
    open_board(page, live_server, lang)
    plan = example.deal.plan
    fast_forward(page, plan[:71])
    sizes, reloads = watch_the_answers(page)
    a, b = plan[71]
    tile(page, a).click()
    tile(page, b).click()
    dialog = page.locator("#won-dialog")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text(TEXT[lang]["won"])
    expect(dialog.locator("#won-text")).to_have_text(re.compile(r"\d+:\d\d"))
    expect(page.locator("#tiles-left")).to_have_text("0")
    # The winning answer carries the words of the win in the page's language, and the
    # change alone still: within 1 KB, and the page needs the whole game no more.
    assert len(sizes) == 2 and max(sizes) <= 1024
    assert reloads == []
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOTS / f"board-won-{lang}.png")
    dialog.get_by_role("button", name=TEXT[lang]["new"]).click()
    expect(page.locator("#tiles-left")).to_have_text("144")
    expect(page.locator("#code-input")).not_to_have_value(EXAMPLE)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_replay_by_code(live_server, page: Page, lang, example):
    open_board(page, live_server, lang, query="")
    # A dealt game's code gives every face away: it is held back until the game ends.
    expect(page.locator("#code-input")).to_have_value("")

    # "New game" opens the panel with the layouts and the code form.
    page.get_by_role("button", name=TEXT[lang]["new"], exact=True).click()
    panel = page.get_by_role("dialog", name=TEXT[lang]["new"])
    expect(panel).to_be_visible()
    page.locator("#code-input").fill(" mj1-l00-aaaaabl ")
    panel.get_by_role("button", name=TEXT[lang]["play_code"]).click()
    expect(panel).to_be_hidden()
    expect(page.locator("#code-input")).to_have_value(EXAMPLE)
    expect(page).to_have_url(f"{live_server.url}/{lang}/play/?code={EXAMPLE}")
    a, b = example.hint()
    expect(tile(page, a)).to_have_attribute("data-face", example.faces[a])

    # A bad code is explained in the page's language, and the game goes on.
    page.get_by_role("button", name=TEXT[lang]["new"], exact=True).click()
    page.locator("#code-input").fill("MJ1-L00-AAAAAB")
    panel.get_by_role("button", name=TEXT[lang]["play_code"]).click()
    expect(panel).to_be_visible()  # the panel stays open to say why
    expect(page.locator("#code-error")).to_have_text(TEXT[lang]["bad_code"])
    expect(page.locator("#code-input")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#tiles-left")).to_have_text("144")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_bad_code_in_the_address_is_explained(live_server, page: Page, lang):
    response = page.goto(f"{live_server.url}/{lang}/play/?code=MJ1-L00-AAAAAB")
    assert response.status == 400
    # The panel with the code form opens at once, saying what is wrong.
    expect(page.locator("#new-game-panel")).to_be_visible()
    expect(page.locator("#code-error")).to_have_text(TEXT[lang]["bad_code"])
    page.keyboard.press("Escape")
    expect(page.locator("#new-game-panel")).to_be_hidden()
    # A board is still there to play.
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false")
    expect(page.locator("#board-tiles .tile.is-free").first).to_be_visible()


def test_rules_page_example_link_opens_that_deal(live_server, page: Page, example):
    open_board(page, live_server, "de", query="?code=MJ1-L00-AAAAABL")
    expect(page.locator("#code-input")).to_have_value(EXAMPLE)
    faces = page.locator("#board-tiles .tile").evaluate_all(
        "els => Object.fromEntries(els.map(e => [e.dataset.id, e.dataset.face]))"
    )
    # Faces of tiles lying wholly under others are not sent: every face drawn is the deal's.
    shown = {int(id): face for id, face in faces.items() if face not in (None, "", "null")}
    assert len(shown) >= 72
    assert shown == {id: example.faces[id] for id in shown}


@pytest.mark.parametrize("width", [360, 1280])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_screenshots(live_server, page: Page, lang, width, example):
    page.set_viewport_size({"width": width, "height": 800})
    open_board(page, live_server, lang)
    a, b = example.hint()
    tile(page, example.free_tiles()[-1]).click()
    page.get_by_role("button", name=TEXT[lang]["hint"], exact=True).click()
    expect(page.locator("#board-tiles .tile.is-hint")).to_have_count(2)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOTS / f"board-{lang}-{width}.png", full_page=True)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_play_page_is_accessible_and_valid(live_server, axe_page: Page, lang):
    """As it opens (both themes and both tile sets, a tile selected: test_axe_faces.py)."""
    response = axe_page.goto(f"{live_server.url}/{lang}/play/?code={EXAMPLE}")
    assert response.status == 200
    html = response.text()
    expect(axe_page.locator("#board")).to_have_attribute("aria-busy", "false")
    assert_no_axe_violations(axe_page)
    assert_valid_html(html)


def test_theme_chosen_on_the_board_is_kept_over_a_reload(live_server, browser):
    """Dark by the system's setting at first; the light theme chosen on the board stays
    over a reload, set before the page is drawn; choosing dark again follows the system."""
    context = browser.new_context(color_scheme="dark")
    page = context.new_page()
    try:
        open_board(page, live_server, "de")
        toggle = page.get_by_role("button", name="Dunkles Design")
        expect(toggle).to_have_attribute("aria-pressed", "true")
        assert page.evaluate("document.documentElement.dataset.theme") is None
        dark_bg = page.evaluate("getComputedStyle(document.body).backgroundColor")
        toggle.click()
        expect(toggle).to_have_attribute("aria-pressed", "false")
        expect(page.locator("html")).to_have_attribute("data-theme", "light")
        assert page.evaluate("localStorage.getItem('mahjong.theme')") == "light"
        page.reload()
        # Set in the page's head, before the body is drawn.
        assert page.evaluate("document.documentElement.dataset.theme") == "light"
        expect(toggle).to_have_attribute("aria-pressed", "false")
        assert page.evaluate("getComputedStyle(document.body).backgroundColor") != dark_bg
        toggle.click()
        expect(toggle).to_have_attribute("aria-pressed", "true")
        assert page.evaluate("localStorage.getItem('mahjong.theme')") is None
        assert page.evaluate("getComputedStyle(document.body).backgroundColor") == dark_bg
    finally:
        context.close()


def test_dialog_and_paused_states_are_accessible(live_server, axe_page: Page):
    open_board(axe_page, live_server, "el")
    fast_forward(axe_page, path_to_stuck())
    expect(axe_page.locator("#stuck-dialog")).to_be_visible()
    assert_no_axe_violations(axe_page)
    axe_page.locator('#stuck-dialog [data-action="undo"]').click()
    axe_page.get_by_role("button", name="Παύση", exact=True).click()
    expect(axe_page.locator("#board-paused")).to_be_visible()
    assert_no_axe_violations(axe_page)
