"""The scenario format's ``actions`` form: entries as actions print, every chance outcome named
(ship reveals may be left to the ``ships``/``seed`` order), beside the ``[[move]]`` form."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from models.core import write_scenario
from models.data import read_toml
from models.errors import AtollError, IllegalActionError
from models.scenarios import MAX_ENTRIES as MAX_ACTIONS
from models.southseas.actions import Reveal
from models.southseas.scenario import load_scenario, replay
from tests.models.southseas.helpers import HERE, SHIPS, TILES, play

ROOT = HERE.parents[2]
SOURCE = HERE / "inline.toml"
#: The test ships as the seed-0 order turns them up (the display of four, then the refills).
DISPLAY = ["reveal E4", "reveal D2", "reveal C3", "reveal F1"]


def listed(actions: list[str], **extra: Any) -> Any:
    """Replay ``actions`` on the test tiles and ships; ``extra`` adds fields (ships, seed...)."""
    data = {"players": 2, "tiles": TILES, "ships_file": SHIPS, "actions": actions, **extra}
    return replay(data, source=SOURCE)


def written(state: Any) -> list[str]:
    """The state's history as it prints."""
    return [str(a) for a in state.history()]


def entries_played(entries: list[str]) -> list[str]:
    """The actions the entries name, without their ``p0`` prefix."""
    return [e.removeprefix("p0 ") for e in entries]


def test_the_actions_form_says_what_the_move_form_says() -> None:
    moves = play([{"tile": "sea", "at": [0, 1]}, {"tile": "cap"}])
    actions = listed(["draw sea", "p0 place (0,1) r0", "p0 pass", "draw cap"])
    assert actions.history() == moves.history() and actions.events() == moves.events()


def test_SS_S1_unnamed_reveals_follow_the_ships_order_named_ones_are_played() -> None:
    assert written(listed(["draw sea"]))[:4] == DISPLAY
    assert written(listed(["draw sea"], ships=["F1", "E4"]))[:2] == ["reveal F1", "reveal E4"]
    named = listed(["reveal C3", "draw sea"])  # one named, the rest by the order
    assert written(named)[:4] == ["reveal C3", "reveal E4", "reveal D2", "reveal F1"]


def test_an_empty_list_is_the_game_before_its_first_reveal() -> None:
    state = listed([])
    assert state.history() == () and state.phase == "reveal"
    assert isinstance(state.legal_actions()[0], Reveal)


def test_the_list_may_stop_at_a_chance_node() -> None:
    state = listed([*DISPLAY, "draw sea", "p0 place (0,1) r0", "p0 pass"])
    assert state.phase == "draw" and written(state)[-1] == "pass"


def test_steps_counts_entries() -> None:
    entries = [*DISPLAY, "draw sea", "p0 place (0,1) r0", "p0 pass", "draw cap"]
    data = {"players": 2, "tiles": TILES, "ships_file": SHIPS, "actions": entries}
    for k in range(len(entries) + 1):
        assert written(replay(data, source=SOURCE, steps=k)) == entries_played(entries[:k])


def test_SS_P1_a_tile_due_must_be_named() -> None:
    with pytest.raises(AtollError) as info:
        listed(["p0 place (0,1) r0"])
    message = str(info.value)
    assert message.startswith(f"{SOURCE}: actions[0]: 'p0 place (0,1) r0': chance draws a tile")
    assert "SS-P1" in message and "\n" not in message


def test_SS_P2_an_illegal_entry_names_actions_i_and_the_rule() -> None:
    with pytest.raises(IllegalActionError) as info:
        listed(["draw sea", "p0 place (5,5) r0"])
    assert info.value.rule == "SS-P2" and info.value.entry == "actions[1]"
    assert str(info.value).startswith(f"{SOURCE}: actions[1]: ")
    assert "\n" not in str(info.value)


def test_SS_T1_an_entry_for_the_wrong_player_is_refused() -> None:
    with pytest.raises(IllegalActionError) as info:
        listed(["draw sea", "p1 place (0,1) r0"])
    assert info.value.rule == "SS-T1" and info.value.entry == "actions[1]"


def test_an_unreadable_entry_is_a_one_line_error_naming_it() -> None:
    with pytest.raises(AtollError) as info:
        listed(["draw sea", "put it at 0,1"])
    assert str(info.value).startswith(f"{SOURCE}: actions[1]: cannot read 'put it at 0,1'")
    assert "\n" not in str(info.value)


def test_moves_and_actions_together_are_refused_in_one_line() -> None:
    with pytest.raises(AtollError) as info:
        play([{"tile": "sea", "at": [0, 1]}], actions=["draw sea"])
    assert info.value.field == "actions" and "\n" not in str(info.value)
    assert str(info.value) == (
        f"{SOURCE}: actions: give the moves as [[move]] tables or as actions, not both"
    )


def test_an_empty_list_beside_moves_leaves_the_moves_form() -> None:
    moves = [{"tile": "sea", "at": [0, 1]}]
    assert play(moves, actions=[]).history() == play(moves).history()
    assert listed([*DISPLAY, "draw sea"], move=[]).phase == "place"


@pytest.mark.parametrize(
    ("actions", "words"),
    [
        ("draw sea", "actions: Input should be a valid list"),
        ([3], "actions[0]: Input should be a valid string"),
        ([""], "actions[0]: String should have at least 1 character"),
        (["draw sea"] * (MAX_ACTIONS + 1), f"actions: List should have at most {MAX_ACTIONS}"),
    ],
    ids=["not a list", "not a string", "empty", "too many"],
)
def test_a_malformed_list_is_a_one_line_error(actions: Any, words: str) -> None:
    with pytest.raises(AtollError) as info:
        listed(actions)
    assert f"inline.toml: {words}" in str(info.value) and "\n" not in str(info.value)


@pytest.mark.parametrize("path", sorted((ROOT / "examples" / "southseas").glob("*.toml")))
def test_the_move_examples_load_as_before_and_save_as_actions(path: Path, tmp_path: Path) -> None:
    state = load_scenario(path)
    data = state.scenario(read_toml(path))
    assert "move" not in data and "ships" not in data
    assert all(isinstance(e, str) for e in data["actions"])
    again = load_scenario(write_scenario(data, tmp_path / path.name))
    assert again.history() == state.history() and again.events() == state.events()
