"""Secret choices made one after another: judged at the reveal, the same from every place in the
order (:meth:`~models.core.GameState.secret_choice`).

The engine asks for a secret choice (Glory Islands' sail cards) one player after another, but the
rules make it simultaneous: nobody sees another's choice before all are revealed. An agent that
judged its choice right after making it would see the reveal only when it chooses last (the
choices before it redrawn from what it cannot see) and judge a first choice before anything
happened: the order would decide how it plays. So an agent goes back to where the choice began
(:meth:`~models.core.GameState.secret_choice_start`) and plays the whole choice out: its own
choice given, every other chooser's drawn by a model of him, the same for those before and
after it. The model here is **uniform among his legal choices**, which is also how
``resample`` redraws a hidden choice already made, so a choice is judged against the same
distribution of the others' whatever its place in the order.

>>> from models.core import load_game, make_rng
>>> state = load_game("gloryislands", 2).new_initial_state()
>>> rng = make_rng(0)
>>> while state.is_chance_node():
...     state.apply(state.sample_chance(rng))
>>> key = state.secret_choice()
>>> after = reveal(state.secret_choice_start(), 0, state.legal_actions()[0], make_rng(1))
>>> after.secret_choice() != key and len(after.history()) == len(state.history()) + 2
True
"""

from __future__ import annotations

import random
from collections.abc import Hashable

from models.core import GameState


def reveal(start: GameState, player: int, action: Hashable, rng: random.Random) -> GameState:
    """``start`` (a state where a secret choice begins; changed in place and returned) played to
    the end of that choice: ``player`` chooses ``action``, every other chooser uniformly among
    his legal choices (drawn with ``rng``, in the order the engine asks)."""
    key = start.secret_choice()
    while start.secret_choice() == key and start.current_player() >= 0:
        chooser = start.current_player()
        start.apply(action if chooser == player else rng.choice(start.legal_actions()))
    return start
