"""Sharing a raised treasure (TB-D2, TB-G1..G6): draw, shuffle, offer from the back, curse.

When a vehicle raises a fixed treasure, its owner adds one more rose behind the treasure's hints
(if he has one left). Then:

1. **TB-G1** each rose at the treasure draws one gold card face down from the deck, from the
   back (the raiser) to the front — so a player draws as many as he has roses there; what he
   drew only he sees (a chance node per card; a short deck stops the drawing);
2. **TB-G2** one more card is added unseen by anyone (if the deck has one left);
3. **TB-G3** the cards are turned up one at a time (a chance node: the next card is any of those
   left, by count) and offered by roses from back to front: the raiser's first, then the last
   hint's author, and so on; a player may refuse (``refusal``: asked once per card, or at each
   of his roses); a card nobody takes is handled by ``nobody_takes``;
4. **TB-G4** a player who takes a card removes that rose; he is skipped for later cards unless
   he still has roses there; the sharing ends when no rose or no card is left;
5. **TB-G5** a curse card stops the sharing: every player still holding a rose there gives up
   his most valuable gold card, or an amulet instead (TB-A2: his choice when he has both; one
   with an amulet and no gold gives up the amulet, option ``curse_without_gold``);
6. **TB-G6** the player who received the last gold card lays the first hint of a new treasure
   of that colour from his hand, and draws back up; when nobody received one, the raiser does
   (option ``first_hint_without_receiver``); a new treasure without a hint takes one in a turn.

Cards never turned up leave play face down; roses still at the treasure go home; its hints
are discarded. The game ends when the gold deck is empty after a sharing (TB-E1). Amulets wash
up after each sharing by the ``amulets_when`` option (TB-A1).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from models.tobago import amulets
from models.tobago.actions import (
    CURSE,
    PAY_AMULET,
    PAY_GOLD,
    REFUSE,
    TAKE,
    Action,
    Hint,
    PayCurse,
    Refuse,
    Take,
    card_name,
)
from models.tobago.events import TobagoEvent as EV

if TYPE_CHECKING:
    from models.tobago.state import TobagoState

#: Who draws the unseen card (TB-G2) in a share's drawing order and gold slots.
UNSEEN = -1


@dataclasses.dataclass
class Share:
    """The sharing of one raised treasure, while it lasts."""

    treasure: int
    raiser: int
    number: int
    queue: list[int]  # rose owners, front to back (the raiser's rose last)
    alive: list[bool]  # whether each rose is still there
    received: list[int]  # the value each rose received (0: none)
    deal: list[int]  # who still draws a card: owners from the back, then UNSEEN
    pile: list[int]  # the shuffled cards' counts by value (0: curse)
    offered: int = -1  # the card turned up and being offered
    asked: int = -1  # the queue position asked now
    refused: set[int] = dataclasses.field(default_factory=set)
    last: int = -1  # who received the last gold card
    payers: list[int] = dataclasses.field(default_factory=list)  # a curse's payers to come
    cursed: bool = False

    def copy(self) -> Share:
        return dataclasses.replace(
            self,
            queue=list(self.queue),
            alive=list(self.alive),
            received=list(self.received),
            deal=list(self.deal),
            pile=list(self.pile),
            refused=set(self.refused),
            payers=list(self.payers),
        )

    def asked_player(self) -> int:
        return self.payers[0] if self.payers else self.queue[self.asked]


#: How a treasure came to be raised (the ``by`` of a ``raise`` event; TB-D2): a vehicle arrived
#: on its field, stood on it and raised it as the turn's action, was owed it at the start of
#: the turn, or raised it after another treasure on the same field this turn.
RAISED_BY = ("arrival", "in_place", "owed", "same_field")


def start(state: TobagoState, t: int, *, by: str) -> None:
    """TB-D2: the current player raises treasure ``t`` (``by``: one of :data:`RAISED_BY`);
    the sharing begins (TB-G1)."""
    player, game = state.player, state.game
    queue = list(state.queues[t])
    if state.roses[player]:
        state.roses[player] -= 1
        queue.append(player)
    field = game.fields[state.cand[t].bit_length() - 1]
    in_place = by in ("in_place", "owed")  # the turn's action was the raise (no drive)
    state.event(
        EV.RAISE,
        player,
        treasure=t + 1,
        field=field,
        queue=list(queue),
        in_place=in_place,
        by=by,
    )
    state.sharings += 1
    state.share = Share(
        treasure=t,
        raiser=player,
        number=state.sharings,
        queue=queue,
        alive=[True] * len(queue),
        received=[0] * len(queue),
        deal=[*reversed(queue), UNSEEN],
        pile=[0] * len(state.deck),
    )
    _deal_next(state)


def _deal_next(state: TobagoState) -> None:
    from models.tobago.state import GOLD

    share = state.share
    assert share is not None
    if share.deal and state.deck_size:
        state.set_actions(GOLD, ())
    else:
        share.deal = []
        _reveal_next(state)


def drawn(state: TobagoState, value: int) -> None:
    """TB-G1/G2: the gold card ``value`` drawn (the last history entry) face down."""
    share = state.share
    assert share is not None
    owner = share.deal.pop(0)
    state.deck[value] -= 1
    state.deck_size -= 1
    state.gold_slots.append((len(state._history) - 1, owner, state.deck_pos, share.number))
    state.deck_pos += 1
    share.pile[value] += 1
    if owner == UNSEEN:
        state.event(EV.GOLD_UNSEEN, None, treasure=share.treasure + 1)
    else:
        state.event(EV.GOLD_DRAWN, owner, treasure=share.treasure + 1, cards=1)
    _deal_next(state)


def _reveal_next(state: TobagoState) -> None:
    from models.tobago.state import REVEAL

    share = state.share
    assert share is not None
    share.offered = -1
    if any(share.alive) and any(share.pile):
        state.set_actions(REVEAL, ())
    else:
        end(state)


def revealed(state: TobagoState, value: int) -> None:
    """TB-G3: the card ``value`` is turned up; a curse stops the sharing (TB-G5)."""
    share = state.share
    assert share is not None
    share.pile[value] -= 1
    state.reveals.append((share.number, value))
    state.event(EV.REVEAL, None, treasure=share.treasure + 1, value=card_name(value))
    if value == CURSE:
        state.curses_out += 1
        _curse(state)
        return
    share.offered, share.asked, share.refused = value, len(share.queue), set()
    _offer_next(state)


def _offer_next(state: TobagoState) -> None:
    """Offer the card to the next rose forward (TB-G3, G4)."""
    from models.tobago.state import OFFER

    share = state.share
    assert share is not None
    once = state.options.refusal == "once_per_card"
    for i in range(share.asked - 1, -1, -1):
        if share.alive[i] and not (once and share.queue[i] in share.refused):
            share.asked = i
            state.set_actions(OFFER, (TAKE, REFUSE))
            return
    if state.options.nobody_takes == "front_takes":
        share.asked = share.alive.index(True)
        why = "every rose holder refused it, so the front rose took it (nobody_takes)"
        state.note_skipped(share.queue[share.asked], "TB-G3", why, (Take, Refuse))
        _take(state)
        return
    state.unwanted.append(share.offered)
    state.event(EV.UNWANTED, None, treasure=share.treasure + 1, value=share.offered)
    _reveal_next(state)


def _take(state: TobagoState) -> None:
    share = state.share
    assert share is not None
    i, value = share.asked, share.offered
    owner = share.queue[i]
    state.gold[owner].append(value)
    share.alive[i], share.received[i], share.last = False, value, owner
    state.roses[owner] += 1
    state.event(EV.TAKE, owner, value=value, position=len(share.queue) - 1 - i)
    _reveal_next(state)


def decide(state: TobagoState, action: Action) -> None:
    """Take or refuse the card offered, or pay a curse (already checked legal)."""
    share = state.share
    assert share is not None
    if action is TAKE:
        _take(state)
    elif action is REFUSE:
        owner = share.queue[share.asked]
        share.refused.add(owner)
        position = len(share.queue) - 1 - share.asked
        state.event(EV.REFUSE, owner, value=share.offered, position=position)
        _offer_next(state)
    else:
        assert isinstance(action, PayCurse)
        _pay(state, share.payers.pop(0), amulet=action.amulet)
        _curse_next(state)


def _curse(state: TobagoState) -> None:
    share = state.share
    assert share is not None
    holders = list(
        dict.fromkeys(share.queue[i] for i in reversed(range(len(share.queue))) if share.alive[i])
    )
    state.event(EV.CURSE, None, treasure=share.treasure + 1, holders=list(holders))
    share.cursed, share.payers = True, holders  # the payers list is used up: not the event's
    _curse_next(state)


def _curse_next(state: TobagoState) -> None:
    """TB-G5: each holder pays in turn; a choice only with both gold and an amulet (TB-A2)."""
    from models.tobago.state import CURSING

    share = state.share
    assert share is not None
    options = state.options
    while share.payers:
        payer = share.payers[0]
        has_gold, has_amulet = bool(state.gold[payer]), state.amulets[payer] > 0
        if has_gold and has_amulet and options.amulet_against_curse:
            state.set_actions(CURSING, (PAY_AMULET, PAY_GOLD))
            return
        share.payers.pop(0)
        if has_gold:
            why = "he holds gold and may give up no amulet instead"
            _pay(state, payer, amulet=False)
        elif has_amulet and options.curse_without_gold == "amulet":
            why = "he holds an amulet and no gold"
            _pay(state, payer, amulet=True)
        else:
            why = "he holds no gold" + ("" if has_amulet else " and no amulet")
            state.event(EV.CURSE_LOSS, payer, lost="nothing")
        state.note_skipped(payer, "TB-G5", f"player {payer} had no choice: {why}", (PayCurse,))
    end(state)


def _pay(state: TobagoState, payer: int, *, amulet: bool) -> None:
    if amulet:
        state.amulets[payer] -= 1
        state.amulets_spent += 1
        state.event(EV.AMULET_SPENT, payer, **{"for": "curse"})
        state.event(EV.CURSE_LOSS, payer, lost="amulet")
        return
    value = max(state.gold[payer])
    state.gold[payer].remove(value)
    state.cursed_gold.append(value)
    state.event(EV.CURSE_LOSS, payer, lost="gold", value=value)


def end(state: TobagoState) -> None:
    """The sharing is over: leftovers leave play, roses go home, hints are discarded; then
    the game ends (TB-E1), or amulets wash up (TB-A1) and the new treasure begins (TB-G6)."""
    from models.tobago.state import WASH

    share = state.share
    assert share is not None
    for value, count in enumerate(share.pile):
        state.gold_out[value] += count
    for owner, alive in zip(share.queue, share.alive, strict=True):
        state.roses[owner] += alive
    t = share.treasure
    state.event(
        EV.SHARE_END,
        None,
        treasure=t + 1,
        received=list(reversed(share.received)),
        cursed=share.cursed,
        left=sum(share.pile),
    )
    state.discards.extend(state.hints[t])
    state.hints[t], state.queues[t], state.cand[t] = [], [], state.game.full
    state.owed[t] = -1
    state.raised[t] += 1
    if share.last >= 0:
        state.layer = share.last
    else:  # nobody received a card (a curse came first): option first_hint_without_receiver
        nobody = state.options.first_hint_without_receiver == "nobody"
        state.layer = -1 if nobody else share.raiser
    state.new_treasure, state.share = t, None
    if not state.deck_size:
        state.finish("the gold deck ran out")
        return
    state.then = "after-share"
    if state.options.amulets_when in ("start_and_raise", "raise"):
        amulets.start_washing(state)
        if state.wash_queue:
            state.set_actions(WASH, ())
            return
    after_washing(state)


def after_washing(state: TobagoState) -> None:
    """TB-G6: the last receiver lays the new treasure's first hint (if he can)."""
    from models.tobago import turns
    from models.tobago.state import NEW

    layer, t, game = state.layer, state.new_treasure, state.game
    actions: tuple[Action, ...] = ()
    if layer >= 0 and state.roses[layer]:
        actions = tuple(
            game.hint_actions[i][t] for i in dict.fromkeys(state.hands[layer]) if game.opens[i]
        )
    state.event(EV.NEW_TREASURE, layer if actions else None, treasure=t + 1)
    if actions:
        state.set_actions(NEW, actions)
        return
    if layer >= 0:
        turns.remember_no_legal_hint(state, layer, (game.full,))
        lacks = "no compass rose left" if not state.roses[layer] else "no card that may be laid"
        why = f"player {layer} has {lacks} for the new treasure's first hint"
        state.note_skipped(layer, "TB-G6", why, (Hint,))
    turns.after_raise(state)


def new_hint(state: TobagoState, action: Action) -> None:
    """TB-G6: the new treasure's first hint, then the layer draws back up; the raiser's turn
    is over."""
    from models.tobago import turns

    assert isinstance(action, Hint)
    index = state.game.clue_index[action.clue]
    turns.lay(state, state.layer, state.new_treasure, index, new=True)
    state.refill(state.layer, then="raised")
