"""Playing a game out with agents: the loop that studies, strength benchmarks and timings share.

>>> from models.core import load_game, make_rng
>>> from solvers.agents import make_agent
>>> state = load_game("southseas", 2).new_initial_state()
>>> played = play_out(state, [make_agent("random", 1), make_agent("greedy", 2)], make_rng(3))
>>> state.is_terminal() and len(played.moves) == 2 and min(played.moves) > 0
True
"""

from __future__ import annotations

import dataclasses
import itertools
import random
import time
from collections.abc import Hashable, Sequence
from typing import Protocol

from models.core import CHANCE, GameState
from models.luck import Luck
from solvers.agents.spec import Agent


@dataclasses.dataclass
class Played:
    """What each seat did in a game: its decisions and the seconds its agent spent choosing."""

    moves: list[int]
    seconds: list[float]


class Watcher(Protocol):
    """Something that watches a game being played (a study's recorder of the score race and
    the branching factor): told of every decision before it is made."""

    def decision(self, state: GameState, actions: tuple[Hashable, ...]) -> None: ...


def play_out(
    state: GameState,
    agents: Sequence[Agent],
    chance: random.Random | Luck,
    *,
    max_steps: int | None = None,
    watcher: Watcher | None = None,
) -> Played:
    """Play ``state`` to the end: seat p's decisions by ``agents[p]``, chance outcomes drawn
    with ``chance`` (a :class:`~models.luck.Luck`, each purpose its keyed stream, as studies
    draw; or a generator, by ``sample_chance``); ``watcher`` sees every decision before it is
    made. Raises :class:`RuntimeError` when ``max_steps`` steps (decisions and chance outcomes)
    pass without an end."""
    played = Played([0] * len(agents), [0.0] * len(agents))
    clock = time.perf_counter
    draw = chance.draw if isinstance(chance, Luck) else lambda s: s.sample_chance(chance)
    for _ in range(max_steps) if max_steps is not None else itertools.count():
        if state.is_terminal():
            return played
        player = state.current_player()
        if player == CHANCE:
            state.apply(draw(state))
            continue
        if watcher is not None:
            watcher.decision(state, state.legal_actions())
        started = clock()
        action = agents[player].choose(state)
        played.seconds[player] += clock() - started
        played.moves[player] += 1
        state.apply(action)
    raise RuntimeError(f"no end after {max_steps} moves")
