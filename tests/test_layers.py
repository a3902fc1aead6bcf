"""The project's import layering (docs/architecture.md), read from the source with grimp.

* The engine (``mahjong``) is a library: it imports nothing of Django nor of the site.
* The packages stand in layers (:data:`LAYERS`): a module imports only from its own
  package and from packages on lower layers. Play does not reach up into the daily deal
  or the records: what they show of a game, play hands them, not the other way round.
* No module imports another app's views (``views``, ``api``) but a URLconf: what two
  packages share (the project's home page and the play page, say) lives in a module
  that is not a view.
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
#: Modules that route addresses to views: the only ones that import another app's views.
URLCONFS = ("urls",)
#: Known exceptions, each with the reason it stands until it is moved (none today).
ALLOWED_VIEW_IMPORTS: set[tuple[str, str]] = set()


#: The packages from the bottom up (a module of a package may stand on a layer of its
#: own); those on one layer do not import each other. The engine is a library; wording
#: is the words every app shares, beside the project's request plumbing the apps use
#: (the client's address, the browser's device mark, rate arithmetic, what the JSON
#: APIs share about a request); learning (quiz) and the stored games (the game's model
#: and its clock) are below the players' own layouts (editor); the daily deal's rules
#: (its codes, today's and an earlier day's deal, the streak) below the ranking (the public boards, what may enter them, the checks and their
#: moderation), which stands below play (game), whose guided first game speaks the
#: rules page's sentences and whose answers name a player's layout; the daily deal's
#: pages and the accounts build on play; the records on the daily deal too; the
#: project (mahjongsite) puts the apps together; deploy runs the stack and plays it over
#: HTTP.
LAYERS = [
    {"mahjong"},
    {
        "wording",
        "mahjongsite.client_ip",
        "mahjongsite.device_mark",
        "mahjongsite.rates",
        "mahjongsite.api_requests",
    },
    {"quiz", "game.models", "game.clock"},
    {"editor"},
    {"daily.codes", "daily.rules", "daily.streak"},
    {"ranking"},
    {"game"},
    {"daily", "accounts"},
    {"records", "webapp"},
    {"mahjongsite"},
    {"deploy"},
]
#: Known imports against the layers, each with the reason it stands (none today).
ALLOWED_UPWARD: set[tuple[str, str]] = set()


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


def test_no_module_imports_another_apps_views(graph):
    wrong = []
    for module in sorted(graph.modules):
        package = module.split(".")[0]
        if package not in PACKAGES or module.split(".")[-1] in URLCONFS:
            continue
        for imported in sorted(graph.find_modules_directly_imported_by(module)):
            parts = imported.split(".")
            if parts[0] in APPS and parts[0] != package and parts[-1] in VIEW_MODULES:
                if (module, imported) not in ALLOWED_VIEW_IMPORTS:
                    wrong.append(where(graph, module, imported))
    assert not wrong, "views are imported by URLconfs only:\n" + "\n".join(wrong)


def test_the_known_exceptions_still_hold(graph):
    # An exception that no longer happens is taken off the list.
    for importer, imported in ALLOWED_VIEW_IMPORTS:
        assert graph.direct_import_exists(importer=importer, imported=imported)


def layer_of(module: str) -> int | None:
    """The layer of a module: its own entry in :data:`LAYERS`, else its package's."""
    parts = module.split(".")
    for length in range(len(parts), 0, -1):
        name = ".".join(parts[:length])
        for index, names in enumerate(LAYERS):
            if name in names:
                return index
    return None


def test_every_package_has_a_layer():
    assert {name.split(".")[0] for names in LAYERS for name in names} == set(PACKAGES)
    # A module's own entry comes before its package's.
    assert layer_of("mahjong.rules") < layer_of("mahjongsite.rates") < layer_of("game.api")
    assert layer_of("game.api") < layer_of("daily.views") < layer_of("mahjongsite.urls")


def test_imports_point_down_the_layers(graph):
    wrong = [
        where(graph, module, imported)
        for module in sorted(graph.modules)
        if layer_of(module) is not None
        for imported in sorted(graph.find_modules_directly_imported_by(module))
        if layer_of(imported) is not None
        and imported.split(".")[0] != module.split(".")[0]
        and layer_of(imported) >= layer_of(module)
        and (module, imported) not in ALLOWED_UPWARD
    ]
    assert not wrong, "imports against the layers:\n" + "\n".join(wrong)


def test_the_known_upward_imports_still_hold(graph):
    for importer, imported in ALLOWED_UPWARD:
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
