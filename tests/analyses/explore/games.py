"""Whole seeded games saved as scenarios into a root, for the position pages' tests."""

from __future__ import annotations

from pathlib import Path

from models.core import GameState, load_game, make_rng, random_playout, write_scenario


def played(game: str, players: int, seed: int, max_moves: int = 100_000) -> GameState:
    state = load_game(game, players).new_initial_state()
    random_playout(state, make_rng(seed), max_moves=max_moves)
    return state


def save_game(root: Path, name: str, state: GameState) -> Path:
    """The state's scenario written under the root (no component files: the bundled ones)."""
    return write_scenario(state.scenario(), root / name)
