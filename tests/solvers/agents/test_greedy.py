"""The greedy agent on constructed South Seas positions (the hand-made test tiles).

The start tile at (0, 0) has an island cap on its north side (1 banana), a bridge from west to
east, and sea to the south (see tests/models/southseas/test_rules_features.py)::

        (0,-2)   cap here, island side down, closes the island: 1 + 2 + 1 bananas
        (0,-1)   band: island N-S (2 bananas), player 0's islander on it
        (0, 0)   start
        (0, 1)   sea (player 1)
"""

from __future__ import annotations

from typing import Any

import pytest

import tests.conformance.goofspiel  # noqa: F401  (registers the toy game)
from models.core import load_game, make_rng
from models.southseas.actions import PASS, Place
from solvers.agents import GreedyAgent, make_agent
from solvers.agents.greedy import margin
from tests.models.southseas.helpers import play, wares

BANANA_PICKER: list[dict[str, Any]] = [
    {"tile": "band", "at": [0, -1], "islander": 0},  # player 0: his islander on the island
    {"tile": "sea", "at": [0, 1]},  # player 1: a sea tile far from it
]


def test_greedy_completes_the_island_where_it_has_the_majority() -> None:
    state = play([*BANANA_PICKER, {"tile": "cap"}])  # player 0 drew a cap: where does it go?
    assert state.current_player() == 0 and len(state.legal_actions()) > 2
    closing = Place(0, -2, 2)
    assert closing in state.legal_actions()
    values = dict(GreedyAgent(seed=0).values(state))
    assert max(values, key=values.__getitem__) == closing
    assert all(values[closing] > v for a, v in values.items() if a != closing)
    for seed in range(3):
        assert make_agent("greedy", seed).choose(state) == closing
    state.apply(closing)
    state.apply(PASS)  # the islander step, then the island is evaluated
    assert wares(state, 0) == (0, 4, 0)


def test_greedy_keeps_the_other_player_from_completing_his_island() -> None:
    # the same position seen by player 1: a cap on the island would pay player 0, not him
    state = play([BANANA_PICKER[0], {"tile": "cap"}])
    assert state.current_player() == 1
    values = dict(GreedyAgent(seed=0).values(state))
    closing = Place(0, -2, 2)
    assert closing in values and values[closing] < max(values.values())
    assert make_agent("greedy", 1).choose(state) != closing


@pytest.mark.parametrize("game", ["southseas", "goofspiel"])
def test_greedy_never_looks_past_chance(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # a decision after which chance moves (the next tile; the next prize card): the copies are
    # judged there, so no chance outcome is ever asked for
    state = load_game(game, 2).new_initial_state()
    rng = make_rng(3)
    while state.is_chance_node():
        state.apply(state.sample_chance(rng))
    if game == "goofspiel":
        state.apply(state.legal_actions()[0])  # the first bid: the second resolves the round
    cls = type(state)

    def refuse(*_: object) -> None:
        raise AssertionError("greedy asked chance")

    monkeypatch.setattr(cls, "sample_chance", refuse)
    monkeypatch.setattr(cls, "chance_outcomes", refuse)
    agent = GreedyAgent(seed=0)
    for action, value in agent.values(state):
        after = state.clone()
        after.apply(action)
        if game == "southseas":  # nothing hidden: the value is the judgement of that position
            assert value == margin(after.heuristic(), state.current_player())
    assert agent.choose(state) in state.legal_actions()


def test_margin_is_own_value_minus_the_best_other() -> None:
    assert margin((4.0, 1.0, 6.0), 0) == -2.0
    assert margin((4.0, 1.0, 6.0), 2) == 2.0
    assert margin((4.0,), 0) == 4.0
