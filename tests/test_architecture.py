"""Layering and documentation rules of the code base, checked on every run."""

from __future__ import annotations

import ast
import doctest
import importlib
import pkgutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: What each top-level package may import from the project.
ALLOWED = {
    "models": {"models"},
    "solvers": {"models", "solvers"},
    "analyses": {"models", "solvers", "analyses"},
}


def _modules() -> list[str]:
    names = []
    for package in ALLOWED:
        pkg = importlib.import_module(package)
        names.append(package)
        for info in pkgutil.walk_packages(pkg.__path__, prefix=f"{package}."):
            names.append(info.name)
    return names


def _project_imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module.split(".")[0])
    return found & set(ALLOWED)


@pytest.mark.parametrize("package", sorted(ALLOWED))
def test_layering_models_solvers_analyses(package: str) -> None:
    for path in (ROOT / package).rglob("*.py"):
        bad = _project_imports(path) - ALLOWED[package]
        assert not bad, f"{path.relative_to(ROOT)} imports {sorted(bad)}"


def test_modules_stay_small() -> None:
    for package in ALLOWED:
        for path in (ROOT / package).rglob("*.py"):
            lines = len(path.read_text(encoding="utf-8").splitlines())
            assert lines <= 450, f"{path.relative_to(ROOT)} has {lines} lines"


def test_packages_are_typed() -> None:
    for package in ALLOWED:
        assert (ROOT / package / "py.typed").exists()


@pytest.mark.parametrize("name", _modules())
def test_docstring_examples_run(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{name}: {result.failed} doctest failures"


def _game_classes() -> dict[str, set[str]]:
    """Each game folder and the names of the game classes it defines (from the registry)."""
    from models.core import game_class, game_names

    found: dict[str, set[str]] = {}
    for name in game_names():
        cls = game_class(name)
        parts = cls.__module__.split(".")
        if parts[0] == "models":
            found.setdefault(parts[1], set()).add(cls.__name__)
    return found


def test_no_code_outside_a_game_folder_names_its_game_class() -> None:
    """Agents, studies, reports, the CLI and benchmarks make games through load_game only."""
    classes = _game_classes()
    assert classes, "the registry names no game"
    folders = ["models", "solvers", "analyses", "benchmarks", "tests"]
    for folder in folders:
        for path in (ROOT / folder).rglob("*.py"):
            parts = path.relative_to(ROOT).parts
            tree = ast.parse(path.read_text(encoding="utf-8"))
            used = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
            used |= {
                a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) for a in n.names
            }
            for game, names in classes.items():
                own = game in parts  # models/<game>/..., tests/models/<game>/...
                bad = used & names
                assert own or not bad, f"{path.relative_to(ROOT)} names {sorted(bad)}"


def test_the_cli_starts_without_heavy_imports() -> None:
    """`atoll --help` loads no numpy, pandas, networkx, matplotlib or OR-Tools (speed)."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from analyses.cli.main import main\n"
        "main(['--help'])\n"
        "heavy = {'numpy', 'pandas', 'networkx', 'matplotlib', 'ortools', 'pydantic'}\n"
        "print(sorted(heavy & set(sys.modules)))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert result.stdout.strip().splitlines()[-1] == "[]"


def test_lazy_command_groups_list_their_own_help() -> None:
    from analyses.cli.main import LAZY_GROUPS

    for name, (target, short) in LAZY_GROUPS.items():
        module, _, attr = target.partition(":")
        group = getattr(importlib.import_module(module), attr)
        assert group.name == name
        assert (group.help or "").splitlines()[0] == short
