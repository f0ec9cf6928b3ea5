"""The scenario format: a contract users write. Old files keep replaying; new fields extend it;
every malformed field is a one-line error naming file, move and field."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest

from models.errors import AtollError, IllegalActionError
from models.southseas.actions import Place
from models.southseas.scenario import load_scenario, replay
from models.southseas.snapshot import snapshot
from tests.models.southseas.helpers import HERE, TILES, draw, play, small_game, step

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


# -- strict fields: integers are integers ---------------------------------------------------------

MOVE = {"tile": "sea", "at": [0, 1]}
NOT_INTEGERS = [1.0, math.nan, math.inf, True, "1", None]


@pytest.mark.parametrize("value", NOT_INTEGERS, ids=repr)
@pytest.mark.parametrize(
    ("change", "where"),
    [
        (lambda v: {"players": v}, "players"),
        (lambda v: {"seed": v}, "seed"),
        (lambda v: {"move": [{**MOVE, "at": [0, v]}]}, "move[0]: at[1]"),
        (lambda v: {"move": [{**MOVE, "rotation": v}]}, "move[0]: rotation"),
        (lambda v: {"move": [{**MOVE, "islander": v}]}, "move[0]: islander"),
        (lambda v: {"move": [{**MOVE, "recall": [0, 0, v]}]}, "move[0]: recall[2]"),
        (lambda v: {"move": [{**MOVE, "pay": {"bananas": v}}]}, "move[0]: pay.bananas"),
    ],
    ids=["players", "seed", "at", "rotation", "islander", "recall", "pay"],
)
def test_integer_fields_refuse_floats_booleans_and_strings(
    change: Any, where: str, value: Any
) -> None:
    if value is None and where in ("players", "seed", "move[0]: islander", "move[0]: rotation"):
        return  # None means "not given" (or is the default) for these
    with pytest.raises(AtollError) as info:
        play([], **change(value))
    assert f"inline.toml: {where}: Input should be a valid integer (got " in str(info.value)


@pytest.mark.parametrize("value", [1, 1.0, "true", None], ids=repr)
def test_unplaceable_refuses_anything_but_a_boolean(value: Any) -> None:
    with pytest.raises(AtollError, match=r"move\[0\]: unplaceable: Input should be a valid bool"):
        play([{**MOVE, "unplaceable": value}])


@pytest.mark.parametrize(("rotation", "words"), [(-1, "greater than or equal to 0"), (4, "less")])
def test_rotation_is_0_to_3_in_the_move_itself(rotation: int, words: str) -> None:
    with pytest.raises(AtollError) as info:
        play([{**MOVE, "rotation": rotation}])
    assert (info.value.entry, info.value.field) == ("move[0]", "rotation")
    assert words in str(info.value) and f"(got {rotation})" in str(info.value)


@pytest.mark.parametrize("amount", ["two", "2", 2.0, -1, True])
def test_pay_amounts_are_whole_numbers(amount: Any) -> None:
    with pytest.raises(AtollError) as info:
        play([{**MOVE, "deliver": "A5", "pay": {"bananas": amount}}])
    assert (info.value.entry, info.value.field) == ("move[0]", "pay.bananas")


def test_nesting_too_deep_for_the_validator() -> None:
    deep: Any = 1
    for _ in range(200):
        deep = {"a": deep}
    with pytest.raises(AtollError, match=r"inline.toml: nested too deeply"):
        play([], options=deep)


# -- the files a scenario names -------------------------------------------------------------------


def test_an_error_in_the_tile_file_names_the_scenario_too(tmp_path: Path) -> None:
    (tmp_path / "x.toml").write_text(
        Path(TILES).read_text(encoding="utf-8").replace("count = 8", "count = 9999", 1),
        encoding="utf-8",
    )
    source = tmp_path / "s.toml"
    with pytest.raises(AtollError) as info:
        replay({"tiles": "x.toml"}, source=source)
    assert str(info.value) == (
        f"{source}: tiles: {tmp_path / 'x.toml'}: tile 'cap': count: "
        "must be a whole number 1 to 200, got 9999"
    )


def test_an_error_in_the_ship_file_names_the_scenario_too(tmp_path: Path) -> None:
    (tmp_path / "y.toml").write_text('[[ship]]\nid = "A"\npoints = 101\nany = 1\n', "utf-8")
    source = tmp_path / "s.toml"
    with pytest.raises(AtollError) as info:
        replay({"ships_file": "y.toml"}, source=source)
    assert str(info.value) == (
        f"{source}: ships_file: {tmp_path / 'y.toml'}: ship 'A': points: "
        "must be a whole number 1 to 100, got 101"
    )


def test_a_file_name_may_not_be_empty() -> None:
    with pytest.raises(AtollError, match=r"inline.toml: tiles: String should have at least 1"):
        play([], tiles="")


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"islanders": 21}, "options: islanders: Input should be less than or equal to 20"),
        ({"islanders": 0}, "options: islanders: Input should be greater than 0"),
        ({"display": 25}, "options: display: Input should be less than or equal to 24"),
        ({"ware_supply": 10001}, "options: ware_supply: Input should be less than or equal to"),
        ({"ware_supply": 0}, "options: ware_supply: Input should be greater than 0"),
        ({"islanders": 4.0}, "options: islanders: Input should be a valid integer (got 4.0)"),
        ({"islanders": "4"}, "options: islanders: Input should be a valid integer (got '4')"),
        ({"score_unfinished": "no"}, "options: score_unfinished: Input should be a valid bool"),
        ({"colour": 1}, "options: colour: unknown field"),
    ],
)
def test_options_are_bounded_and_named_under_options(options: dict[str, Any], words: str) -> None:
    with pytest.raises(AtollError) as info:
        play([], options=options)
    assert f"inline.toml: {words}" in str(info.value), str(info.value)


def test_the_largest_options_still_play() -> None:
    state = play(
        [{"tile": "sea", "at": [0, 1]}],
        players=2,
        options={"islanders": 20, "ware_supply": 10000, "display": 6},
    )
    assert state.ledger.islanders == [20, 20]
