"""The South Seas estimate and features that can never be finished."""

from __future__ import annotations

from typing import Any

import pytest

from models.core import CHANCE, load_game, make_rng
from models.southseas import heuristic
from models.southseas.finishable import needs_of, proof, usable_of


def _locked(state: Any) -> list[int]:
    """Per player, the islanders in features of the last tile a fast proof shows unfinishable."""
    board = state.board
    placed = board.tiles[next(reversed(board.tiles))]
    counts = [0] * state.game.num_players
    for root in {board.root(placed.node(i)) for i in range(len(placed.tile.pieces))}:
        feature = board.features[root]
        if not feature.islanders or not feature.open or feature.kind.value == "market":
            continue
        if proof(board, state.game.draw_types, usable_of(state), needs_of(board, root)):
            for p, _ in feature.islanders:
                counts[p] += 1
    return counts


def _islander_steps(seeds: range) -> list[Any]:
    """States right after an islander decision, from seeded random 3-player games."""
    found = []
    for seed in seeds:
        state = load_game("southseas", 3).new_initial_state()
        rng = make_rng(seed)
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            kind = state.decision_kind()
            state.apply(rng.choice(state.legal_actions()))
            if kind == "islander" and not state.is_terminal():
                found.append(state.clone())
    return found


def test_SS_F1_an_islander_locked_in_an_unfinishable_feature_counts_as_lost() -> None:
    states = _islander_steps(range(6))
    locked = [s for s in states if any(_locked(s))]
    assert locked, "no islander went into an unfinishable feature: try more seeds"
    for state in states:
        aware = heuristic.estimate(state, lock=1.0)
        plain = heuristic.estimate(state, lock=0)
        assert heuristic.estimate(state) == plain  # off by default (measured not to help)
        for p, n in enumerate(_locked(state)):
            lost = n * heuristic.SUPPLY_ISLANDER
            assert plain[p] - aware[p] == pytest.approx(lost)
