"""The Glory Islands heuristic (models/gloryislands/heuristic.py): what a revealed card and a
lead in the race are worth to the agents that judge a position with it (issue 35)."""

from __future__ import annotations

from typing import cast

import pytest

from models.core import load_game
from models.gloryislands.actions import Play
from models.gloryislands.heuristic import (
    PROGRESS_WEIGHT,
    RACE_WEIGHT,
    estimate,
    race_bonus,
    sailed_by_the_round,
)
from models.gloryislands.state import GloryIslandsState


def _new(players: int) -> GloryIslandsState:
    return cast(GloryIslandsState, load_game("gloryislands", players).new_initial_state())


def _play_cards(state: GloryIslandsState, *values: int) -> None:
    """Each seat in turn plays its card of ``values[seat]``."""
    for value in values:
        cards = [
            a for a in state.legal_actions() if isinstance(a, Play) and a.card.endswith(f"-{value}")
        ]
        state.apply(cards[0])


def test_a_revealed_card_counts_its_fields_as_sailed_before_the_ship_moves() -> None:
    pos = _new(2)
    _play_cards(pos, 5, 1)
    assert pos.progress == [0, 0] and pos.sails == [5, 1]  # paid at the reveal (GI-R2)
    assert sailed_by_the_round(pos) == [5, 1]
    # the sails cost 4 more fame on the track; the fields and the lead give some of it back,
    # where judged without the fields the 5-card was a plain loss of 4
    values = estimate(pos)
    track = pos.board.sail_track
    length = pos.game.route_length
    lead = RACE_WEIGHT * (
        (pos.board.compass_bonus[0] + pos.board.home_bonus[0]) * 5 / length
        - (pos.board.compass_bonus[1] + pos.board.home_bonus[1]) * 1 / length
    )
    expected = (track[5] - track[1]) + PROGRESS_WEIGHT * 4 + lead
    assert values[0] - values[1] == pytest.approx(expected)
    assert values[0] - values[1] > track[5] - track[1]


def test_the_race_bonus_follows_the_place_and_drops_a_bonus_already_won() -> None:
    pos = _new(3)
    board, length = pos.board, pos.game.route_length
    sailed = [10, 6, 10]
    assert race_bonus(pos, sailed, 1) == (board.compass_bonus[2] + board.home_bonus[2]) * 6 / length
    # two ships level are both first
    assert (
        race_bonus(pos, sailed, 0) == (board.compass_bonus[0] + board.home_bonus[0]) * 10 / length
    )
    pos.compass_order.append(0)  # seat 0 passed the compass: it has its bonus in its fame
    sailed = [14, 6, 10]
    assert race_bonus(pos, sailed, 0) == board.home_bonus[0] * 14 / length
    # seat 2 is now second for the compass, seat 1 third
    assert (
        race_bonus(pos, sailed, 2) == (board.compass_bonus[1] + board.home_bonus[1]) * 10 / length
    )
    pos.sunk[2] = True  # a sunk ship races no more, and is no longer ahead of anybody
    assert race_bonus(pos, sailed, 2) == 0
    assert race_bonus(pos, sailed, 1) == (board.compass_bonus[1] + board.home_bonus[1]) * 6 / length
