"""The gallery's difficulty: the site's deals played with random pairs. The stored figures
(mahjong/rules/random_play.json) must be what ``manage.py random_play`` gives: a sample of
deals is played again here and compared, deal by deal."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from mahjong import LAYOUTS, Board, GameCode
from mahjong.rules.difficulty import random_play, random_play_data
from mahjong.rules.prng import SplitMix64
from mahjong.solver.random_play import play_at_random, survey_random_play

SAMPLE = 25


def test_every_layout_has_a_stored_figure_that_adds_up():
    for layout_id in LAYOUTS:
        stored = random_play(layout_id)
        assert stored is not None, layout_id
        assert stored.deals == len(stored.outcomes) >= 1000
        assert set(stored.outcomes) <= {"0", "1"}
        assert stored.stuck == stored.outcomes.count("1")


@pytest.mark.parametrize("layout_id", ["L00", "L07", "L17", "L29"])
def test_the_stored_outcomes_are_what_the_command_gives_on_a_sample(layout_id):
    seed = random_play_data()["seed"]
    again = survey_random_play(layout_id, SAMPLE, seed=seed)
    assert again.outcomes == random_play(layout_id).outcomes[:SAMPLE]
    out = io.StringIO()
    call_command("random_play", "--layout", layout_id, "--deals", str(SAMPLE), stdout=out)
    assert f"stuck {again.stuck:>5} of {SAMPLE}" in out.getvalue()


def test_a_random_player_ends_won_or_with_no_pair_left():
    """Played again by hand with the same choices: a "cleared" deal ends won, a "stuck"
    one with tiles left and no removable pair (the engine's own "no more moves")."""
    for number in range(5):
        stuck = play_at_random("L00", number, seed=1)
        board = Board.from_code(str(GameCode("L00", number)))
        rng = SplitMix64((1 << 40) ^ number)
        while board.playable_pairs():
            pairs = board.playable_pairs()
            board.remove(*pairs[rng.below(len(pairs))])
        assert stuck == (len(board) > 0)
        assert board.is_won() == (not stuck)


def test_the_command_refuses_an_unknown_layout_and_a_partial_write():
    from django.core.management.base import CommandError

    with pytest.raises(CommandError):
        call_command("random_play", "--layout", "L99", "--deals", "1", stdout=io.StringIO())
    with pytest.raises(CommandError):
        call_command(
            "random_play", "--layout", "L00", "--deals", "1", "--write", stdout=io.StringIO()
        )
