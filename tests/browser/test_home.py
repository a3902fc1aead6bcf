"""The home page in a browser: its actions lead where they say, its picture shows real
tile faces from the tile set, a phone never scrolls sideways, and axe finds nothing in
either theme, in every language."""

import re

import pytest
from django.conf import settings
from django.utils import translation
from playwright.sync_api import Page, expect

from mahjong import Board
from tests.browser.accessibility import assert_no_axe_violations, assert_valid_html

LANGUAGES = [code for code, _name in settings.LANGUAGES]
PHONES = [(360, 740), (390, 844)]


def _gettext(lang: str, text: str) -> str:
    with translation.override(lang):
        return translation.gettext(text)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_home_page_has_no_axe_violation_in_either_theme_and_valid_html(
    live_server, axe_page: Page, lang
):
    response = axe_page.goto(f"{live_server.url}/{lang}/")

    assert response.status == 200
    assert_valid_html(response.text())
    for scheme in ("light", "dark"):
        axe_page.emulate_media(color_scheme=scheme)
        assert_no_axe_violations(axe_page)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_phone_never_scrolls_sideways(live_server, page: Page, lang):
    for width, height in PHONES:
        page.set_viewport_size({"width": width, "height": height})
        page.goto(f"{live_server.url}/{lang}/")

        overflow = page.evaluate(
            "document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
        assert overflow == 0, f"{width}×{height}: {overflow} px sideways"
        # The first action is on the first screen.
        button = page.locator(".home-actions__main")
        box = button.bounding_box()
        assert box is not None and box["y"] + box["height"] <= height


def test_the_picture_draws_real_faces_from_the_tile_set(live_server, page: Page):
    page.goto(f"{live_server.url}/sv/")

    uses = page.locator(".home-picture use")
    assert uses.count() >= 10
    # A <use> whose symbol is missing, or whose sprite did not load, draws nothing: a box
    # of no size. Every face draws something once the sprite is in.
    page.wait_for_function(
        "() => [...document.querySelectorAll('.home-picture use')]"
        ".every((use) => { const box = use.getBBox(); return box.width > 0 && box.height > 0; })"
    )
    # Drawn faces, not one shape repeated: the tiles' pictures differ in size.
    boxes = page.evaluate(
        "() => [...document.querySelectorAll('.home-picture use')]"
        ".map((use) => { const b = use.getBBox(); return [b.width, b.height].join('x'); })"
    )
    assert len(set(boxes)) >= 5


@pytest.mark.parametrize(
    ("link", "path", "heading"),
    [
        (".home-actions__main", "play/", None),
        (".home-actions__second", "daily/", "Daily deal"),
        (".home-learn li:nth-child(1) a", "rules/", None),
        (".home-learn li:nth-child(2) a", "practice/", None),
    ],
)
def test_the_home_pages_links_lead_where_they_say(
    live_server, site_content, page: Page, link, path, heading
):
    page.goto(f"{live_server.url}/de/")

    page.locator(link).first.click()

    expect(page).to_have_url(f"{live_server.url}/de/{path}")
    if path == "play/":
        # The board itself, with a new game's tiles.
        expect(page.locator("#board-tiles .tile").first).to_be_visible()
    if heading:
        expect(page.locator("h1")).to_have_text(_gettext("de", heading))


def test_a_game_left_unfinished_is_continued_from_home_or_replaced_by_a_new_one(
    live_server, page: Page
):
    example = "MJ1-L00-AAAAABL"
    page.goto(f"{live_server.url}/de/play/?code={example}")
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false")
    for tile_id in Board.from_code(example).hint():
        page.locator(f'#board-tiles .tile[data-id="{tile_id}"]').click()
    expect(page.locator("#tiles-left")).to_have_text("142")
    # The board draws the pair before the server's answer: leave once it is stored.
    page.wait_for_function("() => document.getElementById('board').controller.waiting === 0")

    page.goto(f"{live_server.url}/de/")
    expect(page.locator("#home-progress")).to_contain_text("142")
    page.get_by_role("link", name=_gettext("de", "Continue your game")).click()

    # The same game: its deal (the play page writes its code into the address) and the
    # tiles left.
    expect(page).to_have_url(re.compile(rf"^{re.escape(live_server.url)}/de/play/(\?|$)"))
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false")
    expect(page.locator("#code-input")).to_have_value(example)
    expect(page.locator("#tiles-left")).to_have_text("142")

    page.goto(f"{live_server.url}/de/")
    page.locator(".home-actions").get_by_role("link", name=_gettext("de", "New game")).click()

    expect(page.locator("#board")).to_have_attribute("aria-busy", "false")
    expect(page.locator("#tiles-left")).to_have_text("144")
    # The new game is the one in progress now: nothing to continue until a pair is gone.
    page.goto(f"{live_server.url}/de/")
    expect(page.locator(".home-actions__main")).to_have_text(_gettext("de", "Play"))
