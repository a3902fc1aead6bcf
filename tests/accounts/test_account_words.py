"""The account pages use the site's own wording: one word for "password" per language,
and none of the poor or wrong phrases of Django's catalogues (see accounts/django_strings.py).
"""

import ast
import re
from html import unescape
from pathlib import Path

import django
import pytest
from babel.messages.pofile import read_po
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import translation
from django.utils.translation import gettext

LANGUAGES = ["sv", "el", "de", "id"]
PASSWORD = "tile-pair-72-free"
# The glossary's word for "password" and the words Django's catalogues use instead.
PASSWORD_WORD = {"sv": "lösenord", "el": "κωδικός πρόσβασης", "de": "Passwort", "id": "kata sandi"}
STRAY_WORDS = {
    "sv": ["skiftläges", "verifiering", "Lösenordsbekräftelse", "Gammalt lösenord"],
    "el": [
        "συνθηματικ",
        "Συνθηματικ",
        "πρίν",
        "απο ",
        "μόνον",
        "Σημειωτέον",
        "characters",
        "ηλ. ταχυδρομείου",
    ],
    "de": ["das selbe", "Bitte einen", "Sie haben schon"],
    "id": ["Sandi", " sandi anda", "anda ", "nama pengguna nama pengguna", "bidang"],
}
DJANGO_DIR = Path(django.__file__).parent

pytestmark = pytest.mark.django_db


def _django_msgids() -> set[str]:
    """Every msgid of Django's own Swedish catalogues for auth and forms."""
    ids = set()
    for path in (
        DJANGO_DIR / "contrib/auth/locale/sv/LC_MESSAGES/django.po",
        DJANGO_DIR / "conf/locale/sv/LC_MESSAGES/django.po",
    ):
        with path.open("rb") as handle:
            for message in read_po(handle):
                ids.add(message.id[0] if isinstance(message.id, tuple) else message.id)
    return ids


def _overridden() -> list[str]:
    """The msgids accounts/django_strings.py lists (the first argument of each call): the
    catalogues carry no source locations to find them by."""
    tree = ast.parse(Path(settings.BASE_DIR, "accounts/django_strings.py").read_text())
    return [
        node.args[0].value
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and node.args
        and isinstance(node.args[0], ast.Constant)
        and isinstance(node.args[0].value, str)
    ]


def test_every_overridden_string_is_still_one_of_djangos():
    """If Django rewords one of these, our translation would silently stop applying."""
    overridden = set(_overridden())
    assert len(overridden) == 21
    assert overridden - _django_msgids() == set()


SAME_PASSWORD_AGAIN = {
    "sv": "Skriv samma lösenord en gång till.",
    "el": "Πληκτρολογήστε ξανά τον ίδιο κωδικό πρόσβασης για επιβεβαίωση.",
    "de": "Geben Sie zur Bestätigung dasselbe Passwort noch einmal ein.",
    "id": "Ketik ulang kata sandi yang sama.",
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_our_translations_win_over_djangos(lang):
    with translation.override(lang):
        translated = gettext("Enter the same password as before, for verification.")
    assert translated == SAME_PASSWORD_AGAIN[lang]


def _main_text(response) -> str:
    html = response.content.decode()
    main = re.search(r"<main.*?</main>", html, re.S).group(0)
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", main)))


def _pages(lang: str) -> list[str]:
    """The sign-up, sign-in and password pages, each also with its errors shown."""
    user = get_user_model().objects.create_user("ada", password=PASSWORD)
    client = Client()
    texts = [
        _main_text(client.get(f"/{lang}/accounts/signup/")),
        _main_text(
            client.post(
                f"/{lang}/accounts/signup/",
                {
                    "username": "bad name!",
                    "email": "not an address",
                    "password1": "12345678",
                    "password2": "12345679",
                },
            )
        ),
        _main_text(
            client.post(
                f"/{lang}/accounts/signup/",
                {"username": "ada", "password1": "12345678", "password2": "12345678"},
            )
        ),
        _main_text(
            client.post(f"/{lang}/accounts/login/", {"username": "ada", "password": "wrong"})
        ),
    ]
    client.force_login(user)
    texts.append(_main_text(client.get(f"/{lang}/accounts/password/")))
    texts.append(
        _main_text(
            client.post(
                f"/{lang}/accounts/password/",
                {"old_password": "wrong", "new_password1": "a", "new_password2": "b"},
            )
        )
    )
    return texts


@pytest.mark.parametrize("lang", LANGUAGES)
def test_account_pages_name_the_password_one_way_and_avoid_djangos_slips(lang):
    texts = _pages(lang)
    whole = " ".join(texts)
    for stray in STRAY_WORDS[lang]:
        assert stray not in whole, stray
    # Every page names the password with the glossary's word (in any case).
    for text in texts:
        assert PASSWORD_WORD[lang].lower() in text.lower()
