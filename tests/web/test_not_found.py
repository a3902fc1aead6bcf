"""A clean, translated "page not found", with DEBUG off as in production."""

import importlib
import os

import pytest
from django.conf import settings


def test_debug_is_off_in_the_test_settings_module_itself():
    """The rule: tests see what production shows (no debug pages, no leaked settings).

    pytest-django would turn DEBUG off for the tests whatever the settings say, so the
    module's own value is read, and the suite keeps it (``django_debug_mode = "keep"``).
    """
    module = importlib.import_module(os.environ["DJANGO_SETTINGS_MODULE"])
    assert module.__name__ == "mahjongsite.settings.test"
    assert module.DEBUG is False
    assert settings.DEBUG is module.DEBUG


@pytest.mark.parametrize(
    ("accept_language", "lang", "heading"),
    [
        ("de", "de", "Seite nicht gefunden"),
        ("el", "el", "Η σελίδα δεν βρέθηκε"),
        ("", "sv", "Sidan finns inte"),
        ("fr", "sv", "Sidan finns inte"),
    ],
)
def test_a_404_without_a_prefix_of_ours_is_in_the_browsers_language_else_swedish(
    client, accept_language, lang, heading
):
    """As the prefix-less redirects do: a German visitor at /xx/rules/ reads German."""
    response = client.get("/xx/rules/", headers={"accept-language": accept_language})

    assert response.status_code == 404
    body = response.content.decode()
    assert f'<html lang="{lang}">' in body
    assert f"<h1>{heading}</h1>" in body
    other = "sv" if lang == "de" else "de"
    assert f'href="/{other}/" hreflang="{other}"' in body  # the switcher leads to each home page
    assert 'rel="alternate"' not in body
    assert response.cookies == {}


@pytest.mark.parametrize(
    ("lang", "heading"),
    [
        ("sv", "Sidan finns inte"),
        ("el", "Η σελίδα δεν βρέθηκε"),
        ("de", "Seite nicht gefunden"),
        ("id", "Halaman tidak ditemukan"),
    ],
)
def test_missing_page_under_a_language_is_a_404_in_that_language(client, lang, heading):
    response = client.get(f"/{lang}/no-such-page/")

    assert response.status_code == 404
    body = response.content.decode()
    assert f'<html lang="{lang}">' in body
    assert f"<h1>{heading}</h1>" in body
    assert f'<a class="button" href="/{lang}/">' in body
