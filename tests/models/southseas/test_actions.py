"""The text form of South Seas actions: every action prints as text that parses back to it."""

from __future__ import annotations

import pytest

from models.core import load_game, make_rng
from models.errors import AtollError, IllegalActionError
from models.southseas.actions import (
    PASS,
    Deliver,
    Draw,
    Place,
    PlaceIslander,
    Recall,
    Reveal,
    TakeShip,
    parse_action,
)
from models.southseas.state import SouthSeasState


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3), (5, 4)])
def test_every_legal_action_of_random_games_parses_back(players: int, seed: int) -> None:
    options = {"recall": "any_turn"}
    state = load_game("southseas", players, options).new_initial_state()
    rng, kinds = make_rng(seed), set()
    while not state.is_terminal():
        for action in state.legal_actions():
            assert parse_action(str(action)) == action, str(action)
            assert state.parse_action(str(action)) == action
            kinds.add(type(action))
        state.apply(
            state.sample_chance(rng)
            if state.is_chance_node()
            else rng.choice(state.legal_actions())
        )
    assert {Place, PlaceIslander, Draw, Reveal, type(PASS)} <= kinds


def test_every_action_type_parses_back() -> None:
    for action in (
        Place(-3, 12, 1),
        PlaceIslander(2),
        Recall(0, -1, 3),
        TakeShip("P5b"),
        Deliver("two pairs", (2, 0, 2)),
        PASS,
        Draw("bridge-curve"),
        Reveal("shells-4"),
    ):
        assert parse_action(str(action)) == action


@pytest.mark.parametrize("text", ["", "place (1,2)", "islander 3", "deliver S1", "draw", "pas"])
def test_unreadable_text_is_a_one_line_error(text: str) -> None:
    with pytest.raises(AtollError, match=r"cannot read .* as an action") as info:
        parse_action(text)
    assert "\n" not in str(info.value)


def test_written_entries_play_and_a_wrong_player_is_refused() -> None:
    state = load_game("southseas", 2).new_initial_state()
    assert isinstance(state, SouthSeasState)
    rng = make_rng(5)
    while state.is_chance_node():  # written chance outcomes play too
        state.play_text(str(state.sample_chance(rng)))
    place = str(state.legal_actions()[0])
    with pytest.raises(IllegalActionError) as info:
        state.play_text(f"p1 {place}")
    assert info.value.rule == "SS-T1" and "not player 1's" in str(info.value)
    state.play_text(f"p0 {place}")
    assert state.history()[-1] == parse_action(place)
