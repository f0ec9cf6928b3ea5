"""The scenario format: a contract users write. Old files keep replaying; new fields extend it;
every malformed field is a one-line error naming file, move and field."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from models.errors import AtollError, IllegalActionError
from models.southseas.actions import Place
from models.southseas.scenario import load_scenario
from models.southseas.snapshot import snapshot
from tests.models.southseas.helpers import HERE, draw, play, small_game, step

ROOT = HERE.parents[2]


@pytest.mark.parametrize(
    ("change", "where"),
    [
        ({"seed": "abc"}, "seed"),
        ({"players": "2"}, "players"),
        ({"ships": "A5"}, "ships"),
        ({"options": [1]}, "options"),
        ({"move": "x"}, "move"),
        ({"move": [1]}, "move[0]"),
        ({"move": [{"tile": "sea", "at": [0, 1], "islander": "a"}]}, "move[0]: islander"),
        ({"move": [{"tile": "sea", "at": [0, 1], "recall": [1]}]}, "move[0]: recall"),
        ({"move": [{"tile": "sea", "at": "0,1"}]}, "move[0]: at"),
        ({"move": [{"tile": "sea", "at": [0, "1"]}]}, "move[0]: at[1]"),
        ({"move": [{"tile": "sea", "at": [0, 1], "rotation": "1"}]}, "move[0]: rotation"),
        ({"move": [{"tile": "sea", "at": [0, 1], "take": 5}]}, "move[0]: take"),
        ({"move": [{"tile": "sea", "at": [0, 1], "pay": "x"}]}, "move[0]: pay"),
        ({"move": [{"tile": "sea", "at": [0, 1], "unplaceable": "yes"}]}, "move[0]: unplaceable"),
        ({"move": [{"tile": 3, "at": [0, 1]}]}, "move[0]: tile"),
        ({"move": [{"tile": "sea", "at": [0, 1], "colour": "red"}]}, "move[0]: colour"),
    ],
)
def test_fields_of_the_wrong_type_are_one_line_errors(change: dict[str, Any], where: str) -> None:
    with pytest.raises(AtollError) as info:
        play([], **change)
    message = str(info.value)
    assert "\n" not in message and "inline.toml" in message
    assert f": {where}: " in message, message


def test_SS_P3_any_rotation_with_the_same_picture_is_accepted() -> None:
    # The straight bridge looks the same turned twice: the engine lists rotation 0 only.
    state = play([])
    draw(state, "bridge")
    assert Place(1, 0, 0) in state.legal_actions() and Place(1, 0, 2) not in state.legal_actions()
    state.apply(Place(1, 0, 2))
    assert state.board.tiles[(1, 0)].rotation == 2


def test_piece_numbers_follow_the_rotation_written() -> None:
    # Piece 1 of the bridge tile is its north sea; turned twice, the same picture shows, but
    # piece 1 now lies south of the bridge, in the start tile's south sea (its piece 3).
    for rotation, start_piece in ((0, 2), (2, 3)):
        state = play([{"tile": "bridge", "at": [1, 0], "rotation": rotation, "islander": 1}])
        board = state.board
        fisher = board.feature_of(board.node_at((1, 0), 1))
        assert fisher is board.feature_of(board.node_at((0, 0), start_piece))
        assert [p for p, _ in fisher.islanders] == [0]


def test_a_last_move_may_leave_the_placement_pending() -> None:
    state = play([{"tile": "sea", "at": [0, 1]}, {"tile": "cap"}])
    assert state.phase == "place" and state.drawn is not None and state.drawn.id == "cap"
    assert snapshot(state)["next"] == {
        "decision": "place",
        "player": 1,
        "tile": "cap",
        "placements": len(state.legal_actions()),
    }
    with pytest.raises(AtollError, match=r"move\[0\]: at: say where the tile goes"):
        play([{"tile": "cap"}, {"tile": "sea", "at": [0, 1]}])


def test_an_illegal_move_names_move_field_and_rule() -> None:
    with pytest.raises(IllegalActionError) as info:
        play([{"tile": "sea", "at": [0, 1]}, {"tile": "sea", "at": [5, 5]}])
    assert info.value.rule == "SS-P2"
    assert str(info.value).startswith(f"{HERE / 'inline.toml'}: move[1]: at: place (5,5) r0")


def test_old_scenarios_replay_as_they_did() -> None:
    # Recorded with atoll 0.1 (seeded ship shuffle, forced draws) before chance was explicit.
    state = load_scenario(ROOT / "examples" / "southseas" / "close-island.toml")
    snap = snapshot(state)
    assert snap["display"] == ["shells-4", "two-pairs", "fish-2", "one-of-each"]
    assert snap["scores"] == [1.0, 0.0]
    assert snap["wares"] == [
        {"shells": 0, "bananas": 3, "fish": 0},
        {"shells": 0, "bananas": 0, "fish": 2},
    ]


@pytest.mark.parametrize("path", sorted((ROOT / "examples" / "southseas").glob("*.toml")))
def test_every_example_replays(path: Path) -> None:
    assert snapshot(load_scenario(path))["turn"] >= 2


def test_after_the_end_the_report_says_what_happened() -> None:
    # Player 0's merchant on a market that is never finished, player 1's picker on an open
    # island; the game ends with the last tile.
    state = small_game({"market": 1, "band": 1, "sea": 1})
    step(state, {"tile": "market", "at": [0, 1], "islander": 0})
    step(state, {"tile": "band", "at": [0, -1], "islander": 0})
    step(state, {"tile": "sea", "at": [1, 1]})
    snap = snapshot(state)
    assert snap["scores_final"] and snap["winners"] == [1]
    assert snap["ended"] == "the last tile was placed"
    market = next(f for f in snap["features"] if f["kind"] == "market")
    assert not market["complete"] and not market["evaluated"] and market["islanders"] == []
    island = next(f for f in snap["features"] if f["kind"] == "island")
    assert not island["complete"] and island["evaluation"] == "end" and island["paid"] == {1: 3}
    bridge = next(f for f in snap["features"] if f["kind"] == "bridge")
    assert not bridge["complete"] and not bridge["evaluated"]  # nobody scored it
    kinds = [e["kind"] for e in snap["events"]]
    assert kinds[-3:] == ["home", "end", "game-end"] or kinds[-3:] == ["end", "home", "game-end"]
