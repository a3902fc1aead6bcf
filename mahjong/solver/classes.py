"""What the solver's searches share while they decide one position, each passed to them
explicitly: the classes of the tiles left and the pairings each still allows
(:class:`ClassState`), and the budget of nodes and time they spend together
(:class:`Budget`). Neither search reads the other's internals, and a solver keeps none
of a solve's state, so one solver may decide several positions at once."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .bitmask import bits
from .shape import Shape

Pair = tuple[int, int]
#: A pairing of a class: its pairs of tile ids.
Pairing = tuple[Pair, ...]


def pairings_of(tiles: Sequence[int]) -> list[Pairing]:
    """The ways to pair a class's tiles left: one for two tiles, three for four."""
    if len(tiles) == 2:
        return [((tiles[0], tiles[1]),)]
    a, b, c, d = tiles
    return [((a, b), (c, d)), ((a, c), (b, d)), ((a, d), (b, c))]


def possible(above: Sequence[int], pairing: Pairing) -> bool:
    """Whether a pairing could ever be played (ignoring the rest of the board): no tile
    lies over its partner (``above``: the shape's), and the two pairs do not each lie
    over the other."""
    masks = []
    for a, b in pairing:
        if above[a] >> b & 1 or above[b] >> a & 1:
            return False  # one tile lies over its partner
        masks.append((1 << a | 1 << b, above[a] | above[b]))
    if len(masks) == 2:
        (first, over_first), (second, over_second) = masks
        if over_first & second and over_second & first:
            return False  # each pair lies over the other
    return True


def agrees(seen: list[int], pairing: Pairing) -> bool:
    """Whether a relaxed play that cleared (``seen``: the partners free or gone as each
    tile went) still clears with a class held to ``pairing``: each tile of it had its
    partner there."""
    return all(seen[a] >> b & 1 and seen[b] >> a & 1 for a, b in pairing)


class OutOfBudget(Exception):
    """The solve's budget of nodes or time is spent: its answer is unknown."""


class Budget:
    """The nodes (positions searched and the pairing search's relaxed plays) and the
    time one solve may spend, shared by its searches."""

    def __init__(
        self,
        *,
        max_nodes: int | None = None,
        time_limit: float | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ):
        self.nodes = 0
        self.max_nodes = max_nodes
        self.clock = clock
        self.deadline = None if time_limit is None else clock() + time_limit

    def spend(self) -> None:
        """Count one node; :class:`OutOfBudget` once the nodes or the time are spent (the
        clock is read every 16 nodes)."""
        self.nodes += 1
        if self.deadline is not None and not self.nodes & 15:
            if self.clock() > self.deadline:
                raise OutOfBudget
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise OutOfBudget

    def check_time(self) -> None:
        """:class:`OutOfBudget` when the time is spent (for work that counts no nodes)."""
        if self.deadline is not None and self.clock() > self.deadline:
            raise OutOfBudget


@dataclass(frozen=True)
class Snapshot:
    """The pairings allowed and what they give each tile, to go back to."""

    allowed: tuple[int, ...]
    partner: tuple[int, ...]
    mates: tuple[int, ...]


class ClassState:
    """The classes with tiles left in one position (each a *group*, numbered from 0): their
    tiles, their possible pairings (the *domain*), and the pairings each still allows as
    a mask over its domain. From those, each tile's *partner* (-1 until its class's
    pairing is settled) and *mates* (the tiles it may still be paired with)."""

    def __init__(self, shape: Shape, class_masks: Sequence[int], present: int, n: int):
        self.shape = shape
        self.n = n
        self.group_of = [-1] * n
        self.group_tiles: list[list[int]] = []
        self.group_masks: list[int] = []
        self.domains: list[list[Pairing]] = []
        self.allowed: list[int] = []
        self.partner = [-1] * n
        self.mates = [0] * n
        #: False when a class has no possible pairing: the position is lost.
        self.alive = True
        for cm in class_masks:
            mine = present & cm
            if not mine:
                continue
            tiles = bits(mine)
            domain = [p for p in pairings_of(tiles) if possible(shape.above, p)]
            if not domain:
                self.alive = False
                return
            g = len(self.group_tiles)
            for t in tiles:
                self.group_of[t] = g
            self.group_tiles.append(tiles)
            self.group_masks.append(mine)
            self.domains.append(domain)
            self.allowed.append((1 << len(domain)) - 1)
            self.allow(g, self.allowed[g])

    def snapshot(self) -> Snapshot:
        return Snapshot(tuple(self.allowed), tuple(self.partner), tuple(self.mates))

    def restore(self, snapshot: Snapshot) -> None:
        """Back to ``snapshot`` (in place: the searches hold these lists)."""
        self.allowed[:] = snapshot.allowed
        self.partner[:] = snapshot.partner
        self.mates[:] = snapshot.mates

    def copy(self) -> ClassState:
        """Another state with the same classes and pairings allowed, changed on its own."""
        other = object.__new__(ClassState)
        other.__dict__.update(self.__dict__)
        other.allowed, other.partner, other.mates = self.allowed[:], self.partner[:], self.mates[:]
        return other

    def allow(self, g: int, allowed: int) -> None:
        """Restrict class ``g`` to the pairings of its domain in the mask ``allowed``."""
        self.allowed[g] = allowed
        tiles = self.group_tiles[g]
        partner, mates = self.partner, self.mates
        for t in tiles:
            mates[t] = 0
        chosen = [p for k, p in enumerate(self.domains[g]) if allowed >> k & 1]
        for pairing in chosen:
            for a, b in pairing:
                mates[a] |= 1 << b
                mates[b] |= 1 << a
        if len(chosen) == 1:
            for a, b in chosen[0]:
                partner[a], partner[b] = b, a
        else:
            for t in tiles:
                partner[t] = -1

    def relaxed_clears(self, present: int, free: int, seen: list[int] | None = None) -> bool:
        """Whether relaxed play clears the board (``False`` proves the position lost).

        In relaxed play a tile goes on its own as soon as it is free and one of its
        possible partners (a tile of its class it may be paired with) is free or gone.
        In real play a tile goes together with its partner, when both are free; so every
        tile goes in relaxed play no later than in any real play, and a board relaxed
        play cannot clear cannot be cleared at all.

        ``seen``, when given, receives for each tile that goes the partners it could have
        gone with at that moment.
        """
        mates = self.mates
        shape = self.shape
        cover, left, right, touch = shape.cover, shape.left, shape.right, shape.touch
        # A tile once free stays free (tiles only go), and it can go once one of its
        # partners is not blocked (free, or gone). So a tile needs a look only when it
        # turns free: then it may go, and so may its partners that were free already
        # and waited for it.
        blocked = present & ~free
        stack = bits(free)
        pop, push = stack.pop, stack.append
        while stack:
            t = pop()
            ready = (mates[t] | 1 << t) & present & ~blocked
            while ready:
                low = ready & -ready
                ready ^= low
                m = low.bit_length() - 1
                partners = mates[m] & ~blocked
                if not partners:
                    continue
                present ^= low
                if seen is not None:
                    seen[m] = partners
                for i in touch[m]:
                    bit = 1 << i
                    if blocked & bit and not cover[i] & present:
                        if not left[i] & present or not right[i] & present:
                            blocked ^= bit
                            push(i)
        return present == 0

    def still_clears(self, seen: list[int], g: int, present: int) -> bool:
        """Whether the relaxed play ``seen`` still clears ``present`` with class g's
        pairings as they are now: each of its tiles left went with a partner still
        allowed (tiles gone sooner only make others free sooner)."""
        mates = self.mates
        return all(seen[t] & mates[t] for t in self.group_tiles[g] if present >> t & 1)

    def play_out(self, present: int, free: int) -> list[Pair]:
        """The plan once every class's pairing is settled and relaxed play clears:
        partners go as soon as both are free, which then clears the board."""
        plan = []
        partner = self.partner
        after = self.shape.after
        while present:
            pair = next((t, partner[t]) for t in bits(free) if free >> partner[t] & 1)
            plan.append(pair)
            present ^= 1 << pair[0] | 1 << pair[1]
            free = after(present, free, pair)
        return plan
