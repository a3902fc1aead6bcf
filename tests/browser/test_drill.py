"""The drill "Free or blocked?" in real Chromium, in the four languages: both answers graded
in place with JavaScript and by the plain form without it (a free tile marked in two
languages, a blocked one in the other two; the engine's reason shown either way), the next
position swapped in with its own address, no cookie set; axe-core and the Nu HTML Checker
on the graded drill.
"""

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import translation
from playwright.sync_api import Page, expect

from mahjong import Board
from mahjong.rules.board import BlockKind
from quiz.drill import DrillPosition
from tests.browser.accessibility import assert_no_axe_violations, assert_valid_html
from wording.teaching import tile_sentence

SCREENSHOTS = Path(settings.BASE_DIR, "artifacts", "screenshots")
EXAMPLE = "MJ1-L00-AAAAABL"
PAIRS = 3
TEXT = {
    "sv": {"free": "Fri", "blocked": "Blockerad", "show": "Visa facit och förklaring",
           "right": "Rätt!", "wrong": "Fel svar.", "next": "Nästa ställning"},
    "el": {"free": "Ελεύθερο", "blocked": "Μπλοκαρισμένο",
           "show": "Εμφάνιση απάντησης και εξήγησης", "right": "Σωστά!", "wrong": "Λάθος.",
           "next": "Επόμενη θέση"},
    "de": {"free": "Frei", "blocked": "Blockiert", "show": "Lösung und Erklärung anzeigen",
           "right": "Richtig!", "wrong": "Leider falsch.", "next": "Nächste Stellung"},
    "id": {"free": "Bebas", "blocked": "Terhalang", "show": "Tampilkan jawaban dan penjelasan",
           "right": "Benar!", "wrong": "Kurang tepat.", "next": "Posisi berikutnya"},
}  # fmt: skip
LANGUAGES = list(TEXT)
# The marked tile's right answer, by language: each answer is the right one somewhere.
MARKED = {"sv": "free", "el": "blocked", "de": "free", "id": "blocked"}
OTHER = {"free": "blocked", "blocked": "free"}


def marked_tile(answer: str) -> int:
    """A free tile, or one blocked on both sides, of the drill's position."""
    board: Board = DrillPosition(EXAMPLE, PAIRS, 0).board()
    if answer == "free":
        return board.free_tiles()[0]
    return next(
        tile
        for tile in board.present_tiles()
        if (blocking := board.blocking(tile)) is not None and blocking.kind is BlockKind.SIDES
    )


def explanation(lang: str, tile: int) -> str:
    """The engine's reason, as the server words it in that language."""
    with translation.override(lang):
        return tile_sentence(DrillPosition(EXAMPLE, PAIRS, tile).board(), tile)


@pytest.fixture(scope="module")
def free_tile() -> int:
    return marked_tile("free")


def drill_url(live_server, lang: str, tile: int) -> str:
    return f"{live_server.url}/{lang}/practice/?drill={EXAMPLE}&pairs={PAIRS}&tile={tile}"


def answer(page: Page, lang: str, choice: str) -> None:
    drill = page.locator("#drill")
    drill.get_by_label(TEXT[lang][choice], exact=True).check()
    drill.get_by_role("button", name=TEXT[lang]["show"]).click()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_drill_grades_both_answers_in_place_and_without_javascript(
    live_server, site_content, browser, browser_context_args, page: Page, lang
):
    right = MARKED[lang]
    wrong = OTHER[right]
    tile = marked_tile(right)
    why = explanation(lang, tile)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    url = drill_url(live_server, lang, tile)
    page.goto(url)
    page.evaluate("window.stayedOnThePage = true")
    result = page.locator("#result-drill")

    answer(page, lang, wrong)
    expect(result).to_have_class("result result--wrong")
    expect(result).to_contain_text(TEXT[lang]["wrong"])
    expect(result).to_contain_text(why)
    answer(page, lang, right)
    expect(result).to_have_class("result result--right")
    expect(result).to_contain_text(TEXT[lang]["right"])
    expect(result).to_contain_text(why)
    assert page.evaluate("window.stayedOnThePage") is True  # graded in place, no reload

    # The next position comes in place too, with its own address to share.
    page.get_by_role("link", name=TEXT[lang]["next"]).click()
    expect(page).to_have_url(re.compile(rf"/{lang}/practice/\?drill=MJ2-L\d\d-[A-Z2-7]{{12}}&"))
    expect(page.locator("#drill-heading")).to_be_focused()
    expect(result).to_have_class("result")
    assert page.evaluate("window.stayedOnThePage") is True
    code = page.locator('#drill input[name="drill"]').input_value()
    assert code in page.url
    assert page.context.cookies() == []
    assert errors == []

    context = browser.new_context(**browser_context_args, java_script_enabled=False)
    try:
        plain = context.new_page()
        plain.goto(url)
        answer(plain, lang, right)
        expect(plain).to_have_url(f"{url}&answer={right}&show=drill#drill")
        expect(plain.locator("#result-drill")).to_have_class("result result--right")
        expect(plain.locator("#result-drill")).to_contain_text(why)
        answer(plain, lang, wrong)
        expect(plain.locator("#result-drill")).to_have_class("result result--wrong")
        expect(plain.locator("#result-drill")).to_contain_text(why)
        assert context.cookies() == []
    finally:
        context.close()


def test_graded_drill_is_accessible_and_valid(live_server, site_content, axe_page, free_tile):
    axe_page.set_viewport_size({"width": 360, "height": 740})
    response = axe_page.goto(f"{drill_url(live_server, 'el', free_tile)}&answer=blocked")
    assert response.status == 200
    assert_valid_html(response.text())
    assert_no_axe_violations(axe_page)
    answer(axe_page, "el", "free")
    expect(axe_page.locator("#result-drill")).to_have_class("result result--right")
    assert_no_axe_violations(axe_page)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    axe_page.locator("#drill").screenshot(path=SCREENSHOTS / "drill-el-360.png")
