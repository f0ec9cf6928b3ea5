"""The ships of a South Seas game: face-up display, face-down pile, and what each player took.

Turning a ship face up is chance (:class:`~models.southseas.actions.Reveal`): the yard never
refills itself; the game asks :attr:`Shipyard.refill_due` and lets chance pick from the
face-down ships, so a copied state does not know which ship comes next.

>>> from models.southseas.ships import Ship
>>> yard = Shipyard([Ship("a", 2, (1, 0, 0)), Ship("b", 5, (0, 2, 0)), Ship("c", 5, any=3)],
...                 players=2, display=2)
>>> yard.refill_due, yard.reveal("c").id, yard.reveal("b").id, yard.refill_due
(True, 'c', 'b', False)
>>> [s.id for s in yard.best()], yard.take(0, "b").points, [s.id for s in yard.hidden]
(['c', 'b'], 5, ['a'])
"""

from __future__ import annotations

from collections.abc import Sequence

from models.errors import AtollError
from models.southseas.ships import Ship


class Shipyard:
    """SS-S1: ``display`` face up (at most ``size``), ``hidden`` face down, ``taken``."""

    def __init__(self, ships: Sequence[Ship], players: int, display: int) -> None:
        self.size = display
        self.hidden: list[Ship] = list(ships)  # face down, in file order (no order is known)
        self.display: list[Ship] = []
        self.taken: list[list[Ship]] = [[] for _ in range(players)]

    @property
    def refill_due(self) -> bool:
        """Whether a face-down ship must be turned up to bring the display back to ``size``."""
        return len(self.display) < self.size and bool(self.hidden)

    def reveal(self, ship_id: str) -> Ship:
        """Turn the face-down ship ``ship_id`` face up."""
        for i, ship in enumerate(self.hidden):
            if ship.id == ship_id:
                del self.hidden[i]
                self.display.append(ship)
                return ship
        raise AtollError(f"ship {ship_id!r} is not face down", field="ship")

    def best(self) -> list[Ship]:
        """SS-M2: the face-up ships of highest value (several when tied)."""
        if not self.display:
            return []
        top = max(s.points for s in self.display)
        return [s for s in self.display if s.points == top]

    def take(self, player: int, ship_id: str) -> Ship:
        """Move a face-up ship to ``player`` (the game then refills the display by chance)."""
        ship = self.face_up(ship_id)
        if ship is None:
            raise AtollError(f"ship {ship_id!r} is not face up", field="ship")
        self.display.remove(ship)
        self.taken[player].append(ship)
        return ship

    def face_up(self, ship_id: str) -> Ship | None:
        return next((s for s in self.display if s.id == ship_id), None)

    @property
    def exhausted(self) -> bool:
        """SS-T2: the last ship has been taken."""
        return not self.display and not self.hidden

    def points(self, player: int) -> int:
        return sum(s.points for s in self.taken[player])

    def copy(self) -> Shipyard:
        twin = object.__new__(Shipyard)
        twin.size = self.size
        twin.hidden, twin.display = list(self.hidden), list(self.display)
        twin.taken = [list(t) for t in self.taken]
        return twin

    def total(self) -> int:
        return len(self.display) + len(self.hidden) + sum(len(t) for t in self.taken)
