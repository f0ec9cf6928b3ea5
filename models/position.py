"""The base of every game's plain position data (pgx's ``State``): the log, and the steps
that passed by themselves.

A game's ``position.py`` subclasses :class:`Position` with its fields and ``Phase`` enum; its
rule steps are functions over it; its protocol class (:class:`models.core.GameState`) sits on
top.

>>> from models.events import EventKind
>>> class Demo(EventKind):
...     ROLL = "roll"
>>> pos = Position()
>>> pos.event(Demo.ROLL, 0, pips=6)
>>> pos.log
[Event(turn=0, player=0, kind=<Demo.ROLL: 'roll'>, data={'pips': 6})]
"""

from __future__ import annotations

from typing import Any

from models.events import Event, EventKind
from models.skips import Skipped

__all__ = ["Position"]

_new = tuple.__new__  # Event(...) made without NamedTuple's argument handling (games log a lot)


class Position:
    """The plain data of a position (pgx's ``State``), below the rule steps that change it.

    A game's ``position.py`` subclasses it with its fields; the log is kept here, and every
    game logs alike with :meth:`event`, stamped with the position's :meth:`turn_number`.
    """

    log: list[Event]
    #: The steps the engine passed by itself since the last decision (no choice was left), so
    #: that a refusal of such a step's action can say why (:mod:`models.skips`).
    skipped: tuple[Skipped, ...] = ()

    def __init__(self) -> None:
        self.log = []

    def turn_number(self) -> int:
        """How many of the game's own turns have begun (a tile placed, a round, a player's
        turn): events are stamped with it, and a study records the score race whenever it
        grows."""
        return 0

    def event(self, kind: EventKind, player: int | None, /, **data: Any) -> None:
        """Log an event of ``kind`` by ``player`` (``None``: the table's, no one's)."""
        self.log.append(_new(Event, (self.turn_number(), player, kind, data)))

    def note_skipped(self, player: int, rule: str, why: str, kinds: tuple[type, ...]) -> None:
        """Remember that ``player``'s step of ``kinds`` passed by itself under ``rule``."""
        self.skipped = (*self.skipped, Skipped(player, rule, why, kinds))
