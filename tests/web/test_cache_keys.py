"""The rules and practice pages' cache keys follow the engine that draws their figures."""

import shutil
from pathlib import Path

import pytest
from django.core.cache import cache

from mahjong import fingerprint
from mahjong.rules import board as engine_board
from quiz import selectors
from quiz import views as quiz_views
from quiz.services import practice_sections_load, rules_sections_load


def _forget_fingerprints():
    fingerprint.engine_fingerprint.cache_clear()
    selectors.rules_code_version.cache_clear()
    selectors.practice_code_version.cache_clear()


@pytest.fixture
def engine_copy(tmp_path, monkeypatch):
    """A copy of the engine's source that the fingerprint reads instead of the real one."""
    copy = tmp_path / "engine"
    shutil.copytree(fingerprint.ENGINE_DIR, copy, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(fingerprint, "ENGINE_DIR", copy)
    _forget_fingerprints()
    yield copy
    monkeypatch.undo()
    _forget_fingerprints()


def test_the_fingerprint_reads_the_engine_that_the_site_runs():
    assert fingerprint.ENGINE_DIR == Path(engine_board.__file__).resolve().parents[1]


def test_an_engine_change_changes_the_rules_and_practice_keys(db, engine_copy):
    rules_sections_load()
    practice_sections_load()
    rules_before = quiz_views.rules_cache_key("sv")
    practice_before = quiz_views.practice_cache_key("sv")

    geometry = engine_copy / "rules" / "geometry.py"
    geometry.write_text(geometry.read_text() + "\n# A change to the free rule.\n")
    _forget_fingerprints()

    assert quiz_views.rules_cache_key("sv") != rules_before
    assert quiz_views.practice_cache_key("sv") != practice_before


def test_an_unchanged_engine_keeps_the_key(db, engine_copy):
    rules_sections_load()
    before = quiz_views.rules_cache_key("de")
    _forget_fingerprints()

    assert quiz_views.rules_cache_key("de") == before


def test_a_new_engine_file_changes_the_key(db, engine_copy):
    rules_sections_load()
    before = quiz_views.rules_cache_key("el")

    (engine_copy / "rules_table.json").write_text("{}")
    _forget_fingerprints()

    assert quiz_views.rules_cache_key("el") != before


def test_after_an_engine_change_the_rules_page_is_drawn_again(client, db, engine_copy, monkeypatch):
    rules_sections_load()
    cache.clear()
    calls = []
    render = quiz_views.render_rules_content
    monkeypatch.setattr(
        quiz_views, "render_rules_content", lambda lang: calls.append(lang) or render(lang)
    )
    client.get("/id/rules/")
    client.get("/id/rules/")
    assert calls == ["id"]

    tiles = engine_copy / "rules" / "tiles.py"
    tiles.write_text(tiles.read_text() + "\n")
    _forget_fingerprints()
    client.get("/id/rules/")

    assert calls == ["id", "id"]
