"""The gallery of layouts in Chromium: opened from New game, a layout picked by keyboard
starts a game on it; a game in progress is asked about first; a visitor's marks come
from this browser and a win marks its layout at once; axe-clean, in both sizes of
screen (screenshots of the open gallery)."""

from __future__ import annotations

import json
from datetime import timedelta

from django.utils import timezone
from playwright.sync_api import Page, expect

from editor import services as editor_services
from game.models import Game
from mahjong import LAYOUTS, Board
from tests.api.helpers import EXAMPLE
from tests.browser.accessibility import assert_no_axe_violations, assert_valid_html
from tests.browser.test_board import SCREENSHOTS, fast_forward, open_board, tile
from tests.browser.test_editor import NAME, sign_in
from tests.players import player

WINS_KEY = "mahjong.layoutWins"


def win_the_example(page: Page) -> None:
    """Win the example deal on the page: its first 71 pairs through the API, the last by
    mouse, and the win screen shown."""
    plan = Board.from_code(EXAMPLE).deal.plan
    fast_forward(page, plan[:71])
    a, b = plan[71]
    tile(page, a).click()
    tile(page, b).click()
    expect(page.locator("#won-dialog")).to_be_visible()


def save_layout(user, name: str, like: str) -> None:
    """Save a layout of the player's own with the tiles of one of ours."""
    positions = [list(p) for p in LAYOUTS[like].positions]
    editor_services.layout_create(user_id=user.pk, name=name, positions=positions)


def shown_layout(page: Page) -> str:
    return page.evaluate("() => document.getElementById('board').controller.game.layout.id")


def test_a_layout_picked_by_keyboard_starts_a_game_on_it(live_server, axe_page: Page):
    page = axe_page
    errors = open_board(page, live_server, "de", query="?layout=L00")
    page.keyboard.press("n")
    panel = page.locator("#new-game-panel")
    expect(panel).to_be_visible()
    expect(page.locator("#layout-select")).to_be_focused()
    gallery = page.locator("#gallery")
    expect(gallery.get_by_role("button")).to_have_count(30)
    # The list and its button first, then the layouts one Tab each, in the gallery's order.
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    turtle = gallery.get_by_role("button", name="Schildkröte", exact=True)
    expect(turtle).to_be_focused()
    expect(turtle).to_have_attribute("aria-current", "true")
    # A screen reader hears the size and the difficulty as the button's description.
    expect(turtle).to_have_accessible_description(
        "144 Spielsteine · Grundfläche 15 × 8 Spielsteine · 5 Schichten "
        "Schwierigkeit 2 von 5: Wer wahllos Paare entfernt, hat in 60\xa0% der Spiele"
        " irgendwann keine Züge mehr."
    )
    assert_no_axe_violations(page)
    for width, height in ((1280, 800), (360, 740)):
        page.set_viewport_size({"width": width, "height": height})
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=SCREENSHOTS / f"gallery-de-{width}.png")
    assert_no_axe_violations(page)
    for _ in range(7):
        page.keyboard.press("Tab")
    tower = gallery.get_by_role("button", name="Turm", exact=True)
    expect(tower).to_be_focused()
    # The picture came when the panel opened, not with the page.
    assert tower.locator("img").evaluate("(img) => img.complete && img.naturalWidth > 0")
    page.keyboard.press("Enter")
    expect(panel).to_be_hidden()
    expect(page.locator("#board-status")).to_have_text("Neues Spiel gestartet: Turm")
    assert shown_layout(page) == "L07"
    expect(page.locator("#board-tiles .tile")).to_have_count(144)
    expect(page.locator("#layout-select")).to_have_value("L07")
    # Hidden with the panel now: found by their layout, not by role.
    expect(page.locator('#gallery [data-layout="L07"]')).to_have_attribute("aria-current", "true")
    expect(page.locator('#gallery [data-layout="L00"]')).not_to_have_attribute(
        "aria-current", "true"
    )
    assert errors == []


def test_a_game_in_progress_is_asked_about_before_a_layout_replaces_it(live_server, page: Page):
    open_board(page, live_server, "sv")
    a, b = Board.from_code(EXAMPLE).deal.plan[0]
    tile(page, a).click()
    tile(page, b).click()
    expect(page.locator("#tiles-left")).to_have_text("142")
    game_id = page.evaluate("() => document.getElementById('board').controller.game.id")
    confirm = page.locator("#new-game-confirm")

    page.locator("#new-game-button").click()
    page.locator('#gallery [data-layout="L05"]').click()
    expect(confirm).to_be_visible()
    confirm.get_by_role("button", name="Spela vidare").click()
    expect(confirm).to_be_hidden()
    assert page.evaluate("() => document.getElementById('board').controller.game.id") == game_id
    expect(page.locator("#tiles-left")).to_have_text("142")

    page.locator("#new-game-button").click()
    page.locator('#gallery [data-layout="L05"]').click()
    confirm.get_by_role("button", name="Starta ett nytt spel").click()
    expect(page.locator("#tiles-left")).to_have_text("144")
    assert shown_layout(page) == "L05"


def test_a_visitors_marks_come_from_this_browser(live_server, page: Page):
    # A ranked win on the Fortress kept from an earlier visit, and junk the page ignores.
    page.add_init_script(
        f"""if (!window.localStorage.getItem({json.dumps(WINS_KEY)}))
          window.localStorage.setItem({json.dumps(WINS_KEY)},
            JSON.stringify({{L03: {{bestMs: 252000}}, L99: {{bestMs: 1}}, L04: 7}}));"""
    )
    open_board(page, live_server, "sv")
    mark = page.locator("#gallery-L03-mark")
    expect(mark).to_have_text("Du har vunnit här, bästa tid 4:12.")
    expect(page.locator("#gallery-L00-mark")).to_have_text("")
    # Winning the example deal (the Turtle; typed as a code, so not ranked) marks the
    # Turtle won, without a best time, at once and for the next visit.
    win_the_example(page)
    expect(page.locator("#gallery-L00-mark")).to_have_text("Du har vunnit här.")
    stored = json.loads(page.evaluate(f"() => window.localStorage.getItem({json.dumps(WINS_KEY)})"))
    assert stored["L00"] == {"bestMs": None} and stored["L03"] == {"bestMs": 252000}
    page.reload()
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false")
    expect(page.locator("#gallery-L00-mark")).to_have_text("Du har vunnit här.")
    expect(page.locator("#gallery-L03-mark")).to_have_text("Du har vunnit här, bästa tid 4:12.")
    page.locator("#new-game-button").click()
    expect(page.locator('#gallery [data-layout="L00"]')).to_have_accessible_description(
        "144 brickor i 5 lager, 15 × 8 brickor "
        "Svårighet 2 av 5: i 60\xa0% av spelen tar det stopp om man tar bort par på måfå. Du har vunnit här."
    )


def test_a_signed_in_players_marks_come_from_the_server(live_server, page: Page):
    ada = player("ada")
    when = timezone.now() - timedelta(days=2)
    Game.objects.create(
        code="MJ1-L02-AAAAABL",
        layout_id="L02",
        origin=Game.NEW,
        state=Game.WON,
        result=Game.WON,
        ranked=True,
        user=ada,
        started_at=when,
        finished_at=when + timedelta(minutes=4),
        elapsed_ms=240_000,
    )
    sign_in(page, live_server, ada)
    open_board(page, live_server, "sv")
    expect(page.locator(".site-account__name")).to_have_text("ada")
    expect(page.locator("#gallery-L02-mark")).to_have_text("Du har vunnit här, bästa tid 4:00.")
    expect(page.locator("#gallery-L00-mark")).to_have_text("")
    # A win on this page marks its layout at once; the browser keeps nothing of it (the
    # server has the player's games).
    win_the_example(page)
    expect(page.locator("#gallery-L00-mark")).to_have_text("Du har vunnit här.")
    assert page.evaluate(f"() => window.localStorage.getItem({json.dumps(WINS_KEY)})") is None
    page.reload()
    expect(page.locator("#gallery-L00-mark")).to_have_text("Du har vunnit här.")


def test_a_players_own_layouts_have_a_section_and_play_from_there(live_server, axe_page: Page):
    """A visitor's panel has no section of own layouts; a signed-in player's lists theirs
    first, each a button named as they named it (as text), with its picture, its size and
    "never ranked"; one picked starts a fresh deal on it, which is not ranked."""
    page = axe_page
    errors = open_board(page, live_server, "el", query="?layout=L00")
    page.locator("#new-game-button").click()
    expect(page.locator("#gallery").get_by_role("button")).to_have_count(30)
    assert page.locator("#gallery-mine").count() == 0
    assert page.locator("#layout-select optgroup").count() == 0

    builder = player("builder")
    sign_in(page, live_server, builder)
    save_layout(builder, NAME, "L00")
    save_layout(builder, "Διαμάντι μου", "L01")
    response = page.goto(f"{live_server.url}/el/play/?layout=L00")
    assert_valid_html(response.text())
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false")
    page.locator("#new-game-button").click()
    mine = page.get_by_role("region", name="Αποθηκευμένες διατάξεις")
    expect(mine).to_be_visible()
    buttons = mine.get_by_role("button")
    expect(buttons).to_have_count(2)
    expect(buttons.first).to_have_accessible_name("Διαμάντι μου")
    mine_turtle = mine.get_by_role("button", name=NAME, exact=True)
    expect(mine_turtle).to_have_accessible_description(
        "144 πλακίδια · διαστάσεις 15 × 8 · 5 επίπεδα Δεν μετρά ποτέ για την κατάταξη."
    )
    assert page.locator("#gallery-mine b").count() == 0  # the name as text
    # Its picture, drawn from its tiles.
    picture = mine_turtle.locator("img")
    picture.scroll_into_view_if_needed()
    expect(picture).to_have_js_property("complete", True)
    assert picture.evaluate("(img) => img.naturalWidth > 0")
    assert_no_axe_violations(page)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOTS / "gallery-mine-el.png")

    mine_turtle.click()
    expect(page.locator("#new-game-panel")).to_be_hidden()
    expect(page.locator("#board-status")).to_have_text(f"Νέο παιχνίδι: {NAME}")
    expect(page.locator("#board-tiles .tile")).to_have_count(144)
    game = page.evaluate("() => document.getElementById('board').controller.game")
    assert game["layout"]["id"].startswith("C") and game["layout"]["id"] not in LAYOUTS
    assert game["may_rank"] is False
    stored = Game.objects.get(id=game["id"])
    assert stored.layout_id == game["layout"]["id"] and stored.origin == Game.NEW
    # The panel's list and the button now name the layout being played.
    expect(page.locator("#layout-select")).to_have_value(game["layout"]["id"])
    expect(page.locator(f'#gallery-mine [data-layout="{game["layout"]["id"]}"]')).to_have_attribute(
        "aria-current", "true"
    )
    assert errors == []


def test_a_signed_in_players_panel_fits_a_phone(live_server, browser, browser_context_args):
    """Held upright, a signed-in player's play page does not scroll sideways (the head's
    hidden "signed in as" once widened it), so the New game panel with their own layouts
    lies within the screen."""
    context = browser.new_context(
        **browser_context_args,
        viewport={"width": 360, "height": 740},
        is_mobile=True,
        has_touch=True,
    )
    page = context.new_page()
    builder = player("builder")
    sign_in(page, live_server, builder)
    save_layout(builder, "Min sköldpadda med ett ganska långt namn", "L00")
    open_board(page, live_server, "sv", query="?layout=L00")
    sideways = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
    assert page.evaluate(sideways) == 0
    page.locator("#new-game-button").click()
    panel = page.locator("#new-game-panel")
    expect(panel).to_be_visible()
    mine = page.get_by_role("region", name="Sparade layouter")
    mine.scroll_into_view_if_needed()
    expect(mine.get_by_role("button")).to_have_count(1)
    for part in (panel, page.locator("#layout-select"), mine.get_by_role("button")):
        box = part.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 360, box
    assert page.evaluate(sideways) == 0
    context.close()
