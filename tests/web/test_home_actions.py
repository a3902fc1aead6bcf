"""The home page's actions: Play and the daily deal first, Continue for a game in
progress (the visitor's own only), the way to learn, and a picture drawn from the tile
set's own symbols."""

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import timezone, translation

from daily import codes as daily
from game.current import CURRENT_GAME_KEY
from mahjong import Board
from tests.api.helpers import EXAMPLE, create, path_to_stuck, remove_pair
from wording.names import layout_name

LANGUAGES = [code for code, _name in settings.LANGUAGES]
#: The glossary's words for the page "Play" and the feature "Daily deal".
PLAY = {"sv": "Spela", "el": "Παίξτε", "de": "Spielen", "id": "Bermain"}
DAILY = {
    "sv": "Dagens giv",
    "el": "Παιχνίδι της ημέρας",
    "de": "Tagesspiel",
    "id": "Permainan harian",
}
CONTINUE = {
    "sv": "Fortsätt spela",
    "el": "Συνεχίστε την παρτίδα",
    "de": "Partie fortsetzen",
    "id": "Lanjutkan permainan",
}
SPRITE = Path(settings.BASE_DIR, "static", "tiles", "classic.svg")


def _main(html: str) -> str:
    """The page's own content, without the header's navigation and the footer."""
    return html[html.index('<main id="content"') : html.index("</main>")]


def _buttons(html: str) -> list[tuple[str, str]]:
    """The hero's action buttons as (address, text), in order."""
    actions = html[html.index('<ul class="home-actions">') :]
    actions = actions[: actions.index("</ul>")]
    return re.findall(r'<a class="button[^"]*" href="([^"]+)"[^>]*>([^<]+)</a>', actions)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_new_visitor_is_offered_play_then_the_daily_deal(client, db, lang):
    response = client.get(f"/{lang}/")

    assert _buttons(response.content.decode()) == [
        (f"/{lang}/play/", PLAY[lang]),
        (f"/{lang}/daily/", DAILY[lang]),
    ]
    # Nothing personal on the page: a shared cache may keep it.
    assert "no-store" not in response.get("Cache-Control", "")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_way_to_learn_leads_to_the_rules_and_the_practice(client, db, lang):
    main = _main(client.get(f"/{lang}/").content.decode())
    learn = main[main.index('<section class="home-learn"') :]

    with translation.override(lang):
        rules, practice = translation.gettext("Rules"), translation.gettext("Practice")
    links = re.findall(r'<h3><a href="([^"]+)">([^<]+)</a></h3>\s*<p>([^<]+)</p>', learn)
    assert [(url, text) for url, text, _ in links] == [
        (f"/{lang}/rules/", rules),
        (f"/{lang}/practice/", practice),
    ]
    assert all(description.strip() for _, _, description in links)


def test_the_home_page_never_shows_todays_daily_codes(client, db):
    html = client.get("/sv/").content.decode()

    codes = daily.daily_codes(daily.utc_day(timezone.now()))
    assert codes
    assert [str(code) for code in codes.values() if str(code) in html] == []


def test_the_picture_uses_only_symbols_of_the_tile_set(client, db):
    main = _main(client.get("/sv/").content.decode())
    picture = main[main.index('<div class="home-picture"') :]

    assert picture.startswith('<div class="home-picture" aria-hidden="true">')
    faces = re.findall(r'<use href="/static/tiles/classic\.svg#(t-[A-Za-z0-9]+)"/>', picture)
    symbols = set(re.findall(r'<symbol id="(t-[^"]+)"', SPRITE.read_text()))
    assert len(faces) >= 10
    assert set(faces) <= symbols
    # A free pair shown selected: two tiles of the same face.
    selected = re.findall(
        r'home-tile is-selected"[^>]*><svg[^>]*><use href="[^#]+#(t-\w+)"', picture
    )
    assert len(selected) == 2 and selected[0] == selected[1]


def _game_with_one_pair_removed(client) -> dict:
    game = create(client, code=EXAMPLE)
    remove_pair(client, game["id"], Board.from_code(EXAMPLE).playable_pairs()[0])
    return game


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_game_in_progress_is_offered_to_continue(client, db, lang):
    _game_with_one_pair_removed(client)

    response = client.get(f"/{lang}/")

    html = response.content.decode()
    assert _buttons(html) == [
        (f"/{lang}/play/", CONTINUE[lang]),
        (f"/{lang}/play/?layout=L00", _new_game(lang)),
        (f"/{lang}/daily/", DAILY[lang]),
    ]
    progress = re.search(r'<p class="home-progress" id="home-progress">([^<]+)</p>', html)
    assert progress is not None
    with translation.override(lang):
        assert layout_name("L00") in progress.group(1)
    assert "142" in progress.group(1)
    # The page now tells of one visitor's game: no shared cache may keep it.
    assert "no-store" in response["Cache-Control"]


def _new_game(lang: str) -> str:
    with translation.override(lang):
        return translation.gettext("New game")


def test_a_game_with_no_pair_removed_yet_is_simply_played(client, db):
    create(client, code=EXAMPLE)

    assert _buttons(client.get("/sv/").content.decode())[0] == ("/sv/play/", "Spela")


def test_a_game_with_no_more_moves_is_not_offered_to_continue(client, db):
    game = create(client, code=EXAMPLE)
    for pair in path_to_stuck():
        last = remove_pair(client, game["id"], pair)
    assert last["state"] == "stuck"

    assert _buttons(client.get("/sv/").content.decode())[0] == ("/sv/play/", "Spela")


def test_someone_elses_game_is_not_offered_to_continue(client, db):
    from django.test import Client

    game = _game_with_one_pair_removed(client)
    # Another visitor whose session names that game (a copied cookie value, a guessed id).
    other = Client()
    other.get("/sv/")
    session = other.session
    session[CURRENT_GAME_KEY] = game["id"]
    session.save()

    html = other.get("/sv/").content.decode()

    assert _buttons(html)[0] == ("/sv/play/", "Spela")
    assert "home-progress" not in html
