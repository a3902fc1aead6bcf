"""The position of a game: which tiles remain, what is selected, what was done.

A :class:`Board` is built from a deal, the history of removed pairs, the pairs
undone since the last removal (what redo takes off again) and the selection, like a
chess board from its starting position and its move stack. It answers every question
about legality (``is_free``, ``blocking``, ``playable_pairs``, ``state``,
``can_undo``…) and carries out taps, removals, undos, redos and a restart; nothing
outside the engine re-derives a rule.

>>> board = Board.from_code("MJ1-L00-AAAAABL")
>>> len(board.free_tiles()), board.state.value, board.can_undo(), board.can_hint()
(35, 'playing', False, True)
>>> a, b = board.hint()
>>> board.tap(a).outcome.value, board.tap(b).outcome.value, len(board.history)
('selected', 'removed', 1)
>>> board.undo() == (a, b), len(board.history), board.can_redo()
(True, 0, True)
>>> board.redo() == (a, b), len(board.history), board.can_redo()
(True, 1, False)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum, StrEnum

from ..solver import advice
from ..solver.search import Verdict
from .codes import GameCode
from .deal import Deal, Pair
from .errors import GameOver, IllegalMove, NothingToRedo, NothingToUndo, TileRemoved, UnknownTile
from .geometry import FreeCounters
from .registry import deal_for


class State(StrEnum):
    """Where a game stands. Pausing belongs to a stored game, not to the board."""

    PLAYING = "playing"
    WON = "won"
    STUCK = "stuck"


PLAYING = State.PLAYING
WON = State.WON
STUCK = State.STUCK


class BlockKind(StrEnum):
    """Why a tile is not free, the strongest reason first."""

    #: a tile of the layer above lies exactly on it
    COVERED = "covered"
    #: only tiles lying half (or a quarter) over it are above: half a tile is enough
    HALF_COVERED = "half_covered"
    #: nothing above, but both its left and its right side are taken
    SIDES = "sides"


@dataclass(frozen=True)
class Blocking:
    """What holds a blocked tile: the present tiles above it and beside it."""

    kind: BlockKind
    #: present tiles of the layer above overlapping it, fully or in part
    covering: tuple[int, ...]
    #: present tiles of its own layer touching its left side
    left: tuple[int, ...]
    #: present tiles of its own layer touching its right side
    right: tuple[int, ...]


class Outcome(str, Enum):
    """What a tap did."""

    SELECTED = "selected"
    DESELECTED = "deselected"
    SELECTION_MOVED = "selection_moved"
    REMOVED = "removed"
    BLOCKED = "blocked"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class TapResult:
    outcome: Outcome
    tile: int
    removed: Pair | None = None
    #: why the tile was blocked, for a blocked tap
    blocking: Blocking | None = None


@dataclass(frozen=True)
class Snapshot:
    """The tiles removed and the tiles free at one moment (see :meth:`Board.change_since`)."""

    removed: frozenset[int]
    free: frozenset[int]


@dataclass(frozen=True)
class Change:
    """What moves did to the tiles since a :class:`Snapshot`, each in id order."""

    #: taken off the board
    removed: tuple[int, ...] = ()
    #: put back (by an undo)
    restored: tuple[int, ...] = ()
    #: free now, not free before (tiles put back included)
    freed: tuple[int, ...] = ()
    #: still on the board, free before and not now
    unfreed: tuple[int, ...] = ()


class Board:
    """A game in progress on one deal."""

    def __init__(
        self,
        deal: Deal,
        history: Iterable[Pair] = (),
        selected: int | None = None,
        undone: Iterable[Pair] = (),
    ):
        """The position after ``history``, with ``selected`` (a free tile) selected, and
        ``undone`` the pairs that redo takes off again, the next one last (as
        :attr:`undone` keeps them).

        Raises :class:`~.errors.MoveError` for a history that is not legal play, a
        selection that is not a free tile, or undone pairs that redo could not take
        off in turn.
        """
        self.deal = deal
        self.faces = deal.faces
        self._classes = deal.match_classes
        self._counters = FreeCounters(deal.layout.geometry)
        self._free: set[int] = set(deal.layout.geometry.initial_free())
        self.history: list[Pair] = []
        self._selected: int | None = None
        self._plan_step = deal.plan_steps
        #: The pairs undone since the last removal, the most recently undone last: what
        #: :meth:`redo` takes off again, one by one, until a removal of the player's own.
        self.undone: list[Pair] = []
        for a, b in history:
            self.remove(a, b)
        self._check_redoable(undone)
        if selected is not None:
            self._check_id(selected)
            if not self._counters.present[selected]:
                raise TileRemoved(f"tile {selected} has been removed")
            if selected not in self._free:
                raise IllegalMove(f"tile {selected} is not free and cannot be selected")
            self._selected = selected

    @classmethod
    def from_code(
        cls,
        code: str | GameCode,
        history: Iterable[Pair] = (),
        selected: int | None = None,
        undone: Iterable[Pair] = (),
    ) -> Board:
        """The board of a game code (a string is parsed) after ``history``.

        Raises :class:`~.codes.InvalidGameCode` for a bad code and
        :class:`~.errors.MoveError` for a history that is not legal play.
        """
        return cls(deal_for(code), history, selected, undone)

    # -- questions ---------------------------------------------------------

    @property
    def code(self) -> GameCode:
        return self.deal.code

    @property
    def selected(self) -> int | None:
        """The selected tile; it changes only through :meth:`tap` (and removals, undos)."""
        return self._selected

    def __len__(self) -> int:
        """The number of tiles still on the board."""
        return len(self.faces) - 2 * len(self.history)

    def is_present(self, tile: int) -> bool:
        self._check_id(tile)
        return self._counters.present[tile]

    def is_free(self, tile: int) -> bool:
        """Whether a tile is on the board, uncovered, and open on its left or right."""
        self._check_id(tile)
        return tile in self._free

    def free_tiles(self) -> list[int]:
        """The free tiles, in id order."""
        return sorted(self._free)

    def present_tiles(self) -> list[int]:
        present = self._counters.present
        return [i for i in range(len(present)) if present[i]]

    def playable_pairs(self) -> list[Pair]:
        """Every pair of free matching tiles, in id order."""
        by_class: dict[str, list[int]] = {}
        for i in sorted(self._free):
            by_class.setdefault(self._classes[i], []).append(i)
        pairs = [
            (tiles[a], tiles[b])
            for tiles in by_class.values()
            for a in range(len(tiles))
            for b in range(a + 1, len(tiles))
        ]
        return sorted(pairs)

    def playable_pair_count(self) -> int:
        """How many pairs may be removed now: every two free tiles that match, counted
        without listing them (four free tiles of one kind are six pairs)."""
        per_class: dict[str, int] = {}
        for i in self._free:
            cls = self._classes[i]
            per_class[cls] = per_class.get(cls, 0) + 1
        return sum(n * (n - 1) // 2 for n in per_class.values())

    def free_matches(self, tile: int) -> list[int]:
        """The other free tiles that match ``tile``, in id order: what it would be
        removed with, were it selected. Empty for a blocked tile, which pairs with none.

        Raises :class:`~.errors.UnknownTile` or :class:`~.errors.TileRemoved`.
        """
        self._check_id(tile)
        if not self._counters.present[tile]:
            raise TileRemoved(f"tile {tile} has been removed")
        if tile not in self._free:
            return []
        cls = self._classes[tile]
        return sorted(i for i in self._free if i != tile and self._classes[i] == cls)

    def has_playable_pair(self) -> bool:
        seen: set[str] = set()
        for i in self._free:
            cls = self._classes[i]
            if cls in seen:
                return True
            seen.add(cls)
        return False

    def is_won(self) -> bool:
        """All 144 tiles removed."""
        return len(self) == 0

    def is_stuck(self) -> bool:
        """Tiles remain and no two free tiles match: "No more moves"."""
        return len(self) > 0 and not self.has_playable_pair()

    def blocking(self, tile: int) -> Blocking | None:
        """Why a present tile is blocked, or ``None`` when it is free.

        Raises :class:`~.errors.UnknownTile` or :class:`~.errors.TileRemoved`.
        """
        self._check_id(tile)
        present = self._counters.present
        if not present[tile]:
            raise TileRemoved(f"tile {tile} has been removed")
        if tile in self._free:
            return None
        geometry = self.deal.layout.geometry
        covering = tuple(i for i in geometry.covers[tile] if present[i])
        left = tuple(i for i in geometry.left[tile] if present[i])
        right = tuple(i for i in geometry.right[tile] if present[i])
        if not covering:
            kind = BlockKind.SIDES
        elif any(geometry.positions[i][:2] == geometry.positions[tile][:2] for i in covering):
            kind = BlockKind.COVERED  # a tile lies exactly on it
        else:
            kind = BlockKind.HALF_COVERED
        return Blocking(kind, covering, left, right)

    def covered_quarters(self, tile: int) -> int:
        """How much of a present tile's face the present tiles of the layer above cover,
        in quarters: 0 (nothing above) to 4 (wholly, by one tile lying exactly on it or
        by two or four lying half or a quarter over it). Tiles of one layer never overlap
        each other, so their shares add up."""
        self._check_id(tile)
        present = self._counters.present
        positions = self.deal.layout.geometry.positions
        x, y, _z = positions[tile]
        return sum(
            (2 - abs(positions[i][0] - x)) * (2 - abs(positions[i][1] - y))
            for i in self.deal.layout.geometry.covers[tile]
            if present[i]
        )

    def snapshot(self) -> Snapshot:
        """The tiles removed and free now, to ask later what changed."""
        return Snapshot(frozenset(self._removed()), frozenset(self._free))

    def change_since(self, before: Snapshot) -> Change:
        """What happened to the tiles since ``before``: a move's answer sends only this."""
        removed = self._removed()
        return Change(
            removed=tuple(sorted(removed - before.removed)),
            restored=tuple(sorted(before.removed - removed)),
            freed=tuple(sorted(self._free - before.free)),
            unfreed=tuple(sorted(before.free - self._free - removed)),
        )

    def _removed(self) -> set[int]:
        return {tile for pair in self.history for tile in pair}

    @property
    def state(self) -> State:
        """:attr:`State.PLAYING`, :attr:`State.WON` or :attr:`State.STUCK`."""
        if len(self) == 0:
            return State.WON
        return State.STUCK if self.is_stuck() else State.PLAYING

    # -- what may happen now -------------------------------------------------

    def can_undo(self) -> bool:
        """Whether :meth:`undo` may be called: a pair was removed and the game is not won."""
        return bool(self.history) and len(self) > 0

    def can_redo(self) -> bool:
        """Whether :meth:`redo` may be called: a pair was undone and no pair removed since."""
        return bool(self.undone)

    def can_restart(self) -> bool:
        """Whether :meth:`restart` may be called: a pair was removed and the game is not
        won (a win is final, as for undo)."""
        return self.can_undo()

    def can_hint(self) -> bool:
        """Whether a hint has a pair to show: only while playing (not won, not stuck)."""
        return self.state is State.PLAYING

    def can_pause(self) -> bool:
        """Whether the clock may be paused: any game that is not won."""
        return len(self) > 0

    # -- actions -----------------------------------------------------------

    def tap(self, tile: int) -> TapResult:
        """The tap state machine.

        * a free tile with nothing selected: it is selected;
        * the selected tile again: it is deselected;
        * a second free tile matching the selected one: both are removed;
        * a second free tile not matching: the selection moves to it;
        * a blocked tile: nothing is removed and the selection is cleared.

        A removed or unknown tile, or any tap on a won game, raises.
        """
        self._check_id(tile)
        self._check_not_won()
        if not self._counters.present[tile]:
            raise TileRemoved(f"tile {tile} has been removed")
        if tile not in self._free:
            self._selected = None
            return TapResult(Outcome.BLOCKED, tile, blocking=self.blocking(tile))
        if self._selected is None:
            self._selected = tile
            return TapResult(Outcome.SELECTED, tile)
        if self._selected == tile:
            self._selected = None
            return TapResult(Outcome.DESELECTED, tile)
        first = self._selected
        if self._classes[first] == self._classes[tile]:
            self.remove(first, tile)
            return TapResult(Outcome.REMOVED, tile, (first, tile))
        self._selected = tile
        return TapResult(Outcome.SELECTION_MOVED, tile)

    def remove(self, a: int, b: int) -> None:
        """Remove a pair of free, matching tiles, or raise without changing anything.
        A removal is a new move: what redo could take off again is forgotten."""
        self._remove(a, b)
        self.undone.clear()

    def _remove(self, a: int, b: int) -> None:
        for t in (a, b):
            self._check_id(t)
            if not self._counters.present[t]:
                raise TileRemoved(f"tile {t} has been removed")
        if a == b:
            raise IllegalMove("a tile cannot pair with itself")
        if a not in self._free or b not in self._free:
            raise IllegalMove(f"tiles {a} and {b} are not both free")
        if self._classes[a] != self._classes[b]:
            raise IllegalMove(f"{self.faces[a]} does not match {self.faces[b]}")
        for t in (a, b):
            self._free.discard(t)
            self._free.update(self._counters.remove(t))
        self.history.append((a, b))
        self._selected = None

    def undo(self) -> Pair:
        """Put the last removed pair back and clear the selection; :meth:`redo` takes it
        off again.

        Raises :class:`~.errors.GameOver` on a won game (a win is final) and
        :class:`~.errors.NothingToUndo` when no pair has been removed.
        """
        self._check_not_won()
        if not self.history:
            raise NothingToUndo("no pair has been removed")
        a, b = self.history.pop()
        counters = self._counters
        geometry = self.deal.layout.geometry
        for t in (b, a):
            counters.restore(t)
            # Putting a tile back can only block its neighbours.
            for i in (*geometry.covered[t], *geometry.right_of[t], *geometry.left_of[t]):
                if i in self._free and not counters.is_free(i):
                    self._free.discard(i)
            self._free.add(t)
        self._selected = None
        self.undone.append((a, b))
        return (a, b)

    def redo(self) -> Pair:
        """Take the pair undone last off again and clear the selection: the position and
        the history are those before that undo.

        Raises :class:`~.errors.NothingToRedo` when no pair was undone since the last
        removal.
        """
        if not self.undone:
            raise NothingToRedo("no pair was undone since the last removal")
        a, b = self.undone[-1]
        self._remove(a, b)  # legal: it was the position's own move before the undo
        self.undone.pop()
        return (a, b)

    def restart(self) -> list[Pair]:
        """Back to the deal's first position: every removed pair put back, the selection
        cleared, nothing left to redo. Returns the pairs put back, the last removed first.

        Raises :class:`~.errors.GameOver` on a won game and
        :class:`~.errors.NothingToUndo` at the first position already.
        """
        self._check_not_won()
        if not self.history:
            raise NothingToUndo("no pair has been removed")
        put_back = [self.undo() for _ in range(len(self.history))]
        self.undone.clear()
        return put_back

    # -- help --------------------------------------------------------------

    def hint(self, time_limit: float = advice.TIME_LIMIT) -> Pair | None:
        """A playable pair, or ``None`` when there is none.

        First the next pair of the deal's winning plan, while the play so far
        has removed only whole pairs of that plan (then the rest of the plan
        still wins: fewer tiles never make a tile less free). Otherwise the
        first pair of a winning plan from the exact solver (:func:`.advice.decide`,
        within ``time_limit`` seconds), so a hint never leads a game that can
        still be won into a dead end. Only when the position is lost, or the
        solver runs out of time, any playable pair.

        Raises :class:`~.errors.GameOver` on a won game.
        """
        self._check_not_won()
        pair = self._next_plan_pair()
        if pair is None and self.has_playable_pair():
            present = advice.present_mask(self.deal, self.history)
            solution = advice.decide(self.deal, present, time_limit)
            if solution.verdict is Verdict.WINNABLE:
                pair = solution.plan[0]
        if pair is None:
            pairs = self.playable_pairs()
            pair = pairs[0] if pairs else None
        return pair

    def _next_plan_pair(self) -> Pair | None:
        rest = self.deal.rest_of_plan(advice.present_mask(self.deal, self.history))
        if not rest:
            return None  # the plan's pairing was broken, or the board is clear
        a, b = rest[0]
        return (a, b) if a in self._free and b in self._free else None

    # -- helpers -----------------------------------------------------------

    def _check_redoable(self, undone: Iterable[Pair]) -> None:
        """Keep ``undone`` as what redo takes off, after checking on a copy that each
        pair, the next one last, may be removed in turn from this position."""
        pairs = [(a, b) for a, b in undone]
        if not pairs:
            return
        trial = Board(self.deal, self.history)
        for a, b in reversed(pairs):
            trial.remove(a, b)
        self.undone = pairs

    def _check_id(self, tile: int) -> None:
        if isinstance(tile, bool) or not isinstance(tile, int) or not 0 <= tile < len(self.faces):
            raise UnknownTile(f"no tile {tile!r} in this layout")

    def _check_not_won(self) -> None:
        if len(self) == 0:
            raise GameOver("the game is won")

    def copy(self) -> Board:
        return Board(self.deal, self.history, self._selected, self.undone)

    def __repr__(self) -> str:
        return f"<Board {self.code} removed={len(self.history)} state={self.state}>"
