"""The site's head on a phone: the site's name and a menu button; every link in the menu.

On every page at 360×740 nothing in the head is cut off or off screen, and the menu
opens with every link whole; it opens and closes by touch, by keyboard and with Esc.
A wider screen shows the links in the head and no button.
"""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from tests.browser.accessibility import assert_no_axe_violations
from tests.browser.test_editor import sign_in

SCREENSHOTS = Path(settings.BASE_DIR, "artifacts", "screenshots")

# A visitor's pages, then (signed in) a player's own.
VISITOR_PAGES = [
    "",
    "rules/",
    "practice/",
    "play/",
    "daily/",
    "stats/",
    "leaderboard/",
    "privacy/",
    "offline/",
    "accounts/login/",
    "accounts/signup/",
    "accounts/password/reset/",
    "no-such-page/",
]
PLAYER_PAGES = ["accounts/", "editor/", "play/"]

# Each link, button and word of the head that is shown: cut off (its words wider than
# its box), or partly off the screen.
CUT = """() => {
  const cut = [];
  for (const el of document.querySelectorAll(
      '.site-header a, .site-header button, .site-header span, .site-header #site-menu li')) {
    if (!el.getClientRects().length || getComputedStyle(el).visibility === 'hidden') continue;
    if (el.closest('.visually-hidden')) continue;  // words for screen readers alone
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    const name = el.textContent.trim() || el.getAttribute('aria-label') || el.tagName;
    if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).display !== 'inline') {
      cut.push(`${name}: its words are cut`);
    }
    if (box.left < -0.5 || box.right > innerWidth + 0.5 || box.top < -0.5
        || box.bottom > innerHeight + 0.5) {
      cut.push(`${name}: off screen at ${Math.round(box.left)}–${Math.round(box.right)}`);
    }
  }
  if (document.documentElement.scrollWidth > innerWidth) cut.push('the page scrolls sideways');
  return cut;
}"""

OPEN = "document.getElementById('site-menu').matches(':popover-open')"


def check_head(page: Page, url: str) -> None:
    """The head as the page opens, then with its menu opened by a tap and closed again."""
    page.goto(url)
    button = page.locator(".site-menu-button")
    expect(button).to_be_visible()
    assert page.evaluate(CUT) == [], url
    button.tap()
    assert page.evaluate(OPEN), url
    links = page.locator("#site-menu a")
    assert links.count() >= 7, url
    for i in range(links.count()):
        expect(links.nth(i)).to_be_in_viewport(ratio=1)
    assert page.evaluate(CUT) == [], url
    button.tap()
    assert not page.evaluate(OPEN), url


def test_every_pages_head_fits_a_phone_and_its_menu_opens_by_touch(
    live_server, site_content, phone
):
    page = phone(360, 740)
    for path in VISITOR_PAGES:
        check_head(page, f"{live_server.url}/el/{path}")  # the longest words of the four
    player = get_user_model().objects.create_user(
        "Konstantinopoulos_long", password="a long enough secret 42"
    )
    sign_in(page, live_server, player)
    for path in PLAYER_PAGES:
        check_head(page, f"{live_server.url}/id/{path}")
    page.locator(".site-menu-button").tap()
    expect(page.locator("#site-menu")).to_contain_text(player.username)
    expect(page.locator("#site-menu").get_by_role("button", name="Keluar")).to_be_in_viewport()


def test_the_menu_opens_and_closes_by_keyboard_and_esc_and_passes_axe(live_server, phone):
    page = phone(360, 740, axe=True)
    page.goto(f"{live_server.url}/de/play/?layout=L00")
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false")
    button = page.get_by_role("button", name="Menü")
    expect(button).to_have_attribute("aria-controls", "site-menu")
    menu = page.locator("#site-menu")
    expect(menu).to_be_hidden()

    expect(button).to_have_attribute("aria-expanded", "false")
    button.focus()
    page.keyboard.press("Enter")
    expect(menu).to_be_visible()
    assert page.evaluate(OPEN)
    expect(button).to_have_attribute("aria-expanded", "true")
    # Tab goes on into the menu, its links in order, the current page marked.
    page.keyboard.press("Tab")
    expect(menu.get_by_role("link", name="Regeln")).to_be_focused()
    expect(menu.get_by_role("link", name="Spielen")).to_have_attribute("aria-current", "page")
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        assert_no_axe_violations(page)
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=SCREENSHOTS / f"phone-menu-{scheme}-360x740.png")
    page.keyboard.press("Escape")
    expect(menu).to_be_hidden()
    expect(button).to_be_focused()
    expect(button).to_have_attribute("aria-expanded", "false")
    # Esc closed the menu only: the game is not paused.
    expect(page.locator("#pause-button")).to_have_attribute("aria-pressed", "false")

    # Space opens it too; a tap outside closes it.
    page.keyboard.press("Space")
    expect(menu).to_be_visible()
    page.touchscreen.tap(180, 730)  # the status line
    expect(menu).to_be_hidden()

    # A wide screen: the links in the head, no button.
    page.set_viewport_size({"width": 1280, "height": 800})
    expect(button).to_be_hidden()
    expect(page.get_by_role("link", name="Bestenliste")).to_be_visible()
    page.get_by_role("link", name="Mahjong Solitaire").focus()
    page.keyboard.press("Tab")
    expect(page.get_by_role("link", name="Regeln")).to_be_focused()
