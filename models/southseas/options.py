"""South Seas rule options: every open point of the catalogue and the reference notes.

>>> SouthSeasOptions().recall
'any_turn'
>>> SouthSeasOptions.from_mapping({"recall": "when_empty"}).recall
'when_empty'
"""

from __future__ import annotations

import dataclasses
from typing import Annotated, Literal

from annotated_types import Interval
from pydantic import StrictBool, StrictInt

from models.options import RuleOptions

#: Bounds of the numeric options: well past the published game (4 islanders, 4 face-up ships,
#: 40 wares of each type) and small enough that no game needs untold memory or time.
MAX_ISLANDERS = 20
MAX_DISPLAY = 24
MAX_WARE_SUPPLY = 10_000


@dataclasses.dataclass(frozen=True)
class SouthSeasOptions(RuleOptions):
    """Rule options of Carcassonne: South Seas.

    Attributes:
        recall: SS-T1, the published turn step "place an islander OR take one back".
            ``any_turn`` (German publisher's rule, default): on any turn you place none;
            ``when_empty`` (English rules): only with an empty supply; ``never``: the source
            texts' silence.
        boat_unoccupied: SS-B1. A boat placed into a region without islanders: ``no_trigger``
            (default, English text: only an occupied region is evaluated) or ``cover_fish``
            (German "angelegt": the region is evaluated, pays nobody, and a fish group is
            covered).
        boat_occupancy: SS-B1. When a boat tile's sea region counts as occupied. Default
            ``after_islander``: after the placer's islander step, so a fisher put on the boat's
            own tile this turn makes the region occupied and is paid (DE: a boat tile "an das
            Meeresgebiet angelegt", and the islander step comes before evaluation).
            ``before_islander``: the region must be occupied when the tile is placed (EN:
            "placed in an occupied Sea Region"); the newcomer neither counts nor goes home.
        boat_all_covered: SS-B2. A boat placed into a region whose fish are all covered by boat
            tokens. ``no_trigger`` (default; the catalogue's "no (uncovered) fish"): nothing
            happens. ``evaluate`` (the texts' literal "no fish is in that area" does not hold,
            since covered fish are still printed): the region is evaluated, pays nothing, the
            fishers go home by ``boat_returns_fishers``, and nothing is covered.
        boat_returns_fishers: SS-B4. Whether the fishers go back to supply after a boat
            evaluation. Default true (published rulebook, per the reference notes).
        ware_supply: SS-E1, wares of each type in the supply; ``None`` (default) is unlimited. The
            published game has 40 units per type. When short, winners are paid in turn order
            from the active player, each as much as is left.
        last_ship: SS-T2. Which ship ends the game: ``acquired`` (default; EN "the last Ship
            has been acquired", by delivery or from a market) or ``delivered`` (DE "das letzte
            Schiff beliefert": only a delivery ends it; if a market takes the last ship, play
            goes on until the last tile).
        score_unfinished: SS-F1. End scoring of unfinished bridges, islands and sea regions that
            hold islanders. Default true (the source texts).
        islanders: SS-I1, islanders per player (4 in the published game), 1 to
            :data:`MAX_ISLANDERS`.
        display: SS-S1, face-up ships (4), 1 to :data:`MAX_DISPLAY`.

    Numbers must be integers (not ``4.0``, ``"4"`` or ``true``); ``ware_supply`` is 1 to
    :data:`MAX_WARE_SUPPLY`; switches must be ``true`` or ``false``.
    """

    recall: Literal["never", "when_empty", "any_turn"] = "any_turn"
    boat_unoccupied: Literal["no_trigger", "cover_fish"] = "no_trigger"
    boat_occupancy: Literal["after_islander", "before_islander"] = "after_islander"
    boat_all_covered: Literal["no_trigger", "evaluate"] = "no_trigger"
    boat_returns_fishers: StrictBool = True
    last_ship: Literal["acquired", "delivered"] = "acquired"
    ware_supply: Annotated[StrictInt, Interval(gt=0, le=MAX_WARE_SUPPLY)] | None = None
    score_unfinished: StrictBool = True
    islanders: Annotated[StrictInt, Interval(gt=0, le=MAX_ISLANDERS)] = 4
    display: Annotated[StrictInt, Interval(gt=0, le=MAX_DISPLAY)] = 4
