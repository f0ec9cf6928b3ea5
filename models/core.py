"""The shared game protocol, rule options and seeds: what every game of atoll has in common.

The protocol follows OpenSpiel. A :class:`Game` is made from rule options and component data and
creates states; a :class:`GameState` knows whose turn it is, its legal actions, how to apply one,
whether the game is over, the returns, and how to clone itself. Chance comes from the state's own
seeded generator (so ``clone()`` copies it) or is exposed as explicit chance outcomes. Actions are
small frozen, hashable, printable values. Agents, studies and the conformance suite see only this
protocol, so one MCTS, one study runner and one test suite serve every game.

Conventions:

* **Rule options** — every ambiguity of a rule catalogue is a field of one frozen dataclass per
  game, subclassing :class:`RuleOptions`, with the published reading as documented default. Options
  load from TOML (:meth:`RuleOptions.from_toml`) and are recorded in every result
  (:meth:`RuleOptions.to_dict`).
* **Component data** — TOML files under ``models/<game>/data/``, loaded through
  :mod:`models.data`, validated with one-line :class:`~models.errors.AtollError` messages.
* **Seeds** — every random choice comes from an explicit generator made by :func:`make_rng`; never
  the global ``random``. :func:`spawn_seeds` derives independent per-game seeds from one study seed,
  so results do not depend on how games are spread over workers.

>>> rng = make_rng(7)
>>> rng.random() == make_rng(7).random()
True
>>> spawn_seeds(2026, 3) == spawn_seeds(2026, 3)
True
"""

from __future__ import annotations

import dataclasses
import random
from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar, Self

import numpy as np
import pydantic

from models.data import read_toml, validate
from models.errors import AtollError, AtollWarning

__all__ = [
    "CHANCE",
    "SIMULTANEOUS",
    "TERMINAL",
    "AtollError",
    "AtollWarning",
    "Game",
    "GameState",
    "RuleOptions",
    "make_rng",
    "spawn_seeds",
]

#: ``current_player()`` of a state where chance moves next (explicit chance outcomes).
CHANCE = -1
#: ``current_player()`` of a state where all players choose at once (Glory Islands sail cards).
SIMULTANEOUS = -2
#: ``current_player()`` of a finished game.
TERMINAL = -3


def make_rng(seed: int | random.Random) -> random.Random:
    """A private random generator from a seed; a generator passed in is used as it is.

    There is deliberately no default: a caller that wants randomness must say which.
    """
    if isinstance(seed, random.Random):
        return seed
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise AtollError(f"a seed must be an integer, got {seed!r}", field="seed")
    return random.Random(seed)


def spawn_seeds(seed: int, n: int) -> list[int]:
    """``n`` statistically independent 63-bit seeds derived from one study seed.

    Seed ``i`` depends only on ``seed`` and ``i``, never on the number of workers.
    """
    children = np.random.SeedSequence(seed).spawn(n)
    return [int(c.generate_state(1, dtype=np.uint64)[0] >> np.uint64(1)) for c in children]


class RuleOptions:
    """Base of the per-game rule-option dataclasses (frozen, validated, loadable from TOML).

    Subclasses are ``@dataclasses.dataclass(frozen=True)`` classes whose fields have defaults: the
    published reading of the rule. Unknown keys are errors, so a typo in an options file cannot
    silently fall back to a default.
    """

    __pydantic_config__: ClassVar[pydantic.ConfigDict] = pydantic.ConfigDict(extra="forbid")

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any], *, source: str | Path | None = None) -> Self:
        """Options from a mapping (for example a TOML table); unknown keys are errors."""
        result: Self = validate(cls, dict(data), source=source)
        return result

    @classmethod
    def from_toml(cls, path: str | Path, *, table: str | None = None) -> Self:
        """Options from a TOML file, or from one table of it (``[tobago]``, say)."""
        data = read_toml(path)
        if table is not None:
            data = data.get(table, {})
            if not isinstance(data, dict):
                raise AtollError("must be a table", source=path, entry=table)
        return cls.from_mapping(data, source=path)

    def to_dict(self) -> dict[str, Any]:
        """Plain values (sets as sorted lists) for recording with every result."""
        if not dataclasses.is_dataclass(self):
            raise TypeError(f"{type(self).__name__} must be a dataclass")
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if isinstance(value, (set, frozenset)):
                value = sorted(value)
            out[f.name] = value
        return out

    def replace(self, **changes: Any) -> Self:
        """A copy with some options changed, validated like a fresh load."""
        return type(self).from_mapping({**self.to_dict(), **changes})


class GameState(ABC):
    """One position of a game. Mutable: :meth:`apply` changes it in place; :meth:`clone` copies."""

    @abstractmethod
    def current_player(self) -> int:
        """The player to move (0-based), or :data:`CHANCE`, :data:`SIMULTANEOUS` or
        :data:`TERMINAL`."""

    @abstractmethod
    def legal_actions(self) -> Sequence[Hashable]:
        """The actions the current player may take; empty exactly when the game is over."""

    @abstractmethod
    def apply(self, action: Hashable) -> None:
        """Play ``action``; an illegal action raises :class:`AtollError` naming the rule."""

    @abstractmethod
    def is_terminal(self) -> bool:
        """Whether the game is over."""

    @abstractmethod
    def returns(self) -> tuple[float, ...]:
        """Each player's result so far (the final score once the game is over)."""

    @abstractmethod
    def clone(self) -> Self:
        """An independent copy, including the position of the state's random generator."""


class Game(ABC):
    """A game made from rule options and component data; it creates initial states."""

    #: Short identifier used by the CLI and in results (``"tobago"``).
    name: ClassVar[str]

    @property
    @abstractmethod
    def num_players(self) -> int:
        """How many players this game was set up for."""

    @property
    @abstractmethod
    def options(self) -> RuleOptions:
        """The rule options the game was made with."""

    @abstractmethod
    def new_initial_state(self, seed: int | random.Random) -> GameState:
        """A fresh game whose chance events all come from ``seed``."""
