"""The dry run of ``tune`` (issue 39, input): an objective the game's tables cannot give, an
agent an objective names but the study does not play, or a value at an end of a range that
the game refuses is one line, exit 2, before any game is stored — nothing is written, so the
corrected command runs in the same folder."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

TUNE = [sys.executable, "-m", "analyses.cli.main", "gloryislands", "tune", "--trials", "2",
        "--games-per-trial", "2", "--check-games", "2", "--players", "2",
        "--workers", "1"]  # fmt: skip


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--param", "option:hunt=true|false", "--objective", "length:10"],
         "--objective: the dry run at option:hunt=true: the games have no 'turns' column"),
        (["--param", "option:hunt=true|false", "--objective", "skill:ismcts,greedy",
          "--agents", "random"], "agents 'ismcts' and 'greedy' must both play"),
        (["--param", "board:island_scoring.3[0]=-5..9", "--objective", "seats"],
         "--param: the dry run at board:island_scoring.3[0]=-5: island_scoring.3[0]: "),
    ],
)  # fmt: skip
def test_a_bad_tuning_is_one_line_before_any_game_and_writes_nothing(
    tmp_path: Path, args: list[str], words: str
) -> None:
    out = tmp_path / "tuning"
    run = subprocess.run([*TUNE, *args, "--out", str(out)], capture_output=True, text=True,
                         timeout=300)  # fmt: skip
    lines = run.stderr.strip().splitlines()
    assert run.returncode == 2 and len(lines) == 1 and words in lines[0], run.stderr
    assert not out.exists()
