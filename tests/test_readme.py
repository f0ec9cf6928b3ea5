"""The README's examples say what atoll really prints."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from analyses.cli.main import main
from tests.games import installed_games

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_readme_check_example_output(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    command, shown = re.search(
        r"\$ \.venv/bin/atoll (tobago check [^\n]*--json)\n(\{[^\n]*\})", README
    ).groups()  # type: ignore[union-attr]
    args = re.findall(r'"[^"]*"|\S+', command)
    assert main([a.strip('"') for a in args]) == 0
    assert json.loads(capsys.readouterr().out) == json.loads(shown)


def test_readme_names_the_two_commands_that_tasks_py_has() -> None:
    assert "python3 tasks.py main" in README and "python3 tasks.py test" in README
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "python3 tasks.py test" in ci


@pytest.mark.parametrize(
    "block", re.findall(r"```python\n(.*?)```", README, flags=re.S), ids=lambda b: b[:30]
)
def test_readme_python_examples_run(block: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    exec(compile(block, "README.md", "exec"), {"__name__": "__readme__"})


def test_readme_is_the_entry_point_into_the_site() -> None:
    """Short; a picture of each game; every link it makes leads to a page or picture of docs/
    that exists (the site itself is built and its examples run by tests/test_docs.py)."""
    assert len(README.splitlines()) <= 200
    targets = re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", README)
    local = [t for t in targets if not t.startswith("http")]
    for target in local:
        assert (ROOT / target).exists(), f"README links to {target}, which does not exist"
    for game in installed_games():
        assert any(t.startswith(f"docs/{game}") and t.endswith(".png") for t in local), game
        assert f"docs/games/{game}.md" in local, game
