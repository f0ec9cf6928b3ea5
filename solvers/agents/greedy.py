"""The greedy agent: one step of lookahead judged by the game's own heuristic.

For each legal action the agent applies it to a copy of the position and asks the game for
:meth:`~models.core.GameState.heuristic` (each player's estimated final return; the returns
themselves if the action ends the game). An action's value is the agent's own estimate minus
the best other player's, so it both gains and keeps others from gaining; the best value wins
and ties are broken by the agent's generator.

It never looks past a chance node: only its own action is applied, and if chance moves next
(a tile is drawn, a card turned up) the position is judged there. It never looks at what its
player cannot see either: the copies are made from one determinization,
``state.resample(player, rng)`` (for a game of perfect information, a plain copy).

A **secret choice** (:meth:`~models.core.GameState.secret_choice`: Glory Islands' sail cards)
is a simultaneous move, played as one whatever the agent's place in the order of choosing
(:mod:`solvers.agents.secret`): from the state where the choice began, every chooser plays
regret matching on the margins at the reveal (``samples`` determinizations, ``rounds``
rounds), and the agent draws its choice from its average strategy. A pure best reply (to others
choosing uniformly, as before) made identical agents play identical cards: in Glory Islands,
the 1-card every round, the race then decided by the cards' tie-breakers alone.

>>> from models.core import load_game, make_rng
>>> state = load_game("southseas", 3).new_initial_state()
>>> rng = make_rng(0)
>>> while state.is_chance_node():
...     state.apply(state.sample_chance(rng))
>>> agent = GreedyAgent(seed=1)
>>> agent.choose(state) == GreedyAgent(seed=1).choose(state)
True
"""

from __future__ import annotations

from collections.abc import Hashable

from models.core import GameState, make_rng
from solvers.agents.judge import judged_margin, margin
from solvers.agents.keys import DecisionKeys
from solvers.agents.secret import Mix, equilibrium
from solvers.agents.spec import Agent, Param

__all__ = ["TIE", "GreedyAgent", "judged_margin", "margin"]

#: Values closer than this are a tie (heuristics are sums of floats).
TIE = 1e-9


class GreedyAgent(Agent):
    """One-step lookahead on the game's heuristic; ties broken by the agent's own generator."""

    params: tuple[Param, ...] = (
        Param(
            "samples",
            int,
            8,
            "determinizations a secret choice is played out on",
            minimum=1,
        ),
        Param(
            "rounds",
            int,
            32,
            "rounds of regret matching at a secret choice",
            minimum=1,
        ),
    )

    def __init__(
        self, *, seed: int, samples: int = 8, rounds: int = 32, name: str = "greedy"
    ) -> None:
        self.name = name
        self.rng = make_rng(seed)  # each decision's own (DecisionKeys): luck held per decision
        self.keys = DecisionKeys(seed)
        self.samples, self.rounds = samples, rounds

    def values(self, state: GameState) -> list[tuple[Hashable, float]]:
        """Each legal action with its value (own estimate minus the best other's)."""
        if state.secret_choice() is not None:
            return self.secret_values(state)
        return self.values_of(state, state.legal_actions())

    def values_of(
        self, state: GameState, actions: tuple[Hashable, ...]
    ) -> list[tuple[Hashable, float]]:
        """Some legal actions (not at a secret choice) with their values, as :meth:`values`."""
        player = state.current_player()
        base = state.resample(player, self.rng)  # a fresh state: the last action may use it
        out = []
        for i, action in enumerate(actions):
            after = base if i == len(actions) - 1 else base.clone()
            after.apply(action)
            out.append((action, judged_margin(after, player)))
        return out

    def secret_values(self, state: GameState) -> list[tuple[Hashable, float]]:
        """At a secret choice: each own choice with its mean margin at the reveal against the
        others' strategies (:meth:`secret_mix`)."""
        return list(self.secret_mix(state).value.items())

    def secret_mix(self, state: GameState) -> Mix:
        """At a secret choice: the agent's mixed strategy and each choice's value (module)."""
        start = state.secret_choice_start()
        player = state.current_player()
        return equilibrium(start, player, self.rng, samples=self.samples, rounds=self.rounds)

    def choose_among(self, state: GameState, actions: tuple[Hashable, ...]) -> Hashable:
        """The best of some legal actions (a strategy's tie, say): by their values, or at a
        secret choice by the agent's mixed strategy restricted to them."""
        self.rng = self.keys.rng(state)
        if len(actions) == 1:
            return actions[0]
        if state.secret_choice() is not None:
            mix = self.secret_mix(state).strategy
            weights = [max(0.0, mix.get(a, 0.0)) for a in actions]
            total = sum(weights)
            if total <= 0:
                return self.rng.choice(actions)
            pick, acc = self.rng.random() * total, 0.0
            for action, weight in zip(actions, weights, strict=True):
                acc += weight
                if pick < acc:
                    return action
            return actions[-1]
        values = self.values_of(state, actions)
        top = max(v for _, v in values)
        best = [a for a, v in values if v >= top - TIE]
        return best[0] if len(best) == 1 else self.rng.choice(best)

    def choose(self, state: GameState) -> Hashable:
        actions = state.legal_actions()
        self.rng = self.keys.rng(state)
        if len(actions) == 1:
            return actions[0]
        if state.secret_choice() is not None:
            return self.secret_mix(state).draw(self.rng)
        values = self.values(state)
        top = max(v for _, v in values)
        best = [a for a, v in values if v >= top - TIE]
        return best[0] if len(best) == 1 else self.rng.choice(best)
