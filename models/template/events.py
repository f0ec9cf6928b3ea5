"""Role ``events.py`` (required): the kinds of event the game logs, with their glossary.

Every rule step that matters to a designer logs an event (``position.event(kind, player,
**data)``); reports count them per game ("how often each rule happens") and explain each kind
by its :class:`~models.core.Gloss`: the rule it comes from and what it counts. A real game
lists here every such step (a feature completed, a card swapped, a ship sunk) and documents the
``data`` each one carries.

>>> PearlDiversEvent.glossary()["pearl"].rule
'PD-R2'
"""

from __future__ import annotations

from models.core import EventKind, Gloss


class PearlDiversEvent(EventKind):
    """What the log records. ``data`` of each kind is in the comment beside it."""

    DEAL = "deal"  # card (the value dealt; the log is the table's record, not a player's view)
    DIVE = "dive"  # card (the diver's)
    REST = "rest"  # (nothing)
    PEARL = "pearl"  # value (the pearl's points), cards (the divers' by seat)
    NO_PEARL = "no-pearl"  # value, cards (the divers' by seat; none when nobody dived)
    END = "end"  # scores

    @classmethod
    def glossary(cls) -> dict[str, Gloss]:
        return {  # by the kinds' values, as reports look them up
            cls.DEAL.value: Gloss("PD-D1", "a card dealt face down"),
            cls.DIVE.value: Gloss("PD-R1", "a player dives for the pearl"),
            cls.REST.value: Gloss("PD-R1", "a player rests"),
            cls.PEARL.value: Gloss("PD-R2", "the single highest diver takes the pearl"),
            cls.NO_PEARL.value: Gloss("PD-R2", "the pearl stays in the sea (a tie, or no diver)"),
            cls.END.value: Gloss("PD-G1", "the game ends after its last round"),
        }
