"""The agents in Tobago: the greedy agent (one step on :mod:`models.tobago.heuristic`) on
constructed positions, and every agent deterministic under its seed.

A constructed position starts from the first turn of a seeded 3-player game (every vehicle on
the first island field, one starting hint per treasure) and then sets what the test is about:
two treasures narrowed to the same two far-away fields, one card in player 0's hand that tells
them apart, and whose roses lie where; or a treasure fixed one leg from player 0's vehicle.
"""

from __future__ import annotations

from typing import Any

import pytest

from models.core import CHANCE, load_game, make_rng
from models.tobago import turns
from models.tobago.actions import Hint, Leg
from solvers.agents import GreedyAgent, make_agent


def first_turn(seed: int = 1) -> Any:
    state = load_game("tobago", 3).new_initial_state()
    rng = make_rng(seed)
    while state.phase != "turn":
        player = state.current_player()
        state.apply(state.sample_chance(rng) if player == CHANCE else state.legal_actions()[0])
    assert state.current_player() == 0 and state.vehicles == [0, 0, 0]
    return state


def _set_roses(state: Any, queues: dict[int, list[int]]) -> None:
    for t, queue in queues.items():
        state.queues[t] = list(queue)
    for p in range(state.n):
        state.roses[p] = 15 - sum(q.count(p) for q in state.queues)


def pin_position(mine: list[int], theirs: list[int]) -> tuple[Any, Hint, Hint]:
    """Treasures 1 and 2 both down to the same two fields, three or more legs from every
    vehicle; player 0 holds a card that pins either to one of them. Roses: ``mine`` at
    treasure 1, ``theirs`` at treasure 2. Returns the state and the two pinning hints."""
    state = first_turn()
    game, roads = state.game, state.game.roads
    far = [f for f in range(len(game.fields)) if roads.distance(0, f) >= 3]
    clue, inside, outside = next(
        (c, a, b)
        for c, mask in enumerate(game.masks)
        if state.pile[c]
        for a in far
        if mask >> a & 1
        for b in far
        if not mask >> b & 1
    )
    old = state.hands[0][0]  # the card leaves the hand for the pile, the clue comes from it
    state.pile[old] += 1
    state.pile[clue] -= 1
    state.hands[0][0] = clue
    state.cand[0] = state.cand[1] = 1 << inside | 1 << outside
    _set_roses(state, {0: mine, 1: theirs})
    state.set_actions("turn", turns.turn_actions(state, 0))
    clue_card = game.clues[clue]
    return state, Hint(clue_card, 1), Hint(clue_card, 2)


def _pins(state: Any, action: Any) -> bool:
    after = state.clone()
    after.apply(action)
    return isinstance(action, Hint) and after.cand[action.treasure - 1].bit_count() == 1


def test_greedy_pins_the_treasure_where_it_holds_most_roses() -> None:
    state, at_mine, at_theirs = pin_position(mine=[1, 0, 0], theirs=[1, 2, 2])
    assert _pins(state, at_mine) and _pins(state, at_theirs)
    values = dict(GreedyAgent(seed=0).values(state))
    assert values[at_mine] > values[at_theirs]
    assert max(values, key=values.__getitem__).treasure == 1  # type: ignore[attr-defined]
    for seed in range(3):
        chosen = make_agent("greedy", seed).choose(state)
        assert isinstance(chosen, Hint) and chosen.treasure == 1 and _pins(state, chosen)


def test_greedy_pins_the_other_treasure_when_the_roses_are_swapped() -> None:
    # the same fields and card; now treasure 2 is where player 0 holds most roses
    state, at_first, at_second = pin_position(mine=[1, 2, 2], theirs=[1, 0, 0])
    values = dict(GreedyAgent(seed=0).values(state))
    assert values[at_second] > values[at_first]
    chosen = make_agent("greedy", 0).choose(state)
    assert isinstance(chosen, Hint) and chosen.treasure == 2 and _pins(state, chosen)


def raise_position(queue: list[int]) -> tuple[Any, Leg]:
    """Treasure 1 fixed on a field one leg from player 0's vehicle, with roses ``queue``."""
    state = first_turn()
    game = state.game
    target = game.roads.legs[state.vehicles[0]][0]
    state.cand[0] = 1 << target
    _set_roses(state, {0: queue})
    state.set_actions("turn", turns.turn_actions(state, 0))
    return state, Leg(game.fields[target])


@pytest.mark.parametrize("queue", [[1, 0], [0, 1, 2], [2, 0, 0]])
def test_greedy_drives_onto_a_fixed_treasure_it_can_raise(queue: list[int]) -> None:
    state, onto = raise_position(queue)
    assert onto in state.legal_actions()
    after = state.clone()
    after.apply(onto)
    assert after.share is not None and after.share.raiser == 0  # TB-D2: the leg raises it
    values = dict(GreedyAgent(seed=0).values(state))
    assert all(values[onto] > v for a, v in values.items() if a != onto)
    assert make_agent("greedy", 5).choose(state) == onto


def test_raising_is_worth_the_raisers_rose_at_once() -> None:
    # right after the raise, while the gold is still to be drawn (TB-G1), the heuristic counts
    # the cards to come: the raiser's rose at the back is worth about a card
    state, onto = raise_position([1, 0])
    before = state.heuristic()
    state.apply(onto)
    assert state.is_chance_node() and state.share is not None
    after = state.heuristic()
    assert after[0] > before[0]
    deck = state.deck
    mean = sum(v * c for v, c in enumerate(deck)) / (state.deck_size - deck[0])
    assert after[0] - sum(state.gold[0]) >= 0.8 * mean  # two roses; the back one first


@pytest.mark.parametrize("spec", ["random", "greedy", "ismcts:iterations=15"])
def test_agents_are_deterministic_under_their_seed(spec: str) -> None:
    def play(seed: int) -> tuple[Any, ...]:
        state = load_game("tobago", 3).new_initial_state()
        agents = [make_agent(spec if p == 0 else "random", seed + p) for p in range(3)]
        chance = make_rng(11)
        for _ in range(400):
            if state.is_terminal():
                break
            player = state.current_player()
            if player == CHANCE:
                state.apply(state.sample_chance(chance))
            else:
                state.apply(agents[player].choose(state))
        return state.history()

    first = play(3)
    assert play(3) == first
    assert len(first) > 100
