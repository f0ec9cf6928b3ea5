"""Glory Islands actions: small frozen, hashable, printable values that parse back from text.

A round (GI-R1) asks each player for a sail card (:class:`Play`, secret until all have chosen);
then, in turn order, each moves (:class:`Move`, the 5-card with a stopover, GI-A2), places a
pirate (:class:`Place`, GI-A4..A7), keeps one of the treasure tiles a chest drew
(:class:`Keep`, GI-W2), and may take his card's special action (:class:`Hunt`,
:class:`ExtraPirate`, :class:`Relocate` followed by a :class:`Place` anywhere; GI-C2..C4) or
:class:`Pass`. Chance draws treasure
tiles from the bag one at a time (:class:`Treasure`), and with the option ``colours = "dealt"``
deals the card colours to the seats at the start (:class:`Deal`).

Cells are named ``a1``..``g7`` (see :mod:`models.gloryislands.components`). The text of each
action is what scenarios list, and :func:`parse_action` reads it back:

>>> [str(a) for a in (Play("red-5"), Move(2, stopover=True), Place(24, source=8))]
['play red-5', 'move 2 stopover', 'place d4 from b2']
>>> parse_action("relocate c4 paying sails")
Relocate(source=23, pay='sails')
>>> all(parse_action(str(a)) == a for a in (Treasure("coins"), Keep("coins"), PASS, HUNT))
True
>>> place(24) is place(24)
True
"""

from __future__ import annotations

import dataclasses
import re
from typing import NamedTuple

from models.data import other_digits
from models.errors import AtollError
from models.gloryislands.components import cell_name, parse_cell

PAYMENTS = ("barrel", "sails")


@dataclasses.dataclass(frozen=True, slots=True)
class Play:
    """Choose sail card ``card`` (its id) for this round, face down (GI-R1)."""

    card: str

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclasses.dataclass(frozen=True, slots=True)
class Move:
    """Sail ``steps`` fields clockwise (GI-A1); ``stopover``: the 5-card's first leg (GI-A2)."""

    steps: int
    stopover: bool = False

    def __str__(self) -> str:
        return f"move {self.steps}" + (" stopover" if self.stopover else "")


@dataclasses.dataclass(frozen=True, slots=True)
class Place:
    """Put a pirate on ``cell`` (GI-A4); from the board at ``source`` when the supply is
    empty (GI-A7)."""

    cell: int
    source: int | None = None

    def __str__(self) -> str:
        moved = f" from {cell_name(self.source)}" if self.source is not None else ""
        return f"place {cell_name(self.cell)}{moved}"


@dataclasses.dataclass(frozen=True, slots=True)
class Treasure:
    """Chance: one treasure tile of ``kind`` is drawn from the bag (GI-W2, GI-C2)."""

    kind: str

    def __str__(self) -> str:
        return f"treasure {self.kind}"


@dataclasses.dataclass(frozen=True, slots=True)
class Deal:
    """Chance: the card colours dealt to the seats, in seat order (option ``colours``)."""

    colours: tuple[str, ...]

    def __str__(self) -> str:
        return f"deal {','.join(self.colours)}"


@dataclasses.dataclass(frozen=True, slots=True)
class Keep:
    """Keep one drawn treasure tile of ``kind`` face down; the others go back (GI-W2, GI-C2)."""

    kind: str

    def __str__(self) -> str:
        return f"keep {self.kind}"


@dataclasses.dataclass(frozen=True, slots=True)
class Hunt:
    """2-card: return a barrel to draw 3 treasure tiles and keep one (GI-C2)."""

    def __str__(self) -> str:
        return "hunt"


@dataclasses.dataclass(frozen=True, slots=True)
class ExtraPirate:
    """3-card: pay a barrel or 2 sail fields to place a second pirate, range 3 (GI-C3)."""

    pay: str

    def __str__(self) -> str:
        return f"extra pirate paying {self.pay}"


@dataclasses.dataclass(frozen=True, slots=True)
class Relocate:
    """4-card: pay a barrel or 2 sail fields to lift one's pirate from ``source``; a
    :class:`Place` then puts it on any other empty island field for its reward (GI-C4)."""

    source: int
    pay: str

    def __str__(self) -> str:
        return f"relocate {cell_name(self.source)} paying {self.pay}"


@dataclasses.dataclass(frozen=True, slots=True)
class Pass:
    """Take no special action."""

    def __str__(self) -> str:
        return "pass"


PASS = Pass()
HUNT = Hunt()
Action = Play | Move | Place | Treasure | Deal | Keep | Hunt | ExtraPirate | Relocate | Pass


class SpecialAction(NamedTuple):
    """A card's special action (GI-C2..C4): its action type, rule, option and name."""

    kind: type
    rule: str
    option: str
    words: str


#: The special action of each card value that has one.
SPECIALS: dict[int, SpecialAction] = {
    2: SpecialAction(Hunt, "GI-C2", "hunt", "the 2-card's treasure hunt"),
    3: SpecialAction(ExtraPirate, "GI-C3", "extra_pirate", "the 3-card's second pirate"),
    4: SpecialAction(Relocate, "GI-C4", "relocate", "the 4-card's pirate move"),
}

_PLACES: dict[tuple[int, int | None], Place] = {}
_RELOCATES: dict[tuple[int, str], Relocate] = {}
MOVES = tuple(Move(k) for k in range(6))
STOPOVERS = tuple(Move(k, True) for k in range(6))
EXTRA = {pay: ExtraPirate(pay) for pay in PAYMENTS}


def place(cell: int, source: int | None = None) -> Place:
    """The one :class:`Place` object for (cell, source)."""
    key = (cell, source)
    found = _PLACES.get(key)
    if found is None:
        found = _PLACES[key] = Place(cell, source)
    return found


def relocate(source: int, pay: str) -> Relocate:
    """The one :class:`Relocate` object for (source, pay)."""
    key = (source, pay)
    found = _RELOCATES.get(key)
    if found is None:
        found = _RELOCATES[key] = Relocate(source, pay)
    return found


_WORD = r"([^\s]+)"
_CELL = r"([a-gA-G][1-7])"
_PATTERNS: tuple[tuple[re.Pattern[str], type], ...] = tuple(
    (re.compile(pattern + r"\Z"), kind)
    for pattern, kind in (
        (rf"play {_WORD}", Play),
        (r"move ([0-9]{1,2})( stopover)?", Move),  # not \d: that takes any script's digits
        (rf"place {_CELL}(?: from {_CELL})?", Place),
        (rf"treasure {_WORD}", Treasure),
        (r"deal ([^\s,]+(?:,[^\s,]+)*)", Deal),
        (rf"keep {_WORD}", Keep),
        (r"hunt", Hunt),
        (r"extra pirate paying (barrel|sails)", ExtraPirate),
        (rf"relocate {_CELL} paying (barrel|sails)", Relocate),
        (r"pass", Pass),
    )
)
_FORMS = (
    "play CARD, move N [stopover], place CELL [from CELL], treasure KIND, deal COLOUR,..., "
    "keep KIND, hunt, "
    "extra pirate paying barrel|sails, relocate CELL paying barrel|sails, pass"
)


def parse_action(text: str) -> Action:
    """The action printed as ``text`` (words separated by single spaces, as printed)."""
    words = " ".join(text.split()) if isinstance(text, str) else ""
    for pattern, kind in _PATTERNS:
        found = pattern.match(words)
        if found:
            return _build(kind, found.groups())
    raise AtollError(f"cannot read {text!r} as an action{other_digits(words)} (one of: {_FORMS})")


def _build(kind: type, groups: tuple[str | None, ...]) -> Action:
    """The action of type ``kind`` from the groups its pattern matched."""
    first = (groups[0] if groups else None) or ""
    if kind is Play:
        return Play(first)
    if kind is Move:
        return Move(int(first), groups[1] is not None)
    if kind is Place:
        source = parse_cell(groups[1]) if groups[1] else None
        return place(parse_cell(first), source)
    if kind is Treasure:
        return Treasure(first)
    if kind is Deal:
        return Deal(tuple(first.split(",")))
    if kind is Keep:
        return Keep(first)
    if kind is Hunt:
        return HUNT
    if kind is ExtraPirate:
        return EXTRA[first]
    if kind is Relocate:
        return relocate(parse_cell(first), groups[1] or "")
    return PASS
