"""What the editor's API shares with the game's about a request: a method it does not
take is a JSON 405 with ``Allow`` in the request's language, a body that is not a JSON
object is refused, and an empty body is an empty object."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import translation

from editor import messages

pytestmark = pytest.mark.django_db


@pytest.fixture
def alice() -> Client:
    user = get_user_model().objects.create_user("alice", password="a long enough secret 42")
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.parametrize("lang", ["sv", "el", "de", "id"])
def test_a_method_the_address_does_not_take_is_a_json_405_in_the_request_language(alice, lang):
    response = alice.put(f"/api/layouts/check?lang={lang}")
    assert response.status_code == 405 and response["Allow"] == "POST"
    error = response.json()["error"]
    with translation.override(lang):
        expected = str(messages.error_message("method_not_allowed"))
    with translation.override("en"):
        english = str(messages.error_message("method_not_allowed"))
    assert error["code"] == "method_not_allowed" and error["message"] == expected != english


@pytest.mark.parametrize("body", ["[1, 2]", '"text"', "{", "[" * 5000, b"\xff\xfe"])
def test_a_body_that_is_not_a_json_object_is_refused(alice, body):
    response = alice.post("/api/layouts/check", data=body, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "invalid_json"


@pytest.mark.parametrize("body", ["", "  \n"])
def test_an_empty_body_is_an_empty_object(alice, body):
    # No positions at all: the layout's own error, not the body's.
    response = alice.post("/api/layouts/check", data=body, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "bad_positions"
