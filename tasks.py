#!/usr/bin/env python3
"""The two commands of atoll, for a fresh machine with only Python 3.11.

    python3 tasks.py main   # install into .venv if needed, solve Tobago hints and draw them,
                            # then play a small Glory Islands study and write its report
    python3 tasks.py test   # install into .venv (with test tools) if needed, then lint and test

Each creates ``.venv`` beside this file on first use and installs the project from
pyproject.toml into it; later runs reuse it. Extra arguments after ``test`` go to pytest.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
STAMP = VENV / ".atoll-installed"
#: The study that ``main`` reports on: a folder of its own under out/, removed before every run
#: and played again (seconds). Not ``--resume``: a stored study is refused once a component file
#: (the board, say) changed since it began, which is just what a designer or developer does
#: between two runs; and not out/study, which the README's examples use for one's own studies,
#: which ``main`` must not delete.
STUDY = ROOT / "out" / "main-study"


def run(*args: str | Path) -> None:
    print("+", " ".join(str(a) for a in args), flush=True)
    subprocess.run([str(a) for a in args], cwd=ROOT, check=True)


def ensure_venv(extras: str) -> None:
    """Create .venv and install the project (editable) with the given extras, once per change."""
    if not (BIN / "python").exists():
        venv.EnvBuilder(with_pip=True).create(VENV)
    wanted = f"{extras}:{(ROOT / 'pyproject.toml').stat().st_mtime_ns}"
    have = STAMP.read_text().split("\n") if STAMP.exists() else []
    if wanted in have:
        return
    spec = f".[{extras}]" if extras else "."
    run(BIN / "python", "-m", "pip", "install", "--quiet", "--upgrade", "pip")
    run(BIN / "python", "-m", "pip", "install", "--quiet", "-e", spec)
    STAMP.write_text("\n".join([*have, wanted]))


def main_job() -> None:
    ensure_venv("")
    out = ROOT / "out"
    hints = ROOT / "examples" / "tobago" / "lagoon-hints.toml"
    atoll = BIN / "atoll"
    run(atoll, "tobago", "maps")
    run(atoll, "tobago", "candidates", "lagoon", "--hints", hints)
    run(
        atoll,
        "tobago",
        "check",
        "lagoon",
        "--hints",
        hints,
        "--treasure",
        "2",
        "--clue",
        "next to jungle",
    )
    run(atoll, "tobago", "render", "lagoon", "--hints", hints, "--out", out / "tobago-lagoon.png")
    # the main job: a seeded study of one game and its report (outcome by seat, agents, card
    # colours and ties, and what each special action is worth on the same seeds); under a
    # minute on 2 cores
    shutil.rmtree(STUDY, ignore_errors=True)
    run(
        atoll,
        "gloryislands",
        "report",
        "--games",
        "60",
        "--players",
        "4",
        "--agents",
        "greedy,random",
        "--seed",
        "1",
        "--out",
        STUDY,
    )
    print(f"report: {STUDY / 'report.html'}")


def ensure_browser() -> None:
    """Debian's Chromium, which the explore app's browser tests drive (with Playwright from the
    test extras): installed with apt-get where it is missing and this runs as root. Elsewhere
    those tests are skipped, each saying why."""
    if shutil.which("chromium") or shutil.which("chromium-browser"):
        return
    apt = shutil.which("apt-get")
    if apt is None or not hasattr(os, "geteuid") or os.geteuid() != 0:
        print("note: no chromium and no apt-get as root: the browser tests will be skipped")
        return
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    try:
        run(apt, "update", "-qq")
        subprocess.run(
            [apt, "install", "-y", "-qq", "--no-install-recommends", "chromium"],
            check=True,
            env=env,
        )
    except (subprocess.CalledProcessError, OSError) as exc:
        print(f"note: chromium could not be installed ({exc}): the browser tests will be skipped")


def test_job(pytest_args: list[str]) -> None:
    ensure_venv("test")
    ensure_browser()
    run(BIN / "ruff", "check", ".")
    run(BIN / "mypy")
    run(BIN / "python", "-m", "pytest", "-n", "2", *pytest_args)


if __name__ == "__main__":
    command = sys.argv[1] if len(sys.argv) > 1 else ""
    try:
        if command == "main":
            main_job()
        elif command == "test":
            test_job(sys.argv[2:])
        else:
            sys.exit(__doc__)
    except subprocess.CalledProcessError as exc:
        sys.exit(exc.returncode)
