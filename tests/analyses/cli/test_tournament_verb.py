"""``atoll GAME tournament`` (analyses.cli.tournament): bad input is one line, exit 2, with
nothing written; the rounding is said in one line; a resume continues only the same tournament;
and a tournament killed by SIGKILL resumes to the frames of one never interrupted."""

from __future__ import annotations

import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd
import pytest

from analyses.cli.main import main
from analyses.strategies.field import read_field
from analyses.strategies.tournament import Tournament, play_tournament, read_tournament
from tests.analyses.cli.test_interrupts import Run, _resumed, _stopped_cleanly
from tests.analyses.cli.test_study import one_error_line
from tests.analyses.strategies.planted import BEST, GAME, WORST, register

ROOT = Path(__file__).resolve().parents[3]
PLAN = """name = "Bold"
game = "template"
about = "Dives with a card of at least `least`."
fallback = "random"
[params]
least = { value = 3, low = 1, high = 6 }
[[rules]]
kind = "dive"
when = ["card >= least"]
"""


@pytest.fixture(autouse=True)
def _template() -> None:
    """The template game registered as the tests run (not on import: see ``register``)."""
    register()


def _tournament(out: Path, *more: object) -> list[str]:
    return [GAME, "tournament", "--workers", "1", "--out", str(out), *map(str, more)]


@pytest.mark.parametrize(
    ("strategies", "more", "named"),
    [
        ("no-such-plan,random", (), ("--strategies", "'no-such-plan' is no agent")),
        ("random", (), ("--strategies", "at least 2 entrants, got 1")),
        ("random,random", (), ("name the same entrant",)),
        ("random,BAD", (), ("bad.toml", "pearls")),
        ("random,greedy", ("--players", 9), ("players", "2 to 4 players, not 9")),
        ("random,greedy", ("--seed", -1), ("--seed",)),
        ("random,ismcts:depth=two", (), ("depth must be a whole number",)),
        ("random,greedy", ("--option", "no_such_rule=1"), ("no_such_rule",)),
        ("random,greedy", ("--component", "deck=missing.toml"), ("missing.toml",)),
    ],
)
def test_bad_input_is_one_line_and_writes_nothing(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    strategies: str,
    more: tuple[object, ...],
    named: tuple[str, ...],
) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(PLAN.replace("card >= least", "pearls >= least"))
    out = tmp_path / "out"
    args = _tournament(out, "--strategies", strategies.replace("BAD", str(bad)), *more)
    one_error_line(capsys, args, *named)
    assert not out.exists()


def test_a_tournament_says_its_rounding_writes_its_report_and_resumes_only_as_itself(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    plan = tmp_path / "bold.toml"
    plan.write_text(PLAN)
    out = tmp_path / "t"
    args = _tournament(out, "--strategies", f"random,{plan}", "--games", 11, "--players", 2)
    assert main(args) == 0
    captured = capsys.readouterr()
    assert captured.err.splitlines()[0].startswith("atoll: note: --games 11 became 12: 1 line-ups")
    assert f"wrote {out / 'report.html'}" in captured.out
    assert {p.name for p in out.iterdir()} >= {"tournament.json", "lineups", "report.json"}
    one_error_line(capsys, args, "holds a tournament already")
    assert main([*args, "--resume"]) == 0  # nothing left to play: the report again
    capsys.readouterr()
    one_error_line(
        capsys, [*args, "--resume", "--option", "rounds=2"], "holds another tournament (options"
    )
    more = _tournament(out, "--strategies", f"random,{plan}", "--games", 40, "--players", 2)
    one_error_line(capsys, [*more, "--resume"], "deals 6 there, 20 here")
    plan.write_text(PLAN.replace("value = 3", "value = 2"))
    one_error_line(capsys, [*args, "--resume"], "changed since the tournament began")


def test_a_tournament_killed_by_sigkill_resumes_with_identical_frames(tmp_path: Path) -> None:
    out = tmp_path / "t"
    field = f"random,{BEST},{WORST}"
    code = (
        "import sys; from tests.analyses.strategies.planted import register; register(); "
        "from analyses.cli.main import main; sys.exit(main())"
    )
    args = [sys.executable, "-c", code, *_tournament(out, "--strategies", field, "--players",
                                                     2, "--games", 600, "--seed", 3)]  # fmt: skip
    run = subprocess.Popen(args, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        chunks = list(out.glob("lineups/*/chunks/[0-9]*"))
        if len(chunks) >= 12:  # line-up 0 done (10 chunks of 20 games), line-up 1 begun
            break
        time.sleep(0.02)
    run.send_signal(signal.SIGKILL)
    run.wait(timeout=30)
    assert not (out / "report.html").exists(), "the kill should land mid-tournament"
    assert not (out / "lineups" / "2").exists(), "... in line-up 1"
    resumed = subprocess.run([*args, "--resume"], cwd=ROOT, capture_output=True, text=True)
    assert resumed.returncode == 0, resumed.stderr
    frames = read_tournament(out)
    assert len(frames.games) == 600
    t = Tournament.plan(GAME, read_field(GAME, field), players=2, games=600, seed=3)
    fresh = read_tournament(play_tournament(t, tmp_path / "fresh"))
    for table in ("games", "players", "trajectory", "choices", "errors"):
        pd.testing.assert_frame_equal(
            getattr(frames, table), getattr(fresh, table), check_dtype=False, obj=table
        )


def test_ctrl_c_says_what_the_tournament_kept_and_resume_finishes_it(tmp_path: Path) -> None:
    out = tmp_path / "t"
    args = ["gloryislands", "tournament", "--strategies", "low-cards,high-sails,random"]
    args += ["--players", "2", "--games", "300", "--workers", "2", "--out", str(out)]
    run = Run(tmp_path, *args)
    run.until(lambda: any(out.glob("lineups/*/chunks/0*")), "the first chunk")
    line = _stopped_cleanly(run, signal.SIGINT, group=True)
    assert re.fullmatch(
        rf"atoll: interrupted: \d+ of 300 games of the tournament are kept in "
        rf"{re.escape(str(out))}: the same command with --resume continues",
        line,
    ), line
    assert _resumed(tmp_path, args).startswith(f"wrote {out / 'report.html'}")
