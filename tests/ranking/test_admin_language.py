"""The admin speaks the operator's language: the games' list and a game's page name the
fields, the filters, their choices, the model and its app in the language the browser
asks for (Accept-Language, or the language cookie: the admin is outside the language
prefixes), not in the English Django derives from the field names; and Django's own words
that its Greek and German catalogues lack are not read from the Swedish one
(game/django_admin_strings.py)."""

from __future__ import annotations

import ast
import html
import re
from pathlib import Path

import django
import pytest
from babel.messages.pofile import read_po
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils.text import capfirst

from game.models import Game
from tests.players import PASSWORD, player, signed_in, win_with_services

pytestmark = pytest.mark.django_db

COLUMNS = (
    "code",
    "user",
    "result",
    "origin",
    "ranked",
    "removed_by_moderator",
    "elapsed_ms",
    "finished_at",
)

# What each language's operator reads: the app's name, the model's name in the list's
# title, the list's column heads (in COLUMNS' order), and the result and origin filters'
# choices.
EXPECTED = {
    "sv": {
        "app": "Spel",
        "model": "spel",
        "heads": [
            "Spelkod",
            "Spelare",
            "Resultat",
            "Givens ursprung",
            "På topplistan",
            "Borttaget av en moderator",
            "Speltid (ms)",
            "Avslutad",
        ],
        "result": ["oavslutat", "vunnet", "inga fler drag", "övergivet"],
        "origin": ["nytt spel", "dagens giv", "spelkod"],
        "removed": "72 par borttagna",
    },
    "el": {
        "app": "Παιχνίδια",
        "model": "παιχνίδι",
        "heads": [
            "Κωδικός παιχνιδιού",
            "Παίκτης",
            "Αποτέλεσμα",
            "Προέλευση παιχνιδιού",
            "Μετρά για την κατάταξη",
            "Αφαιρέθηκε από συντονιστή",
            "Χρόνος παιχνιδιού (ms)",
            "Λήξη",
        ],
        "result": ["μη ολοκληρωμένη", "κερδήθηκε", "δεν υπάρχουν κινήσεις", "εγκαταλείφθηκε"],
        "origin": ["νέο παιχνίδι", "παιχνίδι της ημέρας", "κωδικός παιχνιδιού"],
        "removed": "72 ζευγάρια αφαιρέθηκαν",
    },
    "de": {
        "app": "Spiele",
        "model": "Spiel",
        "heads": [
            "Spielcode",
            "Spieler",
            "Ergebnis",
            "Herkunft des Spiels",
            "Gewertet",
            "Von einem Moderator entfernt",
            "Spielzeit (ms)",
            "Beendet",
        ],
        "result": ["nicht beendet", "gewonnen", "keine Züge mehr", "abgebrochen"],
        "origin": ["neues Spiel", "Tagesspiel", "Spielcode"],
        "removed": "72 Paare entfernt",
    },
    "id": {
        "app": "Permainan",
        "model": "permainan",
        "heads": [
            "Kode permainan",
            "Pemain",
            "Hasil",
            "Asal susunan",
            "Masuk peringkat",
            "Dihapus oleh moderator",
            "Waktu bermain (ms)",
            "Selesai",
        ],
        "result": ["belum selesai", "menang", "tidak ada langkah lagi", "ditinggalkan"],
        "origin": ["permainan baru", "permainan harian", "kode permainan"],
        "removed": "72 pasangan disingkirkan",
    },
}

# What the admin showed before the models named their fields: Django's labels from the
# field names, and the choices' English values.
ENGLISH_LABELS = {capfirst(field.name.replace("_", " ")) for field in Game._meta.fields}
ENGLISH_CHOICES = {"unfinished", "won", "stuck", "abandoned", "new", "daily", "code"}


def _text(fragment: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def _heads(page: str) -> dict[str, str]:
    cells = re.findall(r'<th scope="col" class="[^"]*column-(\w+)">(.*?)</th>', page, re.S)
    return {name: _text(cell) for name, cell in cells}


def _filter_titles(page: str) -> list[str]:
    return [html.unescape(title) for title in re.findall(r'data-filter-title="([^"]*)"', page)]


def _choices(page: str, field: str) -> list[str]:
    links = re.findall(rf'<a href="\?{field}__exact=[^"]*">([^<]*)</a>', page)
    return [html.unescape(link) for link in links]


def _one(pattern: str, page: str) -> str:
    found = re.search(pattern, page, re.S)
    assert found, pattern
    return _text(found.group(1))


@pytest.fixture
def operator_and_game():
    op = get_user_model().objects.create_superuser("op", "op@example.org", PASSWORD)
    game = win_with_services(user=player("ada"), code=None, seconds=300)
    assert len(game.history) == 72
    return op, game


def _client(op, lang: str, by: str) -> Client:
    if by == "header":
        return signed_in(Client(HTTP_ACCEPT_LANGUAGE=lang), op)
    # The cookie outweighs the browser's languages (here a language the site lacks).
    client = signed_in(Client(HTTP_ACCEPT_LANGUAGE="fr"), op)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = lang
    return client


@pytest.mark.parametrize("by", ["header", "cookie"])
@pytest.mark.parametrize("lang", sorted(EXPECTED))
def test_the_games_list_names_its_columns_and_filters_in_the_operators_language(
    operator_and_game, lang, by
):
    op, _game = operator_and_game
    want = EXPECTED[lang]
    answer = _client(op, lang, by).get("/admin/game/game/")
    assert answer.status_code == 200
    page = answer.content.decode()
    heads = _heads(page)
    assert [heads[name] for name in COLUMNS] == want["heads"]
    assert not ENGLISH_LABELS & set(heads.values()), heads
    assert _choices(page, "result") == want["result"]
    assert _choices(page, "origin") == want["origin"]
    # The filters' titles are the fields' names: result, origin, ranked first.
    titles = [title.lower() for title in _filter_titles(page)]
    assert titles[:3] == [head.lower() for head in want["heads"][2:5]]
    assert not {label.lower() for label in ENGLISH_LABELS} & set(titles), titles
    title = _one(r"<h1>(.*?)</h1>", page)
    assert want["model"] in title and "game" not in title.lower(), title
    assert _one(r'<a href="/admin/game/">(.*?)</a>', page) == want["app"]


@pytest.mark.parametrize("lang", sorted(EXPECTED))
def test_a_games_page_names_its_fields_and_the_game_in_the_operators_language(
    operator_and_game, lang
):
    op, game = operator_and_game
    want = EXPECTED[lang]
    answer = _client(op, lang, "header").get(f"/admin/game/game/{game.pk}/change/")
    assert answer.status_code == 200
    page = answer.content.decode()
    labels = [html.unescape(label) for label in re.findall(r"<label>([^<]*):</label>", page)]
    # Every field of the game is on its page (read-only), each under a translated label.
    assert len(labels) >= len(Game._meta.fields)
    assert {want["heads"][0], want["heads"][2], want["heads"][4]} <= set(labels)
    assert not ENGLISH_LABELS & set(labels), sorted(ENGLISH_LABELS & set(labels))
    # The game's name: its code, its state and its removed pairs, in words of the language.
    name = _one(r"<h2>(.*?)</h2>", page)
    assert name == f"{game.code} ({want['result'][1]}, {want['removed']})"
    assert not (ENGLISH_CHOICES | {"pairs", "removed"}) & set(re.findall(r"\w+", name)), name


DJANGO_DIR = Path(django.__file__).parent
DJANGO_SV = (
    DJANGO_DIR / "contrib/admin/locale/sv/LC_MESSAGES/django.po",
    DJANGO_DIR / "contrib/auth/locale/sv/LC_MESSAGES/django.po",
)


def _filled_in() -> list[str]:
    """The msgids game/django_admin_strings.py lists (each call's first argument)."""
    tree = ast.parse(Path(settings.BASE_DIR, "game/django_admin_strings.py").read_text())
    return [
        node.args[0].value
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and node.args
        and isinstance(node.args[0], ast.Constant)
        and isinstance(node.args[0].value, str)
    ]


def _django_swedish() -> dict[str, str]:
    """Django's own Swedish for each msgid of its admin and auth catalogues."""
    found = {}
    for path in DJANGO_SV:
        with path.open("rb") as handle:
            for message in read_po(handle):
                if message.id:
                    msgid = message.id[0] if isinstance(message.id, tuple) else message.id
                    string = message.string
                    found[msgid] = string[0] if isinstance(string, tuple) else string
    return found


def test_the_filled_in_strings_are_still_djangos_own():
    # A msgid Django no longer uses would fill nothing: each is word for word Django's.
    swedish = _django_swedish()
    missing = [msgid for msgid in _filled_in() if msgid not in swedish]
    assert _filled_in() and missing == []


@pytest.mark.parametrize("lang", ["el", "de", "id"])
def test_no_admin_page_falls_back_to_swedish(operator_and_game, lang):
    op, game = operator_and_game
    swedish = _django_swedish()
    # Django's Swedish for the strings filled in, long enough not to occur by chance
    # ("Hoppa till huvudinnehållet", "Växla tema (aktuellt tema: ljust)", "Återställ
    # lösenord"…).
    fallbacks = {swedish[msgid] for msgid in _filled_in() if len(swedish[msgid]) >= 9}
    assert "Återställ lösenord" in fallbacks
    client = _client(op, lang, "header")
    for url in (
        "/admin/",
        "/admin/game/game/",
        f"/admin/game/game/{game.pk}/change/",
        f"/admin/auth/user/{game.user_id}/change/",
    ):
        answer = client.get(url)
        assert answer.status_code == 200, url
        page = html.unescape(answer.content.decode())
        assert [text for text in fallbacks if text in page] == [], (lang, url)
