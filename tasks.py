#!/usr/bin/env python3
"""The two commands of atoll, for a fresh machine with only Python 3.11.

    python3 tasks.py main     # install into .venv if needed, solve Tobago hints and draw them,
                              # then play a small Glory Islands study and write its report
    python3 tasks.py test     # install into .venv (with test tools) if needed, then lint and test

Both install the exact versions of ``requirements/lock.txt`` (the versions the tests passed
with), so a fresh machine gets what CI tested, not whatever was released last night. Two more
for those who keep the project:

    python3 tasks.py newest   # the same tests in .venv-newest, on the newest releases that
                              # pyproject.toml's ranges allow (CI runs it, not blocking)
    python3 tasks.py lock     # refresh requirements/lock.txt to those newest releases

Each creates its venv beside this file on first use and installs the project from
pyproject.toml into it; later runs reuse it (until pyproject.toml or the lock changes). Extra
arguments after ``test`` or ``newest`` go to pytest.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
#: The venv of ``newest``: its own, so that checking tomorrow's releases never disturbs the
#: locked one that ``main`` and ``test`` use.
NEWEST_VENV = ROOT / ".venv-newest"
LOCK = ROOT / "requirements" / "lock.txt"
#: What the lock pins besides the project's own dependencies (pip, setuptools, pip-tools).
TOOLS = ROOT / "requirements" / "tools.in"
#: The study that ``main`` reports on: a folder of its own under out/, removed before every run
#: and played again (seconds). Not ``--resume``: a stored study is refused once a component file
#: (the board, say) changed since it began, which is just what a designer or developer does
#: between two runs; and not out/study, which the README's examples use for one's own studies,
#: which ``main`` must not delete.
STUDY = ROOT / "out" / "main-study"


def run(*args: str | Path, env: dict[str, str] | None = None) -> None:
    print("+", " ".join(str(a) for a in args), flush=True)
    subprocess.run([str(a) for a in args], cwd=ROOT, check=True, env=env)


def bin_of(where: Path) -> Path:
    return where / ("Scripts" if os.name == "nt" else "bin")


def _inputs_digest() -> str:
    """What an installed venv depends on: pyproject.toml and the lock, by content."""
    digest = hashlib.sha256()
    for path in (ROOT / "pyproject.toml", LOCK):
        digest.update(path.read_bytes() if path.exists() else b"")
    return digest.hexdigest()[:16]


def ensure_venv(extras: str, where: Path | None = None, *, locked: bool = True) -> Path:
    """Create the venv ``where`` (:data:`VENV` by default) and install the project (editable)
    with the given extras, once per change of pyproject.toml or the lock; returns its bin
    folder.

    ``locked``: the exact versions of :data:`LOCK` (pip, the build backend and every dependency
    pinned); otherwise the newest releases within pyproject.toml's ranges, upgraded every run."""
    where = where or VENV
    binary = bin_of(where)
    if not (binary / "python").exists():
        venv.EnvBuilder(with_pip=True).create(where)
    stamp = where / ".atoll-installed"
    wanted = f"{extras}:{_inputs_digest()}"
    have = stamp.read_text().split("\n") if stamp.exists() else []
    if locked and wanted in have:
        return binary
    spec = f".[{extras}]" if extras else "."
    pip = [binary / "python", "-m", "pip", "install", "--quiet"]
    if locked:
        if not LOCK.exists():
            sys.exit(f"tasks.py: {LOCK.relative_to(ROOT)} is missing: run python3 tasks.py lock")
        run(*pip, "-c", LOCK, "pip", "setuptools")
        run(*pip, "-c", LOCK, "--build-constraint", LOCK, "-e", spec)
    else:
        run(*pip, "--upgrade", "pip", "setuptools")
        run(*pip, "--upgrade", "--upgrade-strategy", "eager", "-e", spec)
    stamp.write_text("\n".join([*have, wanted]))
    return binary


def main_job() -> None:
    atoll = ensure_venv("") / "atoll"
    out = ROOT / "out"
    hints = ROOT / "examples" / "tobago" / "lagoon-hints.toml"
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
    # minute on 2 cores. The duplicate design (15 deals, each played once per rotation of the
    # 4 seats): greedy and random sit in every seat on the same deals, so seat and agent can
    # be told apart
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
        "--design",
        "duplicate",
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


def run_tests(binary: Path, pytest_args: list[str], env: dict[str, str] | None = None) -> None:
    ensure_browser()
    run(binary / "ruff", "check", ".", env=env)
    run(binary / "mypy", env=env)
    run(binary / "python", "-m", "pytest", "-n", "2", *pytest_args, env=env)


def test_job(pytest_args: list[str]) -> None:
    run_tests(ensure_venv("test"), pytest_args)


def locked_versions() -> dict[str, str]:
    """The lock's pins, by normalised distribution name."""
    pins = {}
    for line in LOCK.read_text(encoding="utf-8").splitlines():
        name, sep, version = line.split("#")[0].strip().partition("==")
        if sep:
            pins[_normal(name)] = version.strip()
    return pins


def _normal(name: str) -> str:
    return name.lower().replace("_", "-").replace(".", "-")


def newer_than_locked(binary: Path) -> list[str]:
    """What the venv at ``binary`` holds at another version than the lock, as ``name: a -> b``."""
    listed = subprocess.run(
        [str(binary / "python"), "-m", "pip", "list", "--format", "json"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    pins = locked_versions()
    installed = {_normal(p["name"]): p["version"] for p in json.loads(listed)}
    return [
        f"{name}: {pins[name]} -> {version}"
        for name, version in sorted(installed.items())
        if name in pins and pins[name] != version
    ]


def newest_job(pytest_args: list[str]) -> None:
    """The tests on the newest releases pyproject.toml allows, in a venv of their own. When
    those are exactly the locked versions the locked run already covered them: nothing runs."""
    binary = ensure_venv("test", NEWEST_VENV, locked=False)
    changed = newer_than_locked(binary)
    if not changed:
        print("newest: the newest releases within pyproject.toml's ranges are the locked ones")
        return
    print("newest: releases newer than the lock:\n  " + "\n  ".join(changed), flush=True)
    # the lock test compares installed versions with the lock: here they differ on purpose
    run_tests(binary, pytest_args, env={**os.environ, "ATOLL_UNLOCKED": "1"})


def lock_job() -> None:
    """Refresh the lock to the newest releases within pyproject.toml's ranges (every extra,
    plus the tools of requirements/tools.in), with the lock's own pip-tools."""
    binary = bin_of(VENV)
    if not (binary / "python").exists():
        venv.EnvBuilder(with_pip=True).create(VENV)
    constraint = ["-c", LOCK] if LOCK.exists() else []
    run(binary / "python", "-m", "pip", "install", "--quiet", *constraint, "pip", "pip-tools")
    fresh = LOCK.with_name(f".{LOCK.name}.part")  # renamed over the lock once complete
    run(
        binary / "pip-compile",
        "--quiet",
        "--upgrade",
        "--all-extras",
        "--strip-extras",
        "--allow-unsafe",
        "--no-emit-index-url",
        "--no-emit-find-links",
        "--output-file",
        fresh,
        "pyproject.toml",
        TOOLS,
        env={**os.environ, "CUSTOM_COMPILE_COMMAND": "python3 tasks.py lock"},
    )
    os.replace(fresh, LOCK)
    print(f"{LOCK.relative_to(ROOT)} refreshed: run python3 tasks.py test, then commit it")


if __name__ == "__main__":
    command = sys.argv[1] if len(sys.argv) > 1 else ""
    try:
        if command == "main":
            main_job()
        elif command == "test":
            test_job(sys.argv[2:])
        elif command == "newest":
            newest_job(sys.argv[2:])
        elif command == "lock":
            lock_job()
        else:
            sys.exit(__doc__)
    except subprocess.CalledProcessError as exc:
        sys.exit(exc.returncode)
