"""The store's write list (``store.MUTABLE_FIELDS``) follows the model: a field a move
changes is written, or the change would be lost without a word (the store writes only
the listed fields, through hand-written SQL on the fast path)."""

from __future__ import annotations

import copy

import pytest
from django.utils import timezone

from game import services, store
from game.models import Game
from game.store import Owner
from tests.players import human_pace, plan, player

pytestmark = pytest.mark.django_db

#: The fields no move changes: set when the game is created, by the owner's sign-in, the
#: daily traces' expiry, or the moderation, each through its own query.
NOT_BY_A_MOVE = {
    "id",
    "code",
    "layout_id",
    "origin",
    "user",
    "session_key",
    "device",
    "address",
    "removed_by_moderator",
    "reviewed",
    "created_at",
}
#: Changed by a move but written on its own, on purpose: the board page that shows the
#: game is not a change of the game (no new version), so game_resume saves it apart.
WRITTEN_APART = {"board_page"}


def test_every_field_is_either_written_by_a_move_or_never_changed_by_one():
    # A new field must be placed in one of the two: a move that changed it unlisted
    # would lose the change.
    fields = {field.name for field in Game._meta.concrete_fields}
    assert set(store.MUTABLE_FIELDS) | NOT_BY_A_MOVE | WRITTEN_APART == fields
    assert not set(store.MUTABLE_FIELDS) & (NOT_BY_A_MOVE | WRITTEN_APART)


def _values(game: Game) -> dict:
    return {f.name: copy.deepcopy(getattr(game, f.attname)) for f in Game._meta.concrete_fields}


@pytest.fixture
def changed_by_moves(monkeypatch) -> set[str]:
    """The fields the moves changed between reading a game and writing it."""
    changed: set[str] = set()
    read_at: dict[int, dict] = {}
    read, save, save_if_unchanged = store.read, store.save, store.save_if_unchanged

    def reading(*args, **kwargs):
        game = read(*args, **kwargs)
        read_at[id(game)] = _values(game)
        return game

    def note(game: Game) -> None:
        before = read_at.get(id(game))
        assert before is not None, "a move wrote a game it did not read through the store"
        changed.update(name for name, value in _values(game).items() if before[name] != value)

    def saving(game, *args, **kwargs):
        note(game)
        return save(game, *args, **kwargs)

    def saving_if_unchanged(game, *args, **kwargs):
        note(game)
        return save_if_unchanged(game, *args, **kwargs)

    monkeypatch.setattr(store, "read", reading)
    monkeypatch.setattr(store, "save", saving)
    monkeypatch.setattr(store, "save_if_unchanged", saving_if_unchanged)
    return changed


def test_every_field_a_move_changes_is_written(changed_by_moves):
    owner = Owner(user_id=player("ada").pk)
    game = services.game_create(owner=owner, layout_id="L00", page="page-1").game
    pairs = plan(game.code)
    times = human_pace(2 * len(pairs) + 8, 300)
    start = timezone.now()
    moment = iter(start + t for t in times)
    # Select and deselect, a hint, a pause and a resume, an undo, then the win.
    a, b = pairs[0]
    services.game_tap(game_id=game.id, owner=owner, tile=a, now=next(moment))
    services.game_tap(game_id=game.id, owner=owner, tile=a, now=next(moment))
    services.game_hint(game_id=game.id, owner=owner, now=next(moment))
    services.game_pause(game_id=game.id, owner=owner, page="page-1", now=next(moment))
    services.game_resume(game_id=game.id, owner=owner, page="page-2", now=next(moment))
    services.game_tap(game_id=game.id, owner=owner, tile=a, now=next(moment))
    services.game_tap(game_id=game.id, owner=owner, tile=b, now=next(moment))
    services.game_undo(game_id=game.id, owner=owner, now=next(moment))
    for a, b in pairs:
        services.game_tap(game_id=game.id, owner=owner, tile=a, now=next(moment))
        services.game_tap(game_id=game.id, owner=owner, tile=b, now=next(moment))
    won = Game.objects.get(id=game.id)
    assert won.result == Game.WON and won.hints_used == 1 and won.undos_used == 1
    assert changed_by_moves, "the moves were not watched"
    # The moves did change what the list is for: the history, the clock, the result...
    assert {"history", "selected", "hint", "paused", "result", "finished_at"} <= changed_by_moves
    unwritten = changed_by_moves - set(store.MUTABLE_FIELDS) - WRITTEN_APART
    assert not unwritten, f"changed by a move, missing from store.MUTABLE_FIELDS: {unwritten}"
