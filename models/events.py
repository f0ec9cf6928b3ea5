"""Event records: one entry of a game's log, its kind from the game's enum, and counting them.

Each game's ``events.py`` subclasses :class:`EventKind`; a position logs with
:meth:`models.core.Position.event`, which makes an :class:`Event`.

>>> class Demo(EventKind):
...     ROLL = "roll"
>>> Demo.parse("roll") is Demo.ROLL
True
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any, NamedTuple, Self, TypeVar

from models.errors import AtollError

__all__ = ["E", "Event", "EventKind", "Gloss", "count_events"]


class Gloss(NamedTuple):
    """What an event kind counts, for a report's glossary: the rule it comes from, its meaning,
    when one event stands for several items (amulets picked up at once) the ``data`` field
    that counts them, and — when only some values of a rule option make it possible — that
    option and those values (``("colours", ("dealt",))``): under another it cannot happen.

    >>> g = Gloss("GI-R1", "colours dealt", needs=("colours", ("dealt",)))
    >>> g.possible({"colours": "by_seat"}), g.possible({"colours": "dealt"})
    (False, True)
    """

    rule: str
    meaning: str
    items: str | None = None
    needs: tuple[str, tuple[Any, ...]] | None = None

    def possible(self, options: Mapping[str, Any]) -> bool:
        """Whether the event can happen under ``options`` (every option's value, defaults
        filled in)."""
        if self.needs is None:
            return True
        name, values = self.needs
        return options.get(name) in values


class EventKind(enum.StrEnum):
    """Base of each game's enum of event kinds (``class SouthSeasEvent(EventKind): ...``)."""

    @classmethod
    def glossary(cls) -> dict[str, Gloss]:
        """Each kind's :class:`Gloss` (by kind value); a game's enum overrides it."""
        return {}

    @classmethod
    def parse(cls, name: str) -> Self:
        """The member named ``name`` (its value); an unknown name is an error listing them."""
        try:
            return cls(name)
        except ValueError:
            known = ", ".join(m.value for m in cls)
            raise AtollError(f"unknown event kind {name!r} (one of {known})") from None


E = TypeVar("E", bound=EventKind)


class Event(NamedTuple):
    """One entry of a game's log: when, who, what kind, and the details (an immutable record;
    a named tuple because games log several per turn and it is the cheapest to make)."""

    turn: int
    player: int | None
    kind: EventKind
    data: Mapping[str, Any]


def count_events(events: Iterable[Event], kinds: type[E]) -> dict[E, int]:
    """How often each kind occurs, every kind of the enum present (zero when absent).

    >>> class Demo(EventKind):
    ...     ROLL = "roll"
    ...     HOLD = "hold"
    >>> count_events([Event(1, 0, Demo.ROLL, {})], Demo)
    {<Demo.ROLL: 'roll'>: 1, <Demo.HOLD: 'hold'>: 0}
    """
    counts = Counter(e.kind for e in events)
    return {kind: counts.get(kind, 0) for kind in kinds}
