"""The clock's one rule and its arithmetic (game/clock.py), without a database."""

import doctest
from datetime import datetime, timedelta

import pytest

import game.clock
from game.clock import Clock

T0 = datetime(2026, 1, 1, 12, 0, 0)


def at(seconds: float) -> datetime:
    return T0 + timedelta(seconds=seconds)


def test_docstring_examples():
    assert doctest.testmod(game.clock).failed == 0


def test_it_stands_still_until_the_first_move():
    clock = Clock().follow(runs=True, now=at(0))
    assert not clock.running and clock.elapsed_at(at(100)) == 0


def test_it_runs_from_the_first_move_and_banks_each_stop():
    clock = Clock().start(at(10)).follow(runs=True, now=at(10))
    assert clock.running and clock.elapsed_at(at(12.5)) == 2500
    clock = clock.follow(runs=False, now=at(20))  # pause, win or no more moves
    assert (clock.running, clock.elapsed_ms) == (False, 10_000)
    assert clock.elapsed_at(at(3600)) == 10_000
    clock = clock.follow(runs=True, now=at(100))  # resume
    assert clock.elapsed_at(at(101)) == 11_000


def test_the_first_move_is_marked_once():
    clock = Clock().start(at(1)).start(at(5))
    assert clock.started_at == at(1)


@pytest.mark.parametrize("runs", [True, False])
def test_following_the_same_state_twice_changes_nothing(runs):
    clock = Clock().start(at(0)).follow(runs=runs, now=at(0))
    assert clock.follow(runs=runs, now=at(50)) == clock


def test_a_clock_set_back_never_counts_negative_time():
    clock = Clock(started_at=at(10), running_since=at(10), elapsed_ms=500)
    assert clock.elapsed_at(at(5)) == 500
