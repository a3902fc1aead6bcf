"""A memory of at most ``size`` values by key, the least recently used forgotten first,
whose size its user sets (and may change) after it is made.

``functools.lru_cache`` fixes its size where a function is defined; the engine's caches
are sized by whoever runs it (the site from its settings), so they are these instead.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Lru(Generic[K, V]):
    """Safe to share between threads: an app process may serve several at once. A value
    is never None (None is the answer for a key not kept)."""

    def __init__(self, size: int):
        self.size = size
        self._entries: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, key: K) -> bool:
        return key in self._entries

    def get(self, key: K) -> V | None:
        """The value kept for ``key`` (now the most recently used), or None."""
        with self._lock:
            value = self._entries.get(key)
            if value is not None:
                self._entries.move_to_end(key)
            return value

    def put(self, key: K, value: V) -> None:
        with self._lock:
            self._entries[key] = value
            self._entries.move_to_end(key)
            self._trim()

    def get_or_make(self, key: K, make: Callable[[], V]) -> V:
        """The value kept for ``key``, else ``make()``'s, kept. What ``make`` raises is
        not kept: a later call tries again. It runs outside the lock, so two threads may
        both make a value that was missing; either is right."""
        value = self.get(key)
        if value is None:
            value = make()
            self.put(key, value)
        return value

    def resize(self, size: int) -> None:
        """Keep at most ``size`` from now on (a smaller size keeps the most recent)."""
        with self._lock:
            self.size = size
            self._trim()

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()

    def _trim(self) -> None:
        while len(self._entries) > max(self.size, 0):
            self._entries.popitem(last=False)
