"""One options file for every Tobago command (issue 18): the hint commands and the game's
commands read the same file, a clue key and a game key alike; unknown keys stay refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from models.tobago.island.mapfile import EXAMPLE
from tests.analyses.cli.test_main import assert_one_error_line, hints_text, run, run_json, write

BOTH = 'sight = [2, 3]\namulets_when = "never"\n'


def test_candidates_accepts_a_file_with_game_keys(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    options = write(tmp_path, "both.toml", BOTH)
    island = write(tmp_path, "example.toml", EXAMPLE)
    hints = write(tmp_path, "sight.toml", hints_text({1: ["in sight of palm"]}))
    args = ("tobago", "candidates", island, "--hints", hints, "--options", options)
    assert run_json(capsys, *args)["treasures"]["1"]["candidates"] == [[3, 1], [4, 2]]


def test_study_accepts_the_same_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    options = write(tmp_path, "both.toml", BOTH)
    out = tmp_path / "study"
    args = ("tobago", "study", "--games", "2", "--players", "2", "--options", options)
    status, _, err = run(capsys, *args, "--out", out)
    assert status == 0, err
    assert out.is_dir()


def test_an_unknown_key_is_still_refused_by_both(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    options = write(tmp_path, "typo.toml", 'amulets_wen = "never"\n')
    island = write(tmp_path, "example.toml", EXAMPLE)
    hints = write(tmp_path, "hints.toml", hints_text({1: ["in jungle"]}))
    for args in (
        ("tobago", "candidates", island, "--hints", hints, "--options", options),
        ("tobago", "study", "--games", "2", "--options", options, "--out", tmp_path / "s"),
    ):
        line = assert_one_error_line(*run(capsys, *args))
        assert "amulets_wen: unknown field" in line, line
