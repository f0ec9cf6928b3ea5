"""The random agent: a uniformly random legal action, drawn with its own generator.

>>> from models.core import load_game, make_rng
>>> state = load_game("southseas", 2).new_initial_state()
>>> rng = make_rng(0)
>>> while state.is_chance_node():
...     state.apply(state.sample_chance(rng))
>>> RandomAgent(seed=1).choose(state) in state.legal_actions()
True
"""

from __future__ import annotations

from collections.abc import Hashable

from models.core import GameState, make_rng
from solvers.agents.spec import Agent, Param


class RandomAgent(Agent):
    """Uniform over the legal actions; the baseline every other agent should beat."""

    params: tuple[Param, ...] = ()

    def __init__(self, *, seed: int, name: str = "random") -> None:
        self.name = name
        self.rng = make_rng(seed)

    def choose(self, state: GameState) -> Hashable:
        return self.rng.choice(state.legal_actions())

    def choose_among(self, state: GameState, actions: tuple[Hashable, ...]) -> Hashable:
        """One of some legal actions, uniformly."""
        return actions[0] if len(actions) == 1 else self.rng.choice(actions)
