"""The clue cards in play (TB-S3, TB-H1): the pile, the hands, refills, and laying a hint.

A card drawn goes face down into a hand (its draw is remembered, so that resampling can redraw
it); an empty pile is refilled from the discards (a new epoch: what was drawn before it cannot
come back). Laying a hint (TB-H1) shrinks the treasure's candidates; below the threshold
stones mark them (TB-H5); one left fixes the treasure (TB-H6).

>>> from models.core import load_game
>>> state = load_game("tobago", 2).new_initial_state()
>>> drawable(state), state.pile_size
(True, 52)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from models.tobago.events import TobagoEvent as EV
from models.tobago.position import Phase, Then

if TYPE_CHECKING:
    from models.tobago.position import TobagoPosition


def take_into_hand(pos: TobagoPosition, player: int, index: int) -> None:
    """The card just drawn (the last history entry) goes face down into ``player``'s hand."""
    pos.hand_slots[player].append(len(pos.clue_slots))
    pos.clue_slots.append((pos.moves - 1, player, pos.epoch))
    pos.hands[player].append(index)


def drawable(pos: TobagoPosition) -> bool:
    """Whether a clue card can be drawn; an empty pile is first refilled from the discards."""
    if not pos.pile_size and pos.discards:
        for index in pos.discards:
            pos.pile[index] += 1
        pos.pile_size, pos.epoch = len(pos.discards), pos.epoch + 1
        pos.event(EV.RESHUFFLE, None, cards=len(pos.discards))
        pos.discards = []
    return pos.pile_size > 0


def refill(pos: TobagoPosition, player: int, then: Then) -> None:
    """TB-H1: ``player`` draws back up to his hand size; then ``then`` happens."""
    pos.refill_for, pos.then = player, then
    refill_next(pos)


def refill_next(pos: TobagoPosition) -> None:
    """Draw the next card of a refill (chance), or leave what follows it pending (the turn's
    steps take it: :func:`models.tobago.turns.resume`)."""
    player = pos.refill_for
    if len(pos.hands[player]) < pos.game.hand_size and drawable(pos):
        pos.phase = Phase.REFILL
        return
    pos.pending = pos.then


def refilled(pos: TobagoPosition, index: int) -> None:
    """Chance drew clue card ``index`` for the refill in progress."""
    take_into_hand(pos, pos.refill_for, index)
    pos.event(EV.REFILL, pos.refill_for, cards=1)
    refill_next(pos)


def lay(
    pos: TobagoPosition,
    player: int | None,
    t: int,
    index: int,
    *,
    start: bool = False,
    new: bool = False,
    extra: bool = False,
) -> None:
    """TB-H1: the clue card ``index`` goes behind the hints at treasure ``t`` (from
    ``player``'s hand, marked with his rose; a starting hint comes from the deck unmarked)."""
    game = pos.game
    if player is not None:
        at = pos.hands[player].index(index)
        pos.hands[player].pop(at)
        pos.hand_slots[player].pop(at)
        pos.roses[player] -= 1
        pos.queues[t].append(player)
    before = pos.cand[t]
    after = before & game.masks[index]
    if not pos.hints[t]:
        pos.begun[t] = pos.turn
    pos.hints[t].append(index)
    pos.cand[t] = after
    left = after.bit_count()
    clue = str(game.clues[index])
    if start:
        pos.event(EV.START_HINT, None, treasure=t + 1, clue=clue, left=left)
    else:
        pos.event(
            EV.HINT,
            player,
            treasure=t + 1,
            clue=clue,
            left=left,
            excluded=before.bit_count() - left,
            roses=len(pos.queues[t]),
            extra=extra,
            new=new,
        )
    threshold = pos.options.marker_threshold
    if before.bit_count() >= threshold > left:
        pos.event(EV.MARKED, player, treasure=t + 1, left=left)
    if left == 1:
        field = game.fields[after.bit_length() - 1]
        turns = pos.turn - pos.begun[t]
        hints = len(pos.hints[t])
        pos.event(EV.FIXED, player, treasure=t + 1, field=field, hints=hints, turns=turns)
        if pos.options.fixed_under_vehicle == "standing":
            _owe_to_standing(pos, t, after.bit_length() - 1)


def _owe_to_standing(pos: TobagoPosition, t: int, field: int) -> None:
    """TB-D2, ``fixed_under_vehicle = "standing"``: treasure ``t`` just became fixed on
    ``field``; a vehicle standing there reached it first (the first in turn order from the
    player whose turn it is)."""
    n, vehicles = pos.n, pos.vehicles
    for k in range(n):
        seat = (pos.player + k) % n
        if vehicles[seat] == field:
            pos.owed[t] = seat
            return


def remember_no_legal_hint(pos: TobagoPosition, player: int, masks: tuple[int, ...]) -> None:
    """Everybody saw that ``player`` could lay no hint at these candidate sets: his hand then
    held no legal card. Resampling keeps that true (if he had roses and cards at all)."""
    if pos.roses[player] and pos.hand_slots[player]:
        pos.constraints.append((tuple(pos.hand_slots[player]), masks))
