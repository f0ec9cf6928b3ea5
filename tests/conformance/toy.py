"""A tiny game with chance, used to check the protocol suite itself until every game plugs in.

Pig to 20: on a turn a player rolls a die (chance, from the state's own generator) and either
holds (banking the turn total) or rolls again; a 1 loses the turn total.
"""

from __future__ import annotations

import copy
import dataclasses
import random
from typing import Self

from models.core import TERMINAL, Game, GameState, RuleOptions, make_rng
from models.errors import AtollError


@dataclasses.dataclass(frozen=True)
class PigOptions(RuleOptions):
    target: int = 20


class PigState(GameState):
    def __init__(self, players: int, options: PigOptions, rng: random.Random) -> None:
        self.scores = [0] * players
        self.turn_total = 0
        self.player = 0
        self.options = options
        self.rng = rng

    def current_player(self) -> int:
        return TERMINAL if self.is_terminal() else self.player

    def legal_actions(self) -> list[str]:
        return [] if self.is_terminal() else ["roll", "hold"]

    def apply(self, action: object) -> None:
        if action not in self.legal_actions():
            raise AtollError(f"illegal action {action!r}", field="action")
        if action == "hold":
            self.scores[self.player] += self.turn_total
            self._next()
            return
        die = self.rng.randint(1, 6)
        if die == 1:
            self._next()
        else:
            self.turn_total += die

    def _next(self) -> None:
        self.turn_total = 0
        self.player = (self.player + 1) % len(self.scores)

    def is_terminal(self) -> bool:
        return max(self.scores) >= self.options.target

    def returns(self) -> tuple[float, ...]:
        return tuple(float(s) for s in self.scores)

    def clone(self) -> Self:
        return copy.deepcopy(self)


class Pig(Game):
    name = "pig"

    def __init__(self, players: int = 2, options: PigOptions | None = None) -> None:
        self._players = players
        self._options = options or PigOptions()

    @property
    def num_players(self) -> int:
        return self._players

    @property
    def options(self) -> PigOptions:
        return self._options

    def new_initial_state(self, seed: int | random.Random) -> PigState:
        return PigState(self._players, self._options, make_rng(seed))
