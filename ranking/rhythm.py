"""Whether a win's taps have a rhythm a person plays: the plausibility check of a ranked win.

The server keeps the play time of every tap (``Game.tap_ms``, milliseconds of play time,
pauses left out). A person's taps come in a rhythm no script needs: each pair is a search
(seconds, and very different from one pair to the next) and then an aimed tap at the
found tile (a fraction of a second). So a win whose taps are

* *too fast*: the median time between two taps under :setting:`MAHJONG_RHYTHM_MIN_MEDIAN_MS`
  (a script's 143 taps in under 2 s, then a wait to pass the floor of play time), or
* *too even*: the spread of those times (their coefficient of variation, standard
  deviation over mean) under :setting:`MAHJONG_RHYTHM_MIN_SPREAD_PERCENT` percent (a
  script tapping at a steady or a uniformly random pace)

is held back from the public boards for review (``Game.held``): not ranked, with the
reason, until an operator publishes it in the admin. ``bench/rhythm.py`` measures
person-like and scripted paces against both limits and prints the figures.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence

from django.conf import settings

from game.models import Game

#: Why a win was held (``Game.held``).
TOO_FAST, TOO_EVEN = Game.Held.TOO_FAST_TAPS, Game.Held.TOO_EVEN_TAPS

#: Below this many taps the rhythm says nothing (a test layout, not a real board).
MIN_TAPS = 20


def figures(tap_ms: Sequence[int]) -> tuple[float, float] | None:
    """The median gap between taps (ms) and the gaps' coefficient of variation, or
    ``None`` with too few taps to judge."""
    if len(tap_ms) < MIN_TAPS:
        return None
    gaps = [b - a for a, b in zip(tap_ms, tap_ms[1:])]
    mean = statistics.fmean(gaps)
    spread = statistics.pstdev(gaps) / mean if mean > 0 else 0.0
    return statistics.median(gaps), spread


def implausible(tap_ms: Sequence[int]) -> str | None:
    """Why no person taps like this (:data:`TOO_FAST`, :data:`TOO_EVEN`), or ``None``."""
    found = figures(tap_ms)
    if found is None:
        return None
    median, spread = found
    if median < settings.MAHJONG_RHYTHM_MIN_MEDIAN_MS:
        return TOO_FAST
    if spread * 100 < settings.MAHJONG_RHYTHM_MIN_SPREAD_PERCENT:
        return TOO_EVEN
    return None
