"""No request a client can send gets a 5xx or one of Django's English default pages:
bodies of any type on every API endpoint, unknown API addresses, a Host the site does not
serve, a form without its CSRF token, and a server error."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext

from tests.api.helpers import EXAMPLE, create, post
from wording.messages import API_ERRORS

pytestmark = pytest.mark.django_db

LANGUAGES = ["sv", "el", "de", "id"]
BOUNDARY = "BoUnDaRy"
MULTIPART = (
    f"--{BOUNDARY}\r\n"
    'Content-Disposition: form-data; name="tile"\r\n\r\n3\r\n'
    f"--{BOUNDARY}\r\n"
    'Content-Disposition: form-data; name="file"; filename="a.txt"\r\n'
    "Content-Type: text/plain\r\n\r\nhello\r\n"
    f"--{BOUNDARY}--\r\n"
)
BODIES = {
    "multipart": (f"multipart/form-data; boundary={BOUNDARY}", MULTIPART),
    "form": ("application/x-www-form-urlencoded", "tile=3&layout=L00"),
    "text": ("text/plain", '{"tile": 3}'),
    "empty": ("text/plain", ""),
}
POST_ENDPOINTS = ["games", "tap", "undo", "hint", "pause", "resume"]
GET_ENDPOINTS = ["health", "daily", "game", "winnable", "openapi"]


@pytest.fixture
def client():
    return Client(raise_request_exception=False)


def _url(name: str, game_id: str) -> str:
    if name in ("games", "health", "daily", "openapi"):
        return reverse(f"api:{name}")
    return reverse(f"api:{name}", args=[game_id])


def _message(code: str, lang: str, **params: str) -> str:
    with translation.override(lang):
        text = str(API_ERRORS[code][1])
    return text % params if params else text


def _assert_translated_error(response, lang: str) -> dict:
    assert 400 <= response.status_code < 500, (response.status_code, response.content[:300])
    assert response["Content-Type"] == "application/json"
    error = response.json()["error"]
    params = {"field": "tile"} if error["code"] == "missing_field" else {}
    assert error["message"] == _message(error["code"], lang, **params)
    with translation.override("en"):
        assert error["message"] != str(API_ERRORS[error["code"]][1]) % params
    return error


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("kind", list(BODIES))
@pytest.mark.parametrize("name", POST_ENDPOINTS)
def test_a_post_with_any_body_type_is_a_translated_4xx_or_a_plain_answer(client, name, kind, lang):
    game = create(client, code=EXAMPLE)
    content_type, body = BODIES[kind]

    response = client.post(
        _url(name, game["id"]) + f"?lang={lang}", data=body, content_type=content_type
    )

    if kind == "empty":  # no body: the same as {}
        if name == "tap":
            assert _assert_translated_error(response, lang)["code"] == "missing_field"
        else:
            assert response.status_code < 300 or 400 <= response.status_code < 500
            if response.status_code >= 400:
                _assert_translated_error(response, lang)
        return
    error = _assert_translated_error(response, lang)
    assert response.status_code == 415
    assert error["code"] == "unsupported_media_type"


@pytest.mark.parametrize("kind", list(BODIES))
@pytest.mark.parametrize("name", GET_ENDPOINTS)
def test_a_get_with_a_body_of_any_type_is_never_a_server_error(client, name, kind):
    game = create(client, code=EXAMPLE)
    content_type, body = BODIES[kind]

    response = client.generic("GET", _url(name, game["id"]), data=body, content_type=content_type)

    assert response.status_code == 200, response.content[:300]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_multipart_post_without_a_csrf_token_is_a_translated_403_not_a_500(lang):
    strict = Client(enforce_csrf_checks=True, raise_request_exception=False)
    content_type, body = BODIES["multipart"]

    response = strict.post(
        reverse("api:games") + f"?lang={lang}", data=body, content_type=content_type
    )

    assert response.status_code == 403
    assert _assert_translated_error(response, lang)["code"] == "csrf_failed"


def test_a_multipart_post_with_its_csrf_token_in_the_form_is_a_415():
    strict = Client(enforce_csrf_checks=True, raise_request_exception=False)
    strict.get(reverse("home"))  # no token yet: the play page sets it
    token_page = strict.get(reverse("play"))
    token = token_page.cookies["csrftoken"].value
    body = MULTIPART.replace(
        f"--{BOUNDARY}--",
        f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="csrfmiddlewaretoken"\r\n\r\n'
        f"{token}\r\n--{BOUNDARY}--",
    )

    response = strict.post(
        reverse("api:games"), data=body, content_type=f"multipart/form-data; boundary={BOUNDARY}"
    )

    assert response.status_code == 415
    assert response.json()["error"]["code"] == "unsupported_media_type"


def test_json_with_a_charset_or_a_json_suffix_is_read(client):
    for content_type in ("application/json; charset=utf-8", "application/vnd.api+json"):
        response = client.post(
            reverse("api:games"), data='{"code": "%s"}' % EXAMPLE, content_type=content_type
        )
        assert response.status_code == 201, response.content


def test_a_hint_with_a_broken_body_is_refused_and_not_counted(client):
    game = create(client, code=EXAMPLE)

    response = post(client, reverse("api:hint", args=[game["id"]]), "{")

    assert response.status_code == 400
    assert response.json()["error"]["code"] == "invalid_json"
    assert client.get(reverse("api:game", args=[game["id"]])).json()["hints_used"] == 0


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("path", ["nothing", "games/x/y/z", "games/x/fly", "v2/games"])
def test_an_unknown_api_address_is_a_json_404_in_the_request_language(client, path, lang):
    root = reverse("api:health").rsplit("/", 1)[0]

    response = client.get(f"{root}/{path}", HTTP_ACCEPT_LANGUAGE=lang)

    assert response.status_code == 404
    assert _assert_translated_error(response, lang)["code"] == "no_such_address"


PAGE_TITLES = {
    "bad_request": "Bad request",
    "csrf": "The form has expired",
    "server_error": "Something went wrong",
}


def _title(english: str, lang: str) -> str:
    with translation.override(lang):
        return gettext(english)


def _assert_error_page(response, status: int, english_title: str, lang: str):
    assert response.status_code == status
    assert response["Content-Type"].startswith("text/html")
    body = response.content.decode()
    assert f'<html lang="{lang}">' in body
    title = _title(english_title, lang)
    assert title != english_title
    assert f"<h1>{title}</h1>" in body
    assert "<style" not in body and " style=" not in body and "<script" not in body


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_host_the_site_does_not_serve_gets_the_translated_400_page(client, lang):
    response = client.get(f"/{lang}/rules/", HTTP_HOST="evil.example.com")

    _assert_error_page(response, 400, "Bad request", lang)
    assert "evil.example.com" not in response.content.decode()


def test_a_bad_host_on_the_api_gets_the_json_400(client):
    response = client.get(reverse("api:health") + "?lang=de", HTTP_HOST="evil.example.com")

    assert response.status_code == 400
    assert _assert_translated_error(response, "de")["code"] == "bad_request"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_form_without_its_csrf_token_gets_the_translated_403_page(lang):
    strict = Client(enforce_csrf_checks=True, raise_request_exception=False)
    with translation.override(lang):
        url = reverse("accounts:login")

    response = strict.post(url, {"username": "a", "password": "b"})

    _assert_error_page(response, 403, "The form has expired", lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_server_error_gets_the_translated_500_page(client, monkeypatch, lang):
    def broken(request, *args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr("mahjongsite.views.render", broken)

    with translation.override(lang):
        url = reverse("home")
    response = client.get(url)

    _assert_error_page(response, 500, "Something went wrong", lang)
    assert "a bug" not in response.content.decode()


def test_a_server_error_in_the_api_is_its_json_500(client, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr("game.api.services.game_create", broken)

    response = post(client, reverse("api:games") + "?lang=el", {"layout": "L00"})

    assert response.status_code == 500
    assert response.json()["error"]["message"] == _message("server_error", "el")
