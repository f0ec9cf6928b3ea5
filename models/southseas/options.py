"""South Seas rule options: every open point of the catalogue and the reference notes.

>>> SouthSeasOptions().recall
'any_turn'
>>> SouthSeasOptions.from_mapping({"recall": "when_empty"}).recall
'when_empty'
"""

from __future__ import annotations

import dataclasses
from typing import Literal

from pydantic import PositiveInt

from models.core import RuleOptions


@dataclasses.dataclass(frozen=True)
class SouthSeasOptions(RuleOptions):
    """Rule options of Carcassonne: South Seas.

    Attributes:
        recall: Published turn step "place an islander OR take one back". ``any_turn`` (German
            publisher's rule, default): on any turn you place none; ``when_empty`` (English
            rules): only with an empty supply; ``never``: the source texts' silence.
        boat_unoccupied: SS-B1. A boat placed into a region without islanders: ``no_trigger``
            (default, English text: only an occupied region is evaluated) or ``cover_fish``
            (German "angelegt": the region is evaluated, pays nobody, and a fish group is
            covered).
        boat_returns_fishers: SS-B4. Whether the fishers go back to supply after a boat
            evaluation. Default true (published rulebook, per the reference notes).
        ware_supply: Wares of each type in the supply; ``None`` (default) is unlimited. The
            published game has 40 units per type. When short, winners are paid in turn order
            from the active player, each as much as is left.
        score_unfinished: SS-F1. End scoring of unfinished bridges, islands and sea regions that
            hold islanders. Default true (the source texts).
        islanders: Islanders per player (4 in the published game).
        display: Face-up ships (4).
    """

    recall: Literal["never", "when_empty", "any_turn"] = "any_turn"
    boat_unoccupied: Literal["no_trigger", "cover_fish"] = "no_trigger"
    boat_returns_fishers: bool = True
    ware_supply: PositiveInt | None = None
    score_unfinished: bool = True
    islanders: PositiveInt = 4
    display: PositiveInt = 4
