"""The project's import layering (docs/architecture.md), read from the source with grimp.

* The engine (``mahjong``) is a library: it imports nothing of Django nor of the site.
* A web app does not import another app's views (``views``, ``api``): what two apps
  share lives in a module that is not a view.
* No import circle between any two of the project's modules (imports under
  ``TYPE_CHECKING`` and inside functions count too: they hide a circle, not remove it).

New top-level packages and apps are found by themselves: a folder with ``__init__.py``.
"""

from __future__ import annotations

from pathlib import Path

import grimp
import pytest

ROOT = Path(__file__).resolve().parent.parent
ENGINE = "mahjong"
#: Not the site's code: the tests themselves (imported by file, not as a package).
NOT_PACKAGES = {"tests"}
PACKAGES = sorted(
    path.parent.name for path in ROOT.glob("*/__init__.py") if path.parent.name not in NOT_PACKAGES
)
#: The web apps: the packages Django loads as apps (an ``apps.py`` of their own).
APPS = sorted(name for name in PACKAGES if (ROOT / name / "apps.py").exists())
#: Modules that hold an app's views.
VIEW_MODULES = ("views", "api")
#: Known exceptions, each with the reason it stands until it is moved: the API's error
#: plumbing (ApiError, api_view) still lives in game.api, which the daily deal's API uses.
ALLOWED_VIEW_IMPORTS = {("daily.api", "game.api")}


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    return grimp.build_graph(*PACKAGES, include_external_packages=True, cache_dir=None)


def where(graph: grimp.ImportGraph, importer: str, imported: str) -> str:
    details = graph.get_import_details(importer=importer, imported=imported)
    return ", ".join(f"{importer}:{d['line_number']} {d['line_contents']}" for d in details)


def test_the_packages_are_found():
    assert ENGINE in PACKAGES and "game" in APPS and "mahjongsite" in PACKAGES
    assert ENGINE not in APPS


def test_the_engine_imports_neither_django_nor_the_site(graph):
    forbidden = {"django"} | (set(PACKAGES) - {ENGINE})
    wrong = [
        where(graph, module, imported)
        for module in sorted(graph.find_descendants(ENGINE) | {ENGINE})
        for imported in sorted(graph.find_modules_directly_imported_by(module))
        if imported.split(".")[0] in forbidden
    ]
    assert not wrong, "the engine must stay a library:\n" + "\n".join(wrong)


def test_no_app_imports_another_apps_views(graph):
    wrong = []
    for module in sorted(graph.modules):
        app = module.split(".")[0]
        if app not in PACKAGES:
            continue
        for imported in sorted(graph.find_modules_directly_imported_by(module)):
            parts = imported.split(".")
            if parts[0] in APPS and parts[0] != app and parts[-1] in VIEW_MODULES:
                if app in APPS and (module, imported) not in ALLOWED_VIEW_IMPORTS:
                    wrong.append(where(graph, module, imported))
    assert not wrong, "views are imported by URLconfs only:\n" + "\n".join(wrong)


def test_the_known_exceptions_still_hold(graph):
    # An exception that no longer happens is taken off the list.
    for importer, imported in ALLOWED_VIEW_IMPORTS:
        assert graph.direct_import_exists(importer=importer, imported=imported)


def circles(graph: grimp.ImportGraph) -> list[list[str]]:
    """The strongly connected sets of more than one module (Tarjan's, without recursion)."""
    project = sorted(m for m in graph.modules if m.split(".")[0] in PACKAGES)
    edges = {
        m: sorted(
            d for d in graph.find_modules_directly_imported_by(m) if d.split(".")[0] in PACKAGES
        )
        for m in project
    }
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []
    for root in project:
        if root in index:
            continue
        work = [(root, iter(edges[root]))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(edges[child])))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                members = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    members.append(member)
                    if member == node:
                        break
                if len(members) > 1:
                    found.append(sorted(members))
    return found


def test_no_import_circle_between_modules(graph):
    found = circles(graph)
    described = []
    for members in found:
        lines = [
            where(graph, a, b)
            for a in members
            for b in members
            if graph.direct_import_exists(importer=a, imported=b)
        ]
        described.append(" <-> ".join(members) + "\n  " + "\n  ".join(lines))
    assert not found, "import circles:\n" + "\n".join(described)


def test_the_circle_finder_finds_a_circle():
    toy = grimp.ImportGraph()
    for name in ("game.a", "game.b", "game.c"):
        toy.add_module(name)
    toy.add_import(importer="game.a", imported="game.b")
    toy.add_import(importer="game.b", imported="game.c")
    toy.add_import(importer="game.c", imported="game.a")
    toy.add_import(importer="game.a", imported="game.c")
    assert circles(toy) == [["game.a", "game.b", "game.c"]]
