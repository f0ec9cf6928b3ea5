"""Seeded random South Seas games with 2-5 players, invariants checked after every move.

500 games here; benchmarks/southseas_invariants.py runs 10,000 the same way.
"""

from __future__ import annotations

import pytest

from models.core import CHANCE, load_game, make_rng, random_playout, spawn_seeds
from models.southseas.audit import problems
from models.southseas.state import SouthSeasState


def play_checked(players: int, seed: int) -> SouthSeasState:
    state: SouthSeasState = load_game("southseas", players).new_initial_state()  # type: ignore[assignment]
    rng = make_rng(seed)
    while not state.is_terminal():
        covered, since = set(state.covered), len(state.log)
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
        found = problems(state, covered, since)
        assert not found, f"seed {seed}, turn {state.turn}: {found}"
    return state


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_keep_every_invariant(players: int) -> None:
    game = load_game("southseas", players)
    for seed in spawn_seeds(players, 125):
        state = play_checked(players, seed)
        assert state.board_tiles() + state.unplaceable == 73 or state.yard.exhausted
        # a replay of the history (chance outcomes included) reproduces the game
        again = game.replay(state.history())
        assert again.is_terminal()
        assert again.returns() == state.returns()
        assert again.events() == state.events()


def test_unplaceable_tiles_are_rare() -> None:
    game = load_game("southseas", 4)
    draws = removed = 0
    for seed in range(200):
        state: SouthSeasState = game.new_initial_state()  # type: ignore[assignment]
        random_playout(state, make_rng(seed))
        draws += state.board_tiles() - 1 + state.unplaceable
        removed += state.unplaceable
    assert removed / draws < 0.01  # "the rare case" of the source texts
