"""The practice page in real Chromium: the quiz answered in place with JavaScript in every
language, by keyboard alone, and checked by axe-core and the Nu HTML Checker."""

from pathlib import Path

import pytest
from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext
from playwright.sync_api import Page, expect

from tests.browser.accessibility import assert_no_axe_violations, assert_valid_html

SCREENSHOTS = Path(settings.BASE_DIR, "artifacts", "screenshots")
LANGUAGES = [code for code, _name in settings.LANGUAGES]
WIDTHS = [360, 1280]
SHOW = {
    "sv": "Visa facit och förklaring",
    "el": "Εμφάνιση απάντησης και εξήγησης",
    "de": "Lösung und Erklärung anzeigen",
    "id": "Tampilkan jawaban dan penjelasan",
}
# Per question: the answer to choose (by its visible text) and a word of the explanation.
ANSWERS = {
    "sv": [
        ("Nej, den är blockerad.", "Brickan är blockerad."),
        ("Nej, bilderna är olika.", "Blommor är en gemensam familj"),
        ("Nej, vägen svänger för många gånger.", "Den vägen fungerar inte."),
    ],
    "el": [
        ("Όχι, είναι μπλοκαρισμένο.", "Το πλακίδιο είναι μπλοκαρισμένο."),
        ("Όχι, τα σχέδιά τους διαφέρουν.", "Όλα τα λουλούδια ανήκουν στην ίδια οικογένεια"),
        ("Όχι, η διαδρομή στρίβει πάρα πολλές φορές.", "Αυτή η διαδρομή δεν επιτρέπεται."),
    ],
    "de": [
        ("Nein, er ist blockiert.", "Der Spielstein ist blockiert."),
        ("Nein, ihre Motive sind verschieden.", "Blumen bilden eine gemeinsame Gruppe"),
        ("Nein, der Weg wechselt zu oft die Richtung.", "Dieser Weg ist nicht erlaubt."),
    ],
    "id": [
        ("Tidak, ubin itu terhalang.", "Ubin itu terhalang."),
        ("Tidak, gambarnya berbeda.", "Semua bunga termasuk dalam satu kelompok"),
        ("Tidak, jalurnya terlalu sering berbelok.", "Jalur itu tidak diperbolehkan."),
    ],
}
VERDICTS = ["result--right", "result--wrong", "result--right"]
QUESTIONS = ["marked-tile", "flowers", "connect"]


def watch(page: Page) -> tuple[list[str], list[str]]:
    """Record console errors and main-frame navigations from now on."""
    errors: list[str] = []
    navigations: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on(
        "framenavigated",
        lambda frame: navigations.append(frame.url) if frame == page.main_frame else None,
    )
    return errors, navigations


@pytest.mark.parametrize("lang", LANGUAGES)
def test_quiz_is_answered_in_place_with_javascript(live_server, site_content, page: Page, lang):
    url = f"{live_server.url}/{lang}/practice/"
    page.goto(url)
    errors, navigations = watch(page)
    page.evaluate("window.__stillHere = true")

    for number, slug in enumerate(QUESTIONS):
        answer, why = ANSWERS[lang][number]
        question = page.locator(f"#question-{slug}")
        question.get_by_label(answer, exact=True).check()
        question.get_by_role("button", name=SHOW[lang]).click()
        result = page.locator(f"#result-{slug}")
        expect(result).to_contain_text(why)
        expect(result).to_have_class(f"result {VERDICTS[number]}")

    assert page.evaluate("window.__stillHere") is True  # the page was never reloaded
    assert navigations == []
    assert page.url == url
    assert errors == []  # e.g. no Content-Security-Policy violation
    assert page.context.cookies() == []


def test_quiz_works_with_the_keyboard_alone(live_server, site_content, page: Page):
    page.goto(f"{live_server.url}/sv/practice/")
    errors, navigations = watch(page)

    # Tab to the first question's radio group, choose with the arrow keys and Space.
    first = page.locator('#question-marked-tile input[type="radio"]').first
    for _ in range(60):
        page.keyboard.press("Tab")
        if first.evaluate("e => e === document.activeElement"):
            break
    else:
        pytest.fail("Tab never reached the first answer")
    page.keyboard.press("Space")
    expect(page.locator('input[name="marked-tile"][value="free"]')).to_be_checked()
    page.keyboard.press("ArrowDown")
    expect(page.locator('input[name="marked-tile"][value="blocked"]')).to_be_checked()
    expect(page.locator('input[name="marked-tile"][value="blocked"]')).to_be_focused()
    page.keyboard.press("Tab")  # out of the radio group, to its button
    expect(page.locator("#question-marked-tile button")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#result-marked-tile")).to_contain_text("Brickan är blockerad.")
    expect(page.locator("#result-marked-tile")).to_have_class("result result--right")

    # On to the second question: Tab enters its group, Space chooses, Space presses.
    page.keyboard.press("Tab")
    expect(page.locator('input[name="flowers"][value="yes"]')).to_be_focused()
    page.keyboard.press("Space")
    page.keyboard.press("Tab")
    expect(page.locator("#question-flowers button")).to_be_focused()
    page.keyboard.press("Space")
    expect(page.locator("#result-flowers")).to_have_class("result result--right")

    assert navigations == []
    assert errors == []


def test_quiz_works_without_javascript(live_server, site_content, browser, browser_context_args):
    context = browser.new_context(**browser_context_args, java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto(f"{live_server.url}/de/practice/")
        question = page.locator("#question-connect")
        question.get_by_label("Ja, der Weg führt nur durch leere Felder.").check()
        question.get_by_role("button", name=SHOW["de"]).click()

        expect(page).to_have_url(
            f"{live_server.url}/de/practice/?connect=yes&show=connect#question-connect"
        )
        result = page.locator("#result-connect")
        with translation.override("de"):
            expect(result).to_contain_text(gettext("Not right."))
        expect(result).to_contain_text("Dieser Weg ist nicht erlaubt.")
        expect(page.locator('input[name="connect"][value="yes"]')).to_be_checked()
        assert context.cookies() == []
    finally:
        context.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_practice_page_has_no_axe_violation_and_valid_html(
    live_server, site_content, axe_page: Page, lang
):
    response = axe_page.goto(f"{live_server.url}/{lang}/practice/")
    assert response.status == 200
    assert_no_axe_violations(axe_page)
    assert_valid_html(response.text())

    # Graded: every result shown (right, wrong and unanswered).
    graded = axe_page.goto(
        f"{live_server.url}/{lang}/practice/?marked-tile=blocked&flowers=no"
        "&show=marked-tile&show=flowers&show=connect"
    )
    assert graded.status == 200
    assert_no_axe_violations(axe_page)
    assert_valid_html(graded.text())


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_practice_page_fits_the_screen(live_server, site_content, page: Page, lang, width):
    errors, _navigations = watch(page)
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(f"{live_server.url}/{lang}/practice/")

    for number, slug in enumerate(QUESTIONS):
        question = page.locator(f"#question-{slug}")
        question.get_by_label(ANSWERS[lang][number][0], exact=True).check()
        question.get_by_role("button", name=SHOW[lang]).click()
        expect(page.locator(f"#result-{slug}")).to_contain_text(ANSWERS[lang][number][1])

    expect(page.locator('[aria-current="page"]')).to_have_attribute("href", f"/{lang}/practice/")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    for right in page.locator("svg.diagram").evaluate_all(
        "els => els.map(e => e.getBoundingClientRect().right)"
    ):
        assert right <= width
    # The marked tile stands out: its outline differs from an unmarked tile's.
    marked = page.locator("#diagram-quiz-marked-tile-title ~ g.tile--marked .tile__face")
    plain = page.locator("#diagram-quiz-marked-tile-title ~ g.tile:not(.tile--marked) .tile__face")
    assert marked.first.evaluate("e => getComputedStyle(e).stroke") != plain.first.evaluate(
        "e => getComputedStyle(e).stroke"
    )
    assert errors == []

    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOTS / f"practice-{lang}-{width}.png", full_page=True)
