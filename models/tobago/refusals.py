"""Why a Tobago action is refused: every refusal names the rule it breaks.

The state calls :func:`refusal` only after an action failed its quick check, so the diagnosis
may take its time: a card not in the hand, a clue that excludes nothing (TB-H2) or everything
(TB-H3, H4), no rose left, a field not one leg away or in the sea (TB-D1), no fixed treasure
under the vehicle (TB-D2), a card or decision out of turn (TB-T1, TB-G3, TB-G5), a chance
outcome that is not left in its pile.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

from models.errors import IllegalActionError
from models.skips import explaining
from models.tobago.actions import (
    CURSE,
    Claim,
    DrawClue,
    DrawGold,
    EndTurn,
    Exchange,
    Hint,
    Leg,
    Pass,
    PayCurse,
    PlaceVehicle,
    Raise,
    Refuse,
    Reveal,
    Stop,
    Take,
    Wash,
)
from models.tobago.island.map import Terrain
from models.tobago.position import Phase
from models.tobago.turns import owed_to

if TYPE_CHECKING:
    from models.tobago.position import TobagoPosition

#: What each phase expects, and the rule that says so.
_EXPECTS: dict[Phase, tuple[str, str, tuple[type, ...]]] = {
    Phase.START: ("TB-S4", "chance draws a starting hint", (DrawClue,)),
    Phase.DEAL: ("TB-S3", "chance deals the hands", (DrawClue,)),
    Phase.REFILL: ("TB-H1", "chance draws a card back into the hand", (DrawClue,)),
    Phase.GOLD: ("TB-G1", "chance draws a gold card face down", (DrawGold,)),
    Phase.REVEAL: ("TB-G3", "chance turns up the next card of the share", (Reveal,)),
    Phase.WASH: ("TB-A1", "chance washes up an amulet", (Wash,)),
    Phase.VEHICLE: ("TB-S1", "the player puts his vehicle on an island field", (PlaceVehicle,)),
    Phase.CLAIM: ("TB-S4", "the player marks a starting hint with a rose", (Claim,)),
    Phase.TURN: ("TB-T1", "one hint or one drive", (Hint, Leg, Raise, Exchange, Pass)),
    Phase.LEGS: ("TB-D1", "another leg, or stop", (Leg, Stop)),
    Phase.EXTRA: (
        "TB-A2",
        "spend an amulet on one more action, or end the turn",
        (Hint, Leg, Raise, Exchange, EndTurn),
    ),
    Phase.OFFER: ("TB-G3", "take or refuse the card offered", (Take, Refuse)),
    Phase.CURSING: ("TB-G5", "give up an amulet or the most valuable gold card", (PayCurse,)),
    Phase.NEW: ("TB-G6", "the first hint of the new treasure", (Hint,)),
}


def refusal(pos: TobagoPosition, action: Hashable) -> IllegalActionError:
    """The error for ``action``, which the state found illegal now."""
    rule, why = _diagnose(pos, action)
    return IllegalActionError.refused(
        action, rule, why, entry=f"turn {pos.turn}", field=str(pos.phase)
    )


def _diagnose(pos: TobagoPosition, action: Hashable) -> tuple[str, str]:
    phase = pos.phase
    if phase == Phase.OVER:
        return "TB-E1", f"the game is over ({pos.ended})"
    rule, expected, kinds = _EXPECTS[phase]
    if not isinstance(action, kinds):
        skip = explaining(pos.skipped, action)
        if skip is not None:
            return skip.rule, f"{skip.reason()}; now {expected}"
        return rule, f"now {expected}"
    if isinstance(action, DrawClue):
        return rule, f"no card '{action.clue}' is left in the draw pile"
    if isinstance(action, DrawGold):
        if action.value == CURSE and pos.deck[CURSE]:
            top = pos.game.cards.curse_free_top
            drawn = pos.deck_pos
            return "TB-G5", f"the curses lie below the top {top} gold cards ({drawn} drawn)"
        return rule, f"no gold card {action.value} is left in the deck"
    if isinstance(action, Reveal):
        return rule, f"no card {action.value} is in the share"
    if isinstance(action, Wash):
        return rule, f"no statue washes up its amulet at {list(action.field)}"
    if isinstance(action, PlaceVehicle):
        return _field_problem(pos, action.field) or (rule, "not an island field")
    if isinstance(action, Claim):
        return rule, f"treasure {action.treasure} has no starting hint free to mark"
    if isinstance(action, Hint):
        return _hint_problem(pos, action)
    if isinstance(action, Leg):
        return _leg_problem(pos, action)
    if isinstance(action, Raise):
        return "TB-D2", _raise_problem(pos)
    if isinstance(action, Exchange):
        if not pos.options.exchange_hand:
            return "TB-T1", "a turn is one hint or one drive (option exchange_hand = false)"
        return "TB-T1", "there is no hand to exchange, or no other card to draw"
    if isinstance(action, Pass):
        return "TB-T1", "a hint or a drive is possible: passing is only for when none is"
    return rule, f"now {expected}"


def _raise_problem(pos: TobagoPosition) -> str:
    if not pos.options.raise_in_place:
        return "only a vehicle arriving on its field raises a treasure (raise_in_place = false)"
    field = pos.vehicles[pos.current_player()]
    for t, c in enumerate(pos.cand):
        if c == 1 << field:
            return (
                f"treasure {t + 1} is owed to player {owed_to(pos, t)}, whose vehicle reached "
                "its field first"
            )
    return "your vehicle stands on no fixed treasure"


def _hint_problem(pos: TobagoPosition, action: Hint) -> tuple[str, str]:
    game = pos.game
    player = pos.current_player()
    index = game.clue_index.get(action.clue)
    if action.treasure not in (1, 2, 3, 4):
        return "TB-S2", f"there are treasures 1 to 4, not {action.treasure}"
    if pos.phase == Phase.NEW and action.treasure - 1 != pos.new_treasure:
        return "TB-G6", f"the first hint goes to the new treasure {pos.new_treasure + 1}"
    if index is None or index not in pos.hands[player]:
        return "TB-H1", f"'{action.clue}' is not in your hand"
    if not pos.roses[player]:
        return "TB-H1", "you have no compass rose left to mark a hint"
    cand = pos.cand[action.treasure - 1]
    left = cand & game.masks[index]
    if left == cand:
        return "TB-H2", f"it excludes none of the {cand.bit_count()} candidates"
    return "TB-H3", "it would exclude every candidate (TB-H4: it contradicts a hint there)"


def _field_problem(pos: TobagoPosition, field: object) -> tuple[str, str] | None:
    island = pos.game.island
    if not (
        isinstance(field, tuple)
        and len(field) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in field)
    ):
        return "TB-D1", f"a field is [col, row], not {field!r}"
    if not island.on_map(field):
        return "TB-D1", f"{list(field)} is off the map"
    if island.terrain_at(field) is Terrain.SEA:
        return "TB-D1", f"{list(field)} is sea: vehicles never enter the sea"
    return None


def _leg_problem(pos: TobagoPosition, action: Leg) -> tuple[str, str]:
    problem = _field_problem(pos, action.field)
    if problem:
        return problem
    island = pos.game.island
    at = island.island_fields[pos.vehicles[pos.current_player()]]
    here, there = island.terrain_at(at).word, island.terrain_at(action.field).word
    return "TB-D1", (
        f"{list(action.field)} ({there}) is not one leg from {list(at)} ({here}): a leg stays "
        "in one connected area or steps onto a neighbouring field"
    )
