"""Answers are whole or absent: interrupts, time limits, full outputs, files written in place.

The slow parts run the real ``atoll`` command in a subprocess, as a user would, on a big map.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from analyses.cli.main import main
from models.core import make_rng
from models.tobago.island.generator import large_island
from models.tobago.island.mapfile import dump_map

ROOT = Path(__file__).resolve().parents[3]
ATOLL = [sys.executable, "-c", "import sys; from analyses.cli.main import main; sys.exit(main())"]


@pytest.fixture(scope="module")
def big_map(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A 200x200 map: enumerating its candidates with CP-SAT takes many seconds."""
    path = tmp_path_factory.mktemp("big") / "big.toml"
    path.write_text(dump_map(large_island(make_rng(3), 200, 200)), encoding="utf-8")
    return path


@pytest.fixture()
def empty_hints(tmp_path: Path) -> Path:
    path = tmp_path / "none.toml"
    path.write_text("", encoding="utf-8")
    return path


def _start(*args: object) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [*ATOLL, *map(str, args)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _wait_for_line(process: subprocess.Popen[str], needle: str, timeout: float = 60) -> None:
    """Read stderr until a line containing ``needle`` (the solve has begun)."""
    assert process.stderr is not None
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        line = process.stderr.readline()
        if needle in line:
            return
        if not line and process.poll() is not None:
            pytest.fail(f"ended before {needle!r}: exit {process.returncode}")
    pytest.fail(f"no {needle!r} within {timeout} s")


def test_ctrl_c_during_a_cpsat_solve_prints_no_answer(big_map: Path, empty_hints: Path) -> None:
    solve = _start("tobago", "candidates", big_map, "--hints", empty_hints, "-v", "--json")
    _wait_for_line(solve, "solving the candidates with cpsat")
    time.sleep(0.5)  # well inside an enumeration of some 100,000 solutions
    solve.send_signal(signal.SIGINT)
    try:
        out, err = solve.communicate(timeout=120)
    except subprocess.TimeoutExpired:
        solve.kill()
        out, err = solve.communicate()
        pytest.fail(f"still running 120 s after Ctrl-C; stderr ends: {err[-2000:]}")
    assert solve.returncode == 130
    assert out == "", "an interrupted solve printed an answer"
    assert err.strip().splitlines()[-1].startswith("atoll: interrupted")
    assert "Traceback" not in err


def test_a_time_limit_gives_unknown_and_no_answer(
    big_map: Path, empty_hints: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["tobago", "candidates", str(big_map), "--hints", str(empty_hints), "--json"]
    status = main([*args, "--time-limit", "0.2"])
    out, err = capsys.readouterr()
    assert status == 3 and out == ""
    assert err.strip().splitlines()[-1].startswith("atoll: unknown: the solver reached its time")
    assert main([*args, "--backend", "bitset"]) == 0  # set algebra needs no time limit
    assert len(json.loads(capsys.readouterr().out)["treasures"]["1"]["candidates"]) > 10_000


def test_killing_a_render_never_leaves_a_broken_picture(tmp_path: Path) -> None:
    """Kills spread over the render of a 60x60 map (about 7 s; the PNG is encoded and
    written at the end): the old picture stays whole until the new one is complete."""
    medium = tmp_path / "medium.toml"
    medium.write_text(dump_map(large_island(make_rng(5), 60, 60)), encoding="utf-8")
    picture = tmp_path / "map.png"
    assert main(["tobago", "render", "reef", "--out", str(picture)]) == 0
    good = picture.read_bytes()
    for trial, (sig, delay) in enumerate(
        [(signal.SIGKILL, 2.0), (signal.SIGTERM, 3.5), (signal.SIGKILL, 5.0), (signal.SIGTERM, 6)]
    ):
        before = sorted(p.name for p in tmp_path.iterdir())
        render = _start("tobago", "render", medium, "--out", picture)
        time.sleep(delay)
        render.send_signal(sig)
        render.communicate(timeout=60)
        data = picture.read_bytes()
        assert data == good or data.endswith(b"IEND\xaeB`\x82"), f"trial {trial}: truncated"
        if sig == signal.SIGTERM:  # a plain kill cleans up its temporary file
            assert sorted(p.name for p in tmp_path.iterdir()) == before, trial


def test_out_may_not_be_an_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    hints = tmp_path / "hints.png"
    hints.write_text((ROOT / "examples/tobago/lagoon-hints.toml").read_text(), encoding="utf-8")
    before = hints.read_bytes()
    status = main(["tobago", "render", "lagoon", "--hints", str(hints), "--out", str(hints)])
    assert status == 2 and "is also an input" in capsys.readouterr().err
    assert hints.read_bytes() == before
    scenario = tmp_path / "s.png"
    scenario.write_text("players = 2\n", encoding="utf-8")
    assert main(["southseas", "render", str(scenario), "--out", str(scenario)]) == 2


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full (Linux)")
def test_a_full_stdout_is_one_line_not_a_traceback() -> None:
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [*ATOLL, "tobago", "maps"], cwd=ROOT, stdout=full, stderr=subprocess.PIPE, text=True
        )
    assert done.returncode == 1
    assert done.stderr.strip().splitlines() == [
        "atoll: error: cannot write the output: No space left on device"
    ]


def test_examples_run_through_the_commands_the_readme_shows(
    capsys: pytest.CaptureFixture[str],
) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    examples = sorted(p for p in (ROOT / "examples").rglob("*") if p.is_file())
    assert examples
    for path in examples:
        name = path.relative_to(ROOT).as_posix()
        assert name in readme, f"the README does not show {name}"
        game = path.relative_to(ROOT / "examples").parts[0]  # examples/<game>/...
        if path.parent.name == "sections":  # Tobago's sections: read through the map of them
            map_ = "examples/tobago/sections/three-sections-map.toml"
            args = ["tobago", "candidates", map_, "--hints", "/dev/null"]
        elif path.stem.endswith("-hints"):  # a Tobago hint sheet
            args = ["tobago", "candidates", "lagoon", "--hints", name]
        else:  # a game's scenario
            args = [game, "replay", name]
        cwd = os.getcwd()
        os.chdir(ROOT)
        try:
            assert main(args) == 0, f"{name}: {capsys.readouterr().err}"
        finally:
            os.chdir(cwd)
