"""The compiled core's entry point fed random and corrupt inputs: it answers as the
reference does or raises a Python exception, never crashes (``make native-check`` runs
these with the core built under AddressSanitizer and UndefinedBehaviorSanitizer).

The entry point is called as :class:`~mahjong.solver.native.NativeSolver` calls it
(:data:`mahjong.solver.native.core`), with the bytes a real solver hands it, then with
bytes of any kind."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong.rules.layouts import TURTLE
from mahjong.rules.prng import SplitMix64
from mahjong.solver import native
from mahjong.solver.native import NativeSolver
from mahjong.solver.search import PAIRING_AFTER, PAIRING_UNIT, PROBE_AFTER, RELAX_AFTER, Solver
from mahjong.solver.survey import uniform_faces

FULL = (1 << 144) - 1


def _call(n, layout, classes, present, *, time_limit=None, max_nodes=-1, cpu=False, rest=None):
    settings = rest or (RELAX_AFTER, 50, PROBE_AFTER, PAIRING_AFTER, PAIRING_UNIT)
    return native.core.solve(n, layout, classes, present, time_limit, max_nodes, *settings, cpu)


def _turtle_inputs(faces):
    solver = NativeSolver(TURTLE.geometry, faces)
    return solver.core_layout, solver.core_classes


def _check_answer(answer, n):
    verdict, plan, nodes = answer
    assert verdict in (0, 1, 2) and nodes >= 0
    if verdict == 0:
        assert all(0 <= a < n and 0 <= b < n for a, b in plan)
    else:
        assert plan is None


@settings(max_examples=60, deadline=None)
@given(
    st.integers(0, 2**64 - 1),
    st.lists(st.integers(0, 143), max_size=60),
    st.integers(0, 200),
    st.sampled_from([None, None, 0.0, 0.001, -1.0]),
    st.tuples(
        st.integers(-5, 20),
        st.integers(-5, 60),
        st.integers(-5, 200),
        st.integers(-5, 200),
        st.integers(-5, 50),
    ),
)
def test_random_turtle_positions_and_budgets_get_the_references_answer(
    seed, gone, max_nodes, limit, rest
):
    faces = uniform_faces(TURTLE, SplitMix64(seed))
    layout, classes = _turtle_inputs(faces)
    # Take out an even number of each class's tiles drawn, so that each class keeps 0, 2
    # or 4 (any tiles, free or not): whatever the settings, even ones that never end a
    # search (restarts after no position), the node budget ends it with an answer.
    present = FULL
    by_class: dict[int, set[int]] = {}
    for t in gone:
        by_class.setdefault(classes[t], set()).add(t)
    for tiles in by_class.values():
        for t in sorted(tiles)[: len(tiles) // 2 * 2]:
            present &= ~(1 << t)
    answer = _call(
        144,
        layout,
        classes,
        present.to_bytes(24, "little"),
        time_limit=limit,
        max_nodes=max_nodes,
        rest=rest,
    )
    _check_answer(answer, 144)
    if limit is None:
        settings = dict(zip(native.SETTINGS, rest, strict=True))
        reference = Solver(TURTLE.geometry, faces).solve(present, max_nodes=max_nodes, **settings)
        assert answer == (
            native.VERDICTS.index(reference.verdict),
            reference.plan,
            reference.nodes,
        )


@st.composite
def random_layouts(draw):
    """Any neighbourhoods at all on up to 40 tiles (cycles, tiles over themselves…), in
    classes of two or four: the core must answer, whatever sense they make."""
    n = draw(st.integers(0, 20)) * 2
    sets = [draw(st.integers(0, (1 << n) - 1)) if draw(st.booleans()) else 0 for _ in range(5 * n)]
    layout = b"".join(s.to_bytes(24, "little") for s in sets)
    sizes, total = [], 0
    while total < n:
        size = 4 if n - total >= 4 and draw(st.booleans()) else 2
        sizes.append(size)
        total += size
    classes = [c for c, size in enumerate(sizes) for _ in range(size)]
    classes = bytes(draw(st.permutations(classes)))
    return n, layout, classes


@settings(max_examples=200, deadline=None)
@given(random_layouts(), st.integers(0, 300), st.booleans())
def test_nonsense_layouts_get_a_well_formed_answer(layout, max_nodes, whole):
    n, sets, classes = layout
    present = ((1 << n) - 1).to_bytes(24, "little")
    _check_answer(_call(n, sets, classes, present, max_nodes=max_nodes), n)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 40), st.data())
def test_corrupt_inputs_raise_python_exceptions(n, data):
    # Bytes of any length and content: a well-formed answer or a ValueError, never a crash.
    layout = data.draw(st.binary(max_size=5 * 24 * n + 8))
    if data.draw(st.booleans()):
        layout = layout[: 5 * 24 * n].ljust(5 * 24 * n, b"\0")
    classes = data.draw(st.binary(min_size=0, max_size=n + 2))
    present = data.draw(st.binary(min_size=0, max_size=30))
    try:
        answer = _call(n, layout, classes, present, max_nodes=data.draw(st.integers(0, 300)))
    except ValueError as error:
        assert str(error)
    else:
        _check_answer(answer, n)


def test_each_corrupt_input_is_named():
    faces = uniform_faces(TURTLE, SplitMix64(1))
    layout, classes = _turtle_inputs(faces)
    present = FULL.to_bytes(24, "little")
    cases = {
        "layout: 10 bytes": (144, layout[:10], classes, present),
        "classes: 143 bytes": (144, layout, classes[:143], present),
        "present: 3 bytes": (144, layout, classes, b"abc"),
        "names tile 150 of 144": (144, layout, classes, (1 << 150).to_bytes(24, "little")),
        "has 3 tiles left": (144, layout, classes, (FULL & ~1).to_bytes(24, "little")),
        "at most 144 classes": (144, layout, b"\xff" + classes[1:], present),
        "0 to 192 can be solved": (200, layout, classes, present),
        "cover \\(set 0\\) names tile 191 of 144": (
            144,
            (1 << 191).to_bytes(24, "little") + layout[24:],
            classes,
            present,
        ),
    }
    for message, args in cases.items():
        with pytest.raises(ValueError, match=message):
            _call(*args)
    with pytest.raises(TypeError):
        _call(144, layout, classes, present, time_limit="soon")
    with pytest.raises(ValueError, match="not a number"):
        _call(144, layout, classes, present, time_limit=float("nan"))
    with pytest.raises(ValueError, match="outside the layout"):
        NativeSolver(TURTLE.geometry, faces).solve(1 << 144)
    with pytest.raises(OverflowError):
        _call(144, layout, classes, present, max_nodes=2**70)
