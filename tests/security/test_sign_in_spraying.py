"""Sign-in guessing across usernames from one address is slowed down, then refused; the
password-change form is throttled; weak and breached passwords and look-alike usernames
are refused. The limits are settings, and their durations are checked with a fixed clock."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client, override_settings
from django.utils import translation
from django.utils.translation import gettext

from accounts.forms import SignUpForm

pytestmark = pytest.mark.django_db

PASSWORD = "tile-pair-72-free"
LIMITS = dict(
    LOGIN_ADDRESS_SLOWDOWN_AFTER=3,
    LOGIN_ADDRESS_DELAY_SECONDS=5,
    LOGIN_ADDRESS_FAILURE_LIMIT=6,
    LOGIN_ADDRESS_WINDOW_MINUTES=15,
)


@pytest.fixture
def clock(monkeypatch):
    now = [1_800_000_000.0]
    monkeypatch.setattr("accounts.throttle.now", lambda: now[0])
    return now


def _try(client: Client, username: str, password: str = "wrong-guess-123"):
    return client.post("/sv/accounts/login/", {"username": username, "password": password})


@override_settings(**LIMITS)
def test_spraying_many_usernames_from_one_address_is_slowed_then_refused(clock):
    for n in range(6):
        get_user_model().objects.create_user(f"player{n}", password=PASSWORD)
    sprayer, neighbour = Client(REMOTE_ADDR="198.51.100.7"), Client(REMOTE_ADDR="203.0.113.9")

    answers = [_try(sprayer, f"player{n}").status_code for n in range(3)]
    assert answers == [200, 200, 200]  # wrong passwords, shown the form again
    slowed = _try(sprayer, "player3")
    assert slowed.status_code == 429 and slowed["Retry-After"] == "5"
    clock[0] += 5
    assert _try(sprayer, "player3").status_code == 200  # one try per delay
    assert _try(sprayer, "player4").status_code == 429
    for n in (4, 5):
        clock[0] += 5
        assert _try(sprayer, f"player{n}").status_code == 200
    clock[0] += 60
    refused = _try(sprayer, "player0", PASSWORD)  # even the right password
    assert refused.status_code == 429
    # Refused until the first failure leaves the 15-minute window: 15 min - 75 s.
    assert refused["Retry-After"] == str(15 * 60 - 75)
    assert _try(neighbour, "player0", PASSWORD).status_code == 302  # another address


@override_settings(**LIMITS)
def test_the_refusal_lasts_exactly_the_window_of_the_setting(clock):
    client = Client(REMOTE_ADDR="198.51.100.7")
    get_user_model().objects.create_user("target", password=PASSWORD)
    for n in range(6):
        _try(client, f"someone{n}")
        clock[0] += 5
    start_of_refusal = clock[0]
    assert _try(client, "target", PASSWORD).status_code == 429

    clock[0] = start_of_refusal - 30 + 15 * 60 - 1  # the first failure: 30 s before
    assert _try(client, "target", PASSWORD).status_code == 429
    clock[0] += 1 + 5 * 5  # all six have left the window
    assert _try(client, "target", PASSWORD).status_code == 302


@override_settings(**{**LIMITS, "LOGIN_ADDRESS_WINDOW_MINUTES": 1})
def test_a_shorter_window_setting_gives_a_shorter_refusal(clock):
    client = Client(REMOTE_ADDR="198.51.100.7")
    for n in range(6):  # another name each time: django-axes' own count stays low
        _try(client, f"someone{n}")
        clock[0] += 5
    refused = _try(client, "someone9")
    assert refused.status_code == 429 and refused["Retry-After"] == str(60 - 30)
    clock[0] += 60
    assert _try(client, "someone9").status_code == 200


@pytest.mark.parametrize("lang", ["sv", "el", "de", "id"])
@override_settings(**LIMITS)
def test_the_refusal_page_is_translated(clock, lang):
    client = Client(REMOTE_ADDR="198.51.100.7")
    for _ in range(6):
        client.post(f"/{lang}/accounts/login/", {"username": "x", "password": "y"})
        clock[0] += 5
    refused = client.post(f"/{lang}/accounts/login/", {"username": "x", "password": "y"})

    assert refused.status_code == 429
    with translation.override(lang):
        assert gettext("Too many attempts") in refused.content.decode()
        assert gettext("Too many attempts") != "Too many attempts"


@override_settings(PASSWORD_CHANGE_FAILURE_LIMIT=3, PASSWORD_CHANGE_WINDOW_MINUTES=15)
def test_wrong_old_passwords_on_the_change_form_are_refused_past_the_limit(clock):
    user = get_user_model().objects.create_user("changer", password=PASSWORD)
    client = Client()
    client.force_login(user)
    new = {"new_password1": "Brickor-i-lager-7q", "new_password2": "Brickor-i-lager-7q"}

    for _ in range(3):
        answer = client.post("/sv/accounts/password/", {"old_password": "guess-1234", **new})
        assert answer.status_code == 200
    refused = client.post("/sv/accounts/password/", {"old_password": PASSWORD, **new})
    assert refused.status_code == 429 and refused["Retry-After"] == str(15 * 60)
    clock[0] += 15 * 60
    assert (
        client.post("/sv/accounts/password/", {"old_password": PASSWORD, **new}).status_code == 302
    )


@pytest.mark.parametrize("password", ["Passw0rd!", "mahjong1", "Mahjong2026", "Sommar2026"])
def test_common_and_breached_passwords_are_refused(password):
    form = SignUpForm({"username": "newplayer", "password1": password, "password2": password})

    assert not form.is_valid()
    assert "password1" in form.errors  # the rules stand under the password


def test_a_strong_password_is_accepted():
    password = "Brickor-i-lager-7q"
    form = SignUpForm({"username": "newplayer", "password1": password, "password2": password})

    assert form.is_valid(), form.errors


@pytest.mark.parametrize("name", ["аdmin", "Ωmega", "pаul"])  # Cyrillic а, Greek Ω
def test_usernames_that_mix_scripts_are_refused(name):
    form = SignUpForm({"username": name, "password1": PASSWORD, "password2": PASSWORD})

    assert not form.is_valid()
    assert form.errors["username"]


@pytest.mark.parametrize(("existing", "new"), [("aoe", "аое"), ("Top", "Тор"), ("Admin", "aDMIN")])
def test_a_name_that_looks_like_an_existing_one_is_refused(existing, new):
    get_user_model().objects.create_user(existing, password=PASSWORD)
    form = SignUpForm({"username": new, "password1": PASSWORD, "password2": PASSWORD})

    assert not form.is_valid()
    assert form.errors["username"]


@pytest.mark.parametrize("name", ["Νίκος", "Åsa.Lind", "Budi-2", "Jürgen"])
def test_names_in_one_script_are_welcome(name):
    form = SignUpForm({"username": name, "password1": PASSWORD, "password2": PASSWORD})

    assert form.is_valid(), form.errors
