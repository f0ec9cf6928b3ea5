"""South Seas actions: small frozen, hashable, printable values (one per decision).

A turn (SS-T1) asks up to four decisions: where the drawn tile goes (:class:`Place`), an islander
(:class:`PlaceIslander`, :class:`Recall` or :class:`Pass`), which ship to take when a completed
market offers a tie (:class:`TakeShip`), and a delivery (:class:`Deliver` or :class:`Pass`).

>>> str(Place(2, -1, 3)), str(Deliver("S07", (3, 1, 0)))
('place (2,-1) r3', 'deliver S07 paying 3 shells 1 bananas 0 fish')
"""

from __future__ import annotations

import dataclasses


@dataclasses.dataclass(frozen=True, slots=True)
class Place:
    """Put the drawn tile at (x, y), turned ``rotation`` quarter turns clockwise."""

    x: int
    y: int
    rotation: int

    def __str__(self) -> str:
        return f"place ({self.x},{self.y}) r{self.rotation}"


@dataclasses.dataclass(frozen=True, slots=True)
class PlaceIslander:
    """Put an islander on piece ``piece`` of the tile just placed (SS-I2)."""

    piece: int

    def __str__(self) -> str:
        return f"islander on piece {self.piece}"


@dataclasses.dataclass(frozen=True, slots=True)
class Recall:
    """Take one's islander on piece ``piece`` of the tile at (x, y) back to supply."""

    x: int
    y: int
    piece: int

    def __str__(self) -> str:
        return f"recall ({self.x},{self.y}) piece {self.piece}"


@dataclasses.dataclass(frozen=True, slots=True)
class TakeShip:
    """Take a tied highest-value ship for a completed market (SS-M2)."""

    ship: str

    def __str__(self) -> str:
        return f"take ship {self.ship}"


@dataclasses.dataclass(frozen=True, slots=True)
class Deliver:
    """Pay ``payment`` (shells, bananas, fish) to take ship ``ship`` (SS-S1)."""

    ship: str
    payment: tuple[int, int, int]

    def __str__(self) -> str:
        s, b, f = self.payment
        return f"deliver {self.ship} paying {s} shells {b} bananas {f} fish"


@dataclasses.dataclass(frozen=True, slots=True)
class Pass:
    """Place no islander, or deliver to no ship."""

    def __str__(self) -> str:
        return "pass"


PASS = Pass()

Action = Place | PlaceIslander | Recall | TakeShip | Deliver | Pass
