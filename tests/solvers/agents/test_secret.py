"""Secret choices played as simultaneous games (solvers/agents/secret.py, issue 35).

A toy with a known mixed equilibrium: biased matching pennies. Both players show heads or tails
at once (asked one after another, revealed together); player 0 wins when they match, 3 on
heads-heads and 1 on tails-tails, and player 1 wins 1 when they differ. The margins are
zero-sum, and in the only equilibrium each shows heads a third of the time (each makes the other
indifferent: 3p - (1 - p) = -p + (1 - p) gives p = 1/3).
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Self

import pytest

from models.core import TERMINAL, GameState, make_rng
from models.errors import AtollError, IllegalActionError
from solvers.agents import GreedyAgent
from solvers.agents.secret import equilibrium, reveal

HEADS, TAILS = "heads", "tails"
#: Player 0's margin for (his side, player 1's side); player 1's is its negative.
MARGIN = {(HEADS, HEADS): 3.0, (TAILS, TAILS): 1.0, (HEADS, TAILS): -1.0, (TAILS, HEADS): -1.0}


class PenniesState(GameState):
    """Biased matching pennies; ``first`` is the player asked first (the engine's order)."""

    def __init__(self, first: int = 0) -> None:
        super().__init__()
        self.first = first
        self.shown: dict[int, str] = {}

    def current_player(self) -> int:
        if len(self.shown) == 2:
            return TERMINAL
        return self.first if not self.shown else 1 - self.first

    def is_terminal(self) -> bool:
        return len(self.shown) == 2

    def legal_actions(self) -> tuple[Hashable, ...]:
        return () if self.is_terminal() else (HEADS, TAILS)

    def chance_outcomes(self) -> tuple[tuple[Hashable, float], ...]:
        return ()

    def is_legal(self, action: Hashable) -> bool:
        return action in self.legal_actions()

    def refusal(self, action: Hashable) -> IllegalActionError:
        return IllegalActionError(f"MP: {action} is not legal", rule="MP", action=action)

    def do_apply(self, action: Hashable) -> None:
        self.shown[self.current_player()] = str(action)

    def parse_action(self, text: str) -> Hashable:
        if text in (HEADS, TAILS):
            return text
        raise AtollError(f"cannot read {text!r}")

    def turn_rule(self, player: int) -> tuple[str, str]:
        return "MP", self.not_your_turn(player)

    def returns(self) -> tuple[float, ...]:
        if not self.is_terminal():
            return (0.0, 0.0)
        m = MARGIN[(self.shown[0], self.shown[1])]
        return (m / 2, -m / 2)

    def secret_choice(self) -> Hashable | None:
        return None if self.is_terminal() else "the coins"

    def secret_choice_start(self) -> Self:
        return type(self)(self.first)

    def clone(self) -> Self:
        twin = type(self)(self.first)
        twin.shown = dict(self.shown)
        return twin

    def observation(self, player: int) -> Hashable:
        return (player, self.shown.get(player), len(self.shown))

    def resample(self, player: int, rng: random.Random) -> Self:
        twin = self.clone()
        for other in [p for p in twin.shown if p != player]:
            twin.shown[other] = rng.choice((HEADS, TAILS))  # hidden: redrawn
        return twin


def test_regret_matching_finds_the_mixed_equilibrium_of_biased_pennies() -> None:
    for player in (0, 1):
        mix = equilibrium(PenniesState(), player, make_rng(player), samples=1, rounds=4000)
        assert mix.strategy[HEADS] == pytest.approx(1 / 3, abs=0.05), (player, mix)
        # at the equilibrium both sides are worth the same to him (he is indifferent)
        assert mix.value[HEADS] == pytest.approx(mix.value[TAILS], abs=0.35), (player, mix)


@pytest.mark.parametrize("first", [0, 1])
def test_the_mix_is_the_same_from_either_place_in_the_order(first: int) -> None:
    # player 1 asked first or second: the same start, the same draws, the same mix
    state = PenniesState(first)
    if state.current_player() != 1:
        state.apply(HEADS)  # player 0's coin, hidden from player 1
    assert state.current_player() == 1
    start = state.secret_choice_start()
    mix = equilibrium(start, 1, make_rng(7), samples=2, rounds=300)
    again = equilibrium(PenniesState(1 - first), 1, make_rng(7), samples=2, rounds=300)
    assert mix.strategy[HEADS] == pytest.approx(again.strategy[HEADS], abs=0.1)


def test_greedy_mixes_at_a_secret_choice_where_a_pure_reply_would_be_exploited() -> None:
    # against a uniform other the pure best reply is heads (3 beats 1): the old greedy showed
    # heads every time; now about a third of the time
    state = PenniesState()
    shown = [GreedyAgent(seed=s, rounds=200).choose(state) for s in range(150)]
    assert 30 <= shown.count(HEADS) <= 70, shown.count(HEADS)  # 50 expected; binomial sd 5.8
    uniform = reveal(PenniesState(), 0, HEADS, make_rng(1))
    assert uniform.is_terminal()
