"""South Seas actions: small frozen, hashable, printable values (one per decision).

A turn (SS-T1) asks up to four decisions: where the drawn tile goes (:class:`Place`), an islander
(:class:`PlaceIslander`, :class:`Recall` or :class:`Pass`), which ship to take when a completed
market offers a tie (:class:`TakeShip`), and a delivery (:class:`Deliver` or :class:`Pass`).
Chance has two kinds of outcome: the tile drawn (:class:`Draw`, SS-P1) and the ship turned face
up to refill the display (:class:`Reveal`, SS-S1).

Actions built on every turn are interned (:func:`place`, :func:`islander`), so a legal-action
list reuses the same objects instead of making new ones.

>>> str(Place(2, -1, 3)), str(Deliver("S07", (3, 1, 0))), str(Draw("bridge-curve"))
('place (2,-1) r3', 'deliver S07 paying 3 shells 1 bananas 0 fish', 'draw bridge-curve')
>>> place(2, -1, 3) is place(2, -1, 3) and place(2, -1, 3) == Place(2, -1, 3)
True

Every action parses back from the way it prints (:func:`parse_action`):

>>> parse_action("deliver S07 paying 3 shells 1 bananas 0 fish")
Deliver(ship='S07', payment=(3, 1, 0))
>>> parse_action("place (2,-1) r3") is place(2, -1, 3)
True
>>> parse_action("place 2 -1")
Traceback (most recent call last):
...
models.errors.AtollError: cannot read 'place 2 -1' as an action (one of: place (X,Y) rR, ...)
"""

from __future__ import annotations

import dataclasses
import re

from models.data import other_digits
from models.errors import AtollError


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


@dataclasses.dataclass(frozen=True, slots=True)
class Draw:
    """Chance: the tile drawn from the face-down stack is of kind ``tile`` (SS-P1)."""

    tile: str

    def __str__(self) -> str:
        return f"draw {self.tile}"


@dataclasses.dataclass(frozen=True, slots=True)
class Reveal:
    """Chance: ship ``ship`` is turned face up to refill the display (SS-S1)."""

    ship: str

    def __str__(self) -> str:
        return f"reveal {self.ship}"


PASS = Pass()

Action = Place | PlaceIslander | Recall | TakeShip | Deliver | Pass | Draw | Reveal
Chance = Draw | Reveal

_PLACES: dict[tuple[int, int, int], Place] = {}
_ISLANDERS = tuple(PlaceIslander(i) for i in range(16))


def place(x: int, y: int, rotation: int) -> Place:
    """The one :class:`Place` object for (x, y, rotation)."""
    key = (x, y, rotation)
    found = _PLACES.get(key)
    if found is None:
        found = _PLACES[key] = Place(x, y, rotation)
    return found


_RECALLS: dict[tuple[int, int, int], Recall] = {}


def recall_of(x: int, y: int, piece: int) -> Recall:
    """The one :class:`Recall` object for (x, y, piece)."""
    key = (x, y, piece)
    found = _RECALLS.get(key)
    if found is None:
        found = _RECALLS[key] = Recall(x, y, piece)
    return found


def islander(piece: int) -> PlaceIslander:
    """The one :class:`PlaceIslander` object for ``piece``."""
    return _ISLANDERS[piece] if 0 <= piece < len(_ISLANDERS) else PlaceIslander(piece)


_INT = r"(-?[0-9]+)"
#: Each action's printed form, read back (as printed: single spaces, no padding).
_PATTERNS: tuple[tuple[re.Pattern[str], type], ...] = tuple(
    (re.compile(pattern), kind)
    for pattern, kind in (
        (rf"place \({_INT},{_INT}\) r{_INT}", Place),
        (rf"islander on piece {_INT}", PlaceIslander),
        (rf"recall \({_INT},{_INT}\) piece {_INT}", Recall),
        (r"take ship (.+)", TakeShip),
        (rf"deliver (.+) paying {_INT} shells {_INT} bananas {_INT} fish", Deliver),
        (r"pass", Pass),
        (r"draw (.+)", Draw),
        (r"reveal (.+)", Reveal),
    )
)
_FORMS = (
    "place (X,Y) rR, islander on piece N, recall (X,Y) piece N, take ship ID, "
    "deliver ID paying S shells B bananas F fish, pass, draw TILE, reveal SHIP"
)


def parse_action(text: str) -> Action:
    """The action printed as ``text``: ``parse_action(str(action)) == action`` for every
    action; anything else is a one-line :class:`~models.errors.AtollError`."""
    words = text.strip() if isinstance(text, str) else ""
    for pattern, kind in _PATTERNS:
        found = pattern.fullmatch(words)
        if found:
            return _build(kind, found.groups())
    raise AtollError(f"cannot read {text!r} as an action{other_digits(words)} (one of: {_FORMS})")


def _build(kind: type, groups: tuple[str, ...]) -> Action:
    if kind is Pass:
        return PASS
    if kind in (TakeShip, Draw, Reveal):
        return kind(groups[0])
    if kind is Deliver:
        shells, bananas, fish = (int(g) for g in groups[1:])
        return Deliver(groups[0], (shells, bananas, fish))
    numbers = [int(g) for g in groups]
    if kind is Place:
        return place(*numbers)
    if kind is PlaceIslander:
        return islander(numbers[0])
    return recall_of(*numbers)
