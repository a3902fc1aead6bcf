"""The layouts API in the OpenAPI description: every address of the editor's URLconf with
exactly the methods it answers, every error code it gives, and real answers that fit the
documented schemas (errors included)."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import URLPattern

from editor import urls as editor_urls
from editor.messages import ERROR_CODES
from editor.models import CustomLayout
from mahjong import LAYOUTS
from mahjong.rules import kmahjongg
from tests.api.test_openapi import DOCUMENT, documented_keys, validate
from tests.editor.test_layouts_api import TURTLE, player, post, save
from wording.messages import API_ERRORS

pytestmark = pytest.mark.django_db

SCHEMAS = DOCUMENT["components"]["schemas"]
METHODS = {"get", "post", "put", "patch", "delete"}


def documented_path(pattern: URLPattern) -> str:
    """A Django route as the document writes it: ``layouts/<int:pk>`` → ``/layouts/{id}``."""
    return "/" + re.sub(r"<(?:\w+:)?\w+>", "{id}", str(pattern.pattern))


def answer_fits(response, path: str, method: str) -> None:
    operation = DOCUMENT["paths"][path][method]
    status = str(response.status_code)
    assert status in operation["responses"], f"{method} {path}: {status} undocumented"
    content = operation["responses"][status].get("content")
    if content is None:
        assert response.content == b"", f"{method} {path}: {status} has a body"
        return
    media = response["Content-Type"].split(";")[0]
    assert media in content, f"{method} {path}: {status} as {media} undocumented"
    if media == "application/json":
        body, schema = response.json(), content[media]["schema"]
        validate(body, schema, f"{method} {path} {status}")
        undocumented = set(body) - documented_keys(schema)
        assert not undocumented, f"{method} {path} {status}: undocumented {undocumented}"
        for item in body.get("layouts", []):
            assert set(item) <= documented_keys(SCHEMAS["CustomLayout"]), item.keys()


@pytest.mark.parametrize("pattern", editor_urls.api_urlpatterns, ids=documented_path)
def test_every_address_is_documented_with_the_methods_it_answers(pattern):
    alice = player("alice")
    url = "/api/" + re.sub(r"<(?:\w+:)?\w+>", "1", str(pattern.pattern))
    # An unknown method answers 405 and names the methods the address answers.
    refused = alice.generic("PATCH", url, HTTP_X_CSRFTOKEN="x")
    assert refused.status_code == 405
    allowed = {m.strip().lower() for m in refused["Allow"].split(",")}
    path = documented_path(pattern)
    assert path in DOCUMENT["paths"], f"{path} is not documented"
    assert set(DOCUMENT["paths"][path]) & METHODS == allowed


def test_every_error_code_of_the_layouts_api_is_documented():
    documented = set(SCHEMAS["LayoutError"]["properties"]["error"]["properties"]["code"]["enum"])
    assert ERROR_CODES <= documented
    # The rest are the site's own answers under /api/ (no such address, the load
    # balancer's limits, a database outage), with the game API's codes.
    assert documented - ERROR_CODES <= set(API_ERRORS)


def test_documented_examples_fit_their_schemas():
    for name in ("LayoutError", "Positions", "LayoutFile", "LayoutName", "Position"):
        validate(SCHEMAS[name]["example"], SCHEMAS[name], name)
    for path, operations in DOCUMENT["paths"].items():
        if not path.startswith("/layouts"):
            continue
        for method, operation in operations.items():
            body = operation.get("requestBody", {}).get("content", {}).get("application/json")
            if body:
                validate(body["example"], body["schema"], f"{method} {path}")
    example = SCHEMAS["LayoutFile"]["example"]["text"]
    assert kmahjongg.read(example, max_bytes=1024)  # a file the reader reads


def test_real_answers_fit_the_document():
    alice, bob = player("alice"), player("bob")
    guarded = Client(enforce_csrf_checks=True)
    guarded.force_login(alice.user)
    broken = TURTLE[:-1] + [[40, 0, 1]]
    checks = [
        ("/layouts", "get", alice.get("/api/layouts")),
        ("/layouts/check", "post", post(alice, "/api/layouts/check", {"positions": broken})),
        ("/layouts/check", "post", post(alice, "/api/layouts/check", {"positions": "x"})),
        ("/layouts/check", "post", post(alice, "/api/layouts/check", "[1]")),
    ]
    text = kmahjongg.write(tuple(p) for p in LAYOUTS["L01"].positions)
    checks += [
        ("/layouts/import", "post", post(alice, "/api/layouts/import", {"text": text})),
        ("/layouts/import", "post", post(alice, "/api/layouts/import", {"text": "w1\nh1"})),
        ("/layouts/import", "post", post(alice, "/api/layouts/import", {"text": 7})),
    ]
    created = save(alice, lang="sv")
    layout = created.json()
    pk = layout["id"]
    checks += [
        ("/layouts", "post", created),
        ("/layouts", "post", save(alice, name="Again")),  # 409 duplicate
        ("/layouts", "post", save(alice, positions=broken)),  # 400 invalid, with problems
        ("/layouts", "post", save(alice, name="x" * 61, positions=broken)),
        ("/layouts", "post", save(bob, positions=TURTLE)),
        ("/layouts", "get", alice.get("/api/layouts")),
        ("/layouts/{id}", "get", alice.get(f"/api/layouts/{pk}")),
        ("/layouts/{id}", "get", bob.get(f"/api/layouts/{pk}")),  # 404: not bob's
        ("/layouts/{id}", "post", post(alice, f"/api/layouts/{pk}", {"name": "Castle"})),
        ("/layouts/{id}", "post", post(alice, f"/api/layouts/{pk}", {"name": " "})),
        ("/layouts/{id}.layout", "get", alice.get(f"/api/layouts/{pk}.layout")),
        ("/layouts/{id}.layout", "get", bob.get(f"/api/layouts/{pk}.layout")),
        ("/layouts/{id}", "delete", guarded.delete(f"/api/layouts/{pk}")),  # 403 CSRF
        ("/layouts/{id}", "delete", Client().delete(f"/api/layouts/{pk}")),  # 403 signed out
        ("/layouts", "get", Client().get("/api/layouts")),
        ("/layouts/{id}", "delete", alice.delete(f"/api/layouts/{pk}")),  # 204
        ("/layouts/{id}", "delete", alice.delete(f"/api/layouts/{pk}")),  # 404
        ("/layouts/{id}", "get", alice.get("/api/layouts/0x")),  # no such address
    ]
    seen = set()
    for path, method, response in checks:
        answer_fits(response, path, method)
        seen.add((path, method, response.status_code))
    assert not CustomLayout.objects.filter(pk=pk).exists()
    # The checks reached every documented operation, each with an answer and an error.
    for path, operations in DOCUMENT["paths"].items():
        if path.startswith("/layouts"):
            for method in set(operations) & METHODS:
                statuses = {s for p, m, s in seen if (p, m) == (path, method)}
                assert any(s < 300 for s in statuses), f"{method} {path}: no success seen"
                assert any(s >= 400 for s in statuses), f"{method} {path}: no error seen"
