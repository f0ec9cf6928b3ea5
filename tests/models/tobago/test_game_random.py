"""500 seeded random Tobago games (2-4 players, rule options cycling through
models.tobago.audit.VARIANTS), audited after every move: gold, roses, clue cards and amulets
conserved, every hint legal when laid, hands never over their size, 4 treasures searched with
the candidates their hints leave; each game's history replayed at the end must give the same
game. benchmarks/tobago_invariants.py runs 10,000."""

from __future__ import annotations

import pytest

from models.core import load_game, make_rng, random_playout, spawn_seeds
from models.tobago.audit import Audit, audit_game, problems
from models.tobago.state import TobagoState

GAMES = 500
BATCHES = 10
SEEDS = spawn_seeds(2026, GAMES)


@pytest.mark.parametrize("batch", range(BATCHES))
def test_random_games_keep_every_invariant(batch: int) -> None:
    size = GAMES // BATCHES
    for i in range(batch * size, (batch + 1) * size):
        found = audit_game(i, 2 + i % 3, SEEDS[i])
        assert not found, f"game {i} (seed {SEEDS[i]}): {found[:3]}"


def test_games_end_when_the_gold_deck_runs_out() -> None:
    for seed in range(6):
        state = load_game("tobago", 2 + seed % 3).new_initial_state()
        random_playout(state, make_rng(seed))
        assert isinstance(state, TobagoState)
        assert state.ended == "the gold deck ran out" and state.deck_size == 0


def test_the_audit_finds_a_lost_gold_card_and_a_stray_rose() -> None:
    state = load_game("tobago", 3).new_initial_state()
    random_playout(state, make_rng(3), max_moves=300)
    assert isinstance(state, TobagoState)
    audit = Audit(state)
    assert problems(audit, state) == []
    state.deck_size -= 1
    state.deck[next(v for v, c in enumerate(state.deck) if c)] -= 1
    state.roses[1] += 1
    found = problems(audit, state)
    assert any(p.startswith("gold") for p in found) and any(p.startswith("roses") for p in found)
