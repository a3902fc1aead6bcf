"""The OpenAPI description: served as kept in the repository, and real answers fit it."""

import json
import re
from pathlib import Path

import pytest
from django.conf import settings

from mahjong import Board

from .helpers import EXAMPLE, action, create, post, remove_pair, tap

pytestmark = pytest.mark.django_db

DOCUMENT = json.loads(Path(settings.BASE_DIR, "docs", "openapi.json").read_text())
TYPES = {
    "object": dict,
    "array": list,
    "string": str,
    "boolean": bool,
    "integer": int,
    "number": (int, float),
}


def resolve(schema: dict) -> dict:
    while "$ref" in schema:
        node = DOCUMENT
        for part in schema["$ref"].removeprefix("#/").split("/"):
            node = node[part]
        schema = node
    return schema


def documented_keys(schema: dict) -> set[str]:
    """Every property an object schema (``allOf`` parts included) documents."""
    schema = resolve(schema)
    keys = set(schema.get("properties", {}))
    for part in schema.get("allOf", []):
        keys |= documented_keys(part)
    return keys


def validate(value, schema: dict, where: str = "$", whole: bool = True) -> None:
    """A structural check of the OpenAPI 3.0 subset the document uses: an object that
    ``schema`` describes ``whole`` (not one part of an ``allOf``) has no field its
    properties leave out, unless it allows ``additionalProperties``."""
    schema = resolve(schema)
    if "allOf" in schema:
        for part in schema["allOf"]:
            validate(value, part, where, whole=False)
        if isinstance(value, dict):
            undocumented = set(value) - documented_keys(schema)
            assert not undocumented, f"{where}: undocumented {sorted(undocumented)}"
        return
    if value is None:
        assert schema.get("nullable"), f"{where}: null where not nullable"
        return
    expected = TYPES[schema["type"]]
    assert isinstance(value, expected), f"{where}: {value!r} is not {schema['type']}"
    if schema["type"] in ("integer", "number"):
        assert not isinstance(value, bool), f"{where}: boolean for a number"
        assert value >= schema.get("minimum", value), f"{where}: below minimum"
        assert value <= schema.get("maximum", value), f"{where}: above maximum"
    if "pattern" in schema:
        assert re.fullmatch(schema["pattern"].strip("^$"), value), f"{where}: {value!r} pattern"
    if "enum" in schema:
        assert value in schema["enum"], f"{where}: {value!r} not in {schema['enum']}"
    if schema["type"] == "object":
        for key in schema.get("required", []):
            assert key in value, f"{where}: missing {key}"
        if whole and "properties" in schema and not schema.get("additionalProperties"):
            undocumented = set(value) - set(schema["properties"])
            assert not undocumented, f"{where}: undocumented {sorted(undocumented)}"
        for key, sub in schema.get("properties", {}).items():
            if key in value:
                validate(value[key], sub, f"{where}.{key}")
    if schema["type"] == "array":
        assert len(value) >= schema.get("minItems", 0), f"{where}: too few items"
        assert len(value) <= schema.get("maxItems", len(value)), f"{where}: too many items"
        for i, item in enumerate(value):
            validate(item, schema["items"], f"{where}[{i}]")


def response_schema(path: str, method: str, status: int) -> dict:
    operation = DOCUMENT["paths"][path][method]
    assert str(status) in operation["responses"], f"{method} {path}: {status} undocumented"
    return operation["responses"][str(status)]["content"]["application/json"]["schema"]


def test_served_document_is_the_file_in_the_repository(client):
    response = client.get("/api/openapi.json")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert response.json() == DOCUMENT
    assert DOCUMENT["openapi"].startswith("3.")


def test_every_error_code_of_the_api_is_documented():
    from wording.messages import API_ERRORS

    documented = DOCUMENT["components"]["schemas"]["Error"]["properties"]["error"]
    assert set(documented["properties"]["code"]["enum"]) == set(API_ERRORS)


def test_documented_examples_fit_their_schemas():
    schemas = DOCUMENT["components"]["schemas"]
    validate(schemas["Error"]["example"], schemas["Error"])
    body = DOCUMENT["paths"]["/games"]["post"]["requestBody"]["content"]["application/json"]
    for example in body["examples"].values():
        validate(example["value"], body["schema"])
    tap_body = DOCUMENT["paths"]["/games/{id}/tap"]["post"]["requestBody"]["content"]
    validate(tap_body["application/json"]["example"], schemas["Tap"])
    validate(schemas["PageBody"]["example"], schemas["PageBody"])


def test_real_answers_fit_the_document(client):
    game = create(client, code=EXAMPLE)
    validate(game, response_schema("/games", "post", 201))
    gid = game["id"]
    board = Board.from_code(EXAMPLE)
    blocked = next(i for i in board.present_tiles() if not board.is_free(i))
    checks = [
        ("/games/{id}", "get", client.get(f"/api/games/{gid}")),
        ("/games/{id}/tap", "post", tap(client, gid, 0)),
        ("/games/{id}/tap", "post", tap(client, gid, blocked)),
        ("/games/{id}/pause", "post", post(client, f"/api/games/{gid}/pause", {"page": "old"})),
        ("/games/{id}/pause", "post", post(client, f"/api/games/{gid}/pause", {"page": "?"})),
        ("/games/{id}/hint", "post", action(client, gid, "hint")),
        ("/games/{id}/pause", "post", action(client, gid, "pause")),
        ("/games/{id}/tap", "post", tap(client, gid, 0)),  # 409 paused
        ("/games/{id}/resume", "post", action(client, gid, "resume")),
        ("/games/{id}/undo", "post", action(client, gid, "undo")),  # 409 nothing to undo
        ("/games/{id}/tap", "post", tap(client, gid, "x")),  # 400
        ("/games/{id}", "get", client.get("/api/games/nope")),  # 404
        ("/games", "post", post(client, "/api/games", {"code": "MJ1"})),  # 400
        ("/health", "get", client.get("/api/health")),
    ]
    remove_pair(client, gid, Board.from_code(EXAMPLE).hint())
    checks.append(("/games/{id}/undo", "post", action(client, gid, "undo")))
    checks.append(("/games/{id}/redo", "post", action(client, gid, "redo")))
    checks.append(("/games/{id}/redo", "post", action(client, gid, "redo")))  # 409
    checks.append(("/games/{id}/restart", "post", action(client, gid, "restart")))
    checks.append(("/games/{id}/restart", "post", action(client, gid, "restart")))  # 409
    checks += [
        ("/games/{id}/winnable", "get", client.get(f"/api/games/{gid}/winnable")),
        ("/games/{id}/winnable", "post", action(client, gid, "winnable")),
        ("/games/{id}/winnable", "post", action(client, "nope", "winnable")),  # 404
        ("/daily", "get", client.get("/api/daily")),
        ("/daily", "get", client.get("/api/daily?day=2020-01-01")),
        ("/daily", "get", client.get("/api/daily?day=someday")),  # 400
        ("/openapi.json", "get", client.get("/api/openapi.json")),
    ]
    seen = {("/games", "post", 201)}  # the game created first
    for path, method, response in checks:
        validate(response.json(), response_schema(path, method, response.status_code), path)
        seen.add((path, method, response.status_code))
    # Every operation of the game's and the daily deal's API gave a real answer that
    # fits (the layouts' are in tests/editor/test_layouts_openapi.py).
    for path, operations in DOCUMENT["paths"].items():
        for method in set(operations) & {"get", "post", "delete"}:
            if not path.startswith("/layouts"):
                statuses = {s for p, m, s in seen if (p, m) == (path, method)}
                assert any(s < 300 for s in statuses), f"{method} {path}: no answer seen"
