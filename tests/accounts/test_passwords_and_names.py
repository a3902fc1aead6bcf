"""Passwords of any length get a form error, never a 500; passwords built from a common
word of a site language (or printed as examples everywhere) are refused; and a name that
looks like an existing one is refused by its skeleton, case and accents folded."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import translation
from django.utils.translation import ngettext

from accounts import common_passwords
from accounts.forms import SignUpForm
from accounts.usernames import skeleton

pytestmark = pytest.mark.django_db

PASSWORD = "tile-pair-72-free"


def _too_long(lang: str) -> str:
    limit = settings.PASSWORD_MAX_LENGTH
    with translation.override(lang):
        return ngettext(
            "This password is too long: it may have at most %(count)s character.",
            "This password is too long: it may have at most %(count)s characters.",
            limit,
        ) % {"count": limit}


@pytest.mark.parametrize("length", [73, 100, 4096])
def test_a_long_password_is_a_form_error_at_sign_up_and_at_change(length):
    password = ("Brickor-i-lager-7q" * 300)[:length]
    signup = Client().post(
        "/de/accounts/signup/",
        {"username": f"long{length}", "password1": password, "password2": password},
    )
    assert signup.status_code == 200
    assert _too_long("de") in signup.content.decode()
    assert not get_user_model().objects.filter(username=f"long{length}").exists()

    user = get_user_model().objects.create_user(f"changer{length}", password=PASSWORD)
    client = Client()
    client.force_login(user)
    change = client.post(
        "/el/accounts/password/",
        {"old_password": PASSWORD, "new_password1": password, "new_password2": password},
    )
    assert change.status_code == 200
    assert _too_long("el") in change.content.decode()


def test_the_longest_password_allowed_is_taken():
    password = ("Brickor-i-lager-7q" * 5)[: settings.PASSWORD_MAX_LENGTH]
    form = SignUpForm({"username": "longest", "password1": password, "password2": password})
    assert form.is_valid(), form.errors


@pytest.mark.parametrize(
    "password",
    [
        "Kärlek2025!",
        "Σκύλος2025!",
        "karlek2025",
        "Σκυλος!!1",
        "Schatz2025!",
        "Sayang123!",
        "K4rlek-2025",
        "Tr0ub4dor&3",
        "correct horse battery staple",
        "Correct-Horse-Battery-Staple",
    ],
)
def test_common_passwords_of_the_sites_languages_are_refused(password):
    form = SignUpForm({"username": "newplayer", "password1": password, "password2": password})

    assert not form.is_valid()
    assert "password1" in form.errors


@pytest.mark.parametrize(
    "password", ["Brickor-i-lager-7q", "hund katt häst 9", "Zq8#vLp2mW!x", PASSWORD]
)
def test_passwords_of_three_words_or_none_pass_the_word_rule(password):
    assert not common_passwords.is_common(password)


def test_the_shipped_lists_are_the_form_the_check_reads():
    """Each list as tools/build_common_words.py writes it: sorted, case folded, letters
    only, four or more; thousands of words, so that the build did not go wrong."""
    for language in common_passwords.LANGUAGES:
        words = (common_passwords.WORDS_DIR / f"{language}.txt").read_text().split()
        assert words == sorted(set(words)) and len(words) > 5000
        assert all(word == word.casefold() and word.isalpha() and len(word) >= 4 for word in words)


@pytest.mark.parametrize(
    "name", ["ϲοϲοα", "cöcoa", "coc0a", "cocoa.", "COCOA", "c.o.c.o.a", "cocoa_"]
)
def test_a_name_that_looks_like_cocoa_is_refused_next_to_it(name):
    get_user_model().objects.create_user("cocoa", password=PASSWORD)
    form = SignUpForm({"username": name, "password1": PASSWORD, "password2": PASSWORD})

    assert not form.is_valid()
    assert form.errors["username"]


def test_the_skeleton_is_kept_by_the_database():
    get_user_model().objects.create_user("cocoa", password=PASSWORD)
    assert get_user_model().objects.get(username="cocoa").name_key.skeleton == skeleton("coc0a")


@pytest.mark.parametrize("name", ["cocoa2", "Νίκος", "cacao", "Åsa.Lind"])
def test_names_that_only_resemble_cocoa_are_welcome(name):
    get_user_model().objects.create_user("cocoa", password=PASSWORD)
    form = SignUpForm({"username": name, "password1": PASSWORD, "password2": PASSWORD})

    assert form.is_valid(), form.errors


def test_the_sign_up_page_states_the_limit():
    page = Client().get("/sv/accounts/signup/").content.decode()
    assert re.search(r"högst 72 tecken", page)
