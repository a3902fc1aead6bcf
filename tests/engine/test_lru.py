"""The engine's memories (mahjong/lru.py): at most their size, the least recently used
forgotten first, resized by whoever runs the engine, and a failure never kept."""

from __future__ import annotations

import pytest

from mahjong.lru import Lru


def test_the_least_recently_used_is_forgotten_first():
    memory: Lru[int, str] = Lru(3)
    for n in range(3):
        memory.put(n, f"v{n}")
    assert [memory.get(n) for n in range(3)] == ["v0", "v1", "v2"]  # three fit
    memory.get(0)  # used again: now the most recent

    memory.put(3, "v3")

    assert memory.get(1) is None and 1 not in memory
    assert [memory.get(n) for n in (0, 2, 3)] == ["v0", "v2", "v3"]
    assert len(memory) == 3


def test_a_smaller_size_keeps_the_most_recent_and_a_larger_one_keeps_more():
    memory: Lru[int, str] = Lru(4)
    for n in range(4):
        memory.put(n, f"v{n}")
    memory.resize(1)
    assert len(memory) == 1 and memory.get(3) == "v3"
    memory.resize(3)
    for n in range(4, 7):
        memory.put(n, f"v{n}")
    assert [n for n in range(7) if n in memory] == [4, 5, 6]


def test_a_value_is_made_once_and_a_failure_is_not_kept():
    memory: Lru[str, list] = Lru(2)
    made = []

    def make():
        made.append(1)
        return ["made"]

    first = memory.get_or_make("a", make)
    assert memory.get_or_make("a", make) is first and len(made) == 1

    def fail():
        raise LookupError("not there yet")

    with pytest.raises(LookupError):
        memory.get_or_make("b", fail)
    assert "b" not in memory
    assert memory.get_or_make("b", make) == ["made"] and len(made) == 2


def test_clear_forgets_everything():
    memory: Lru[int, int] = Lru(5)
    for n in range(5):
        memory.put(n, n + 1)
    memory.clear()
    assert len(memory) == 0 and memory.get(2) is None


def test_a_memory_of_size_zero_keeps_nothing():
    memory: Lru[int, int] = Lru(2)
    memory.put(1, 1)
    memory.resize(0)
    memory.put(2, 2)
    assert len(memory) == 0 and memory.get(2) is None
    memory.resize(-1)  # no size below nothing
    memory.put(3, 3)
    assert len(memory) == 0
