"""Seeded random South Seas games with 2-5 players, invariants checked after every move.

500 games here; benchmarks/southseas_invariants.py runs 10,000 the same way.
"""

from __future__ import annotations

import random

import pytest

from models.core import spawn_seeds
from models.southseas.audit import problems
from models.southseas.rules import SouthSeas, SouthSeasState


def play_checked(game: SouthSeas, seed: int) -> SouthSeasState:
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        covered, since = set(state.covered), len(state.log)
        state.apply(rng.choice(state.legal_actions()))
        found = problems(state, covered, since)
        assert not found, f"seed {seed}, turn {state.turn}: {found}"
    return state


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_keep_every_invariant(players: int) -> None:
    game = SouthSeas(players)
    for seed in spawn_seeds(players, 125):
        state = play_checked(game, seed)
        assert state.board_tiles() + state.unplaceable == 73 or state.yard.exhausted
        # a replay of the log reproduces the game
        again = game.new_initial_state(seed)
        for action in state.history:
            again.apply(action)
        assert again.is_terminal()
        assert again.returns() == state.returns()
        assert again.log == state.log


def test_unplaceable_tiles_are_rare() -> None:
    game = SouthSeas(4)
    draws = removed = 0
    for seed in range(200):
        state = game.new_initial_state(seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
        draws += state.board_tiles() - 1 + state.unplaceable
        removed += state.unplaceable
    assert removed / draws < 0.01  # "the rare case" of the source texts
