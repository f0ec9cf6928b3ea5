"""Glory Islands rule options: every reading the source text leaves open, with its default, and
switches for the special actions (GI-C2..C4) so a study measures what each is worth.

>>> GloryIslandsOptions().first_tie
'first_second'
>>> GloryIslandsOptions.from_mapping({"sunk_can_win": True}).sunk_can_win
True
>>> GloryIslandsOptions.from_mapping({"hunt": False}).special_actions()
(3, 4)
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
        hunt: GI-C2, the 2-card's treasure hunt (return a barrel, draw 3, keep 1). Default
            true, as the rules have it; false: the 2-card has no special action.
        extra_pirate: GI-C3, the 3-card's second pirate (a barrel or 2 sail fields). Default
            true; false: the 3-card has none.
        relocate: GI-C4, the 4-card's move of one's placed pirate to any empty island field
            (a barrel or 2 sail fields). Default true; false: the 4-card has none.
        colours: GI-R1, whose cards each seat chooses from: the text gives each player the
            cards of one colour and says nothing of seats. ``by_seat`` (default, as before):
            seat i plays the i-th colour of the board file, so a seat's effect and its colour's
            cannot be told apart; ``dealt``: chance deals the colours to the seats at the start
            of each game (each way equally likely; a ``deal`` event records it), so a study
            can tell a seat's advantage from a colour's (its tie-breakers, GI-R3).

    The last three are switches rather than readings: with one off, the card still moves,
    reaches and costs what it says, and the action is refused naming the option.
    ``atoll gloryislands compare --option hunt=false`` plays the same seeds with and without
    it, which measures what the special action is worth to the agents playing.
    """

    sunk_can_win: StrictBool = False
    sunk_pirates: Literal["stay", "removed"] = "stay"
    sails_may_sink: StrictBool = True
    first_tie: Literal["first_second", "places_covered"] = "first_second"
    all_tied_pool: Literal["all_places", "places_covered"] = "all_places"
    sole_owner: Literal["first_place", "all_tied"] = "first_place"
    hunt: StrictBool = True
    extra_pirate: StrictBool = True
    relocate: StrictBool = True
    colours: Literal["by_seat", "dealt"] = "by_seat"

    def special_actions(self) -> tuple[int, ...]:
        """The card values whose special action is switched on (of 2, 3 and 4)."""
        switches = ((2, self.hunt), (3, self.extra_pirate), (4, self.relocate))
        return tuple(value for value, on in switches if on)
