"""The random agent: a uniformly random legal action, drawn with its own keys.

Its choice is keyed, like a game's chance (:mod:`models.luck`): each action gets a number fixed
by the agent's seed, the turn (:meth:`~models.core.GameState.turn_number`), the agent's
decision within the turn and the action's text, and the least number is chosen — uniform over
the legal actions, and the same action in two games whose legal actions differ by others
(a larger hand adds options but keeps the choice where the new ones lose): so two settings of
a game played with random agents differ by the settings, not by the agents' luck.

>>> from models.core import load_game
>>> from models.luck import Luck
>>> state = load_game("southseas", 2).new_initial_state()
>>> luck = Luck(0)
>>> while state.is_chance_node():
...     state.apply(luck.draw(state))
>>> RandomAgent(seed=1).choose(state) in state.legal_actions()
True
"""

from __future__ import annotations

import hashlib
from collections.abc import Hashable

from models.core import GameState, make_rng
from solvers.agents.keys import DecisionKeys
from solvers.agents.spec import Agent, Param


class RandomAgent(Agent):
    """Uniform over the legal actions; the baseline every other agent should beat."""

    params: tuple[Param, ...] = ()

    def __init__(self, *, seed: int, name: str = "random") -> None:
        self.name = name
        self.rng = make_rng(seed)
        self.key = hashlib.blake2b(f"random/{seed}".encode(), digest_size=32).digest()
        self.keys = DecisionKeys(seed)

    def choose(self, state: GameState) -> Hashable:
        actions = state.legal_actions()
        decision = self.keys.key(state)  # counted whether or not there is a choice
        if len(actions) == 1:
            return actions[0]
        base = hashlib.blake2b(f"{decision}|".encode(), digest_size=8, key=self.key)

        def number(action: Hashable) -> bytes:
            keyed = base.copy()  # the decision's key, then the action's text
            keyed.update(str(action).encode())
            return keyed.digest()

        return min(actions, key=number)

    def choose_among(self, state: GameState, actions: tuple[Hashable, ...]) -> Hashable:
        """One of some legal actions, uniformly (a fallback's tie), keyed as :meth:`choose`."""
        self.rng = self.keys.rng(state)
        return actions[0] if len(actions) == 1 else self.rng.choice(actions)
