"""What a feature waits for: fitting tiles per position and the chance of drawing one, against
exact enumeration of every order of a small stack."""

from __future__ import annotations

from fractions import Fraction
from itertools import permutations

import pytest

from solvers.southseas.completable import completable
from solvers.southseas.features import open_features, supply_of
from solvers.southseas.waiting import chance_within, waiting_for
from tests.models.southseas.helpers import small_game

STACK = {"cap": 2, "sea": 2, "band": 1, "bridge": 1}


def test_SS_P3_the_tiles_that_fit_are_those_the_board_accepts() -> None:
    state = small_game(STACK)
    supply = supply_of(state)
    for feature in open_features(state.board):
        waiting = waiting_for(state.board, feature, supply, 1)
        for wanted in waiting.positions:
            expected = {
                (t.id, tuple(r for r in t.rotations if state.board.fits(t, wanted.position, r)))
                for t, c in zip(supply.types, supply.stack, strict=True)
                if c and any(state.board.fits(t, wanted.position, r) for r in range(4))
            }
            assert set(wanted.fits) == expected
            assert wanted.copies == sum(STACK[t] for t, _ in wanted.fits)


@pytest.mark.parametrize("draws", range(1, 7))
def test_SS_P1_the_chance_of_drawing_a_fitting_tile_equals_enumeration(draws: int) -> None:
    state = small_game(STACK)
    answer = completable(state, (0, 0, 0), draws=draws, time_limit=30)  # the start's island
    waiting = answer.waiting
    assert waiting is not None and len(waiting.positions) == 1
    wanted = waiting.positions[0]
    assert wanted.position == (0, -1) and {t for t, _ in wanted.fits} == {"cap", "band"}
    pile = [t for t, n in sorted(STACK.items()) for _ in range(n)]
    orders = set(permutations(pile))  # every distinct order of the stack, equally likely
    hits = sum(any(t in ("cap", "band") for t in order[:draws]) for order in orders)
    assert wanted.chance == Fraction(hits, len(orders)) == waiting.chance


def test_the_chance_past_the_end_of_the_stack() -> None:
    assert chance_within(3, 1, 10) == 1
    assert chance_within(0, 0, 2) == 0
