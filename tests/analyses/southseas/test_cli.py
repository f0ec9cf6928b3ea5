"""``atoll southseas replay`` and ``render``: reports, JSON, and one-line errors with exit 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from analyses.cli.main import main
from tests.models.southseas.helpers import SHIPS, TILES

ROOT = Path(__file__).resolve().parents[3]
EXAMPLE = ROOT / "examples" / "southseas" / "close-island.toml"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def scenario(tmp_path: Path, body: str, name: str = "s.toml") -> str:
    path = tmp_path / name
    path.write_text(
        f'players = 2\ntiles = "{TILES}"\nships_file = "{SHIPS}"\n{body}', encoding="utf-8"
    )
    return str(path)


def test_replay_example_reports_the_state(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "southseas", "replay", str(EXAMPLE))
    assert status == 0
    assert out.splitlines()[0].startswith("tiles: RECONSTRUCTION")
    assert "player 0: supply 4, shells 0 bananas 3 fish 0" in out


def test_replay_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "southseas", "replay", str(EXAMPLE), "--json")
    assert status == 0
    data = json.loads(out)
    # what comes next, what is left, whether the scores are final, and the whole log
    assert data["next"] == {"decision": "draw", "player": 1, "tiles_left": 69}
    assert data["boat_tokens"] == 18 and data["ships_face_down"] == 20
    assert data["ware_supply"] is None and data["scores_final"] is False
    assert data["winners"] is None and data["leaders"] == [0]
    boat = next(e for e in data["events"] if e["kind"] == "boat")
    assert boat["paid"] == {"1": 2} and boat["covered"] == [[0, 0, 3, 0], 1]  # top row first
    assert [e["kind"] for e in data["events"]].count("reveal") == 4
    assert data["wares"][0] == {"shells": 0, "bananas": 3, "fish": 0}
    island = next(f for f in data["features"] if f["kind"] == "island" and f["complete"])
    assert island["tiles"] == 3 and island["bananas"] == 3
    assert data["options"]["recall"] == "any_turn"
    assert data["reconstruction"] == {"tiles": True, "ships": True}


def test_replay_json_scenario_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "s.json"
    path.write_text(
        json.dumps(
            {
                "players": 2,
                "tiles": TILES,
                "ships_file": SHIPS,
                "move": [
                    {"tile": "band", "at": [0, -1], "islander": 0},
                    {"tile": "cap", "at": [0, -2], "rotation": 2},
                ],
            }
        ),
        encoding="utf-8",
    )
    status, out, _ = run(capsys, "southseas", "replay", str(path), "--json")
    assert status == 0 and json.loads(out)["wares"][0]["bananas"] == 4


@pytest.mark.parametrize(
    "body, needle",
    [
        ('[[move]]\ntile = "cap"\nat = [0, -1]\nrotation = 0\n', "move[0]: at:"),
        ('[[move]]\ntile = "cap"\nat = [0, -1]\nrotation = 0\n', "SS-P3: its S side is sea"),
        ('[[move]]\ntile = "nope"\nat = [0, 1]\n', "SS-P1: no tile 'nope'"),
        ('[[move]]\ntile = "sea"\nat = [0, 1]\nislander = 9\n', "SS-I2"),
        ('[[move]]\ntile = "sea"\nat = [0, 1]\ncolour = 1\n', "move[0]: colour: unknown field"),
        ('[[move]]\ntile = "sea"\nat = [0, 1]\ndeliver = "A5"\n', "SS-S1"),
        ('[options]\nrecall = "sometimes"\n', "recall"),
        ('[[move]]\ntile = "sea"\nat = "x"\n', "move[0]: at: Input should be a valid list"),
        ('seed = "abc"\n', "seed: Input should be a valid integer"),
        ('[[move]]\ntile = "sea"\nat = [0, 1]\nislander = "a"\n', "move[0]: islander:"),
        ('[[move]]\ntile = "sea"\nat = [0, 1]\nrecall = [1]\n', "move[0]: recall:"),
        ("players = = 2\n", "invalid TOML"),
    ],
)
def test_bad_scenarios_are_one_line_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], body: str, needle: str
) -> None:
    status, out, err = run(capsys, "southseas", "replay", scenario(tmp_path, body))
    assert status == 2, out
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("atoll: error:")
    assert needle in lines[0]
    assert "Traceback" not in err


def test_players_out_of_range(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "p.toml"
    path.write_text("players = 7\n", encoding="utf-8")
    status, _, err = run(capsys, "southseas", "replay", str(path))
    assert status == 2 and "2 to 5 players" in err and str(path) in err


def test_missing_scenario_file(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "southseas", "replay", "no/such/file.toml")
    assert status == 2 and "no such file" in err


def test_render_writes_a_png(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "board.png"
    status, text, _ = run(capsys, "southseas", "render", str(EXAMPLE), "--out", str(out))
    assert status == 0 and out.stat().st_size > 10_000 and "wrote" in text
    status, _, err = run(capsys, "southseas", "render", str(EXAMPLE), "--out", "x.jpg")
    assert status == 2 and "PNG" in err


def test_replay_text_reports_the_next_decision_and_the_events(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run(capsys, "southseas", "replay", str(EXAMPLE), "--events")
    assert status == 0
    assert "provisional scores; next: player 1 draws (69 tiles left)" in out
    assert "boat feature sea" in out and "why" not in out.split("events:")[0]


def test_replay_of_a_finished_game_says_final_and_winners(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ships = tmp_path / "ships.toml"
    ships.write_text('ship = [{ id = "X", points = 2, fixed = { bananas = 1 } }]\n')
    path = scenario(
        tmp_path,
        '[[move]]\ntile = "band"\nat = [0, -1]\nislander = 0\n'
        '[[move]]\ntile = "sea"\nat = [0, 1]\n'
        '[[move]]\ntile = "cap"\nat = [0, -2]\nrotation = 2\ndeliver = "X"\n',
    )
    text = Path(path).read_text().replace(f'ships_file = "{SHIPS}"', f'ships_file = "{ships}"')
    Path(path).write_text(text)
    status, out, _ = run(capsys, "southseas", "replay", path)
    assert status == 0
    assert "final scores; the game ended: the last ship was acquired; winners: player 0" in out
