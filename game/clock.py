"""A game's clock, as pure arithmetic on three values (no Django, no database).

The server alone keeps the time: ``elapsed_ms`` holds the play time banked so
far and, while the clock runs, ``running_since`` says since when (not banked yet). One rule
says when it runs: **from its start on, while the game is being played and is not
paused**. A game that may be ranked starts when its board is first shown (the answer that
creates it), so that its faces cannot be studied off the clock; any other game starts at
its first move (game/services.py says which start a game has). It stops (is banked) on a pause, on a win and on "No more moves", and runs again
on resume or when an undo brings a stuck game back.

>>> from datetime import datetime, timedelta
>>> t0 = datetime(2026, 1, 1)
>>> clock = Clock().follow(runs=True, now=t0)       # not started: stays still
>>> clock.running, clock.elapsed_at(t0 + timedelta(seconds=5))
(False, 0)
>>> clock = Clock().start(t0).follow(runs=True, now=t0)
>>> clock = clock.follow(runs=False, now=t0 + timedelta(seconds=90))  # paused
>>> clock.elapsed_at(t0 + timedelta(hours=2))
90000
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime


@dataclass(frozen=True)
class Clock:
    started_at: datetime | None = None
    running_since: datetime | None = None
    elapsed_ms: int = 0

    @property
    def running(self) -> bool:
        return self.running_since is not None

    def elapsed_at(self, now: datetime) -> int:
        """The play time at ``now``: banked time plus the running stretch, if any."""
        elapsed = self.elapsed_ms
        if self.running_since is not None:
            elapsed += max(0, int((now - self.running_since).total_seconds() * 1000))
        return elapsed

    def start(self, now: datetime) -> Clock:
        """Mark the start (once): the first view or the first move; whether it runs is
        then up to :meth:`follow`."""
        return self if self.started_at is not None else replace(self, started_at=now)

    def follow(self, *, runs: bool, now: datetime) -> Clock:
        """Run when the game is on (``runs``) and has started, else stand still (banked)."""
        runs = runs and self.started_at is not None
        if runs and not self.running:
            return replace(self, running_since=now)
        if not runs and self.running:
            return replace(self, elapsed_ms=self.elapsed_at(now), running_since=None)
        return self
