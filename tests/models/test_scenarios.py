"""Saving a position as a scenario (models/scenarios.py): the table that replays it. Writing it
is tested in test_data.py, the round trip through every game's ``load_scenario`` in the
conformance suite."""

from __future__ import annotations

import shutil
from collections.abc import Hashable
from pathlib import Path

import pytest

from models.core import load_game, make_rng, random_playout
from models.data import bundled_path
from models.errors import AtollError
from models.scenarios import scenario_data


def test_the_header_loses_its_move_keys_and_keeps_the_rest() -> None:
    state = load_game("gloryislands", 2).new_initial_state()
    random_playout(state, make_rng(2), max_moves=6)
    header = {"players": 2, "board": "b.toml", "actions": ["p0 play red-2"], "seed": 1}
    data = state.scenario(header)
    assert list(data) == ["players", "board", "seed", "actions"]
    assert len(data["actions"]) == 6 and data["actions"][0].startswith("p0 play ")


def test_the_default_header_is_the_players_and_the_options_changed() -> None:
    state = load_game("southseas", 3, {"recall": "never", "islanders": 4}).new_initial_state()
    assert state.scenario() == {"players": 3, "options": {"recall": "never"}, "actions": []}


def test_a_game_of_other_components_needs_a_header(tmp_path: Path) -> None:
    board = shutil.copy(bundled_path("gloryislands", "board.toml"), tmp_path / "board.toml")
    state = load_game("gloryislands", 2, board=board).new_initial_state()
    with pytest.raises(AtollError) as info:
        state.scenario()
    assert info.value.field == "header" and "\n" not in str(info.value)
    assert state.scenario({"players": 2, "board": str(board)})["board"] == str(board)


class _Record:
    """A state that knows its history only (no game to replay it on)."""

    def history(self) -> tuple[Hashable, ...]:
        return ("bid 3", "prize 2")


def test_a_state_without_its_game_writes_bare_entries_and_needs_a_header() -> None:
    assert scenario_data(_Record(), {"players": 2}, ("actions",)) == {
        "players": 2,
        "actions": ["bid 3", "prize 2"],
    }
    with pytest.raises(AtollError, match="header: _Record does not know its game"):
        scenario_data(_Record(), None, ("actions",))
