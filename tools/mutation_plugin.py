"""A pytest plugin loaded only in mutation runs (``tools/mutate.py``).

Mutants run in processes forked from one that has already run the tests, so whatever the
site computed once and kept (functools caches, ``cached_property`` values such as a
layout's geometry, weak dictionaries such as the solver's masks per geometry) was
computed by the original code. Forgetting it all when a mutant's tests start makes the
mutant's code compute it again, so it can be caught.

Property tests run at most ``MAX_EXAMPLES`` examples each here (derandomized, as in CI):
enough to meet a mutant, while a whole run stays within reach of a small machine.
"""

from __future__ import annotations

import functools
import sys
import weakref

PACKAGES = ("mahjong", "game", "quiz", "accounts")
MAX_EXAMPLES = 10


def _forget_cached_properties(value) -> None:
    for name, attribute in vars(type(value)).items():
        if isinstance(attribute, functools.cached_property):
            getattr(value, "__dict__", {}).pop(name, None)


def pytest_sessionstart(session) -> None:
    from mahjong.lru import Lru

    for name, module in list(sys.modules.items()):
        if module is None or name.split(".")[0] not in PACKAGES:
            continue
        for value in list(vars(module).values()):
            if callable(getattr(value, "cache_clear", None)):
                value.cache_clear()
            if isinstance(value, Lru):  # the engine's deals, layouts, solvers, verdicts
                value.clear()
            # Caches kept per object, such as the solver's masks per layout geometry.
            if isinstance(value, (weakref.WeakKeyDictionary, weakref.WeakValueDictionary)):
                value.clear()
            values = value.values() if isinstance(value, dict) else (value,)
            for item in list(values):
                if not isinstance(item, type):
                    _forget_cached_properties(item)


def pytest_collection_modifyitems(session, config, items) -> None:
    from hypothesis import settings

    for item in items:
        test = getattr(item, "obj", None)
        chosen = getattr(test, "_hypothesis_internal_use_settings", None)
        if chosen is not None and chosen.max_examples > MAX_EXAMPLES:
            test._hypothesis_internal_use_settings = settings(chosen, max_examples=MAX_EXAMPLES)
