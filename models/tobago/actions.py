"""Tobago actions: small frozen, hashable, printable values (one per decision or chance outcome).

Players: :class:`PlaceVehicle` and :class:`Claim` at the start (TB-S4); in a turn (TB-T1)
:class:`Hint` (lay a clue card at a treasure, TB-H1; also the first hint of a new treasure,
TB-G6), :class:`Leg` (drive one leg, TB-D1), :class:`Stop` (end the drive), :class:`Raise` (a
vehicle standing on a fixed treasure raises it, TB-D2), :class:`Exchange` (a new hand, option
``exchange_hand``), :class:`EndTurn` (keep one's amulets
instead of buying one more action, TB-A2), :class:`Pass` (nothing else is possible); while the
gold is shared :class:`Take` or :class:`Refuse` the card offered (TB-G3) and, at a curse,
:class:`PayCurse` (an amulet, or the most valuable gold card: TB-G5, TB-A2).

Chance: :class:`DrawClue` (a clue card drawn: starting hints, hands, refills), :class:`DrawGold`
(a gold card drawn face down, TB-G1/G2; value 0 is a curse), :class:`Reveal` (the next card of
the shuffled share turned up, TB-G3) and :class:`Wash` (where an amulet washes up, TB-A1, with
``amulet_field = "wave"``).

>>> from models.tobago.island.clues import Clue
>>> str(Hint(Clue.parse("in jungle"), 2)), str(Leg((3, 4))), str(DrawGold(0)), str(Reveal(5))
("hint T2 'in jungle'", 'leg to 3,4', 'gold curse', 'reveal 5')
>>> str(parse_action("hint T2 'in jungle'")), parse_action("gold curse")
("hint T2 'in jungle'", DrawGold(value=0))

Every action prints as the text :func:`parse_action` reads back (scenarios are written so).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable

from models.data import other_digits
from models.errors import AtollError
from models.tobago.island.clues import Clue
from models.tobago.island.hexgrid import Field

#: The value of a curse card among the gold values (TB-G5).
CURSE = 0


def card_name(value: int) -> str:
    """A gold card as the log names it: its value, or ``curse``."""
    return "curse" if value == CURSE else str(value)


@dataclasses.dataclass(frozen=True, slots=True)
class PlaceVehicle:
    """Setup: put one's vehicle on an island field (several may share one)."""

    field: Field

    def __str__(self) -> str:
        return f"vehicle at {self.field[0]},{self.field[1]}"


@dataclasses.dataclass(frozen=True, slots=True)
class Claim:
    """Setup (TB-S4): mark the starting hint of ``treasure`` with one's rose."""

    treasure: int

    def __str__(self) -> str:
        return f"claim T{self.treasure}"


@dataclasses.dataclass(frozen=True, slots=True)
class Hint:
    """Lay the clue card ``clue`` from one's hand at ``treasure`` (TB-H1..H4, TB-G6)."""

    clue: Clue
    treasure: int

    def __str__(self) -> str:
        return f"hint T{self.treasure} '{self.clue}'"


@dataclasses.dataclass(frozen=True, slots=True)
class Leg:
    """Drive one leg to ``field`` (TB-D1)."""

    field: Field

    def __str__(self) -> str:
        return f"leg to {self.field[0]},{self.field[1]}"


@dataclasses.dataclass(frozen=True, slots=True)
class Stop:
    """End the drive before its third leg."""

    def __str__(self) -> str:
        return "stop"


@dataclasses.dataclass(frozen=True, slots=True)
class Raise:
    """Raise the fixed treasure one's vehicle stands on, without driving (TB-D2)."""

    def __str__(self) -> str:
        return "raise"


@dataclasses.dataclass(frozen=True, slots=True)
class EndTurn:
    """End the turn instead of spending an amulet on one more action (TB-A2)."""

    def __str__(self) -> str:
        return "end turn"


@dataclasses.dataclass(frozen=True, slots=True)
class Exchange:
    """Discard one's whole hand face up and draw a new one (option ``exchange_hand``)."""

    def __str__(self) -> str:
        return "exchange the hand"


@dataclasses.dataclass(frozen=True, slots=True)
class Pass:
    """Nothing else is possible: no legal hint, no leg (a vehicle on a one-field islet)."""

    def __str__(self) -> str:
        return "pass"


@dataclasses.dataclass(frozen=True, slots=True)
class Take:
    """Take the gold card offered (TB-G3, G4)."""

    def __str__(self) -> str:
        return "take"


@dataclasses.dataclass(frozen=True, slots=True)
class Refuse:
    """Refuse the gold card offered; it is offered to the next rose forward (TB-G3)."""

    def __str__(self) -> str:
        return "refuse"


@dataclasses.dataclass(frozen=True, slots=True)
class PayCurse:
    """At a curse (TB-G5): give up an amulet (``amulet``) or the most valuable gold card."""

    amulet: bool

    def __str__(self) -> str:
        return "pay the curse with an amulet" if self.amulet else "pay the curse with gold"


@dataclasses.dataclass(frozen=True, slots=True)
class DrawClue:
    """Chance: the clue card drawn (a starting hint, a card dealt or drawn back into a hand)."""

    clue: Clue

    def __str__(self) -> str:
        return f"draw '{self.clue}'"


@dataclasses.dataclass(frozen=True, slots=True)
class DrawGold:
    """Chance: the gold card drawn face down from the deck (TB-G1, G2); 0 is a curse."""

    value: int

    def __str__(self) -> str:
        return f"gold {card_name(self.value)}"


@dataclasses.dataclass(frozen=True, slots=True)
class Reveal:
    """Chance: the next card of the shuffled share turned up (TB-G3); 0 is a curse."""

    value: int

    def __str__(self) -> str:
        return f"reveal {card_name(self.value)}"


@dataclasses.dataclass(frozen=True, slots=True)
class Wash:
    """Chance: an amulet washes up on ``field`` (TB-A1, ``amulet_field = "wave"``)."""

    field: Field

    def __str__(self) -> str:
        return f"amulet washes up at {self.field[0]},{self.field[1]}"


STOP, RAISE, END_TURN, PASS, EXCHANGE = Stop(), Raise(), EndTurn(), Pass(), Exchange()
TAKE, REFUSE = Take(), Refuse()
PAY_AMULET, PAY_GOLD = PayCurse(True), PayCurse(False)

Action = (
    PlaceVehicle
    | Claim
    | Hint
    | Leg
    | Stop
    | Raise
    | EndTurn
    | Exchange
    | Pass
    | Take
    | Refuse
    | PayCurse
    | DrawClue
    | DrawGold
    | Reveal
    | Wash
)


_WORDS: dict[str, Action] = {
    str(a): a for a in (STOP, RAISE, END_TURN, PASS, EXCHANGE, TAKE, REFUSE, PAY_AMULET, PAY_GOLD)
}
# [0-9], not \d: \d (and int()) would read any script's digits ("٣" as 3)
_FIELD = r"([0-9]{1,3}),\s*([0-9]{1,3})"
_VALUE = r"(curse|[0-9]{1,3})"


def _value(text: str) -> int:
    return CURSE if text == "curse" else int(text)


_PATTERNS: tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], Action]], ...] = (
    (re.compile(rf"vehicle at {_FIELD}"), lambda m: PlaceVehicle((int(m[1]), int(m[2])))),
    (re.compile(r"claim T([0-9])"), lambda m: Claim(int(m[1]))),
    (re.compile(r"hint T([0-9]) '(.*)'"), lambda m: Hint(Clue.parse(m[2]), int(m[1]))),
    (re.compile(rf"leg to {_FIELD}"), lambda m: Leg((int(m[1]), int(m[2])))),
    (re.compile(r"draw '(.*)'"), lambda m: DrawClue(Clue.parse(m[1]))),
    (re.compile(rf"gold {_VALUE}"), lambda m: DrawGold(_value(m[1]))),
    (re.compile(rf"reveal {_VALUE}"), lambda m: Reveal(_value(m[1]))),
    (re.compile(rf"amulet washes up at {_FIELD}"), lambda m: Wash((int(m[1]), int(m[2])))),
)


def parse_action(text: str) -> Action:
    """An action from the text it prints as (:mod:`models.tobago.actions`)."""
    text = " ".join(text.split())
    if text in _WORDS:
        return _WORDS[text]
    for pattern, make in _PATTERNS:
        found = pattern.fullmatch(text)
        if found:
            return make(found)
    raise AtollError(
        f"unknown action {text!r}{other_digits(text)} (e.g. 'vehicle at 3,4', 'claim T1', "
        "\"hint T2 'in jungle'\", 'leg to 3,4', 'stop', 'raise', 'take', 'refuse', "
        "\"draw 'in jungle'\", 'gold 4', 'reveal curse')"
    )
