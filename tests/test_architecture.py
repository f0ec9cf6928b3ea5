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
