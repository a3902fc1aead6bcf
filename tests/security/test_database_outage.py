"""During a database outage every request gets a 503 (JSON for the API, a translated page
otherwise), never a traceback or Django's bare 500."""

import pytest
from django.db import OperationalError
from django.test import Client
from django.utils import translation
from django.utils.translation import gettext

from game import services
from tests.api.helpers import EXAMPLE, create, tap

pytestmark = pytest.mark.django_db

MESSAGE = "The service is unavailable for a moment. Try again shortly."


def _down(*args, **kwargs):
    raise OperationalError("connection to server at 127.0.0.1 failed: Connection refused")


@pytest.mark.parametrize("lang", ["sv", "el", "de", "id"])
def test_the_api_answers_503_json_in_the_request_language(monkeypatch, lang):
    client = Client(raise_request_exception=False)
    game = create(client, code=EXAMPLE)
    monkeypatch.setattr(services, "game_tap", _down)

    response = tap(client, game["id"], 0, HTTP_ACCEPT_LANGUAGE=lang)

    assert response.status_code == 503
    assert response["Retry-After"]
    error = response.json()["error"]
    assert error["code"] == "unavailable"
    with translation.override(lang):
        assert error["message"] == gettext(MESSAGE)
    assert "Traceback" not in response.content.decode()


@pytest.mark.parametrize("lang", ["sv", "el", "de", "id"])
def test_pages_answer_a_translated_503_page(monkeypatch, lang):
    import mahjongsite.views

    monkeypatch.setattr(mahjongsite.views, "render", _down)
    response = Client(raise_request_exception=False).get(f"/{lang}/")

    assert response.status_code == 503
    html = response.content.decode()
    with translation.override(lang):
        assert gettext(MESSAGE) in html and gettext("Service unavailable") in html
    assert f'<html lang="{lang}">' in html


def test_other_errors_stay_500(monkeypatch):
    import mahjongsite.views

    def broken(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(mahjongsite.views, "render", broken)
    response = Client(raise_request_exception=False).get("/sv/")

    assert response.status_code == 500


@pytest.mark.parametrize(
    ("path", "json_answer"),
    [("/api/games", True), ("/api/games/x/tap", True), ("/sv/play/", False), ("/sv/api/", False)],
)
def test_the_api_is_told_by_its_url_namespace_before_any_view_ran(path, json_answer):
    """An outage met before the view was resolved (in a middleware, say): the address
    alone says whether the JSON error or the page answers."""
    from django.test import RequestFactory

    from mahjongsite.errors import service_unavailable

    request = RequestFactory().post(path)
    assert getattr(request, "resolver_match", None) is None

    response = service_unavailable(request)

    assert response.status_code == 503
    assert (response["Content-Type"] == "application/json") == json_answer
