"""``atoll gloryislands replay`` and ``board``: reports, JSON, and one-line errors with exit 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from analyses.cli import main

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "gloryislands" / "gull-rock-tie.toml"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def test_replay_reports_the_state(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "gloryislands", "replay", str(EXAMPLE))
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].startswith("board: RECONSTRUCTION")
    assert lines[1] == "round 3 (choose)"
    assert lines[3].startswith("1  H+")
    assert "player 0 (red): ship at e1, route 4; sail field 4 (+20); fame 7" in out
    assert "treasures 2 face down (1 pearls, 1 crowns)" in out
    assert "provisional scores; next: player 0 decides (choose): play red-1" in out


def test_replay_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "gloryislands", "replay", str(EXAMPLE), "--json")
    assert status == 0
    data = json.loads(out)
    assert data["round"] == 3 and data["scores_final"] is False and data["winners"] is None
    assert data["next"]["decision"] == "choose" and data["next"]["player"] == 0
    assert data["fame"] == [7, 4] and data["fame_by_source"][0]["islands"] == 4
    assert (
        data["reconstruction"] == {"board": True}
        and "RECONSTRUCTION" in data["reconstruction_note"]
    )
    island = next(e for e in data["events"] if e["kind"] == "island")
    assert island["fame"] == {"0": 4, "1": 3} and island["rule"] == "GI-I5"
    swap = next(e for e in data["events"] if e["kind"] == "swap")
    assert swap["cards"] == ["red-3a", "blue-3b"]
    assert data["hands"][0] == ["red-1", "red-2", "red-3b", "red-4", "red-5"]


def test_replay_hides_the_secret_cards_until_all_have_chosen(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "s.toml"
    path.write_text('players = 3\nactions = ["p0 play red-5", "p1 play blue-2"]\n')
    status, out, _ = run(capsys, "gloryislands", "replay", str(path))
    assert status == 0 and "cards this round: P0 hidden, P1 hidden" in out
    assert "red-5" in out.split("cards this round")[0]  # still in his hand, as seen by all


def test_replay_events(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "gloryislands", "replay", str(EXAMPLE), "--events")
    assert status == 0
    assert "round 1 player 0: island island Gull Rock" in out


def test_an_illegal_action_is_one_line_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "s.toml"
    path.write_text('players = 2\nactions = ["p0 play red-2", "p1 play blue-1", "p0 move 3"]\n')
    status, out, err = run(capsys, "gloryislands", "replay", str(path))
    assert status == 2 and out == ""
    assert err == (
        f"atoll: error: {path}: actions[2]: round 1: move 3 is not legal: GI-A1: a 2-card "
        "moves the ship 1 to 2 fields, not 3\n"
    )


@pytest.mark.parametrize(
    "body, needle",
    [
        ("players = 2\nactions = [1]\n", "actions[0]: Input should be a valid string"),
        ("players = [\n", "invalid TOML"),
        ('players = 2\nactions = ["fly away"]\n', "actions[0]: cannot read 'fly away'"),
        ("players = 9\n", "Glory Islands is for 2 to 4 players"),
    ],
)
def test_bad_scenarios_exit_2_with_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, body: str, needle: str
) -> None:
    path = tmp_path / "s.toml"
    path.write_text(body)
    status, _, err = run(capsys, "gloryislands", "replay", str(path))
    assert status == 2 and needle in err and err.count("\n") == 1


def test_board_prints_the_components(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "gloryislands", "board")
    assert status == 0
    assert out.startswith("board: RECONSTRUCTION") and "note: RECONSTRUCTION" in out
    assert "  D Kraken Isle: 6 fields" in out and "fame 12/6/3" in out
    assert "cards red: red-1 (1w), red-2 (1b), red-3a (4b)" in out


def test_board_with_a_broken_file_exits_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "b.toml"
    path.write_text("reconstruction = true\n")
    status, _, err = run(capsys, "gloryislands", "board", "--board", str(path))
    assert status == 2 and f"{path}: route: Field required" in err
