"""Role ``actions.py`` (required): the action values, printed and parsed back.

An action is a small frozen, hashable value whose ``str`` is how a scenario writes it, and
:func:`parse_action` reads that text back (the conformance suite checks ``parse_action(str(a))
== a`` for every legal action, chance outcomes included). A real game has one class per kind of
decision (place a tile, play a card, move a ship) and one per kind of chance outcome.

>>> str(Deal(3)), parse_action("deal 3") == Deal(3), parse_action("dive")
('deal 3', True, Dive())
>>> parse_action("swim")
Traceback (most recent call last):
...
models.errors.AtollError: cannot read 'swim' as an action (deal N, dive, rest)
"""

from __future__ import annotations

import dataclasses

from models.errors import AtollError


@dataclasses.dataclass(frozen=True, slots=True)
class Deal:
    """Chance (PD-D1): the card of value ``card`` dealt face down to the next player."""

    card: int

    def __str__(self) -> str:
        return f"deal {self.card}"


@dataclasses.dataclass(frozen=True, slots=True)
class Dive:
    """PD-R1: the player dives for the pearl (and shows his card at the end of the round)."""

    def __str__(self) -> str:
        return "dive"


@dataclasses.dataclass(frozen=True, slots=True)
class Rest:
    """PD-R1: the player rests (his card is discarded face down)."""

    def __str__(self) -> str:
        return "rest"


Action = Deal | Dive | Rest


def parse_action(text: str) -> Action:
    """The action ``text`` writes (as it prints); anything else is a one-line error."""
    word, _, number = text.strip().partition(" ")
    if word == "deal" and number.isascii() and number.isdigit():
        return Deal(int(number))
    if word in ("dive", "rest") and not number:
        return Dive() if word == "dive" else Rest()
    raise AtollError(f"cannot read {text!r} as an action (deal N, dive, rest)")
