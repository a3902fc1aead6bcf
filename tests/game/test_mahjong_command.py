"""``manage.py mahjong`` for people and scripts."""

import json
import subprocess
import sys

import pytest
from django.conf import settings
from django.core.management import CommandError, call_command

from mahjong import LAYOUTS, Board, parse_code


def _run(*args):
    from io import StringIO

    out = StringIO()
    call_command("mahjong", *args, stdout=out)
    return out.getvalue()


def test_deal_json_prints_the_tiles_and_a_plan_that_wins():
    data = json.loads(_run("deal", "mj1-l00-aaaaabl", "--json"))
    assert data["code"] == "MJ1-L00-AAAAABL" and data["layout"] == "L00"
    assert [t["id"] for t in data["tiles"]] == list(range(144))
    assert set(data["tiles"][0]) == {"id", "x", "y", "z", "face"}
    assert len(data["plan"]) == 72
    board = Board.from_code(data["code"])
    assert [board.faces[t["id"]] for t in data["tiles"]] == [t["face"] for t in data["tiles"]]
    for a, b in data["plan"]:
        board.remove(a, b)
    assert board.state == "won"


def test_deal_with_a_bad_code_is_an_error():
    with pytest.raises(CommandError, match="invalid game code"):
        _run("deal", "MJ1-L00-AAAAAB1", "--json")


def test_deal_with_a_bad_code_exits_non_zero_from_the_shell():
    result = subprocess.run(
        [sys.executable, "manage.py", "mahjong", "deal", "MJ9-L00-AAAAABL", "--json"],
        capture_output=True,
        text=True,
        env={"DJANGO_SETTINGS_MODULE": "mahjongsite.settings.test", "PATH": ""},
        cwd=settings.BASE_DIR,
    )
    assert result.returncode != 0
    assert "invalid game code" in result.stderr and result.stdout == ""


def test_layouts_json_lists_every_layout_with_its_free_tiles():
    rows = json.loads(_run("layouts", "--json"))
    assert [r["id"] for r in rows] == list(LAYOUTS)
    turtle = rows[0]
    assert turtle == {"id": "L00", "name": "Turtle", "tiles": 144, "free_at_start": 35}
    assert all(r["tiles"] == 144 and r["free_at_start"] >= 2 for r in rows)


def test_new_prints_a_fresh_code_for_the_layout():
    codes = {_run("new", "l01").strip() for _ in range(5)}
    assert all(parse_code(c).layout_id == "L01" for c in codes)
    assert len(codes) > 1


def test_new_with_an_unknown_layout_is_an_error():
    with pytest.raises(CommandError):
        _run("new", "L77")


def test_solve_json_gives_a_plan_that_wins_from_the_position_after_the_history():
    board = Board.from_code("MJ1-L00-AAAAABL")
    # Leave the deal's plan with the last playable pair, twice.
    for _ in range(2):
        board.remove(*board.playable_pairs()[-1])
    history = " ".join(f"{a}-{b}" for a, b in board.history)
    data = json.loads(_run("solve", "MJ1-L00-AAAAABL", "--history", history, "--json"))
    assert data["removed"] == 2 and data["verdict"] == "winnable" and data["winnable"] is True
    for a, b in data["plan"]:
        board.remove(a, b)
    assert board.state == "won"


def test_solve_rejects_a_history_that_is_not_legal_play():
    with pytest.raises(CommandError, match="not legal play"):
        _run("solve", "MJ1-L00-AAAAABL", "--history", "0-1")
    with pytest.raises(CommandError, match="bad pair"):
        _run("solve", "MJ1-L00-AAAAABL", "--history", "3+4")


def test_survey_prints_the_share_its_interval_the_counts_and_the_times():
    out = _run("survey", "--layout", "L00", "--deals", "3", "--seed", "5", "--time-limit", "2")
    lines = out.splitlines()
    assert lines[0] == "layout L00: 3 uniform deals"
    assert lines[1].startswith("unwinnable: ") and "95 % interval" in lines[1]
    assert lines[2].startswith("decided: ") and "undecided: " in lines[2]
    assert all(word in lines[3] for word in ("median", "mean", "p99", "max"))
