"""Reproducible installs: both README commands and CI install the versions of
``requirements/lock.txt``, the lock satisfies pyproject.toml, and the tests run on it."""

from __future__ import annotations

import importlib.metadata
import importlib.util
import os
import sys
import tomllib
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def tasks() -> ModuleType:
    spec = importlib.util.spec_from_file_location("atoll_tasks", ROOT / "tasks.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def declared() -> list[Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extras = [r for group in project["optional-dependencies"].values() for r in group]
    return [Requirement(r) for r in [*project["dependencies"], *extras]]


def test_the_lock_pins_every_declared_dependency_within_its_range(tasks: Any) -> None:
    pins = tasks.locked_versions()
    for requirement in declared():
        name = canonicalize_name(requirement.name)
        assert name in pins, f"{name} is declared in pyproject.toml but not locked"
        assert requirement.specifier.contains(pins[name]), f"{name}=={pins[name]}: {requirement}"
    for tool in ("pip", "setuptools", "pip-tools"):
        assert tool in pins, f"{tool} (requirements/tools.in) is not locked"


@pytest.mark.skipif(
    bool(os.environ.get("ATOLL_UNLOCKED")), reason="tasks.py newest: the newest releases"
)
def test_the_tests_run_on_the_locked_versions(tasks: Any) -> None:
    """The venv these tests run in holds exactly the locked versions (tasks.py test, .ci/run)."""
    pins = tasks.locked_versions()
    wrong = []
    for dist in importlib.metadata.distributions():
        name = canonicalize_name(dist.metadata["Name"])
        if name in pins and pins[name] != dist.version:
            wrong.append(f"{name} {dist.version} (locked {pins[name]})")
    assert not wrong, "not the locked versions: " + ", ".join(wrong)
    for requirement in declared():  # the test extra's closure is installed, at its pins
        importlib.metadata.version(requirement.name)


class _FakeVenv:
    def __init__(self, **_: Any) -> None:
        pass

    def create(self, where: Path) -> None:
        where.mkdir(parents=True, exist_ok=True)


def test_both_readme_commands_and_ci_install_from_the_lock(
    tasks: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``main`` and ``test`` install pip, the build backend and the project from the lock; CI
    calls ``test`` after a fresh venv, and then ``newest`` (not blocking)."""
    commands: list[list[str]] = []
    monkeypatch.setattr(tasks, "run", lambda *a, **_: commands.append([str(x) for x in a]))
    monkeypatch.setattr(tasks, "ensure_browser", lambda: None)
    monkeypatch.setattr(tasks, "VENV", tmp_path / "venv")
    monkeypatch.setattr(tasks, "STUDY", tmp_path / "study")
    monkeypatch.setattr(tasks.venv, "EnvBuilder", _FakeVenv)

    tasks.main_job()
    tasks.test_job([])
    installs = [c for c in commands if c[1:4] == ["-m", "pip", "install"]]
    assert len(installs) == 4  # pip, then the project: for main, then for test
    lock = str(tasks.LOCK)
    for command in installs:
        assert command[command.index("-c") + 1] == lock
    projects = [c for c in installs if "-e" in c]
    assert [c[c.index("-e") + 1] for c in projects] == [".", ".[test]"]
    assert all(c[c.index("--build-constraint") + 1] == lock for c in projects)

    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert ci.index("python3 tasks.py test") < ci.index("python3 tasks.py newest")
