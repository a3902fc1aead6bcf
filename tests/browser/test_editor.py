"""The layout editor in Chromium: a KMahjongg file read, a tile placed by mouse, another
placed and removed by keyboard, what is wrong shown and then nothing, the layout saved
under a name shown as text, then a deal played on it from the list to the win, which
says why it is not ranked. axe-clean and valid HTML; a screenshot at 1280 by 800."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from playwright.sync_api import Page, expect

from editor.models import CustomLayout
from mahjong import LAYOUTS, Board
from mahjong.rules import kmahjongg
from tests.browser.accessibility import assert_no_axe_violations, assert_valid_html
from tests.browser.test_board import SCREENSHOTS, tile

# A stored flow: CI runs it again on PostgreSQL (make test-database).
pytestmark = pytest.mark.stored_flow

TURTLE = LAYOUTS["L00"].positions
TOP = (13, 7, 4)
# Inside the page (its session and CSRF token): a new game on a code, these pairs removed.
FAST_FORWARD = """async ([code, pairs]) => {
  const config = JSON.parse(document.getElementById('board-config').textContent);
  const headers = {'Content-Type': 'application/json', 'X-CSRFToken': config.csrfToken};
  const post = async (url, body) => {
    const r = await fetch(url, {method: 'POST', headers, body: JSON.stringify(body)});
    if (!r.ok) throw new Error(await r.text());
    return r.json();
  };
  const game = await post('/api/games', {code});
  for (const pair of pairs) for (const tile of pair) await post(`/api/games/${game.id}/tap`, {tile});
}"""  # the Turtle's one tile of layer 5
NAME = "<b>Min sköldpadda</b>"


def sign_in(page: Page, live_server, user=None) -> None:
    """Sign the page's browser in as ``user`` (a new player "builder" when none) with a
    session cookie: the set-up of a test, not the sign-in form's."""
    if user is None:
        user = get_user_model().objects.create_user("builder", password="a long enough secret 42")
    client = Client()
    client.force_login(user)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME]
    page.context.add_cookies([{"name": cookie.key, "value": cookie.value, "url": live_server.url}])


def click_cell(page: Page, x: int, y: int) -> None:
    """Click the middle of half-tile cell (x, y) of the grid (its viewBox starts at -0.5
    and is one cell wider and higher than the grid)."""
    grid = page.locator("#editor-grid")
    box = grid.bounding_box()
    columns, rows = [float(v) for v in grid.get_attribute("viewBox").split()[2:]]
    grid.click(
        position={
            "x": (x + 1) * box["width"] / columns,
            "y": (y + 1) * box["height"] / rows,
        }
    )


def test_a_layout_built_in_the_editor_is_saved_and_played(live_server, axe_page: Page, tmp_path):
    page = axe_page
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    sign_in(page, live_server)
    response = page.goto(f"{live_server.url}/sv/editor/")
    assert_valid_html(response.text())
    expect(page.locator("#editor-grid")).to_have_attribute("data-ready", "true")
    expect(page.locator("#editor-count")).to_have_text("0 av 144 brickor")
    assert_no_axe_violations(page)

    # A KMahjongg file of the Turtle without its top tile.
    layout_file = tmp_path / "turtle.layout"
    layout_file.write_text(kmahjongg.write([p for p in TURTLE if p != TOP]))
    page.set_input_files("#editor-import", str(layout_file))
    expect(page.locator("#editor-count")).to_have_text("143 av 144 brickor")
    problems = page.locator("#editor-problems li")
    expect(problems).to_have_text(["143 brickor – en layout ska ha exakt 144."])
    expect(page.locator("#editor-sound")).to_be_hidden()

    # The top tile by mouse, on layer 5.
    page.get_by_label("5", exact=True).check()
    click_cell(page, TOP[0], TOP[1])
    expect(page.locator("#editor-count")).to_have_text("144 av 144 brickor")
    expect(problems).to_have_count(0)
    expect(page.locator("#editor-sound")).to_be_visible()

    # One more by keyboard, beside it on layer 5 where nothing holds it up: the editor
    # says what is wrong and where, and the same key takes it away again.
    grid = page.locator("#editor-grid")
    grid.focus()
    for _ in range(4):
        page.keyboard.press("Shift+ArrowRight")
    expect(page.locator("#editor-status")).to_have_text("Kolumn 22, rad 8, lager 5")
    page.keyboard.press("Enter")
    expect(page.locator("#editor-count")).to_have_text("145 av 144 brickor")
    expect(problems.first).to_have_text("145 brickor – en layout ska ha exakt 144.")
    expect(problems.nth(1)).to_have_text(
        "Brickan i kolumn 22, rad 8, lager 5 vilar inte helt på brickorna under."
    )
    expect(page.locator("#editor-grid .is-wrong")).to_have_count(1)
    assert_no_axe_violations(page)
    page.keyboard.press("Enter")
    expect(page.locator("#editor-count")).to_have_text("144 av 144 brickor")
    expect(page.locator("#editor-sound")).to_be_visible()

    page.set_viewport_size({"width": 1280, "height": 800})
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOTS / "editor-sv-1280.png")

    page.get_by_label("Layoutens namn").fill(NAME)
    page.get_by_role("button", name="Spara", exact=True).click()
    expect(page.locator("#editor-save-message")).to_have_text("Layouten har sparats.")
    item = page.locator("#editor-list .editor__item")
    expect(item).to_have_count(1)
    expect(item.locator(".editor__item-name")).to_have_text(NAME)  # as text, not markup
    assert page.locator("#editor-list b").count() == 0
    saved = CustomLayout.objects.get()
    assert sorted(map(tuple, saved.positions)) == sorted(TURTLE)
    assert_no_axe_violations(page)

    item.get_by_role("link", name=f"Spela: {NAME}").click()
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false", timeout=15_000)
    expect(page.locator("#board-tiles .tile")).to_have_count(144)
    code = page.evaluate("() => document.getElementById('board').controller.game.code")
    assert code.startswith(f"MJ1-{saved.layout_id}-")
    # The deal's first 71 pairs through the API from inside the page, the last by mouse.
    plan = Board.from_code(code).deal.plan
    page.evaluate(FAST_FORWARD, [code, [list(pair) for pair in plan[:71]]])
    page.goto(page.url.split("?")[0])
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false", timeout=15_000)
    expect(page.locator("#tiles-left")).to_have_text("2")
    a, b = plan[71]
    tile(page, a).click()
    tile(page, b).click()
    dialog = page.locator("#won-dialog")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text(
        "Layouten är byggd av en spelare, och sådana layouter räknas aldrig på topplistan."
    )
    assert errors == []


def test_rename_and_delete_ask_in_the_page_and_show_the_servers_refusal(
    live_server, axe_page: Page
):
    """Rename and delete open the page's own dialogs (German here): Esc and Cancel change
    nothing, a refused name is said next to the field and the dialog stays open, a good
    name is shown as text; delete asks first and removes the layout only when confirmed."""
    from editor import services

    page = axe_page
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    sign_in(page, live_server)
    user = get_user_model().objects.get(username="builder")
    layout = services.layout_create(
        user_id=user.pk, name="Schildkröte", positions=[list(p) for p in TURTLE]
    )
    page.goto(f"{live_server.url}/de/editor/")
    expect(page.locator("#editor-grid")).to_have_attribute("data-ready", "true")
    item = page.locator("#editor-list .editor__item")
    rename_button = item.get_by_role("button", name="Umbenennen: Schildkröte")
    rename = page.get_by_role("dialog", name="Anordnung umbenennen")
    field = rename.get_by_label("Neuer Name")

    # Esc: nothing sent, nothing changed, focus back on the button.
    rename_button.click()
    expect(rename).to_be_visible()
    expect(field).to_be_focused()
    expect(field).to_have_value("Schildkröte")
    field.fill("Nie gespeichert")
    page.keyboard.press("Escape")
    expect(rename).to_be_hidden()
    expect(rename_button).to_be_focused()
    expect(item.locator(".editor__item-name")).to_have_text("Schildkröte")

    # A blank name: the server's refusal in German beside the field; the dialog stays.
    rename_button.click()
    field.fill("   ")
    rename.get_by_role("button", name="Umbenennen", exact=True).click()
    error = rename.locator("#editor-rename-error")
    expect(error).to_have_text("Geben Sie der Anordnung einen Namen.")
    expect(field).to_have_attribute("aria-invalid", "true")
    expect(rename).to_be_visible()
    assert_no_axe_violations(page)
    layout.refresh_from_db()
    assert layout.name == "Schildkröte"

    # A good name, with markup in it: saved, shown as text, the dialog closed.
    field.fill(NAME)
    field.press("Enter")
    expect(rename).to_be_hidden()
    expect(item.locator(".editor__item-name")).to_have_text(NAME)
    assert page.locator("#editor-list b").count() == 0
    expect(page.locator("#editor-status")).to_have_text("Umbenannt.")
    expect(item.get_by_role("button", name=f"Umbenennen: {NAME}")).to_be_focused()
    layout.refresh_from_db()
    assert layout.name == NAME

    # Delete, cancelled: still there. Then confirmed: gone, here and on the server.
    delete_button = item.get_by_role("button", name=f"Löschen: {NAME}")
    delete = page.get_by_role("dialog", name=f"Die Anordnung „{NAME}“ löschen?")
    delete_button.click()
    expect(delete).to_be_visible()
    expect(delete).to_contain_text("Sie kann danach nicht mehr gespielt werden.")
    assert_no_axe_violations(page)
    delete.get_by_role("button", name="Abbrechen").click()
    expect(delete).to_be_hidden()
    expect(delete_button).to_be_focused()
    assert CustomLayout.objects.filter(pk=layout.pk).exists()
    delete_button.click()
    delete.get_by_role("button", name="Löschen", exact=True).click()
    expect(delete).to_be_hidden()
    expect(item).to_have_count(0)
    expect(page.locator("#editor-mine-empty")).to_be_visible()
    expect(page.locator("#editor-status")).to_have_text("Gelöscht.")
    assert not CustomLayout.objects.filter(pk=layout.pk).exists()
    assert dialogs == []  # no prompt() or confirm() of the browser


@pytest.mark.parametrize("lang", ["sv", "el", "de", "id"])
def test_each_message_of_the_editor_replaces_the_last(live_server, page: Page, tmp_path, lang):
    """One message at a time: a refused save's "cannot be saved yet" goes once the layout
    can be saved, "Saved." and "already saved as …" go once the layout is deleted."""
    from django.utils import translation

    sign_in(page, live_server)
    page.goto(f"{live_server.url}/{lang}/editor/")
    expect(page.locator("#editor-grid")).to_have_attribute("data-ready", "true")
    status = page.locator("#editor-status")
    at_save = page.locator("#editor-save-message")
    sound = page.locator("#editor-sound")
    with translation.override(lang):
        invalid, saved, deleted, imported = (
            translation.gettext(text)
            for text in (
                "The layout cannot be saved yet: fix what is listed.",
                "Saved.",
                "Deleted.",
                "File read.",
            )
        )
        already = translation.gettext("You have saved this layout already, as “%(name)s”.")
    save = page.locator("#editor-save [type=submit]")
    page.locator("#editor-name").fill("Ett")
    save.click()
    expect(at_save).to_have_text(invalid)

    layout_file = tmp_path / "turtle.layout"
    layout_file.write_text(kmahjongg.write(list(TURTLE)))
    page.set_input_files("#editor-import", str(layout_file))
    expect(status).to_have_text(imported)
    expect(sound).to_be_visible()
    expect(at_save).to_be_empty()  # no "cannot be saved yet" beside "can be saved"

    # A file that is not a layout: said once, in the status; the grid and its check stay.
    bad_file = tmp_path / "bad.layout"
    bad_file.write_text("not a layout\n")
    page.set_input_files("#editor-import", str(bad_file))
    expect(status).not_to_have_text(imported)
    expect(status).not_to_be_empty()
    expect(page.locator("#editor-problems li")).to_have_count(0)

    save.click()
    expect(at_save).to_have_text(saved)
    expect(status).to_be_empty()
    save.click()
    expect(at_save).to_have_text(already % {"name": "Ett"})

    page.locator("#editor-list [data-action=delete]").click()
    page.locator("#editor-delete-form [type=submit]").click()
    expect(status).to_have_text(deleted)
    expect(at_save).to_be_empty()  # neither "Saved." nor a name that no longer exists


@pytest.mark.parametrize("width, height", [(360, 740), (390, 844)])
def test_the_editor_is_usable_on_a_phone(live_server, browser, browser_context_args, width, height):
    """Held upright, the page never scrolls sideways; the grid's half-tile cells stay at
    least 22 px (a tile 44 px, a finger's width) and the grid scrolls in its own frame; a
    tap places and removes a tile where it lands, the frame scrolled or not; the layers,
    the name and Save are within the screen's width and big enough to tap. axe-clean."""
    context = browser.new_context(
        **browser_context_args,
        viewport={"width": width, "height": height},
        is_mobile=True,
        has_touch=True,
        bypass_csp=True,
    )
    page = context.new_page()
    sign_in(page, live_server)
    page.goto(f"{live_server.url}/sv/editor/")
    grid = page.locator("#editor-grid")
    expect(grid).to_have_attribute("data-ready", "true")
    count = page.locator("#editor-count")

    def sideways() -> int:
        return page.evaluate(
            "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )

    assert sideways() == 0
    columns = float(grid.get_attribute("viewBox").split()[2])
    cell = grid.bounding_box()["width"] / columns
    assert cell >= 22, cell
    for control in [
        *page.locator(".editor__layer").all(),
        page.get_by_label("Layoutens namn"),
        page.get_by_role("button", name="Spara", exact=True),
        page.get_by_role("button", name="Ta bort alla brickor"),
    ]:
        box = control.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, control
        assert box["height"] >= 24, control

    frame = page.locator("#editor-frame")
    frame.scroll_into_view_if_needed()

    def tap_cell(x: int, y: int) -> None:
        # Viewport coordinates of the middle of cell (x, y): the viewBox starts at -0.5.
        box = grid.bounding_box()
        page.touchscreen.tap(box["x"] + (x + 1) * cell, box["y"] + (y + 1) * cell)

    tap_cell(2, 2)
    expect(count).to_have_text("1 av 144 brickor")
    expect(page.locator("#editor-grid .editor-grid__tile")).to_have_attribute("data-tile", "2,2,0")
    # Scrolled to the grid's right-hand side, a tap lands on the cell under the finger.
    frame.evaluate("(el) => { el.scrollLeft = el.scrollWidth; }")
    expect(frame).not_to_have_js_property("scrollLeft", 0)
    tap_cell(33, 4)
    expect(count).to_have_text("2 av 144 brickor")
    expect(page.locator('#editor-grid [data-tile="33,4,0"]')).to_have_count(1)
    tap_cell(34, 5)  # the same tile's other quarter: it is removed
    expect(count).to_have_text("1 av 144 brickor")
    assert sideways() == 0
    assert_no_axe_violations(page)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOTS / f"editor-sv-{width}.png")
    context.close()


def test_a_file_over_the_limit_is_not_sent_and_the_page_says_why(live_server, page: Page, tmp_path):
    """The editor says a file is too large in the page's language before sending it: a
    body that large would only meet the proxy's limit (editor/limits.py)."""
    sign_in(page, live_server)
    sent: list[str] = []
    page.on("request", lambda r: sent.append(r.url) if "/api/layouts/import" in r.url else None)
    page.goto(f"{live_server.url}/de/editor/")
    expect(page.locator("#editor-grid")).to_have_attribute("data-ready", "true")
    big = tmp_path / "big.layout"
    big.write_text("." * (settings.MAHJONG_LAYOUT_FILE_MAX_BYTES + 1))
    page.set_input_files("#editor-import", str(big))
    expect(page.locator("#editor-status")).to_have_text(
        "Die Datei ist größer als 64 kB: Das ist keine Anordnungsdatei."
    )
    expect(page.locator("#editor-problems li")).to_have_count(0)
    assert sent == []
