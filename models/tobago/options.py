"""Rule options of the whole Tobago game: the clue readings (TB-C4, TB-H5) plus every open point
of turns, driving, sharing the gold, amulets and the end, each with its default and source.

:class:`TobagoOptions` extends the hint solvers' :class:`~models.tobago.island.options.
ClueOptions`, so a game's options work wherever clue options do; :meth:`TobagoOptions.clues`
gives the clue part alone (the clue masks are cached by it).

>>> options = TobagoOptions()
>>> options.refusal, options.amulets_when, options.ties
('once_per_card', 'start_and_raise', 'shared')
>>> TobagoOptions.from_mapping({"amulets_when": "never"}).amulets_when
'never'
>>> options.clues() == ClueOptions()
True
"""

from __future__ import annotations

import dataclasses
from typing import Annotated, Literal

from annotated_types import Interval
from pydantic import StrictBool, StrictInt

from models.tobago.island.options import ClueOptions


@dataclasses.dataclass(frozen=True)
class TobagoOptions(ClueOptions):
    """Rule options of a Tobago game (the clue options ``sight``, ``next_to`` and
    ``marker_threshold`` are documented in :class:`~models.tobago.island.options.ClueOptions`).

    Attributes:
        start_claims: TB-S4 (published). The four starting hints are drawn face up from the
            clue deck, one per treasure (a card that would exclude no field or every field is
            discarded and another drawn); then each player in turn marks one of them with a
            rose. ``"distinct"`` (default): each starting hint takes one rose at most, so with
            2 or 3 players some stay unmarked (a review describes "each player seeding a
            different pile"). ``"shared"``: several players may mark the same one (a rules
            summary says only "one of the 4 initial clue cards"); its roses queue in the order
            they were placed.
        exchange_hand: TB-T1 (published). Besides a hint or a drive, a turn may be spent
            discarding one's whole hand face up and drawing a new one (a summary of the
            published rules lists it as a third action; the source text names two). Default
            true; without it a table whose hands hold no legal card can stall (the game then
            ends by atoll's turn limit).
        refusal: TB-G3. ``"once_per_card"`` (default; the source text asks "the player" and
            then the one before): a player who refuses a card is not asked again for that card,
            even at another of his roses. ``"per_rose"``: he is asked again at each rose of his.
        nobody_takes: TB-G3. A card every rose holder refused: ``"discard"`` (default; the
            texts do not say, so it leaves play face up) or ``"front_takes"`` (the owner of the
            frontmost rose must take it).
        curse_without_gold: TB-G5. A rose holder with no gold when a curse comes up.
            ``"amulet"`` (default since atoll 0.2; the source text: the holders "müssen … ein
            Amulett oder ihre wertvollste Goldkarte abgeben", so one with an amulet and no gold
            gives up the amulet); ``"nothing"`` (the default before: the curse takes gold only,
            an amulet being given "instead" of it, so without gold he loses nothing).
        first_hint_without_receiver: TB-G6 (the texts do not say who lays the new treasure's
            first hint when nobody received a card, e.g. a curse came up first).
            ``"raiser"`` (default): the raiser; ``"nobody"``: the new treasure waits for a hint
            laid in a turn.
        amulets_when: TB-A1 (published: when amulets wash up is not in the source text).
            ``"start_and_raise"`` (default): one round at the start and one after every
            treasure is shared; ``"raise"``: after each sharing only; ``"start"``: at the start
            only; ``"never"``: no amulets (``compare --option amulets_when=never`` measures what
            amulets are worth, on the same seeds).
        amulets_per_statue: TB-A1. Amulets each statue washes up per round (default 1), while
            the supply lasts.
        amulet_field: TB-A1 (published: "on the beach field in the statue's gaze"). Walk from
            the statue in its facing direction until the sea: ``"beach"`` (default) — the first
            beach field on that line (the last island field if none is a beach); ``"wave"`` —
            chance picks one of the line's beach fields, each equally likely (a chance node);
            ``"gaze"`` — the field the statue faces.
        amulet_extra_action: TB-A2 (published). Spending an amulet buys one more action (a
            hint or a drive) in one's turn, as often as one has amulets. Default true.
        amulet_against_curse: TB-A2 (published). An amulet may be given up instead of the
            most valuable gold card when a curse comes up. Default true.
        raise_in_place: TB-D2. A vehicle standing on a treasure's field when it becomes fixed
            may raise it without driving (a drive of no legs). Default true (the BGA help: "if
            the ATV is on a space containing a treasure that has been located, he can raise
            it"); false: only a vehicle that arrives raises.
        fixed_under_vehicle: TB-D2. A treasure becomes fixed on a field where a vehicle
            already stands; who has "reached it first"? The source text gives the treasure to
            whoever "nun" (now that it is fixed) "zuerst dieses Feld erreicht"; it does not say
            whether standing there counts. ``"turn_order"`` (default; the BGA help: a vehicle
            on a located treasure's space raises it as its turn's action): the standing
            vehicle raises it in place on its owner's turn, unless a vehicle driving onto the
            field earlier in the turn order arrives first and raises it. ``"standing"``: the
            standing vehicle was there first, so the treasure is owed to it — to the first of
            them in turn order from the player who fixed it — and it is raised at the start of
            its owner's next turn (or at once with an amulet's extra action); a vehicle
            arriving meanwhile does not raise it, and the debt lapses if the vehicle drives
            away. Needs ``raise_in_place = true``.
        same_field: TB-D2. Two or more treasures fixed on the field a vehicle reaches. The texts
            give each fixed treasure to whoever reaches its field first, so the first vehicle
            there raises them all, also one it raised another with; they do not say when.
            ``"together"`` (default; the source text has no "raising ends the turn"): one
            after another in the same turn, by treasure number, each shared in full (TB-G1..G6)
            before the next is raised; the turn ends after the last. ``"next_turn"`` (the
            published "raising ends the turn" read strictly): one per turn; the others are owed
            to him, raised one at the start of each of his next turns while his vehicle stays
            there (a vehicle arriving meanwhile does not raise them).
        ties: TB-E1 (published: the most gold wins; no tie-break is given). ``"shared"``
            (default): tied players share the win; ``"amulets"``: among them, the most amulets
            win (still tied if equal).

    Numbers are integers (not ``1.0``, ``"1"`` or ``true``); switches ``true`` or ``false``.
    """

    start_claims: Literal["distinct", "shared"] = "distinct"
    exchange_hand: StrictBool = True
    refusal: Literal["once_per_card", "per_rose"] = "once_per_card"
    nobody_takes: Literal["discard", "front_takes"] = "discard"
    curse_without_gold: Literal["amulet", "nothing"] = "amulet"
    first_hint_without_receiver: Literal["raiser", "nobody"] = "raiser"
    amulets_when: Literal["start_and_raise", "raise", "start", "never"] = "start_and_raise"
    amulets_per_statue: Annotated[StrictInt, Interval(ge=0, le=10)] = 1
    amulet_field: Literal["beach", "wave", "gaze"] = "beach"
    amulet_extra_action: StrictBool = True
    amulet_against_curse: StrictBool = True
    raise_in_place: StrictBool = True
    fixed_under_vehicle: Literal["turn_order", "standing"] = "turn_order"
    same_field: Literal["together", "next_turn"] = "together"
    ties: Literal["shared", "amulets"] = "shared"

    def __post_init__(self) -> None:
        if self.fixed_under_vehicle == "standing" and not self.raise_in_place:
            raise ValueError(
                'fixed_under_vehicle = "standing" needs raise_in_place = true (a vehicle owed '
                "a treasure raises it where it stands)"
            )

    def clues(self) -> ClueOptions:
        """The clue options alone (what the hint rules and solvers read)."""
        return ClueOptions(
            sight=self.sight, next_to=self.next_to, marker_threshold=self.marker_threshold
        )
