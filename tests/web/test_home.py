"""The home page in each language, the redirect from / and the catalogues' completeness."""

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from django.conf import settings

LANGUAGES = [code for code, _name in settings.LANGUAGES]
HEADINGS = {
    "sv": "Välkommen till Mahjong Solitaire",
    "el": "Καλώς ήρθατε στο Mahjong Solitaire",
    "de": "Willkommen bei Mahjong Solitaire",
    "id": "Selamat datang di Mahjong Solitaire",
}
NAV_WORDS = {  # rules, practice, play: the glossary's words
    "sv": ("Regler", "Övning", "Spela"),
    "el": ("Κανόνες", "Εξάσκηση", "Παίξτε"),
    "de": ("Regeln", "Übung", "Spielen"),
    "id": ("Aturan", "Latihan", "Bermain"),
}
PO_FILES = sorted(Path(settings.BASE_DIR, "locale").glob("*/LC_MESSAGES/django.po"))


def test_languages_are_swedish_greek_german_indonesian_with_swedish_default():
    assert LANGUAGES == ["sv", "el", "de", "id"]
    assert settings.LANGUAGE_CODE == "sv"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_home_page_answers_in_its_language(client, lang):
    response = client.get(f"/{lang}/")

    assert response.status_code == 200
    html = response.content.decode()
    assert f'<html lang="{lang}">' in html
    assert f'<h1 id="home-title">{HEADINGS[lang]}</h1>' in html


@pytest.mark.parametrize("lang", LANGUAGES)
def test_home_page_links_to_rules_practice_and_play_in_its_language(client, lang):
    html = client.get(f"/{lang}/").content.decode()

    rules, practice, play = NAV_WORDS[lang]
    assert f'<a href="/{lang}/rules/">{rules}</a>' in html
    assert f'<a href="/{lang}/practice/">{practice}</a>' in html
    assert f'<a href="/{lang}/play/">{play}</a>' in html


@pytest.mark.parametrize("lang", LANGUAGES)
def test_home_page_links_to_the_other_three_languages(client, lang):
    html = client.get(f"/{lang}/").content.decode()

    alternates = dict(re.findall(r'<link rel="alternate" hreflang="(\w+)" href="([^"]+)">', html))
    switcher = dict(re.findall(r'<a href="([^"]+)" hreflang="(\w+)"', html))
    others = [other for other in LANGUAGES if other != lang]
    # Every language, this one included (x-default is checked in test_findable.py).
    assert alternates == {code: f"http://testserver/{code}/" for code in LANGUAGES}
    assert sorted(switcher.values()) == sorted(others)
    assert all(url == f"/{code}/" for url, code in switcher.items())


@pytest.mark.parametrize(
    ("accept_language", "expected"),
    [
        ("de-DE,de;q=0.9,en;q=0.8", "/de/"),
        ("el", "/el/"),
        ("id-ID", "/id/"),
        ("sv-SE", "/sv/"),
        ("fr-FR,fr;q=0.9,en;q=0.8", "/sv/"),
        ("", "/sv/"),
    ],
)
def test_root_redirects_to_the_best_accepted_language(client, accept_language, expected):
    response = client.get("/", headers={"accept-language": accept_language})

    assert response.status_code == 302
    assert response["Location"] == expected
    assert "Accept-Language" in response["Vary"]


def test_unknown_language_prefix_is_not_found(client):
    assert client.get("/xx/").status_code == 404


def test_pages_send_a_content_security_policy_without_inline_code(client):
    policy = client.get("/sv/")["Content-Security-Policy"]

    assert "default-src 'self'" in policy
    assert "unsafe-inline" not in policy


@pytest.mark.parametrize("lang", LANGUAGES)
def test_home_page_has_no_inline_script_or_style(client, lang):
    html = client.get(f"/{lang}/").content.decode()

    # Scripts only from files (every page loads the service worker's installer).
    assert re.findall(r"<script(?![^>]*\ssrc=)[^>]*>", html) == []
    assert "<style" not in html
    assert " style=" not in html


def test_every_language_has_a_catalogue():
    assert sorted(path.parent.parent.name for path in PO_FILES) == sorted(LANGUAGES)


@pytest.mark.parametrize("po_file", PO_FILES, ids=lambda path: path.parent.parent.name)
def test_catalogue_has_no_empty_or_fuzzy_entry(po_file):
    with po_file.open("rb") as handle:
        catalog = read_po(handle)

    assert not catalog.fuzzy, "the catalogue's header is marked fuzzy"
    problems = [
        message.id
        for message in catalog
        if message.id
        and (
            message.fuzzy
            or not (all(message.string) if isinstance(message.string, tuple) else message.string)
        )
    ]
    assert problems == [], f"empty or fuzzy entries in {po_file.parent.parent.name}: {problems}"
