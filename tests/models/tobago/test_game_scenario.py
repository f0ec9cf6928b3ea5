"""Scenarios as action lists: models/tobago/scenario.py and ``atoll tobago replay``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from analyses.cli.main import main
from models.core import load_game, make_rng, random_playout
from models.errors import AtollError, IllegalActionError
from models.tobago.scenario import load_scenario, parse_action, replay

EXAMPLE = Path("examples/tobago/first-treasure.toml")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["tobago", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_every_action_prints_as_it_parses() -> None:
    for players in (2, 3, 4):
        state = load_game("tobago", players, {"amulet_field": "wave"}).new_initial_state()
        random_playout(state, make_rng(players), max_moves=1500)
        for action in state.history():
            assert parse_action(str(action)) == action


def test_the_example_replays_to_the_shared_treasure(capsys: pytest.CaptureFixture[str]) -> None:
    state = load_scenario(EXAMPLE)
    assert state.gold == [[6, 5], [3, 4]] and state.unwanted == [2]
    assert state.hints[1] and state.queues[1] == [1]  # the new treasure 2, begun by P1
    status, out, err = run(capsys, "replay", str(EXAMPLE))
    assert status == 0 and not err
    assert "player 0: vehicle 5,3; gold 11 (6+5)" in out
    status, out, _ = run(capsys, "replay", str(EXAMPLE), "--json")
    snap = json.loads(out)
    assert status == 0 and snap["gold"] == [[6, 5], [4, 3]] and snap["next"]["player"] == 1
    assert any(e["kind"] == "raise" for e in snap["events"])


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "s.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_an_illegal_action_is_one_line_naming_the_rule_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _write(tmp_path, 'players = 2\nseed = 1\nactions = ["p0 vehicle at 0,0"]\n')
    status, out, err = run(capsys, "replay", str(path))
    assert status == 2 and not out and len(err.strip().splitlines()) == 1
    assert f"{path}: actions[0]" in err and "TB-D1" in err and "sea" in err
    with pytest.raises(IllegalActionError) as caught:
        load_scenario(path)
    assert caught.value.rule == "TB-D1"


def test_a_decision_by_the_wrong_player_is_refused(tmp_path: Path) -> None:
    path = _write(tmp_path, 'players = 2\nseed = 1\nactions = ["p1 vehicle at 3,3"]\n')
    with pytest.raises(IllegalActionError) as caught:
        load_scenario(path)
    assert caught.value.rule == "TB-S4" and "player 0's decision" in str(caught.value)


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ('players = "two"\n', "players"),
        ("players = 2\nactions = [5]\n", "actions"),
        ('players = 2\nseed = 1\nactions = ["fly to 3,3"]\n', "actions[0]: unknown action"),
        (
            'players = 2\nactions = ["p0 vehicle at 3,3"]\n',
            "actions[0]: 'p0 vehicle at 3,3': chance",
        ),
        ('players = 2\ncolour = "red"\n', "colour"),
        ("players = 9\n", "players"),
        ('players = 2\n[options]\nrefusal = "never"\n', "options"),
        ('players = 2\nmap = "nowhere.toml"\n', "nowhere.toml"),
        ("players = 2\nseed = 1\nactions = [\"p0 hint T1 'in sea'\"]\n", "actions[0]"),
    ],
)
def test_a_malformed_file_is_one_line_naming_file_entry_and_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, where: str
) -> None:
    path = _write(tmp_path, text)
    status, out, err = run(capsys, "replay", str(path))
    assert status == 2 and not out
    lines = err.strip().splitlines()
    assert len(lines) == 1 and str(path) in lines[0] and where in lines[0], lines


def test_replay_from_data_names_the_entry() -> None:
    with pytest.raises(AtollError) as caught:
        replay({"players": 2, "seed": 0, "actions": ["p0 vehicle at 3,3", "p1 claim T9"]})
    assert "actions[1]" in str(caught.value)


def test_a_scenario_may_name_a_section_map(tmp_path: Path) -> None:
    composed = Path("examples/tobago/sections/three-sections-map.toml").resolve()
    state = replay({"players": 2, "seed": 2, "map": str(composed), "actions": []})
    assert state.game.island.name == "Three sections"


SEED = EXAMPLE.read_text(encoding="utf-8")


@settings(
    max_examples=60,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=list(HealthCheck),
)
@given(st.integers(0, len(SEED)), st.text(max_size=12), st.integers(0, 30))
def test_a_mutated_scenario_exits_0_or_2_with_one_line(
    capsys: pytest.CaptureFixture[str], cut: int, garbage: str, drop: int
) -> None:
    import tempfile

    text = SEED[:cut] + garbage + SEED[cut + drop :]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "s.toml"
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        status, _, err = run(capsys, "replay", str(path))
    assert status in (0, 2) and "Traceback" not in err
    if status == 2:
        assert len(err.strip().splitlines()) == 1 and str(path) in err
