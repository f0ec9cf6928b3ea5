"""Glory Islands rule options: every reading the source text leaves open, with its default.

>>> GloryIslandsOptions().first_tie
'first_second'
>>> GloryIslandsOptions.from_mapping({"sunk_can_win": True}).sunk_can_win
True
"""

from __future__ import annotations

import dataclasses
from typing import Literal

from pydantic import StrictBool

from models.options import RuleOptions


@dataclasses.dataclass(frozen=True)
class GloryIslandsOptions(RuleOptions):
    """Rule options of Glory Islands (source: the German text, ``gloryislands-de.txt``).

    Attributes:
        sunk_can_win: GI-R2. A ship whose marker passes the last sail-track field sinks and
            "scheidet aus" (is out). Default false: the player takes no further part and cannot
            win (his fame is still reported). ``true``: he only stops playing; his fame at the
            end (with end scoring) competes like anybody's.
        sunk_pirates: GI-R2. What happens to a sunk player's pirates on the board; the text is
            silent. ``stay`` (default, the literal reading: nothing moves them): they keep
            their fields, are counted in island scorings and earn line fame (his fame no longer
            matters unless ``sunk_can_win``). ``removed``: they leave the board at once.
        sails_may_sink: GI-C3, GI-C4. Whether the special action may be paid with 2 sail-track
            fields that sink the ship. Default true (nothing forbids it; sinking is "through
            recklessness"); false: that payment is not offered when it would sink the ship.
        first_tie: GI-I2, when three or more players tie for 1st place (the text speaks of
            adding 1st and 2nd). ``first_second`` (default, literal): the tied share 1st + 2nd
            place fame and the next group is 3rd. ``places_covered``: k tied players share the
            fame of the k places they cover (1st + 2nd + 3rd for three), and the next group
            takes the place after them.
        all_tied_pool: GI-I5, "all fame points are added up" when every player present is
            tied. ``all_places`` (default, literal): 1st + 2nd + 3rd place fame, whatever the
            number tied. ``places_covered``: only the places the tied players cover (1st + 2nd
            for two players).
        sole_owner: GI-I5 for an island whose pirates all belong to one player: are "all
            participants" tied? ``first_place`` (default: one player is no tie; he takes 1st
            place fame) or ``all_tied`` (he takes the pooled fame of GI-I5 and the trigger
            bonus if he filled it).
    """

    sunk_can_win: StrictBool = False
    sunk_pirates: Literal["stay", "removed"] = "stay"
    sails_may_sink: StrictBool = True
    first_tie: Literal["first_second", "places_covered"] = "first_second"
    all_tied_pool: Literal["all_places", "places_covered"] = "all_places"
    sole_owner: Literal["first_place", "all_tied"] = "first_place"
