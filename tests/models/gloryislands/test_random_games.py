"""Seeded random Glory Islands games with 2-4 players, invariants checked after every move.

500 games here (in chunks, so pytest-xdist spreads them); benchmarks/gloryislands_invariants.py
runs 10,000 the same way.
"""

from __future__ import annotations

import pytest

from models.core import checked_playout, load_game, make_rng, spawn_seeds
from models.gloryislands.audit import Audit
from models.gloryislands.state import GloryIslandsState

GAMES = 500
CHUNKS = 10
SEEDS = spawn_seeds(2026, GAMES)


def play_checked(
    players: int, seed: int, options: dict[str, object] | None = None
) -> GloryIslandsState:
    """A random game from ``seed``, every invariant of audit.py checked after each move; then
    its history replayed, which must give the same game."""
    game = load_game("gloryislands", players, options)
    state: GloryIslandsState = game.new_initial_state()  # type: ignore[assignment]
    found = checked_playout(state, make_rng(seed), Audit(state).step)  # type: ignore[arg-type]
    assert not found, f"{players} players, seed {seed}: {found}"
    again = game.replay(state.history())
    assert again.is_terminal() and again.events() == state.events()
    assert again.returns() == state.returns() and again.outcome() == state.outcome()
    return state


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_keep_every_invariant(chunk: int) -> None:
    ended = set()
    for i in range(chunk, GAMES, CHUNKS):
        players = 2 + i % 3
        options = {"sunk_pirates": "removed"} if i % 7 == 3 else None
        state = play_checked(players, SEEDS[i], options)
        ended.add(state.ended)
        assert state.round <= 24 + 1  # every ship sails at least 1 field a round
    assert any(why and "whole route" in why for why in ended)
