"""The board that teaches, in real Chromium and the four languages: the guided first game
runs from start to finish, keeps its step off its happy path and can be skipped, and
"Show free tiles" marks exactly the engine's free set, is remembered and leaves the clock
alone."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.utils import translation
from playwright.sync_api import Page, expect

from mahjong import Board
from quiz.guide import guide_config
from tests.browser.accessibility import assert_no_axe_violations, assert_valid_html
from tests.browser.page_clock import hold_the_clock, seconds_on

LANGUAGES = [code for code, _name in settings.LANGUAGES]
EXAMPLE = "MJ1-L00-AAAAABL"
SHOW_FREE = {
    "sv": "Visa fria brickor",
    "el": "Εμφάνιση ελεύθερων πλακιδίων",
    "de": "Freie Spielsteine zeigen",
    "id": "Tampilkan ubin bebas",
}
SKIP = {"sv": "Hoppa över guiden", "el": "Παράλειψη οδηγού", "de": "Anleitung überspringen",
        "id": "Lewati panduan"}  # fmt: skip
SHOW_ME = {"sv": "Visa vad som händer", "el": "Δείτε τι συμβαίνει", "de": "Zeigen, was passiert",
           "id": "Tunjukkan apa yang terjadi"}  # fmt: skip
BLOCKED_WORD = {"sv": "blockerad", "el": "μπλοκαρισμένο", "de": "blockiert", "id": "terhalang"}
PLAY_ON = {"sv": "Spela vidare", "el": "Συνέχεια του παιχνιδιού", "de": "Weiterspielen",
           "id": "Lanjutkan bermain"}  # fmt: skip


def tile(page: Page, tile_id: int):
    return page.locator(f'#board-tiles .tile[data-id="{tile_id}"]')


def open_play(page: Page, url: str) -> None:
    page.goto(url)
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false")


def has_class(name: str) -> re.Pattern:
    return re.compile(rf"(^|\s){name}(\s|$)")


def marked_free(page: Page) -> list[int]:
    """The tiles that show the free mark (the ::after dot drawn)."""
    return page.locator("#board-tiles .tile").evaluate_all(
        """els => els.filter(e => getComputedStyle(e, '::after').content !== 'none')
                     .map(e => Number(e.dataset.id)).sort((a, b) => a - b)"""
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_guide_runs_from_start_to_finish(live_server, site_content, page: Page, lang):
    with translation.override(lang):
        guide = guide_config()
    words, tiles = guide["words"], guide["tiles"]
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{live_server.url}/{lang}/rules/")
    page.locator(f'a[href="/{lang}/play/?code={EXAMPLE}&guide=1"]').click()
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false")
    panel = page.locator("#guide")
    text = page.locator("#guide-text")

    expect(panel).to_be_visible()
    assert "guide" not in page.url  # the invitation is used up at once
    expect(text).to_contain_text(words["free"][0])
    expect(text.locator("li")).to_have_count(2)
    expect(tile(page, tiles["free"])).to_have_class(has_class("is-guided"))
    tile(page, tiles["free"]).click()

    expect(text).to_contain_text(words["match"][1])
    expect(tile(page, tiles["match"])).to_have_class(has_class("is-guided"))
    expect(page.locator(".tile.is-guided")).to_have_count(1)
    tile(page, tiles["match"]).click()
    expect(page.locator("#tiles-left")).to_have_text("142")

    expect(text).to_contain_text(words["blocked"][0])
    blocked = tile(page, tiles["blocked"])
    expect(blocked).to_have_class(has_class("is-blocked"))
    expect(blocked).to_have_class(has_class("is-guided"))
    expect(page.locator("#guide-tile")).to_have_text(f"→ {blocked.get_attribute('aria-label')}")
    if lang in ("el", "id"):
        # The arrow keys reach only free tiles: the guide can tap the blocked one itself.
        panel.get_by_role("button", name=SHOW_ME[lang]).click()
    else:
        blocked.click()
    expect(page.locator("#board-status")).to_contain_text(BLOCKED_WORD[lang])

    expect(text).to_contain_text(words["done"][0])
    expect(page.locator(".tile.is-guided")).to_have_count(0)
    panel.get_by_role("button", name=PLAY_ON[lang]).click()
    expect(panel).to_be_hidden()

    page.reload()  # the guide never comes back uninvited
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false")
    expect(panel).to_be_hidden()
    expect(page.locator("#tiles-left")).to_have_text("142")
    assert errors == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_guide_can_be_skipped(live_server, site_content, page: Page, lang):
    open_play(page, f"{live_server.url}/{lang}/play/?code={EXAMPLE}&guide=1")
    panel = page.locator("#guide")
    expect(panel).to_be_visible()
    panel.get_by_role("button", name=SKIP[lang]).click()
    expect(panel).to_be_hidden()
    expect(page.locator(".tile.is-guided")).to_have_count(0)
    open_play(page, page.url)
    expect(panel).to_be_hidden()
    # The example game without the invitation: no guide either.
    open_play(page, f"{live_server.url}/{lang}/play/?code={EXAMPLE}")
    expect(panel).to_be_hidden()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_free_tiles_toggle_marks_exactly_the_engines_free_set(
    live_server, site_content, page: Page, lang
):
    open_play(page, f"{live_server.url}/{lang}/play/?code={EXAMPLE}")
    toggle = page.get_by_label(SHOW_FREE[lang])
    expect(toggle).not_to_be_checked()  # off by default
    assert marked_free(page) == []
    board = Board.from_code(EXAMPLE)
    a, b = board.hint()

    toggle.check()
    assert marked_free(page) == board.free_tiles()
    assert page.locator("#clock").text_content() == "0:00"
    # The marks follow the game: after a pair, the engine's new free set.
    tile(page, a).click()
    tile(page, b).click()
    expect(page.locator("#tiles-left")).to_have_text("142")
    board.remove(a, b)
    # The pair leaves at once; which tiles it frees, the server's answer says.
    page.wait_for_function(
        """(expected) => JSON.stringify([...document.querySelectorAll('#board-tiles .tile')]
             .filter((e) => getComputedStyle(e, '::after').content !== 'none')
             .map((e) => Number(e.dataset.id)).sort((a, b) => a - b)) === JSON.stringify(expected)""",
        arg=sorted(board.free_tiles()),
    )
    assert marked_free(page) == board.free_tiles()

    page.reload()  # remembered for this visitor
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false")
    expect(page.get_by_label(SHOW_FREE[lang])).to_be_checked()
    assert marked_free(page) == board.free_tiles()
    page.get_by_label(SHOW_FREE[lang]).uncheck()
    assert marked_free(page) == []


def test_free_tiles_toggle_leaves_the_clock_alone(live_server, site_content, page: Page):
    hold_the_clock(page)
    open_play(page, f"{live_server.url}/sv/play/?code={EXAMPLE}")
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url) if "/api/" in r.url else None)
    toggle = page.get_by_label(SHOW_FREE["sv"])
    toggle.check()
    toggle.uncheck()
    page.clock.run_for(2000)  # anything the toggle put off is due now
    assert requests_after_a_marker(page, requests) == []  # the game is untouched
    expect(page.locator("#clock")).to_have_text("0:00")  # not started by it

    # The clock running (a pair played): the toggle neither stops nor restarts it.
    a, b = Board.from_code(EXAMPLE).hint()
    tile(page, a).click()
    tile(page, b).click()
    expect(page.locator("#tiles-left")).to_have_text("142")
    # The pair is drawn at once; the clock is the server's once the answer has come.
    page.wait_for_function("() => document.getElementById('board').controller.waiting === 0")
    page.clock.run_for(3000)
    running = page.locator("#clock").text_content()
    assert running != "0:00"
    requests.clear()
    toggle.check()
    toggle.uncheck()
    toggle.check()
    expect(page.locator("#clock")).to_have_text(running)  # not restarted
    page.clock.run_for(2000)
    expect(page.locator("#clock")).to_have_text(seconds_on(running, 2))  # nor stopped
    assert requests_after_a_marker(page, requests) == []


def requests_after_a_marker(page: Page, requests: list[str]) -> list[str]:
    """The API requests seen, once a request of the test's own has been seen after them
    (the browser reports requests in the order it sends them): a wait on a condition,
    not on a time."""
    with page.expect_request(lambda r: r.url.endswith("/api/openapi.json")):
        page.evaluate("() => { fetch('/api/openapi.json'); }")
    return [url for url in requests if not url.endswith("/api/openapi.json")]


def test_guide_and_free_marks_are_accessible(live_server, site_content, axe_page: Page):
    response = axe_page.goto(f"{live_server.url}/el/play/?code={EXAMPLE}&guide=1")
    expect(axe_page.locator("#board")).to_have_attribute("aria-busy", "false")
    axe_page.get_by_label(SHOW_FREE["el"]).check()
    expect(axe_page.locator("#guide")).to_be_visible()
    assert_no_axe_violations(axe_page)
    assert_valid_html(response.text())


def test_the_guide_off_its_happy_path_keeps_its_step(live_server, site_content, page: Page):
    """Another free tile tapped in the first step: the guide stays on that step, pointing
    at its own tile; only its own tile moves it on, and a selection moved away in the
    second step brings the first back."""
    with translation.override("sv"):
        guide = guide_config()
    words, tiles = guide["words"], guide["tiles"]
    open_play(page, f"{live_server.url}/sv/play/?code={EXAMPLE}&guide=1")
    text = page.locator("#guide-text")
    guided = page.locator(".tile.is-guided")
    board = Board.from_code(EXAMPLE)
    face = board.faces[tiles["free"]]
    others = [i for i in board.free_tiles() if i not in (tiles["free"], tiles["match"])]
    others = [i for i in others if board.faces[i] != face][:2]
    assert len(others) == 2

    def on_first_step() -> None:
        expect(text).to_contain_text(words["free"][0])
        expect(guided).to_have_count(1)
        expect(tile(page, tiles["free"])).to_have_class(has_class("is-guided"))
        name = tile(page, tiles["free"]).get_attribute("aria-label")
        expect(page.locator("#guide-tile")).to_have_text(f"→ {name}")

    on_first_step()
    for other in others:  # a tile of its own choosing, then another (the selection moves)
        tile(page, other).click()
        expect(tile(page, other)).to_have_attribute("aria-pressed", "true")
        on_first_step()
    tile(page, tiles["free"]).click()  # its own tile: on to the match
    expect(text).to_contain_text(words["match"][1])
    expect(tile(page, tiles["match"])).to_have_class(has_class("is-guided"))
    tile(page, others[0]).click()  # the selection leaves the guide's tile: step one again
    expect(tile(page, others[0])).to_have_attribute("aria-pressed", "true")
    on_first_step()
