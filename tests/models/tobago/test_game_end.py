"""The end (TB-E1): when the gold deck runs out the game is over and the most gold wins."""

from __future__ import annotations

from typing import Any

from models.tobago.state import TobagoState
from tests.models.tobago.test_game_setup import act, draw_gold, fix, ready, refusal, restart_turn


def last_treasure(cards: int, **options: Any) -> TobagoState:
    """Treasure 1 fixed on 3,4 with P1's rose; ``cards`` 4s left in the gold deck; P0 raises."""
    state = ready(2, vehicles=[(3, 4), (3, 4)], amulets_when="never", **options)
    fix(state, 1, (3, 4), queue=[1])
    state.deck = [0] * len(state.deck)
    state.deck[4] = cards
    state.deck_size = cards
    restart_turn(state, 0)
    act(state, "raise")
    return state


def test_TB_E1_the_game_ends_when_the_gold_deck_runs_out() -> None:
    state = last_treasure(3)
    state.gold = [[2], [6]]
    draw_gold(state, 4, 4, 4)
    act(state, "reveal 4", "take", "reveal 4", "take")
    assert state.is_terminal() and state.deck_size == 0
    assert state.ended == "the gold deck ran out"
    outcome = state.outcome()
    assert outcome.final and outcome.scores == (6.0, 10.0) and outcome.winners == (1,)
    assert state.returns() == (6.0, 10.0)
    assert refusal(state, "stop").rule == "TB-E1"


def test_TB_E1_a_short_deck_stops_the_drawing_and_ends_the_game() -> None:
    state = last_treasure(1)  # two roses, but one card left: no unseen card either
    draw_gold(state, 4)
    assert state.phase == "reveal" and state.share is not None and sum(state.share.pile) == 1
    act(state, "reveal 4", "take")
    assert state.is_terminal()


def test_TB_E1_ties_are_shared_by_default() -> None:
    state = last_treasure(3)
    state.gold, state.amulets = [[4], [4]], [1, 0]
    draw_gold(state, 4, 4, 4)
    act(state, "reveal 4", "take", "reveal 4", "take")
    assert state.outcome().winners == (0, 1)


def test_TB_E1_ties_broken_by_amulets_as_an_option() -> None:
    state = last_treasure(3, ties="amulets")
    state.gold, state.amulets = [[4], [4]], [1, 0]
    draw_gold(state, 4, 4, 4)
    act(state, "reveal 4", "take", "reveal 4", "take")
    assert state.outcome().winners == (0,)
