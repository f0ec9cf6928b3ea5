"""An agent's randomness keyed by the decision, like a game's chance (:mod:`models.luck`).

An agent that draws its random numbers one after another from one generator makes every later
choice differently once one decision differs; two settings of a game would then differ by the
agents' luck, not by the settings. :class:`DecisionKeys` gives each decision its own generator,
fixed by the agent's seed, the turn (:meth:`~models.core.GameState.turn_number`) and the
decision's place among the agent's decisions in that turn, so the same decision draws the same
numbers whatever happened before it.

>>> from models.core import load_game
>>> state = load_game("tobago", 2).new_initial_state()
>>> a, b = DecisionKeys(5), DecisionKeys(5)
>>> a.rng(state).random() == b.rng(state).random(), a.key(state) == b.key(state)
(True, True)
"""

from __future__ import annotations

import random

from models.core import GameState

__all__ = ["DecisionKeys"]


class DecisionKeys:
    """Each decision's key (``seed/turn/k``: the ``k``-th decision of the agent in the turn)."""

    __slots__ = ("seed", "turn", "within")

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.turn, self.within = -1, 0

    def key(self, state: GameState) -> str:
        """The next decision's key (call once per decision)."""
        turn = state.turn_number()
        if turn == self.turn:
            self.within += 1
        else:
            self.turn, self.within = turn, 0
        return f"{self.seed}/{turn}/{self.within}"

    def rng(self, state: GameState) -> random.Random:
        """A generator for the next decision, seeded by its key (``random`` turns a text seed
        into its SHA-512: the same in every process)."""
        return random.Random(self.key(state))
