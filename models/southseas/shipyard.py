"""The ships of a South Seas game: face-up display, face-down pile, and what each player took.

>>> from models.southseas.ships import Ship
>>> yard = Shipyard([Ship("a", 2, (1, 0, 0)), Ship("b", 5, (0, 2, 0)), Ship("c", 5, any=3)],
...                 players=2, display=2)
>>> [s.id for s in yard.display], [s.id for s in yard.best()]
(['c', 'b'], ['c', 'b'])
>>> yard.take(0, "b").points, [s.id for s in yard.display]
(5, ['c', 'a'])
"""

from __future__ import annotations

from collections.abc import Sequence

from models.errors import AtollError
from models.southseas.ships import Ship


class Shipyard:
    """SS-S1: ``display`` face up (refilled from ``pile``, whose top is its end); ``taken``."""

    def __init__(self, ships: Sequence[Ship], players: int, display: int) -> None:
        self.size = display
        self.pile: list[Ship] = list(ships)
        self.display: list[Ship] = []
        self.taken: list[list[Ship]] = [[] for _ in range(players)]
        self.refill()

    def refill(self) -> None:
        """Back to ``size`` face-up ships, unless the pile is empty."""
        while len(self.display) < self.size and self.pile:
            self.display.append(self.pile.pop())

    def best(self) -> list[Ship]:
        """SS-M2: the face-up ships of highest value (several when tied)."""
        if not self.display:
            return []
        top = max(s.points for s in self.display)
        return [s for s in self.display if s.points == top]

    def take(self, player: int, ship_id: str) -> Ship:
        """Move a face-up ship to ``player`` and refill the display."""
        ship = next((s for s in self.display if s.id == ship_id), None)
        if ship is None:
            raise AtollError(f"ship {ship_id!r} is not face up", field="ship")
        self.display.remove(ship)
        self.taken[player].append(ship)
        self.refill()
        return ship

    @property
    def exhausted(self) -> bool:
        """SS-T2: the last ship has been taken."""
        return not self.display and not self.pile

    def points(self, player: int) -> int:
        return sum(s.points for s in self.taken[player])

    def arrange(self, ids: Sequence[str]) -> None:
        """Put named ships first (face up, then the pile from the top); the rest keep their
        order below."""
        by_id = {s.id: s for s in (*self.display, *self.pile)}
        unknown = [i for i in ids if i not in by_id]
        if unknown:
            raise AtollError(f"unknown ship {unknown[0]!r}", field="ships")
        rest = [s for s in (*self.display, *reversed(self.pile)) if s.id not in ids]
        ordered = [by_id[i] for i in ids] + rest
        self.display = ordered[: self.size]
        self.pile = list(reversed(ordered[self.size :]))

    def copy(self) -> Shipyard:
        twin = object.__new__(Shipyard)
        twin.size = self.size
        twin.pile, twin.display = list(self.pile), list(self.display)
        twin.taken = [list(t) for t in self.taken]
        return twin

    def total(self) -> int:
        return len(self.display) + len(self.pile) + sum(len(t) for t in self.taken)
