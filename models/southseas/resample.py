"""Redrawing what a South Seas player cannot see: nothing, so a resample is a copy.

Every piece of South Seas information is public (see :mod:`models.southseas.observation`): the
stack's contents and the face-down ships are known by elimination, and their order is chance's,
drawn only when it comes (a state holds no generator). So a state with the same observation for
a player is the state itself, copied.

>>> from models.core import load_game, make_rng
>>> state = load_game("southseas", 2).new_initial_state()
>>> twin = resample(state, 0, make_rng(1))
>>> twin is not state and twin.observation(0) == state.observation(0)
True
"""

from __future__ import annotations

import random
from typing import Protocol, Self, TypeVar


class _Clonable(Protocol):
    def clone(self) -> Self: ...


S = TypeVar("S", bound=_Clonable)


def resample(state: S, player: int, rng: random.Random) -> S:
    """A state with the same observation for ``player``: a copy (nothing is hidden)."""
    return state.clone()
