"""The project's import rules (docs/architecture.md), declared as import-linter contracts
in pyproject.toml (``[tool.importlinter]``) and checked here:

* the engine (``mahjong``) is a library: it imports nothing of Django nor of the site;
* the packages stand in layers: a module imports only from its own layer's package and
  from lower layers, with no exception (a module may stand on a layer below its
  package's: the stored game below play, the daily deal's rules below its pages);
* no import circle between the modules of a package (imports under ``TYPE_CHECKING`` and
  inside functions count too: they hide a circle, not remove it); the layers keep the
  packages from importing round a circle.

* the serializer only shapes the answer: it imports no service and no rule (the facts
  it shows are worked out once and handed in).

Besides the contracts: every module of the site stands on a layer (a new module is
placed, not skipped), and no module imports another app's views (``views``, ``api``)
but a URLconf.
"""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import grimp
import pytest

ROOT = Path(__file__).resolve().parent.parent
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
PACKAGES = CONFIG["root_packages"]
#: The web apps: the packages Django loads as apps (an ``apps.py`` of their own).
APPS = sorted(name for name in PACKAGES if (ROOT / name / "apps.py").exists())
#: Modules that hold an app's views.
VIEW_MODULES = ("views", "api")
#: Modules that route addresses to views: the only ones that import another app's views.
URLCONFS = ("urls",)


def contract(contract_id: str) -> dict:
    return next(c for c in CONFIG["contracts"] if c["id"] == contract_id)


def layer_entries() -> list[list[str]]:
    """The layers of the layers contract, from the top down, each its modules."""
    return [
        [name.strip() for name in layer.replace("|", ":").split(":")]
        for layer in contract("layers")["layers"]
    ]


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    return grimp.build_graph(*PACKAGES, include_external_packages=True, cache_dir=None)


def test_every_top_level_package_is_checked():
    found = {path.parent.name for path in ROOT.glob("*/__init__.py") if path.parent.name != "tests"}
    assert set(PACKAGES) == found
    assert {"game", "ranking", "daily", "mahjongsite"} <= set(APPS) | {"mahjongsite"}


def test_the_import_contracts_are_kept():
    result = subprocess.run(
        [str(Path(sys.executable).parent / "lint-imports"), "--no-cache"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stdout[-6000:] + result.stderr[-2000:]
    assert "0 broken" in result.stdout
    ids = {c["id"] for c in CONFIG["contracts"]}
    assert {"engine", "layers", "circles", "serializer"} <= ids


def test_the_engine_may_import_neither_django_nor_the_site():
    forbidden = set(contract("engine")["forbidden_modules"])
    assert forbidden == {"django"} | (set(PACKAGES) - {"mahjong"})


def test_every_module_of_the_site_stands_on_a_layer(graph):
    entries = [name for layer in layer_entries() for name in layer]
    unplaced = [
        module
        for module in sorted(graph.modules)
        if module.split(".")[0] in PACKAGES
        and module not in PACKAGES  # a package's own __init__
        and not any(module == name or module.startswith(name + ".") for name in entries)
    ]
    assert not unplaced, "place these modules on a layer in pyproject.toml:\n" + "\n".join(unplaced)


def test_the_layers_put_play_above_the_ranking_and_the_stored_game_below():
    order = {name: index for index, layer in enumerate(layer_entries()) for name in layer}
    # From the top down: a smaller index is a higher layer.
    assert order["mahjongsite.urls"] < order["game.services"] < order["ranking"]
    assert order["ranking"] < order["game.kinds"] < order["daily.rules"] < order["game.models"]
    assert order["game.models"] < order["mahjong"]


def test_no_module_imports_another_apps_views(graph):
    wrong = []
    for module in sorted(graph.modules):
        package = module.split(".")[0]
        if package not in PACKAGES or module.split(".")[-1] in URLCONFS:
            continue
        for imported in sorted(graph.find_modules_directly_imported_by(module)):
            parts = imported.split(".")
            if parts[0] in APPS and parts[0] != package and parts[-1] in VIEW_MODULES:
                details = graph.get_import_details(importer=module, imported=imported)
                wrong += [f"{module}:{d['line_number']} {d['line_contents']}" for d in details]
    assert not wrong, "views are imported by URLconfs only:\n" + "\n".join(wrong)
