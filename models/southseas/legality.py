"""The legal placements of each class of tiles, kept up to date as the frontier changes.

Tiles with the same sides and symmetry (a *legality class*) have the same legal placements. The
board keeps one :class:`Placements` cache per class and, when a placement changes the requirement
of a frontier position from one code to another, updates exactly the caches whose fitting
rotations there change — a transition table shared by every board with the same classes says
which. So finding a drawn tile's placements costs the same on turn 70 as on turn 2.
"""

from __future__ import annotations

from typing import Any

from models.southseas.actions import Place
from models.southseas.geometry import Position, fit_table


class Placements:
    """The legal placements of one legality class (tiles with equal sides and symmetry)."""

    __slots__ = ("actions", "by_position", "key", "table")

    def __init__(self, key: tuple[str, tuple[int, ...]]) -> None:
        self.key = key
        self.table = fit_table(key)
        self.by_position: dict[Position, tuple[Place, ...]] = {}
        self.actions: tuple[Place, ...] | None = None

    def copy(self) -> Placements:
        twin = object.__new__(Placements)
        twin.key, twin.table = self.key, self.table
        twin.by_position = dict(self.by_position)
        twin.actions = self.actions
        return twin


#: Which caches change when a requirement goes from one code to another: (offer, withdraw).
Transition = tuple[list[tuple[int, int]], list[int], frozenset[int]]
_TRANSITIONS: dict[tuple[tuple[str, tuple[int, ...]], ...], dict[Any, Transition]] = {}


def transitions_of(caches: list[Placements]) -> dict[Any, Transition]:
    """The transition table shared by every board with these legality classes in this order."""
    return _TRANSITIONS.setdefault(tuple(c.key for c in caches), {})


#: The rotations in each 4-bit mask.
ROTATIONS = tuple(tuple(r for r in range(4) if mask >> r & 1) for mask in range(16))
#: Per position, the Place actions of each rotation mask, interned (shared by all boards).
OFFERS: dict[Position, list[tuple[Place, ...] | None]] = {}
