"""Playing a state to its end at random: the simplest agent, and a check of invariants.

Functions over anything that plays like a :class:`models.core.GameState`.

>>> from models.core import load_game, make_rng
>>> state = load_game("tobago", 2).new_initial_state()
>>> random_playout(state, make_rng(3)) > 0 and state.is_terminal()
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable
from typing import Protocol, TypeVar

from models.errors import AtollError

__all__ = ["Playable", "checked_playout", "draw_by", "random_playout", "sample_chance"]

#: ``current_player()`` of a chance node (the same value as :data:`models.core.CHANCE`).
_CHANCE = -1


class Playable(Protocol):
    """What a playout needs of a state."""

    def current_player(self) -> int: ...
    def legal_actions(self) -> tuple[Hashable, ...]: ...
    def apply(self, action: Hashable) -> None: ...
    def is_terminal(self) -> bool: ...
    def sample_chance(self, rng: random.Random) -> Hashable: ...
    def moves_played(self) -> int: ...


P = TypeVar("P", bound=Playable)


def draw_by(outcomes: tuple[tuple[Hashable, float], ...], rng: random.Random) -> Hashable:
    """The outcome whose share of [0, 1) holds one ``rng.random()`` (outcomes in their order)."""
    if not outcomes:
        raise AtollError("not a chance node", field="state")
    r = rng.random()
    total = 0.0
    for action, probability in outcomes:
        total += probability
        if r < total:
            return action
    return outcomes[-1][0]


def sample_chance(state: Playable, rng: random.Random) -> Hashable:
    """One outcome of a chance node, drawn with ``rng`` by the node's probabilities."""
    return state.sample_chance(rng)


def random_playout(state: Playable, rng: random.Random, max_moves: int | None = None) -> int:
    """Play ``state`` to the end (or ``max_moves``): uniformly random legal actions for the
    players, sampled outcomes at chance nodes, all from ``rng``. Returns the moves made."""
    moves = 0
    while not state.is_terminal() and (max_moves is None or moves < max_moves):
        if state.current_player() == _CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
        moves += 1
    return moves


def checked_playout(state: P, rng: random.Random, check: Callable[[P], Iterable[str]]) -> list[str]:
    """Play ``state`` on like :func:`random_playout`, calling ``check`` after every move (an
    audit of the game's invariants); stop at the first problems it finds and return them, each
    as ``move N: problem`` (an empty list when the game ended without any)."""
    while not state.is_terminal():
        random_playout(state, rng, max_moves=1)
        found = [f"move {state.moves_played()}: {p}" for p in check(state)]
        if found:
            return found
    return []
