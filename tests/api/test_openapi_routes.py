"""docs/openapi.json checked against the code, route by route: every address under /api/
the URLconf routes is documented and every documented one is routed; each view takes
exactly the methods documented for it; each operation documents exactly the statuses its
view can answer (its success, the statuses of the error codes its view declares, and
the load balancer's, mahjongsite.json_api.EDGE_STATUSES), and every one of those codes is
in the enum of the error schema it answers with."""

from __future__ import annotations

import re

import pytest
from django.urls import URLPattern

from mahjongsite.urls import api_urlpatterns

from .test_openapi import DOCUMENT, resolve

pytestmark = pytest.mark.django_db

ROUTES: list[URLPattern] = api_urlpatterns[0]
#: The methods an OpenAPI path item may hold as operations.
METHODS = {"get", "put", "post", "delete", "options", "head", "patch", "trace"}


def documented_path(pattern: URLPattern) -> str:
    """A route as the document writes it: ``games/<str:game_id>`` → ``/games/{id}``."""
    return "/" + re.sub(r"<(?:\w+:)?\w+>", "{id}", str(pattern.pattern))


def address(pattern: URLPattern) -> str:
    """An address the route takes (each parameter a number, which every converter reads)."""
    return "/api/" + re.sub(r"<(?:\w+:)?\w+>", "1", str(pattern.pattern))


def documented_operations(path: str) -> dict[str, dict]:
    return {m.upper(): op for m, op in DOCUMENT["paths"].get(path, {}).items() if m in METHODS}


def route_ids(pattern: URLPattern) -> str:
    return documented_path(pattern)


def test_every_routed_address_is_documented_and_every_documented_one_routed():
    routed = {documented_path(pattern) for pattern in ROUTES}
    documented = set(DOCUMENT["paths"])
    assert routed - documented == set(), "routed but not documented"
    assert documented - routed == set(), "documented but not routed"


@pytest.mark.parametrize("pattern", ROUTES, ids=route_ids)
def test_each_view_answers_through_the_api_layer_and_takes_the_documented_methods(pattern):
    view = pattern.callback
    assert hasattr(view, "operations"), f"{pattern.pattern}: not a view of the API layer"
    assert set(view.operations) == set(documented_operations(documented_path(pattern)))


@pytest.mark.parametrize("pattern", ROUTES, ids=route_ids)
def test_a_documented_method_is_taken_and_any_other_refused_with_allow(pattern, client):
    documented = documented_operations(documented_path(pattern))
    for method in documented:
        answer = client.generic(method, address(pattern), HTTP_X_CSRFTOKEN="x")
        assert answer.status_code != 405, f"{method} {pattern.pattern} is refused"
    for method in ("PATCH", "PUT", "DELETE", "POST"):
        if method in documented:
            continue
        refused = client.generic(method, address(pattern))
        assert refused.status_code == 405, f"{method} {pattern.pattern} is taken"
        assert refused.json()["error"]["code"] == "method_not_allowed"
        assert set(refused["Allow"].split(", ")) == set(documented)


@pytest.mark.parametrize("pattern", ROUTES, ids=route_ids)
def test_each_operation_documents_exactly_the_statuses_its_view_can_answer(pattern):
    view = pattern.callback
    path = documented_path(pattern)
    for method, operation in view.operations.items():
        documented = {int(status) for status in documented_operations(path)[method]["responses"]}
        possible = view.api.statuses(operation)
        assert possible - documented == set(), f"{method} {path}: undocumented statuses"
        assert documented - possible == set(), f"{method} {path}: statuses that cannot happen"


@pytest.mark.parametrize("pattern", ROUTES, ids=route_ids)
def test_each_error_code_a_view_declares_is_in_its_documented_error_schema(pattern):
    view = pattern.callback
    path = documented_path(pattern)
    for method, operation in view.operations.items():
        responses = documented_operations(path)[method]["responses"]
        for code in operation.codes:
            status = str(view.api.status(code))
            schema = resolve(responses[status]["content"]["application/json"]["schema"])
            enum = schema["properties"]["error"]["properties"]["code"]["enum"]
            assert code in enum, f"{method} {path} {status}: {code} not in the schema's codes"
