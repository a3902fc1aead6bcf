"""Deals: which kind lies where, generated together with a winning plan.

A deal is made backwards from an empty plan: take two tiles that are free on
the full layout, remove them, take two that are free then, and so on until the
layout is empty. That removal order is the *plan*. Only then are the faces
laid: the 72 pairs of the tile set are shuffled onto the plan's 72 steps, so
every step removes two matching free tiles and the plan wins by construction.

Everything is drawn from :class:`~.prng.SplitMix64` seeded by the layout and
the deal number (:func:`deal_seed`), so a game code gives the same deal forever
(golden tests pin it). A random removal order can dead-end (two tiles left stacked on each
other, say); the generator then simply draws again from the same stream.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import cached_property

from .codes import GameCode, decode_deal
from .geometry import Geometry
from .layouts import Layout
from .prng import SplitMix64
from .tiles import FLOWERS, QUADRUPLE_KINDS, SEASONS, match_class

Pair = tuple[int, int]


@dataclass(frozen=True)
class Deal:
    """A layout with a face on each position and a plan that clears it."""

    code: GameCode
    layout: Layout
    faces: tuple[str, ...]
    plan: tuple[Pair, ...]

    # Derived once per deal: a deal is cached and rebuilt into a board on every request.
    @cached_property
    def match_classes(self) -> tuple[str, ...]:
        """The match class of each position's face (see :func:`.tiles.match_class`)."""
        return tuple(match_class(face) for face in self.faces)

    @cached_property
    def plan_steps(self) -> tuple[int, ...]:
        """For each position, the step of the plan that removes it."""
        steps = [0] * len(self.faces)
        for step, (a, b) in enumerate(self.plan):
            steps[a] = steps[b] = step
        return tuple(steps)

    def rest_of_plan(self, present: int) -> tuple[Pair, ...] | None:
        """The pairs of the plan still on the board (``present``: bit i for tile i), while
        play so far removed only whole pairs of it, else ``None``. The rest still wins:
        fewer tiles never make a tile less free."""
        rest = []
        for a, b in self.plan:
            here_a, here_b = present >> a & 1, present >> b & 1
            if here_a != here_b:
                return None
            if here_a:
                rest.append((a, b))
        return tuple(rest)


_MJ2 = b"mahjong MJ2 deal"


def deal_seed(code: GameCode) -> int:
    """The PRNG seed of a code.

    ``MJ2``: the 64-bit BLAKE2b hash of the layout id and the deal number in decimal
    (``L00:43``; personalised ``mahjong MJ2 deal``), so that every layout and deal number
    starts the generator somewhere unrelated to its neighbours' (a seed one step of the
    generator past another's would deal from the same stream), a player's layout by its
    whole id. A few microseconds: a deal costs a millisecond on average.

    ``MJ1``, as it always was: the layout number above the 35-bit deal number; a custom
    layout's seed has the top bit set (no ``Lnn`` reaches it) over 28 bits of its id."""
    if code.version != 1:
        text = f"{code.layout_id}:{code.deal_number}".encode("ascii")
        return int.from_bytes(hashlib.blake2b(text, digest_size=8, person=_MJ2).digest(), "big")
    if code.is_custom:
        number = decode_deal(code.layout_id[1:]) & ((1 << 28) - 1)
        return (1 << 63) | (number << 35) | code.deal_number
    return (int(code.layout_id[1:]) << 35) | code.deal_number


def random_removal_order(geometry: Geometry, rng: SplitMix64) -> list[Pair] | None:
    """Remove random pairs of free tiles until the layout is empty.

    Returns the pairs in order, or ``None`` on a dead end (fewer than two free
    tiles left while tiles remain). This is the hot loop of deal generation,
    hence the local names and the free list kept with swap-removal.
    """
    n = len(geometry)
    covered, right_of, left_of = geometry.covered, geometry.right_of, geometry.left_of
    above = [len(c) for c in geometry.covers]
    left = [len(c) for c in geometry.left]
    right = [len(c) for c in geometry.right]
    present = [True] * n
    free = [i for i in range(n) if above[i] == 0 and (left[i] == 0 or right[i] == 0)]
    slot = [-1] * n
    for k, i in enumerate(free):
        slot[i] = k
    order: list[Pair] = []
    next64 = rng.next64
    for _ in range(n // 2):
        m = len(free)
        if m < 2:
            return None
        r = next64()
        # Two picks from one draw: 32 random bits each, scaled to the range.
        ka = ((r & 0xFFFFFFFF) * m) >> 32
        a = free[ka]
        last = free.pop()
        if last != a:
            free[ka] = last
            slot[last] = ka
        kb = ((r >> 32) * (m - 1)) >> 32
        b = free[kb]
        last = free.pop()
        if last != b:
            free[kb] = last
            slot[last] = kb
        slot[a] = slot[b] = -1
        present[a] = present[b] = False
        order.append((a, b))
        for t in (a, b):
            for i in covered[t]:
                above[i] -= 1
                if above[i] == 0 and slot[i] < 0 and present[i] and (left[i] == 0 or right[i] == 0):
                    slot[i] = len(free)
                    free.append(i)
            for i in right_of[t]:
                left[i] -= 1
                if left[i] == 0 and slot[i] < 0 and present[i] and above[i] == 0:
                    slot[i] = len(free)
                    free.append(i)
            for i in left_of[t]:
                right[i] -= 1
                if right[i] == 0 and slot[i] < 0 and present[i] and above[i] == 0:
                    slot[i] = len(free)
                    free.append(i)
    return order


def face_pairs(rng: SplitMix64) -> list[tuple[str, str]]:
    """The 72 matching pairs of the tile set, in random order.

    Each quadruple kind gives two pairs; the four flowers are paired at random,
    and so are the four seasons.
    """
    flowers = list(FLOWERS)
    seasons = list(SEASONS)
    rng.shuffle(flowers)
    rng.shuffle(seasons)
    pairs = [(k, k) for k in QUADRUPLE_KINDS for _ in range(2)]
    pairs += [(flowers[0], flowers[1]), (flowers[2], flowers[3])]
    pairs += [(seasons[0], seasons[1]), (seasons[2], seasons[3])]
    rng.shuffle(pairs)
    return pairs


class NoDeal(ValueError):
    """No removal order cleared the layout within the attempts allowed."""

    reason = "undealable"


def generate_deal(code: GameCode, layout: Layout, *, max_attempts: int | None = None) -> Deal:
    """The deal of ``code`` on ``layout`` (which must be the code's layout).

    ``max_attempts`` bounds the removal orders drawn (a player's layout may seldom clear;
    ours always do, and are drawn unbounded as they always were): :class:`NoDeal` then."""
    if layout.id != code.layout_id:
        raise ValueError(f"code {code} is not for layout {layout.id}")
    rng = SplitMix64(deal_seed(code))
    geometry = layout.geometry
    order = random_removal_order(geometry, rng)
    attempts = 1
    while order is None:
        if max_attempts is not None and attempts >= max_attempts:
            raise NoDeal(f"no removal order cleared {layout.id} in {attempts} attempts")
        order = random_removal_order(geometry, rng)
        attempts += 1
    faces: list[str] = [""] * len(geometry)
    for (a, b), (fa, fb) in zip(order, face_pairs(rng)):
        faces[a], faces[b] = fa, fb
    return Deal(code=code, layout=layout, faces=tuple(faces), plan=tuple(order))
