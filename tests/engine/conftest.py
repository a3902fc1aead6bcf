"""The engine's tests. The compiled solver's tests (test_*native*.py) need the core built:
``make setup`` builds it wherever there is a C compiler, and where there is none the
site runs the pure-Python solver, which every other test here covers."""

from mahjong.solver import native

collect_ignore = (
    [] if native.AVAILABLE else ["test_native.py", "test_native_inputs.py", "test_solver_native.py"]
)
