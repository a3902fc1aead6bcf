"""The solver's search in compiled code, with the pure-Python solver as its reference.

:mod:`.search` is the solver as it is documented and tested: every step says why it is
sound. ``core.c`` (the extension module ``mahjong.solver._core``) is the same search,
step for step, in C: the same verdicts, the same plans and the same count of positions
searched, many times as fast (``bench/solver.py`` prints both). It is built by ``make
setup`` with the machine's C compiler; where there is none, or the environment variable
``MAHJONG_SOLVER`` is ``python`` (as if there were none), the pure-Python solver runs.

* :func:`solver_for` builds the solver that runs for a deal; :data:`NAME` says which
  ("native" or "python"), and the first use logs it once.
* :class:`NativeSolver` is a :class:`~.search.Solver` whose :meth:`~NativeSolver.solve`
  runs in C, with the interpreter's lock released (a request that waits for a verdict
  does not stall the app server's other threads). It takes the same budgets: a time
  limit on the wall clock or on the process's CPU time, and a number of nodes.
"""

from __future__ import annotations

import functools
import importlib.util
import inspect
import logging
import os
import time
import weakref
from collections.abc import Callable, Sequence

from ..rules.geometry import Geometry
from .search import Solution, Solver, Verdict
from .shape import shape_of


def _load_core():
    """The compiled core, or None: not built, or MAHJONG_SOLVER=python (then the site
    runs as where no compiler is). MAHJONG_SOLVER_CORE may name another build of it to
    load (``make native-check`` loads the sanitizer build so)."""
    if os.environ.get("MAHJONG_SOLVER", "") == "python":
        return None
    path = os.environ.get("MAHJONG_SOLVER_CORE")
    if path:
        spec = importlib.util.spec_from_file_location(f"{__package__}._core", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module
    try:
        from . import _core
    except ImportError:  # not built: no C compiler on this machine, or not set up yet
        return None
    return _core


#: The compiled core (the extension module), or None. Its ``solve`` is the core's entry
#: point: ``solve(n, layout, classes, present, time_limit, max_nodes, *settings,
#: cpu_clock)``, with the bytes of :attr:`NativeSolver.core_layout` and
#: :attr:`NativeSolver.core_classes`, the settings in the order of :data:`SETTINGS`, and
#: an answer ``(verdict, plan, nodes)``, the verdict an index into :data:`VERDICTS`. It
#: checks its inputs itself: whatever bytes it is given, it answers or raises.
core = _load_core()

logger = logging.getLogger(__name__)

#: Whether the compiled core is there to be used.
AVAILABLE = core is not None
#: The solver that runs by default: "native" when it is there, else "python".
NAME = "native" if AVAILABLE else "python"
NAMES = ("native", "python")

#: The clocks the core can read itself (it cannot call back into Python while it runs).
_CLOCKS = {time.perf_counter: False, time.process_time: True}
#: The core's verdicts, by the number it answers with.
VERDICTS = (Verdict.WINNABLE, Verdict.NOT_WINNABLE, Verdict.UNKNOWN)
_WORD = 24  # bytes of a set of tiles in the core: three 64-bit words
_logged = False
_MISSING = "the native solver is not there (make setup builds it; MAHJONG_SOLVER=python hides it)"


def _encoded(masks: Sequence[int]) -> bytes:
    return b"".join(mask.to_bytes(_WORD, "little") for mask in masks)


_layouts: weakref.WeakKeyDictionary[Geometry, bytes] = weakref.WeakKeyDictionary()


def _layout_bytes(geometry: Geometry) -> bytes:
    """A layout's neighbourhoods as the core reads them (worked out once per layout)."""
    data = _layouts.get(geometry)
    if data is None:
        shape = shape_of(geometry)
        data = b"".join(
            _encoded(masks)
            for masks in (shape.cover, shape.left, shape.right, shape.above, shape.zone)
        )
        _layouts[geometry] = data
    return data


@functools.cache
def _keyword_defaults(function: Callable) -> dict:
    # From the signature, not __kwdefaults__: a wrapper (a mutation run's) has none.
    return {
        name: parameter.default
        for name, parameter in inspect.signature(function).parameters.items()
        if parameter.kind is parameter.KEYWORD_ONLY
    }


class NativeSolver(Solver):
    """A :class:`~.search.Solver` whose :meth:`solve` runs the compiled core.

    The methods it inherits (the free rule, the classes) stay those of the reference.
    """

    def __init__(self, geometry: Geometry, faces: Sequence[str]):
        if core is None:
            raise RuntimeError(_MISSING)
        super().__init__(geometry, faces)
        #: The layout and the deal's classes as the core reads them (the classes None
        #: when there are too many for a byte each: the reference solves then).
        self.core_layout = _layout_bytes(geometry)
        self.core_classes = bytes(self.cls) if len(self.class_masks) < 256 else None

    def solve(
        self,
        present: int,
        *,
        time_limit: float | None = None,
        max_nodes: int | None = None,
        clock: Callable[[], float] = time.perf_counter,
        **settings: int,
    ) -> Solution:
        """Decide a position as :meth:`.search.Solver.solve` does, with the same
        arguments, in C. A clock other than :func:`time.perf_counter` or
        :func:`time.process_time` (a test's, say) runs the reference instead."""
        cpu_clock = _CLOCKS.get(clock)
        if cpu_clock is None or self.core_classes is None:
            return super().solve(
                present, time_limit=time_limit, max_nodes=max_nodes, clock=clock, **settings
            )
        defaults = _keyword_defaults(Solver.solve)
        unknown = set(settings) - set(defaults)
        if unknown:
            raise TypeError(f"solve() got unexpected keyword arguments {sorted(unknown)}")
        values = [_bounded(settings.get(name, defaults[name])) for name in SETTINGS]
        if present < 0 or present >> self.n:
            raise ValueError(f"present names tiles outside the layout's {self.n}")
        verdict, plan, nodes = core.solve(
            self.n,
            self.core_layout,
            self.core_classes,
            present.to_bytes(_WORD, "little"),
            None if time_limit is None else float(time_limit),
            -1 if max_nodes is None else max(0, _bounded(max_nodes)),
            *values,
            cpu_clock,
        )
        return Solution(VERDICTS[verdict], plan, nodes)


#: The search's settings (:meth:`.search.Solver.solve`'s keywords) in the order the core
#: takes them.
SETTINGS = ("relax_after", "restart_unit", "probe_after", "pairing_after", "pairing_unit")
_LIMIT = 1 << 62


def _bounded(value: int) -> int:
    """A budget as the core holds it (within ±2**62: larger ones are never reached)."""
    return max(-_LIMIT, min(_LIMIT, int(value)))


def checked(name: str | None) -> str:
    """The solver that ``name`` asks for (None: :data:`NAME`), once it is known to run
    here: ``ValueError`` for another name, ``RuntimeError`` for "native" not built."""
    name = NAME if name is None else name
    if name not in NAMES:
        raise ValueError(f"no solver {name!r}: choose one of {', '.join(NAMES)}")
    if name == "native" and core is None:
        raise RuntimeError(_MISSING)
    _log_once()
    return name


def solver_for(geometry: Geometry, faces: Sequence[str], name: str | None = None) -> Solver:
    """The solver for one deal: ``name`` ("native" or "python"), else :data:`NAME`.

    Raises ``ValueError`` for another name and ``RuntimeError`` when "native" is asked
    for and not built.
    """
    if checked(name) == "native":
        return NativeSolver(geometry, faces)
    return Solver(geometry, faces)


def _log_once() -> None:
    global _logged
    if not _logged:
        _logged = True
        if AVAILABLE:
            logger.info("solver: native (the compiled core, %s)", core.__file__)
        elif os.environ.get("MAHJONG_SOLVER", "") == "python":
            logger.info("solver: python (MAHJONG_SOLVER=python)")
        else:
            logger.info("solver: python (the compiled core is not built)")
