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
from tests.games import installed_games, suite


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


# -- every game reads its scenarios under the same rules (models/scenarios.py) ---------------------

#: A header each game's scenario reader accepts, and one written entry after it (from the
#: game's conformance suite, tests/conformance/test_<game>.py).
HEADERS = {g: (suite(g).scenario_header, suite(g).scenario_entry) for g in installed_games()}


@pytest.mark.parametrize("game", sorted(HEADERS))
def test_every_game_refuses_an_actions_list_past_the_shared_limit(game: str) -> None:
    from models.scenarios import MAX_ENTRIES

    header, entry = HEADERS[game]
    with pytest.raises(AtollError) as info:
        _replay(game)({**header, "actions": [entry] * (MAX_ENTRIES + 1)})
    assert f"at most {MAX_ENTRIES}" in str(info.value) and MAX_ENTRIES == 5000


@pytest.mark.parametrize("game", sorted(HEADERS))
def test_every_game_refuses_a_step_beyond_the_scenarios_end(game: str) -> None:
    header, entry = HEADERS[game]
    replay = _replay(game)
    assert len(replay({**header, "actions": [entry]}, steps=1).history()) >= 1
    with pytest.raises(AtollError) as info:
        replay({**header, "actions": [entry]}, steps=2)
    assert "--step 2: the scenario has 1 actions (0 to 1)" in str(info.value)


def _replay(game: str):  # type: ignore[no-untyped-def]
    import importlib

    return importlib.import_module(f"models.{game}.scenario").replay
