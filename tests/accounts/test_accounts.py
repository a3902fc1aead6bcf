"""Sign up, sign in, sign out and change password through the real forms, CSRF on."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import translation
from django.utils.translation import gettext

LANGUAGES = ["sv", "el", "de", "id"]
PASSWORD = "tile-pair-72-free"

pytestmark = pytest.mark.django_db


@pytest.fixture
def client():
    return Client(enforce_csrf_checks=True)


def _csrf_post(client, url, data):
    page = client.get(url)
    assert page.status_code == 200
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.content.decode())
    return client.post(url, {**data, "csrfmiddlewaretoken": token.group(1)})


def _user(username="ada"):
    return get_user_model().objects.create_user(username, password=PASSWORD)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_sign_up_through_the_form_signs_the_new_player_in(client, lang):
    response = _csrf_post(
        client,
        f"/{lang}/accounts/signup/",
        {"username": "ada", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert response.status_code == 302 and response["Location"] == f"/{lang}/"
    assert get_user_model().objects.filter(username="ada").exists()
    home = client.get(f"/{lang}/")
    assert home.wsgi_request.user.username == "ada"
    # The next page says, once, in the page's language, that the account is made.
    with translation.override(lang):
        welcome = gettext(
            "Welcome, %(username)s! Your account is ready, and your games are now "
            "counted in your statistics."
        ) % {"username": "ada"}
    assert welcome.split("!")[0] != "Welcome, ada"
    assert welcome in home.content.decode()
    assert welcome not in client.get(f"/{lang}/").content.decode()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_sign_up_errors_are_shown_in_the_page_language(client, lang):
    response = _csrf_post(
        client,
        f"/{lang}/accounts/signup/",
        {"username": "ada", "password1": PASSWORD, "password2": PASSWORD + "x"},
    )
    assert response.status_code == 200
    with translation.override(lang):
        expected = gettext("The two password fields didn’t match.")
    with translation.override("en"):
        english = gettext("The two password fields didn’t match.")
    assert expected != english
    assert expected in response.content.decode()
    assert not get_user_model().objects.exists()


def test_sign_up_refuses_a_taken_username_and_markup(client):
    _user("ada")
    taken = _csrf_post(
        client,
        "/de/accounts/signup/",
        {"username": "ada", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert taken.status_code == 200 and get_user_model().objects.count() == 1
    markup = _csrf_post(
        client,
        "/de/accounts/signup/",
        {"username": "<b>x</b>", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert markup.status_code == 200 and get_user_model().objects.count() == 1
    assert "<b>x</b>" not in markup.content.decode()


def test_posting_without_the_csrf_token_is_refused(client):
    response = client.post(
        "/sv/accounts/signup/",
        {"username": "ada", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert response.status_code == 403
    assert not get_user_model().objects.exists()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_sign_in_and_sign_out(client, lang):
    _user()
    response = _csrf_post(
        client, f"/{lang}/accounts/login/", {"username": "ada", "password": PASSWORD}
    )
    assert response.status_code == 302
    assert client.get(f"/{lang}/").wsgi_request.user.is_authenticated
    # Sign out is a POST with the token; a GET does nothing.
    assert client.get(f"/{lang}/accounts/logout/").status_code == 405
    page = client.get(f"/{lang}/")
    token = page.cookies.get("csrftoken") or client.cookies["csrftoken"]
    response = client.post(f"/{lang}/accounts/logout/", {"csrfmiddlewaretoken": token.value})
    assert response.status_code == 302
    assert not client.get(f"/{lang}/").wsgi_request.user.is_authenticated


@pytest.mark.parametrize("lang", LANGUAGES)
def test_wrong_password_error_is_in_the_page_language(client, lang):
    _user()
    response = _csrf_post(
        client, f"/{lang}/accounts/login/", {"username": "ada", "password": "wrong"}
    )
    assert response.status_code == 200
    text = response.content.decode()
    message = "Wrong username or password. Mind upper and lower case."
    with translation.override(lang):
        expected = gettext(message)
        label = gettext("Sign in")
    assert expected != message and expected in text
    assert label != "Sign in" and label in text
    assert 'role="alert"' in text


def test_sign_in_is_locked_after_five_wrong_passwords(client):
    _user()
    for _ in range(5):
        _csrf_post(client, "/sv/accounts/login/", {"username": "ada", "password": "wrong"})
    locked = _csrf_post(client, "/sv/accounts/login/", {"username": "ada", "password": PASSWORD})
    assert locked.status_code == 429
    assert "15" in locked.content.decode()
    assert not client.get("/sv/").wsgi_request.user.is_authenticated


def test_a_success_before_the_limit_resets_the_count(client):
    _user()
    for _ in range(4):
        _csrf_post(client, "/sv/accounts/login/", {"username": "ada", "password": "wrong"})
    ok = _csrf_post(client, "/sv/accounts/login/", {"username": "ada", "password": PASSWORD})
    assert ok.status_code == 302


def test_change_password(client):
    user = _user()
    _csrf_post(client, "/el/accounts/login/", {"username": "ada", "password": PASSWORD})
    new = "another-long-pass-144"
    response = _csrf_post(
        client,
        "/el/accounts/password/",
        {"old_password": PASSWORD, "new_password1": new, "new_password2": new},
    )
    assert response.status_code == 302 and response["Location"] == "/el/accounts/password/done/"
    user.refresh_from_db()
    assert user.check_password(new)


def test_change_password_needs_a_signed_in_player(client):
    response = client.get("/id/accounts/password/")
    assert response.status_code == 302 and "/id/accounts/login/" in response["Location"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_editor_sends_a_visitor_to_sign_in_and_the_page_says_why(client, lang):
    with translation.override(lang):
        why = gettext("Sign in to make layouts of your own.")
        general = gettext(
            "Signed in, your games are recorded in your statistics and on the leaderboard."
        )
    sent = client.get(f"/{lang}/editor/", follow=True)
    assert sent.redirect_chain[-1][0] == f"/{lang}/accounts/login/?next=/{lang}/editor/"
    page = sent.content.decode()
    assert why in page and f"<p>{general}</p>" not in page
    plain = client.get(f"/{lang}/accounts/login/?next=/{lang}/stats/").content.decode()
    assert why not in plain and f"<p>{general}</p>" in plain
