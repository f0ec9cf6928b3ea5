"""A seeded strength smoke test per game: ISMCTS on a small budget beats random players, in
every seat, over a handful of 2-player games.

Deterministic (every game's chance and every agent from fixed seeds) and a few seconds per
game. The budgets win with room to spare: over 40 games with these seeds ISMCTS won 40 of South
Seas, 38 of Glory Islands and 39.5 of Tobago; here it must win 6 of 8 and at least half in each
seat. A search that reads every node for seat 0 loses its seat-1 games of South Seas and Glory
Islands and fails here (Tobago's few iterations hide it; the Doors tests catch it everywhere).
"""

from __future__ import annotations

import pytest

from models.core import load_game, make_rng
from solvers.agents import make_agent
from solvers.agents.play import play_out
from tests.games import installed_games, suite

GAMES = 8
#: The tested agent per game (its suite's ``smoke_agent``, tests/conformance/test_<game>.py):
#: small budgets, enough to beat random players clearly.
BUDGETS = {game: suite(game).smoke_agent for game in installed_games()}


def win_shares(game: str, spec: str, games: int) -> dict[int, list[float]]:
    """The tested agent's share of each game's win, by its seat (seat ``i % 2`` in game i)."""
    shares: dict[int, list[float]] = {0: [], 1: []}
    for i in range(games):
        seat = i % 2
        agents = [make_agent(spec if p == seat else "random", 100 * i + p) for p in range(2)]
        state = load_game(game, 2).new_initial_state()
        play_out(state, agents, make_rng(i))
        winners = state.outcome().winners
        shares[seat].append(1 / len(winners) if seat in winners else 0.0)
    return shares


@pytest.mark.parametrize("game", sorted(BUDGETS))
def test_ismcts_beats_random_in_every_seat(game: str) -> None:
    shares = win_shares(game, BUDGETS[game], GAMES)
    overall = sum(map(sum, shares.values())) / GAMES
    assert overall >= 0.75, (game, shares)
    for seat, got in shares.items():  # random would win half of them
        assert sum(got) / len(got) >= 0.5, (game, seat, shares)
