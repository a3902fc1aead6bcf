"""How the board answers the hand, in real Chromium: the keyboard shortcuts and their help
sheet, the skip link, the sounds and their mute switch. Few page loads, many checks in
each: the server decides everything, the tests press keys and read what the page shows.
"""

from __future__ import annotations

import itertools
import random
import re
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from playwright.sync_api import Page, expect

from daily import codes as daily
from game.models import Game
from mahjong import Board
from tests.api.helpers import EXAMPLE
from tests.browser.accessibility import assert_no_axe_violations
from tests.browser.test_board import SCREENSHOTS, open_board, tile
from tests.browser.test_stats import FAST_FORWARD as STATS_FAST_FORWARD
from tests.players import plan as person_order

# Every oscillator started is recorded (its first frequency), before any script of the
# page runs: the sounds are all made with Web Audio oscillators.
AUDIO_SPY = """
window.__sounds = [];
const Real = window.AudioContext;
window.AudioContext = class extends Real {
  createOscillator() {
    const oscillator = super.createOscillator();
    const start = oscillator.start.bind(oscillator);
    oscillator.start = (...args) => {
      window.__sounds.push(oscillator.frequency.value);
      return start(...args);
    };
    return oscillator;
  }
};
"""

# The most animations running at once, sampled on every frame and right after each
# answer the board applied. A mismatch's red ring under reduced motion moves nothing and
# is not counted (tests/browser/test_stacks.py checks it).
ANIMATION_WATCH = """
window.__animations = 0;
const look = () => {
  const moving = document.getAnimations().filter((a) => a.id !== 'mismatch-still');
  window.__animations = Math.max(window.__animations, moving.length);
};
const frame = () => { look(); requestAnimationFrame(frame); };
requestAnimationFrame(frame);
document.addEventListener('DOMContentLoaded', () => {
  for (const name of ['applied', 'blocked', 'won']) {
    document.getElementById('board').addEventListener(`board:${name}`, look);
  }
});
"""

KEYS = {
    "de": "H R Strg Z P Esc N ? Pfeiltasten Eingabetaste Leertaste Tab".split(),
}


#: Every animation with an end has ended (the board's own never-ending ones aside).
CELEBRATION_OVER = """() => document.getAnimations().every(
  (a) => a.playState !== 'running' || a.effect.getComputedTiming().endTime === Infinity)"""


def settle(page: Page) -> None:
    """Wait three frames: what the page does one or two frames after an event is done."""
    page.evaluate(
        "() => new Promise((done) => requestAnimationFrame(() =>"
        " requestAnimationFrame(() => requestAnimationFrame(done))))"
    )


def sounds(page: Page) -> int:
    return page.evaluate("window.__sounds.length")


def has_class(name: str) -> re.Pattern:
    return re.compile(rf"(^|\s){name}(\s|$)")


def blocked_tile(board: Board) -> int:
    return next(i for i in range(144) if board.is_present(i) and i not in board.free_tiles())


def mismatch(board: Board) -> tuple[int, int]:
    free = board.free_tiles()
    return next((a, b) for a in free for b in free if board.faces[a] != board.faces[b])


def test_shortcuts_and_skip_link_and_none_while_typing_and_no_motion(live_server, page: Page):
    """Under prefers-reduced-motion, as a player who asked for it: nothing moves."""
    page.emulate_media(reduced_motion="reduce")
    page.add_init_script(ANIMATION_WATCH)
    example = Board.from_code(EXAMPLE)
    errors = open_board(page, live_server, "de")
    left = page.locator("#tiles-left")
    hinted = page.locator("#board-tiles .tile.is-hint")

    # "Skip to the board" is the first stop of Tab, and lands on a tile.
    page.keyboard.press("Tab")
    focused = page.evaluate("document.activeElement.id")
    assert focused == "skip-to-board"
    expect(page.locator("#skip-to-board")).to_have_text("Zum Spielfeld springen")
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.classList.contains('tile')")

    # H: a hint (the deal came from a code: no ranking to lose, no question).
    page.keyboard.press("h")
    expect(hinted).to_have_count(2)
    a, b = example.hint()
    answered = "() => document.getElementById('board').controller.waiting === 0"
    for tile_id in (a, b):
        tile(page, tile_id).click()
    expect(left).to_have_text("142")
    page.wait_for_function(answered)  # drawn at once; undone once the server has it
    page.keyboard.press("r")  # R (Rückgängig): undo
    expect(left).to_have_text("144")
    for tile_id in (a, b):
        tile(page, tile_id).click()
    expect(left).to_have_text("142")
    page.wait_for_function(answered)
    page.keyboard.press("Control+z")  # Ctrl+Z: undo
    expect(left).to_have_text("144")

    paused = page.locator("#board-paused")
    page.keyboard.press("p")  # P pauses and resumes
    expect(paused).to_be_visible()
    page.keyboard.press("p")
    expect(paused).to_be_hidden()
    page.keyboard.press("Escape")  # Esc pauses
    expect(paused).to_be_visible()
    page.keyboard.press("Escape")  # and only pauses
    expect(paused).to_be_visible()
    page.locator("#resume-button").click()
    expect(paused).to_be_hidden()

    # A mismatch and a blocked tap: no movement either.
    for tile_id in mismatch(example):
        tile(page, tile_id).click()
    tile(page, blocked_tile(example)).dispatch_event("click")
    expect(page.locator("#board-status")).to_contain_text("blockiert")
    assert page.evaluate("window.__animations") == 0

    # ?: the help sheet lists every key; Esc closes it without pausing the game.
    help_sheet = page.get_by_role("dialog", name="Tastenkürzel")
    page.keyboard.press("?")
    expect(help_sheet).to_be_visible()
    keys = help_sheet.locator("dt").all_inner_texts()
    for key in KEYS["de"]:
        assert any(key in text for text in keys), key
    page.keyboard.press("h")  # no shortcut under a modal dialog
    expect(hinted).to_have_count(0)
    page.keyboard.press("Escape")
    expect(help_sheet).to_be_hidden()
    expect(paused).to_be_hidden()
    # The help button in the bar opens the same sheet.
    page.get_by_role("button", name="Tastenkürzel").click()
    expect(help_sheet).to_be_visible()
    help_sheet.get_by_role("button", name="Schließen").click()
    expect(help_sheet).to_be_hidden()

    # N opens the New game panel; typing in its code field fires no shortcut.
    panel = page.get_by_role("dialog", name="Neues Spiel")
    page.keyboard.press("n")
    expect(panel).to_be_visible()
    code = page.locator("#code-input")
    code.fill("")
    asked = []
    page.on("request", lambda request: "/api/" in request.url and asked.append(request.url))
    code.press_sequentially("hrpn?")
    expect(code).to_have_value("hrpn?")
    code.press("Control+z")  # the field's own undo, not the board's
    # A shortcut would have asked the server at once, in its key's handler.
    settle(page)
    assert asked == []
    expect(hinted).to_have_count(0)
    expect(paused).to_be_hidden()
    expect(help_sheet).to_be_hidden()
    expect(left).to_have_text("144")
    expect(page).to_have_url(re.compile(EXAMPLE))

    # A new game from the panel asks first: the game in progress would be lost.
    question = page.get_by_role("dialog", name="Diese Partie verlassen?")
    panel.get_by_role("button", name="Diese Anordnung spielen").click()
    expect(question).to_be_visible()
    question.get_by_role("button", name="Weiterspielen").click()
    expect(question).to_be_hidden()
    expect(page).to_have_url(re.compile(EXAMPLE))  # kept
    page.keyboard.press("n")
    panel.get_by_role("button", name="Diese Anordnung spielen").click()
    question.get_by_role("button", name="Neues Spiel beginnen").click()
    expect(page).not_to_have_url(re.compile(EXAMPLE))
    expect(left).to_have_text("144")
    assert page.evaluate("window.__animations") == 0
    assert errors == []


def test_mute_silences_every_sound_and_is_remembered(live_server, page: Page):
    """Also: without reduced motion, the pair, the mismatch and the blocked tap move."""
    page.add_init_script(AUDIO_SPY)
    page.add_init_script(ANIMATION_WATCH)
    example = Board.from_code(EXAMPLE)
    errors = open_board(page, live_server, "sv")
    toggle = page.get_by_role("button", name="Ljud", exact=True)
    expect(toggle).to_have_attribute("aria-pressed", "true")  # on at first

    def play_each_sound() -> None:
        """select, match, blocked, undo, hint, in that order."""
        a, b = example.hint()
        tile(page, a).click()  # select
        expect(tile(page, a)).to_have_class(has_class("is-selected"))
        tile(page, b).click()  # match
        expect(page.locator("#tiles-left")).to_have_text("142")
        tile(page, blocked_tile(example)).dispatch_event("click")  # blocked
        expect(page.locator("#board-status")).not_to_be_empty()
        page.get_by_role("button", name="Ångra", exact=True).click()  # undo
        expect(page.locator("#tiles-left")).to_have_text("144")
        page.get_by_role("button", name="Tips", exact=True).click()  # hint
        expect(page.locator("#board-tiles .tile.is-hint")).to_have_count(2)

    play_each_sound()
    assert page.evaluate("window.__animations") >= 2  # the pair's two leaving copies
    page.wait_for_function("window.__sounds.length >= 5")
    heard = page.evaluate("window.__sounds")
    assert len(set(heard)) >= 5  # five sounds, told apart by pitch

    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "false")
    page.reload()
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false")
    toggle = page.get_by_role("button", name="Ljud", exact=True)
    expect(toggle).to_have_attribute("aria-pressed", "false")  # remembered
    assert page.evaluate("localStorage.getItem('mahjong.sound')") == "off"
    play_each_sound()
    settle(page)  # a sound starts two frames after the answer that asked for it
    assert sounds(page) == 0
    assert errors == []


def code_later() -> str:
    """The daily win screen's line in place of the code and the share box, in Stockholm:
    the day's end at 00:00 UTC, and the reader's own hour of it, as Swedish writes one."""
    change = datetime.combine(
        datetime.now(UTC).date() + timedelta(days=1), datetime.min.time(), tzinfo=UTC
    )
    hour = change.astimezone(ZoneInfo("Europe/Stockholm")).strftime("%H.%M")
    return (
        f"Spelkoden för dagens giv visas när dagen är slut, vid midnatt UTC (kl. {hour} "
        "hos dig). Då kan du dela den och spela given igen."
    )


@pytest.mark.browser_context_args(timezone_id="Europe/Stockholm")
def test_hint_question_then_a_ranked_daily_win_then_a_replay(live_server, page: Page):
    """The first hint of a game that could be ranked asks first; a ranked win of the
    daily deal shows the server's facts and a celebration; a second win of the same deal
    says why it is not ranked, and under reduced motion nothing moves."""
    page.add_init_script(AUDIO_SPY)
    page.set_viewport_size({"width": 1280, "height": 800})
    errors = open_board(page, live_server, "sv", query="?layout=L00")
    hinted = page.locator("#board-tiles .tile.is-hint")
    question = page.get_by_role("dialog", name="Vill du se ett tips?")

    page.keyboard.press("t")  # the Swedish page's hint: T (Tips)
    expect(question).to_be_visible()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOTS / "feel-hint-confirm-sv-1280.png")
    question.get_by_role("button", name="Avbryt").click()
    expect(question).to_be_hidden()
    expect(hinted).to_have_count(0)  # cancelled: no hint, still rankable
    page.get_by_role("button", name="Tips", exact=True).click()
    expect(question).to_be_visible()
    question.get_by_label("Fråga inte igen").check()
    question.get_by_role("button", name="Visa tips").click()
    expect(hinted).to_have_count(2)
    assert page.evaluate("localStorage.getItem('mahjong.hintConfirm')") == "skip"

    # Today's daily deal, fast-forwarded to its last pair with five minutes on the clock.
    code = str(daily.daily_code(daily.utc_day(), "L00"))
    pairs = [list(pair) for pair in person_order(code)]  # not the deal's own plan: held
    game_id = page.evaluate(STATS_FAST_FORWARD, [{"daily": "L00"}, pairs[:71], 0])
    # A person's rhythm too (an aimed tap, then a search), or the win is held for review.
    rnd = random.Random(7)
    taps = len(Game.objects.get(pk=game_id).tap_ms)
    gaps = [400 if i % 2 else rnd.randint(1500, 2600) for i in range(taps)]
    Game.objects.filter(pk=game_id).update(
        elapsed_ms=300_000, tap_ms=list(itertools.accumulate(gaps))
    )
    # This browser won the Turtle in 2:00 on an earlier visit (gallery.js keeps it): the
    # visitor's best counts it, though the server no longer knows that game.
    page.evaluate(
        "localStorage.setItem('mahjong.layoutWins', JSON.stringify({L00: {bestMs: 120000}}))"
    )
    page.goto(f"{live_server.url}/sv/play/")
    expect(page.locator("#tiles-left")).to_have_text("2")
    page.add_init_script(ANIMATION_WATCH)  # from the next load on
    heard = sounds(page)
    for tile_id in pairs[71]:
        tile(page, tile_id).click()
    won = page.get_by_role("dialog", name="Grattis!")
    expect(won).to_be_visible()
    assert page.evaluate("document.getAnimations().length") > 0  # the celebration
    expect(won.locator("#won-text")).to_contain_text(re.compile(r"5:\d\d"))
    # The screen names what was won: the daily deal, its layout and its day.
    expect(won.locator("#won-layout")).to_have_text(re.compile(r"^Dagens giv · Sköldpadda · \d"))
    facts = won.locator("#won-facts li")
    expect(facts).to_have_text(
        [
            # Signed out: what signing up or in now does with the win, not "ranked".
            "Skapa ett konto eller logga in nu i den här webbläsaren, så flyttas vinsten "
            "till ditt konto och räknas på topplistan, såvida du inte redan har "
            "spelat den här given med det kontot.",
            "Din bästa tid på den här layouten: 2:00.",
            "Din tid räcker till plats 1 av 1 på dagens giv – logga in för att behålla den.",
            code_later(),
        ]
    )
    expect(won.get_by_role("button", name="Nytt spel")).to_be_visible()
    # Today's deal: no code to share until the day is over, and the screen says so.
    expect(won.get_by_role("button", name="Dela", exact=True)).to_be_hidden()
    page.wait_for_function(f"window.__sounds.length > {heard}")  # the win's chord
    page.wait_for_function(CELEBRATION_OVER)  # a still picture
    page.screenshot(path=SCREENSHOTS / "feel-win-sv-1280.png")
    page.set_viewport_size({"width": 360, "height": 740})
    page.screenshot(path=SCREENSHOTS / "feel-win-sv-360.png")

    # The same deal again, under reduced motion: not ranked, and why; nothing moves.
    # On a desktop's screen again (held upright, a phone opens on the overview).
    page.set_viewport_size({"width": 1280, "height": 800})
    page.emulate_media(reduced_motion="reduce")
    page.evaluate(STATS_FAST_FORWARD, [{"daily": "L00"}, pairs[:71], 0])
    page.goto(f"{live_server.url}/sv/play/")
    expect(page.locator("#tiles-left")).to_have_text("2")
    for tile_id in pairs[71]:
        tile(page, tile_id).click()
    expect(won).to_be_visible()
    # A replay of the day's deal (and, at machine speed, too fast).
    expect(facts).to_have_text(
        [
            re.compile(
                r"^Vinsten räknas inte på topplistan\. .*Det var inte ditt första försök på den här given\.$"
            ),
            "Skapa ett konto eller logga in nu i den här webbläsaren, så sparas vinsten i "
            "din statistik.",
            code_later(),
        ]
    )
    assert page.evaluate("window.__animations") == 0

    # Motion allowed again, but the celebration turned off in the settings (remembered):
    # a win with no flakes.
    page.emulate_media(reduced_motion="no-preference")
    page.evaluate(STATS_FAST_FORWARD, [{"daily": "L00"}, pairs[:71], 0])
    page.goto(f"{live_server.url}/sv/play/")
    expect(page.locator("#tiles-left")).to_have_text("2")
    page.locator("#celebration-toggle").uncheck()
    assert page.evaluate("localStorage.getItem('mahjong.celebrate')") == "off"
    for tile_id in pairs[71]:
        tile(page, tile_id).click()
    expect(won).to_be_visible()
    assert page.locator("#won-burst .feel-win__flake").count() == 0
    page.reload()
    expect(page.locator("#celebration-toggle")).not_to_be_checked()
    assert errors == []


def test_help_sheet_hint_question_and_notices_are_accessible(live_server, axe_page: Page):
    """axe-core on the help sheet and on the hint question (Greek, a fresh deal that could
    be ranked); the bar's sound switch and help button have their names."""
    page = axe_page
    open_board(page, live_server, "el", query="?layout=L00")
    expect(page.get_by_role("button", name="Ήχος", exact=True)).to_be_visible()
    page.get_by_role("button", name="Συντομεύσεις πληκτρολογίου").click()
    expect(page.locator("#help-sheet")).to_be_visible()
    assert_no_axe_violations(page)
    page.keyboard.press("Escape")
    page.get_by_role("button", name="Υπόδειξη", exact=True).click()
    expect(page.locator("#hint-confirm")).to_be_visible()
    assert_no_axe_violations(page)
