"""What every agent is (:class:`Agent`) and how one is named: agent specs.

A spec is an agent's name, optionally followed by a colon and ``parameter=value`` pairs
separated by commas or colons: ``"random"``, ``"ismcts:iterations=400"``,
``"ismcts:seconds=0.5,depth=12,c=0.7"``, ``"ismcts:iterations=400:depth=12"``. Numbers are
written with the digits 0-9. Each agent declares its parameters (:class:`Param`); a spec that
names an unknown agent or parameter, or gives a value of the wrong kind, is a one-line
:class:`~models.errors.AtollError` (field ``agent``) listing what is known.

>>> parse_spec("ismcts:iterations=400,c=0.7", {"ismcts": (Param("iterations", int, 100),
...                                                        Param("c", float, 1.0))})
('ismcts', {'iterations': 400, 'c': 0.7})

A list of specs, one per seat (``--agents``), is read by :func:`split_specs`: seats are
separated by ``;`` or by commas, and since a spec's own parameters are comma-separated too, a
comma-separated ``name=value`` (an ``=`` with no ``:`` before it) after a spec that has a colon
is one more parameter of that spec, not a seat:

>>> split_specs("greedy,ismcts:iterations=400,depth=12,random")
('greedy', 'ismcts:iterations=400,depth=12', 'random')
>>> split_specs("greedy; ismcts:iterations=400:depth=12; random")
('greedy', 'ismcts:iterations=400:depth=12', 'random')
"""

from __future__ import annotations

import dataclasses
import math
import re
from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping
from typing import Any

from models.core import GameState
from models.errors import AtollError


class Agent(ABC):
    """A player: it chooses an action for the player to move, seeing only the protocol.

    Every random choice comes from the agent's own generator, made from its own seed (never
    the game's generator, never the global ``random``), so the same seed and the same
    positions give the same choices.
    """

    #: The spec the agent was made from (``"ismcts:iterations=400"``).
    name: str

    @abstractmethod
    def choose(self, state: GameState) -> Hashable:
        """One of ``state.legal_actions()`` for ``state.current_player()`` (never called at a
        chance node or at the end). ``state`` is not changed."""


@dataclasses.dataclass(frozen=True)
class AgentSpec:
    """An agent spec read and checked once, at the boundary (a command line, a study's config,
    a tuning's file): the text as written, the agent's name and the parameters it sets. It
    travels as it is, so an agent is made from it for every game without reading it again.

    >>> AgentSpec("ismcts:c=0.5", "ismcts", {"c": 0.5}).text
    'ismcts:c=0.5'
    """

    text: str
    name: str
    values: Mapping[str, int | float] = dataclasses.field(default_factory=dict)
    #: The strategy file a ``strategy:`` spec names, loaded and checked for its game
    #: (:class:`solvers.strategies.files.Strategy`); None for the other agents.
    strategy: Any = None


@dataclasses.dataclass(frozen=True)
class Param:
    """One parameter of an agent: its name, kind, default (``None``: not set) and meaning."""

    name: str
    kind: type[int] | type[float]
    default: int | float | None
    help: str = ""
    minimum: float = 0.0

    def parse(self, text: str) -> int | float:
        """The value written in a spec, checked (finite, at least ``minimum``)."""
        kind = "a whole number" if self.kind is int else "a number"
        if not text.isascii():  # int() and float() would read Arabic-Indic or other digits
            raise ValueError(f"{self.name} must be {kind} in the digits 0-9, got {text!r}")
        try:
            value: int | float = self.kind(text)
        except ValueError:
            raise ValueError(f"{self.name} must be {kind}, got {text!r}") from None
        if not math.isfinite(value) or value < self.minimum:
            raise ValueError(f"{self.name} must be at least {self.minimum:g}, got {text!r}")
        return value


def describe(agents: Mapping[str, tuple[Param, ...]]) -> str:
    """The known agents and their parameters, for error messages and help texts."""
    parts = []
    for name, params in agents.items():
        parts.append(f"{name}({', '.join(p.name for p in params)})" if params else name)
    return ", ".join(parts)


def parse_spec(
    spec: str, agents: Mapping[str, tuple[Param, ...]]
) -> tuple[str, dict[str, int | float]]:
    """The agent's name and the parameters a spec sets (unset ones are left out)."""
    if not isinstance(spec, str):
        raise _error(f"an agent spec is a string, got {spec!r}", agents)
    name, _, rest = spec.strip().partition(":")
    name = name.strip()
    if name not in agents:
        hint = (
            ": a parameter follows its agent and a colon (ismcts:depth=12)" if "=" in name else ""
        )
        raise _error(f"unknown agent {name!r}{hint}", agents)
    params = {p.name: p for p in agents[name]}
    values: dict[str, int | float] = {}
    for item in re.split("[,:]", rest) if rest.strip() else ():
        key, eq, text = item.partition("=")
        key = key.strip()
        if not eq or key not in params:
            what = f"unknown parameter {key!r}" if eq else f"expected name=value, got {item!r}"
            raise _error(f"{spec!r}: {what}", agents)
        if key in values:
            raise _error(f"{spec!r}: {key} is given twice", agents)
        try:
            values[key] = params[key].parse(text.strip())
        except ValueError as exc:
            raise _error(f"{spec!r}: {exc}", agents) from None
    return name, values


def split_specs(text: str) -> tuple[str, ...]:
    """The specs of a list written for the seats (see the module): split at ``;`` and at
    commas, a ``name=value`` after a spec with a colon going back to that spec; blanks dropped."""
    specs: list[str] = []
    for group in text.split(";"):
        takes_more = False  # whether the last spec of this group has a colon
        for token in (t.strip() for t in group.split(",")):
            if not token:
                continue
            if takes_more and _is_parameter(token):
                specs[-1] += token if specs[-1].endswith(":") else f",{token}"
            else:
                specs.append(token)
                takes_more = ":" in token
    return tuple(specs)


def _is_parameter(token: str) -> bool:
    """``depth=12`` (an ``=`` and no ``:`` before it), not a spec of its own (``ismcts:c=1``)."""
    key, eq, _ = token.partition("=")
    return bool(eq) and ":" not in key


def _error(message: str, agents: Mapping[str, tuple[Param, ...]]) -> AtollError:
    return AtollError(f"{message} (known: {describe(agents)})", field="agent")
