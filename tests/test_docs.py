"""The documentation site builds strictly, and every example in it says what atoll really does:
its Python blocks run, and the output a page shows under an ``atoll`` command is what that
command prints (as tests/test_readme.py checks the README's)."""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from analyses.cli.main import main

ROOT = Path(__file__).resolve().parents[1]
#: Every page of the site, and the README that leads into it.
PAGES = sorted(p for p in (ROOT / "docs").rglob("*.md"))
SOURCES = [ROOT / "README.md", *PAGES]
#: Verbs whose shown output is checked: they answer in well under a second and write nothing
#: (a command with --out, a study or a report is shown for its files, not its output; ``rank``
#: and ``legal`` print a table as wide as the terminal).
CHECKED_VERBS = {"candidates", "check", "why", "puzzle", "maps", "replay"}
FENCE = re.compile(r"^( *)```(\w+)\n(.*?)^\1```", flags=re.S | re.M)


def _name(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def _blocks(language: str) -> list[tuple[str, str]]:
    return [
        (_name(path), textwrap.dedent(body))
        for path in SOURCES
        for _indent, lang, body in FENCE.findall(path.read_text(encoding="utf-8"))
        if lang == language
    ]


def _shown_outputs() -> list[tuple[str, list[str], list[str]]]:
    """(page, atoll's arguments, the lines shown under the command) for every ``$ .venv/bin/atoll``
    line of a console block that has output under it, of a checked verb."""
    found = []
    for page, body in _blocks("console"):
        lines = body.replace("\\\n", " ").splitlines()  # a command continued with \
        for i, line in enumerate(lines):
            if not line.startswith("$ .venv/bin/atoll "):
                continue
            shown = []
            for after in lines[i + 1 :]:
                if after.startswith("$ "):
                    break
                shown.append(after)
            args = shlex.split(line.removeprefix("$ .venv/bin/atoll "), comments=True)
            verb = args[1] if len(args) > 1 else args[0]
            if shown and verb in CHECKED_VERBS and "--out" not in args:
                found.append((page, args, shown))
    return found


def test_the_site_builds_strictly(tmp_path: Path) -> None:
    site = tmp_path / "site"
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-4000:]
    for page in PAGES:
        if "hooks" not in page.parts:
            built = site / page.relative_to(ROOT / "docs").with_suffix(".html")
            assert built.exists(), f"{_name(page)} was not built"
    assert "GameState" in (site / "reference" / "models.html").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("page", "block"), _blocks("python"), ids=lambda v: v if v.endswith(".md") else v[:30]
)
def test_python_examples_run(page: str, block: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    exec(compile(block, page, "exec"), {"__name__": "__docs__"})


@pytest.mark.parametrize(
    ("page", "args", "shown"),
    _shown_outputs(),
    ids=lambda v: " ".join(v[:3]) if isinstance(v, list) else v,
)
def test_shown_output_is_what_atoll_prints(
    page: str,
    args: list[str],
    shown: list[str],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A shown JSON object is what the command prints (as JSON); otherwise each shown line is
    printed, in order, and ``...`` in a shown line stands for anything (a page may leave lines
    out)."""
    monkeypatch.chdir(ROOT)
    main(args)
    captured = capsys.readouterr()
    if shown[0].startswith("{"):
        assert json.loads(captured.out) == json.loads("\n".join(shown)), page
        return
    printed = (captured.out + captured.err).splitlines()
    at = 0
    for line in shown:
        if line.strip() == "...":
            continue
        pattern = ".*".join(re.escape(part) for part in line.rstrip().split("..."))
        while at < len(printed) and not re.fullmatch(pattern, printed[at].rstrip()):
            at += 1
        assert at < len(printed), f"{page}: `atoll {' '.join(args)}` does not print {line!r}"
        at += 1


def test_every_shown_output_of_a_quick_command_is_checked() -> None:
    checked = {(page, " ".join(args)) for page, args, _ in _shown_outputs()}
    assert (
        "docs/games/tobago.md",
        "tobago why lagoon --hints examples/tobago/lagoon-hints.toml --treasure 4 --field 8,4",
    ) in checked
    assert any(args.startswith("tobago check") for page, args in checked if page == "README.md")
