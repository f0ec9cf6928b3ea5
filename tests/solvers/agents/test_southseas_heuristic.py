"""The South Seas heuristic that greedy and ISMCTS judge positions by (its terms and weights are
in models/southseas/heuristic.py)."""

from __future__ import annotations

import pytest

from models.core import CHANCE, load_game, make_rng
from models.southseas.heuristic import (
    FEATURE_SHARE_START,
    FUTURE_WARE,
    PARTIAL_WARE,
    SHIP_SHARE,
    SUPPLY_ISLANDER,
    estimate,
    shortfall,
)
from models.southseas.ships import Ship
from models.southseas.state import SouthSeasState
from tests.models.southseas.helpers import play


def test_the_final_scores_once_the_game_is_over() -> None:
    state = load_game("southseas", 3).new_initial_state()
    rng = make_rng(8)
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
            values, scores = state.heuristic(), state.returns()
            assert len(values) == 3 and all(v >= s for v, s in zip(values, scores, strict=True))
    assert state.heuristic() == state.returns()


def banana_picker() -> SouthSeasState:
    """Player 0's islander on the island of the start tile and a band (1 + 2 bananas, open);
    the display emptied, so no ship adds to the estimates."""
    state = play([{"tile": "band", "at": [0, -1], "islander": 0}])
    state.yard.display.clear()
    return state


def share(state: SouthSeasState) -> float:
    left = state.tiles_left / sum(state.game.draw_counts)
    return FEATURE_SHARE_START + (1 - FEATURE_SHARE_START) * (1 - left)


def test_an_islander_in_the_majority_counts_the_symbols_it_would_pay() -> None:
    state = banana_picker()
    mine, theirs = estimate(state)
    assert theirs == pytest.approx(SUPPLY_ISLANDER * 4)
    assert mine == pytest.approx(SUPPLY_ISLANDER * 3 + 3 * FUTURE_WARE * share(state))


def test_a_tie_for_the_majority_counts_for_both_and_a_minority_for_none() -> None:
    state = banana_picker()
    island = state.board.feature_of(next(iter(state.ledger.placed[0])))
    other = next(n for n in island.nodes if n not in state.ledger.placed[0])
    island.islanders.append((1, other))  # player 1 ties the majority
    state.ledger.placed[1].add(other)
    state.ledger.islanders[1] -= 1
    mine, theirs = estimate(state)
    assert (
        mine
        == pytest.approx(theirs)
        == pytest.approx(SUPPLY_ISLANDER * 3 + 3 * FUTURE_WARE * share(state))
    )
    island.islanders.remove((0, next(iter(state.ledger.placed[0]))))
    island.islanders.append((1, island.nodes[-1]))  # now two of player 1's against none
    mine, theirs = estimate(state)
    assert mine == pytest.approx(SUPPLY_ISLANDER * 3)


def test_wares_not_in_a_full_three_count_a_fraction() -> None:
    state = banana_picker()
    base = estimate(state)[1]
    cases = [((1, 0, 0), PARTIAL_WARE / 3), ((2, 1, 0), 1), ((0, 4, 0), 1 + PARTIAL_WARE / 3)]
    for wares, extra in cases:
        state.ledger.wares[1] = list(wares)
        assert estimate(state)[1] == pytest.approx(base + extra)


def test_a_deliverable_ship_counts_a_share_of_its_net_gain() -> None:
    state = banana_picker()
    base = estimate(state)[1]
    state.ledger.wares[1] = [0, 0, 2]
    state.yard.display.append(Ship("fish-2", 2, fixed=(0, 0, 2)))
    assert estimate(state)[1] == pytest.approx(
        base + 2 * PARTIAL_WARE / 3 + SHIP_SHARE[0] * (2 - 2 / 3)
    )
    state.ledger.wares[1] = [0, 0, 1]  # one fish short
    assert estimate(state)[1] == pytest.approx(
        base + PARTIAL_WARE / 3 + SHIP_SHARE[1] * (2 - 2 / 3)
    )


def test_shortfall_counts_the_wares_still_missing() -> None:
    assert shortfall(Ship("a", 4, fixed=(3, 1, 0)), (3, 1, 0)) == (0, 4)
    assert shortfall(Ship("a", 4, fixed=(3, 1, 0)), (0, 0, 9)) == (4, 4)
    assert shortfall(Ship("b", 4, any=5), (1, 1, 1)) == (2, 5)
    assert shortfall(Ship("c", 6, same_types=2, same_each=3), (3, 1, 2)) == (1, 6)
    assert shortfall(Ship("d", 5, fixed=(0, 1, 0), same_types=2, same_each=2), (2, 1, 2)) == (0, 5)
    assert shortfall(Ship("d", 5, fixed=(0, 1, 0), same_types=2, same_each=2), (2, 0, 0)) == (3, 5)
