"""The custom layouts' API: save, check, import, export, rename, delete; ownership, the
operator's limit, CSRF, escaping, nothing half-saved; and their games, never ranked."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from editor.models import CustomLayout
from game.models import BestTime, Game
from mahjong import LAYOUTS, Board, custom_layout_id
from mahjong.rules import kmahjongg
from ranking import rules
from tests.api.helpers import remove_pair

pytestmark = pytest.mark.django_db

TURTLE = [list(p) for p in LAYOUTS["L00"].positions]
DIAMOND = [list(p) for p in LAYOUTS["L01"].positions]


def post(client, url, body, **extra):
    data = body if isinstance(body, (str, bytes)) else json.dumps(body)
    return client.post(url, data=data, content_type="application/json", **extra)


def player(name: str) -> Client:
    user = get_user_model().objects.create_user(name, password="a long enough secret 42")
    client = Client()
    client.force_login(user)
    client.user = user
    return client


@pytest.fixture
def alice():
    return player("alice")


@pytest.fixture
def bob():
    return player("bob")


def save(client, name="My turtle", positions=TURTLE, lang="en"):
    return post(client, f"/api/layouts?lang={lang}", {"name": name, "positions": positions})


def test_a_sound_layout_is_saved_with_a_code_anyone_can_type(alice):
    response = save(alice, positions=list(reversed(TURTLE)))
    assert response.status_code == 201, response.content
    data = response.json()
    layout_id = custom_layout_id(LAYOUTS["L00"].positions)
    assert data["layout_id"] == layout_id and data["code"] == f"MJ1-{layout_id}-AAAAAAA"
    stored = CustomLayout.objects.get()
    assert stored.owner == alice.user and stored.name == "My turtle"
    assert stored.positions == sorted(TURTLE, key=lambda p: (p[2], p[1], p[0]))


@pytest.mark.parametrize(
    "positions, reason, message",
    [
        (TURTLE[:-1], "count", "143 brickor – en layout ska ha exakt 144."),
        (TURTLE[:-1] + [[40, 0, 1]], "floating", "kolumn 41, rad 1, lager 2"),
        (TURTLE[:-1] + [[1, 0, 0]], "overlap", "kolumn 3, rad 1, lager 1"),
    ],
)
def test_an_unsound_layout_is_refused_in_the_pages_language_and_nothing_is_saved(
    alice, positions, reason, message
):
    response = save(alice, positions=positions, lang="sv")
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "invalid"
    assert [p["reason"] for p in error["problems"]] == [reason]
    assert message in error["problems"][0]["message"]
    assert not CustomLayout.objects.exists()


@pytest.mark.parametrize(
    "body",
    [
        {"name": "x", "positions": "all of them"},
        {"name": "x", "positions": [[0, 0]]},
        {"name": "x", "positions": [[0, 0, True]]},
        {"name": "x", "positions": [[0, 0, 0]] * 1000},
        {"name": "x"},
    ],
)
def test_positions_that_are_not_a_list_of_triples_are_refused(alice, body):
    response = post(alice, "/api/layouts", body)
    assert response.status_code == 400 and response.json()["error"]["code"] == "bad_positions"
    assert not CustomLayout.objects.exists()


@pytest.mark.parametrize(
    "name, code",
    [
        ("", "name_missing"),
        ("   ", "name_missing"),
        ("x" * 61, "name_too_long"),
        ("a\u0000b", "name_characters"),
    ],
)
def test_names_are_limited_and_nothing_is_saved(alice, name, code):
    response = save(alice, name=name, lang="de")
    assert response.status_code == 400 and response.json()["error"]["code"] == code
    assert not CustomLayout.objects.exists()


def test_white_space_in_a_name_is_tidied(alice):
    assert save(alice, name="  My \n  castle ").json()["name"] == "My castle"


def test_the_operators_limit_per_player(alice, bob, settings):
    settings.MAHJONG_CUSTOM_LAYOUTS_PER_PLAYER = 1
    assert save(alice).status_code == 201
    refused = save(alice, name="Second", positions=DIAMOND, lang="el")
    assert refused.status_code == 409
    error = refused.json()["error"]
    assert error["code"] == "limit" and "1" in error["message"]
    assert CustomLayout.objects.filter(owner=alice.user).count() == 1
    # The limit is per player: Bob may still save one.
    assert save(bob).status_code == 201


def test_the_same_tiles_twice_are_refused_with_the_first_name(alice):
    save(alice, name="First")
    again = save(alice, name="Again")
    assert again.status_code == 409 and "First" in again.json()["error"]["message"]
    assert CustomLayout.objects.count() == 1


def test_rename_and_delete_by_the_owner_only(alice, bob):
    pk = save(alice).json()["id"]
    assert post(bob, f"/api/layouts/{pk}", {"name": "Mine now"}).status_code == 404
    assert bob.delete(f"/api/layouts/{pk}").status_code == 404
    assert bob.get(f"/api/layouts/{pk}.layout").status_code == 404
    assert CustomLayout.objects.get(pk=pk).name == "My turtle"

    refused = post(alice, f"/api/layouts/{pk}", {"name": ""})
    assert refused.status_code == 400 and CustomLayout.objects.get(pk=pk).name == "My turtle"
    renamed = post(alice, f"/api/layouts/{pk}", {"name": "Shell"})
    assert renamed.status_code == 200 and CustomLayout.objects.get(pk=pk).name == "Shell"
    assert alice.delete(f"/api/layouts/{pk}").status_code == 204
    assert not CustomLayout.objects.exists()


def test_changes_need_the_csrf_token(alice):
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(alice.user)
    refused = save(strict, lang="id")
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "csrf_failed"
    assert not CustomLayout.objects.exists()
    strict.get("/sv/play/")
    token = strict.cookies["csrftoken"].value
    assert (
        post(
            strict, "/api/layouts", {"name": "x", "positions": TURTLE}, HTTP_X_CSRFTOKEN=token
        ).status_code
        == 201
    )


def test_signed_out_visitors_cannot_use_the_editor(client):
    refused = save(client, lang="sv")
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "signed_out"


def test_check_lists_every_problem_with_where(alice):
    response = post(alice, "/api/layouts/check?lang=de", {"positions": TURTLE[:-2] + [[40, 0, 1]]})
    data = response.json()
    assert data["count"] == 143 and data["sound"] is False
    assert [p["reason"] for p in data["problems"]] == ["count", "floating"]
    assert data["problems"][1]["at"] == {"x": 40, "y": 0, "z": 1}
    assert "Spalte 41" in data["problems"][1]["message"]
    assert post(alice, "/api/layouts/check", {"positions": TURTLE}).json()["sound"] is True


def test_a_file_is_imported_and_exported_with_the_same_positions(alice):
    text = kmahjongg.write(LAYOUTS["L02"].positions)
    imported = post(alice, "/api/layouts/import", {"text": text}).json()
    assert imported["sound"] is True and len(imported["positions"]) == 144
    pk = save(alice, positions=imported["positions"]).json()["id"]
    exported = alice.get(f"/api/layouts/{pk}.layout")
    assert exported.status_code == 200
    assert exported["Content-Disposition"].startswith("attachment; filename=")
    again = kmahjongg.read(exported.content, max_bytes=65536)
    assert [list(p) for p in again] == imported["positions"]


@pytest.mark.parametrize(
    "text, reason",
    [
        ("PK\u0003\u0004 a zip file", "no_header"),
        ("kmahjongg-layout-v1.1\nw4\nh2\nd1\n12..\n....\n", "bad_tile"),
        ("kmahjongg-layout-v1.1\nw4\nh2\nd1\n1212\n", "bad_rows"),
    ],
)
def test_a_broken_file_is_refused_with_its_fault_and_nothing_saved(alice, text, reason):
    response = post(alice, "/api/layouts/import?lang=el", {"text": text})
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "invalid_file" and error["reason"] == reason and error["message"]
    assert not CustomLayout.objects.exists()


@pytest.mark.parametrize(
    "rows, said",
    [("1212\n", "Το αρχείο έχει 1 σειρά"), ("1212\n4343\n1212\n", "έχει 3 σειρές")],
)
def test_a_files_wrong_row_count_is_said_in_the_numbers_form(alice, rows, said):
    text = "kmahjongg-layout-v1.1\nw4\nh2\nd1\n" + rows
    response = post(alice, "/api/layouts/import?lang=el", {"text": text})
    assert response.status_code == 400
    assert said in response.json()["error"]["message"]


def test_a_file_of_the_wrong_count_reads_but_cannot_be_saved(alice):
    text = kmahjongg.write(LAYOUTS["L00"].positions[:100])
    imported = post(alice, "/api/layouts/import", {"text": text}).json()
    assert imported["sound"] is False and imported["problems"][0]["reason"] == "count"
    assert save(alice, positions=imported["positions"]).status_code == 400


def test_a_ten_megabyte_file_is_refused_unread(alice):
    body = json.dumps({"text": "kmahjongg-layout-v1.1\n" + "." * 10_000_000})
    response = post(alice, "/api/layouts/import?lang=sv", body)
    assert response.status_code == 413
    assert response.json()["error"]["code"] == "too_large"
    assert "64 kB" in response.json()["error"]["message"]


def win(client, body) -> dict:
    created = post(client, "/api/games", body)
    assert created.status_code == 201, created.content
    game = created.json()
    board = Board.from_code(Game.objects.get(id=game["id"]).code)
    for pair in board.deal.plan:
        last = remove_pair(client, game["id"], pair)
    assert last["state"] == "won"
    return Game.objects.get(id=game["id"])


def test_anyone_plays_a_custom_layouts_code_and_it_is_never_ranked(alice, bob):
    saved = save(alice, name="Alice's <b>shell</b>").json()
    created = post(bob, "/api/games", {"code": saved["code"]}).json()
    assert created["layout"] == {"id": saved["layout_id"], "name": "Alice's <b>shell</b>"}
    game = win(bob, {"code": saved["code"]})
    assert game.result == Game.WON and game.ranked is False
    assert rules.CUSTOM in rules.missed_rules(game)


def test_a_fresh_deal_on_a_custom_layout_is_not_ranked_either(alice):
    saved = save(alice).json()
    game = win(alice, {"layout": saved["layout_id"]})
    assert game.origin == Game.NEW and game.ranked is False
    # Only the custom rule would keep it off the boards if it had been played slowly.
    game.elapsed_ms = 10 * 60 * 1000
    assert rules.missed_rules(game) == [rules.CUSTOM]
    assert not BestTime.objects.exists()
    stats = alice.get("/sv/stats/")
    assert stats.status_code == 200 and "My turtle" in stats.content.decode()
    board = alice.get("/sv/leaderboard/").content.decode()
    assert saved["layout_id"] not in board


def test_the_layouts_name_is_escaped_on_the_statistics_page(alice):
    name = '<script>alert("x")</script>'
    saved = save(alice, name=name).json()
    win(alice, {"layout": saved["layout_id"]})
    page = alice.get("/sv/stats/").content.decode()
    assert name not in page and "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in page


def test_a_deleted_layouts_game_in_progress_gives_way_to_a_new_game(alice):
    saved = save(alice).json()
    post(alice, "/api/games", {"code": saved["code"]})
    alice.delete(f"/api/layouts/{saved['id']}")
    from mahjong.rules import registry

    registry.forget()  # as a process that had not met the layout before
    page = alice.get("/sv/play/")
    assert page.status_code == 200


def test_a_custom_layout_has_no_daily_deal(alice):
    saved = save(alice).json()
    response = post(alice, "/api/games", {"daily": saved["layout_id"]})
    assert response.status_code == 400
    assert not Game.objects.exists()


def test_my_data_holds_my_layouts_and_nobody_elses(alice, bob):
    save(alice, name="Mine")
    save(bob, name="His", positions=DIAMOND)
    data = alice.get("/sv/accounts/data/").json()
    assert [(row["name"], row["layout"]) for row in data["layouts"]] == [
        ("Mine", custom_layout_id(LAYOUTS["L00"].positions))
    ]
    assert len(data["layouts"][0]["positions"]) == 144


def test_an_operator_finds_a_layout_in_the_admin(alice):
    save(alice, name="Rude name")
    admin = get_user_model().objects.create_superuser("boss", password="a long enough secret 42")
    client = Client()
    client.force_login(admin)
    listing = client.get("/admin/editor/customlayout/?q=rude")
    assert listing.status_code == 200 and "Rude name" in listing.content.decode()


def test_other_tiles_under_a_taken_id_are_refused(alice, bob, monkeypatch):
    import editor.services

    save(alice)
    taken = custom_layout_id(LAYOUTS["L00"].positions)
    # A hash collision, made to happen: the Diamond's tiles given the Turtle's id.
    monkeypatch.setattr(editor.services, "custom_layout_id", lambda positions: taken)
    refused = save(bob, positions=DIAMOND, lang="de")
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "id_taken"
    assert CustomLayout.objects.count() == 1
    # The same tiles as Alice's are no collision: Bob may keep his own copy.
    assert save(bob).status_code == 201


def test_a_deleted_layout_starts_no_new_game_though_a_process_still_holds_it(alice, bob):
    """Each app process keeps the layouts it has found; deleting one is seen by every
    process at once, as a new game asks the database."""
    from mahjong.rules import registry

    saved = save(alice).json()
    assert post(alice, "/api/games", {"code": saved["code"]}).status_code == 201
    alice.delete(f"/api/layouts/{saved['id']}")
    assert saved["layout_id"] in registry.CUSTOM_LAYOUTS  # this process still holds it
    by_code = post(bob, "/api/games?lang=de", {"code": saved["code"]})
    by_layout = post(alice, "/api/games?lang=de", {"layout": saved["layout_id"]})
    assert by_code.status_code == by_layout.status_code == 400
    assert by_layout.json()["error"]["code"] == "no_such_layout"
    assert Game.objects.count() == 1
    # Kept by another player, the same tiles play on.
    save(bob, name="Bob's turtle")
    assert post(alice, "/api/games", {"code": saved["code"]}).status_code == 201
