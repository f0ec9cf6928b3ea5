"""Glory Islands scenarios: action lists in TOML or JSON, replayed, with one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from models.errors import AtollError, IllegalActionError
from models.gloryislands.actions import (
    HUNT,
    PASS,
    ExtraPirate,
    Keep,
    Move,
    Play,
    Treasure,
    parse_action,
    place,
    relocate,
)
from models.gloryislands.boardfile import dump_board, load_board
from models.gloryislands.scenario import load_scenario, replay

ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = sorted((ROOT / "examples" / "gloryislands").glob("*.toml"))


def test_actions_print_and_parse_back() -> None:
    actions = [
        Play("red-3a"),
        Move(3),
        Move(2, True),
        place(24),
        place(24, 8),
        Treasure("coins"),
        Keep("coins"),
        HUNT,
        ExtraPirate("sails"),
        relocate(23, "barrel"),
        PASS,
    ]
    for action in actions:
        assert parse_action(str(action)) == action
        assert parse_action("  " + str(action).replace(" ", "  ") + " ") == action
        hash(action)
    assert parse_action("place  D4") == place(24)


@pytest.mark.parametrize("text", ["", "move", "move three", "place h9", "relocate c4", "jump"])
def test_unreadable_actions_are_one_line_errors(text: str) -> None:
    with pytest.raises(AtollError, match=r"cannot read .* as an action"):
        parse_action(text)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_examples_replay(path: Path) -> None:
    """Each example stops where its header says: at a secret choice, or (midgame.toml, drawn
    in README.md) in round 7 as the third ship of the round places a pirate."""
    state = load_scenario(path)
    where = {"midgame.toml": (7, "place")}.get(path.name)
    assert not state.is_terminal()
    if where is None:
        assert state.phase == "choose"
    else:
        assert (state.round, state.phase, state.player) == (*where, state.order[2])


def test_json_scenarios_replay_the_same(tmp_path: Path) -> None:
    data = {"players": 2, "actions": ["p0 play red-5", "p1 play blue-1", "p0 move 3"]}
    path = tmp_path / "s.json"
    path.write_text(json.dumps(data))
    assert load_scenario(path).history() == replay(data).history()


def test_an_illegal_action_names_the_entry_the_action_and_the_rule(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    path.write_text('players = 2\nactions = ["p0 play red-4", "p1 play blue-1", "p0 move 5"]\n')
    with pytest.raises(IllegalActionError) as info:
        load_scenario(path)
    assert str(info.value) == (
        f"{path}: actions[2]: round 1: move 5 is not legal: "
        "GI-A1: a 4-card moves the ship 1 to 4 fields, not 5"
    )
    assert info.value.rule == "GI-A1"


def test_a_wrong_player_is_refused() -> None:
    with pytest.raises(
        IllegalActionError,
        match=r"actions\[1\]: 'p0 play red-2' is not legal: "
        "GI-R1: it is player 1's decision",
    ):
        replay({"players": 2, "actions": ["p0 play red-4", "p0 play red-2"]})


def test_chance_must_be_named_or_seeded() -> None:
    actions = ["p0 play red-2", "p1 play blue-1", "p0 move 2", "p0 place c2", "p0 keep coins"]
    with pytest.raises(AtollError, match=r"actions\[4\]: 'p0 keep coins': chance draws a "):
        replay({"players": 2, "actions": actions})
    state = replay({"players": 2, "actions": actions[:4]})
    assert state.is_chance_node()  # a list may stop at chance


def test_a_seed_draws_the_tiles_the_list_leaves_to_chance() -> None:
    from models.core import make_rng

    base = ["p0 play red-2", "p1 play blue-1", "p0 move 2", "p0 place c2"]
    twin = replay({"players": 2, "actions": base})
    rng = make_rng(5)
    twin.apply(twin.sample_chance(rng))
    twin.apply(twin.sample_chance(rng))
    keep = str(twin.legal_actions()[0])
    state = replay({"players": 2, "seed": 5, "actions": [*base, f"p0 {keep}"]})
    assert state.history()[:-1] == twin.history()
    named = replay({"players": 2, "seed": 5, "actions": [*base, "treasure crowns"]})
    assert named.history()[-1] == Treasure("crowns")  # a named tile is taken as named


@pytest.mark.parametrize(
    "data, needle",
    [
        ({"players": "2"}, "players: Input should be a valid integer"),
        ({"players": 2.0}, "players: Input should be a valid integer"),
        ({"players": 5}, "players: Glory Islands is for 2 to 4 players, not 5"),
        ({"players": 2, "seed": True}, "seed: Input should be a valid integer"),
        ({"players": 2, "actions": "p0 play red-5"}, "actions: Input should be a valid list"),
        ({"players": 2, "actions": [5]}, "actions[0]: Input should be a valid string"),
        ({"players": 2, "moves": []}, "moves: unknown field"),
        ({}, "players: Field required"),
        ({"players": 2, "options": {"first_tie": "x"}}, "options: first_tie: Input should be"),
        ({"players": 2, "board": "missing.toml"}, "board: "),
    ],
)
def test_malformed_scenarios_are_one_line_errors(data: dict[str, object], needle: str) -> None:
    with pytest.raises(AtollError) as info:
        replay(data, source=Path("/tmp/s.toml"))
    text = str(info.value)
    assert needle in text and "\n" not in text and text.startswith("/tmp/s.toml")


def test_a_scenario_may_name_its_component_file(tmp_path: Path) -> None:
    board = dump_board(load_board()).replace('compass = "g7"', 'compass = "d7"')
    (tmp_path / "mine.toml").write_text(board)
    (tmp_path / "s.toml").write_text('players = 2\nboard = "mine.toml"\n')
    state = load_scenario(tmp_path / "s.toml")
    assert state.board.route[state.board.compass] == 45
    (tmp_path / "bad.toml").write_text(board.replace("pirates = 5", "pirates = 0"))
    (tmp_path / "t.toml").write_text('players = 2\nboard = "bad.toml"\n')
    with pytest.raises(AtollError, match=r"t.toml: board: .*bad.toml: pieces.pirates"):
        load_scenario(tmp_path / "t.toml")
