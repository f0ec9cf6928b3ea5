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
from models.tobago.hands import lay, refill, remember_no_legal_hint
from models.tobago.position import UNSEEN, Phase, Share, Then
from models.tobago.scoring import finish

if TYPE_CHECKING:
    from models.tobago.position import TobagoPosition

#: How a treasure came to be raised (the ``by`` of a ``raise`` event; TB-D2): a vehicle arrived
#: on its field, stood on it and raised it as the turn's action, was owed it at the start of
#: the turn, or raised it after another treasure on the same field this turn.
RAISED_BY = ("arrival", "in_place", "owed", "same_field")


def start(pos: TobagoPosition, t: int, *, by: str) -> None:
    """TB-D2: the current player raises treasure ``t`` (``by``: one of :data:`RAISED_BY`);
    the sharing begins (TB-G1)."""
    player, game = pos.player, pos.game
    queue = list(pos.queues[t])
    if pos.roses[player]:
        pos.roses[player] -= 1
        queue.append(player)
    field = game.fields[pos.cand[t].bit_length() - 1]
    in_place = by in ("in_place", "owed")  # the turn's action was the raise (no drive)
    pos.event(
        EV.RAISE,
        player,
        treasure=t + 1,
        field=field,
        queue=list(queue),
        in_place=in_place,
        by=by,
    )
    pos.sharings += 1
    pos.share = Share(
        treasure=t,
        raiser=player,
        number=pos.sharings,
        queue=queue,
        alive=[True] * len(queue),
        received=[0] * len(queue),
        deal=[*reversed(queue), UNSEEN],
        pile=[0] * len(pos.deck),
    )
    _deal_next(pos)


def _deal_next(pos: TobagoPosition) -> None:
    share = pos.share
    assert share is not None
    if share.deal and pos.deck_size:
        pos.set_actions(Phase.GOLD, ())
    else:
        share.deal = []
        _reveal_next(pos)


def drawn(pos: TobagoPosition, value: int) -> None:
    """TB-G1/G2: the gold card ``value`` drawn (the last history entry) face down."""
    share = pos.share
    assert share is not None
    owner = share.deal.pop(0)
    pos.deck[value] -= 1
    pos.deck_size -= 1
    pos.gold_slots.append((pos.moves - 1, owner, pos.deck_pos, share.number))
    pos.deck_pos += 1
    share.pile[value] += 1
    if owner == UNSEEN:
        pos.event(EV.GOLD_UNSEEN, None, treasure=share.treasure + 1)
    else:
        pos.event(EV.GOLD_DRAWN, owner, treasure=share.treasure + 1, cards=1)
    _deal_next(pos)


def _reveal_next(pos: TobagoPosition) -> None:
    share = pos.share
    assert share is not None
    share.offered = -1
    if any(share.alive) and any(share.pile):
        pos.set_actions(Phase.REVEAL, ())
    else:
        end(pos)


def revealed(pos: TobagoPosition, value: int) -> None:
    """TB-G3: the card ``value`` is turned up; a curse stops the sharing (TB-G5)."""
    share = pos.share
    assert share is not None
    share.pile[value] -= 1
    pos.reveals.append((share.number, value))
    pos.event(EV.REVEAL, None, treasure=share.treasure + 1, value=card_name(value))
    if value == CURSE:
        pos.curses_out += 1
        _curse(pos)
        return
    share.offered, share.asked, share.refused = value, len(share.queue), set()
    _offer_next(pos)


def _offer_next(pos: TobagoPosition) -> None:
    """Offer the card to the next rose forward (TB-G3, G4)."""
    share = pos.share
    assert share is not None
    once = pos.options.refusal == "once_per_card"
    for i in range(share.asked - 1, -1, -1):
        if share.alive[i] and not (once and share.queue[i] in share.refused):
            share.asked = i
            pos.set_actions(Phase.OFFER, (TAKE, REFUSE))
            return
    if pos.options.nobody_takes == "front_takes":
        share.asked = share.alive.index(True)
        why = "every rose holder refused it, so the front rose took it (nobody_takes)"
        pos.note_skipped(share.queue[share.asked], "TB-G3", why, (Take, Refuse))
        _take(pos)
        return
    pos.unwanted.append(share.offered)
    pos.event(EV.UNWANTED, None, treasure=share.treasure + 1, value=share.offered)
    _reveal_next(pos)


def _take(pos: TobagoPosition) -> None:
    share = pos.share
    assert share is not None
    i, value = share.asked, share.offered
    owner = share.queue[i]
    pos.gold[owner].append(value)
    share.alive[i], share.received[i], share.last = False, value, owner
    pos.roses[owner] += 1
    pos.event(EV.TAKE, owner, value=value, position=len(share.queue) - 1 - i)
    _reveal_next(pos)


def decide(pos: TobagoPosition, action: Action) -> None:
    """Take or refuse the card offered, or pay a curse (already checked legal)."""
    share = pos.share
    assert share is not None
    if action is TAKE:
        _take(pos)
    elif action is REFUSE:
        owner = share.queue[share.asked]
        share.refused.add(owner)
        position = len(share.queue) - 1 - share.asked
        pos.event(EV.REFUSE, owner, value=share.offered, position=position)
        _offer_next(pos)
    else:
        assert isinstance(action, PayCurse)
        _pay(pos, share.payers.pop(0), amulet=action.amulet)
        _curse_next(pos)


def _curse(pos: TobagoPosition) -> None:
    share = pos.share
    assert share is not None
    holders = list(
        dict.fromkeys(share.queue[i] for i in reversed(range(len(share.queue))) if share.alive[i])
    )
    pos.event(EV.CURSE, None, treasure=share.treasure + 1, holders=list(holders))
    share.cursed, share.payers = True, holders  # the payers list is used up: not the event's
    _curse_next(pos)


def _curse_next(pos: TobagoPosition) -> None:
    """TB-G5: each holder pays in turn; a choice only with both gold and an amulet (TB-A2)."""
    share = pos.share
    assert share is not None
    options = pos.options
    while share.payers:
        payer = share.payers[0]
        has_gold, has_amulet = bool(pos.gold[payer]), pos.amulets[payer] > 0
        if has_gold and has_amulet and options.amulet_against_curse:
            pos.set_actions(Phase.CURSING, (PAY_AMULET, PAY_GOLD))
            return
        share.payers.pop(0)
        if has_gold:
            why = "he holds gold and may give up no amulet instead"
            _pay(pos, payer, amulet=False)
        elif has_amulet and options.curse_without_gold == "amulet":
            why = "he holds an amulet and no gold"
            _pay(pos, payer, amulet=True)
        else:
            why = "he holds no gold" + ("" if has_amulet else " and no amulet")
            pos.event(EV.CURSE_LOSS, payer, lost="nothing")
        pos.note_skipped(payer, "TB-G5", f"player {payer} had no choice: {why}", (PayCurse,))
    end(pos)


def _pay(pos: TobagoPosition, payer: int, *, amulet: bool) -> None:
    if amulet:
        pos.amulets[payer] -= 1
        pos.amulets_spent += 1
        pos.event(EV.AMULET_SPENT, payer, **{"for": "curse"})
        pos.event(EV.CURSE_LOSS, payer, lost="amulet")
        return
    value = max(pos.gold[payer])
    pos.gold[payer].remove(value)
    pos.cursed_gold.append(value)
    pos.event(EV.CURSE_LOSS, payer, lost="gold", value=value)


def end(pos: TobagoPosition) -> None:
    """The sharing is over: leftovers leave play, roses go home, hints are discarded; then
    the game ends (TB-E1), or amulets wash up (TB-A1) and the new treasure begins (TB-G6)."""
    share = pos.share
    assert share is not None
    for value, count in enumerate(share.pile):
        pos.gold_out[value] += count
    for owner, alive in zip(share.queue, share.alive, strict=True):
        pos.roses[owner] += alive
    t = share.treasure
    pos.event(
        EV.SHARE_END,
        None,
        treasure=t + 1,
        received=list(reversed(share.received)),
        cursed=share.cursed,
        left=sum(share.pile),
    )
    pos.discards.extend(pos.hints[t])
    pos.hints[t], pos.queues[t], pos.cand[t] = [], [], pos.game.full
    pos.owed[t] = -1
    pos.raised[t] += 1
    if share.last >= 0:
        pos.layer = share.last
    else:  # nobody received a card (a curse came first): option first_hint_without_receiver
        nobody = pos.options.first_hint_without_receiver == "nobody"
        pos.layer = -1 if nobody else share.raiser
    pos.new_treasure, pos.share = t, None
    if not pos.deck_size:
        finish(pos, "the gold deck ran out")
        return
    pos.then = Then.AFTER_SHARE
    if pos.options.amulets_when in ("start_and_raise", "raise"):
        amulets.start_washing(pos)
        if pos.wash_queue:
            pos.set_actions(Phase.WASH, ())
            return
    after_washing(pos)


def after_washing(pos: TobagoPosition) -> None:
    """TB-G6: the last receiver lays the new treasure's first hint (if he can)."""
    layer, t, game = pos.layer, pos.new_treasure, pos.game
    actions: tuple[Action, ...] = ()
    if layer >= 0 and pos.roses[layer]:
        actions = tuple(
            game.hint_actions[i][t] for i in dict.fromkeys(pos.hands[layer]) if game.opens[i]
        )
    pos.event(EV.NEW_TREASURE, layer if actions else None, treasure=t + 1)
    if actions:
        pos.set_actions(Phase.NEW, actions)
        return
    if layer >= 0:
        remember_no_legal_hint(pos, layer, (game.full,))
        lacks = "no compass rose left" if not pos.roses[layer] else "no card that may be laid"
        why = f"player {layer} has {lacks} for the new treasure's first hint"
        pos.note_skipped(layer, "TB-G6", why, (Hint,))
    pos.pending = Then.RAISED  # the turn goes on (turns.resume): raising ends it (TB-D2)


def new_hint(pos: TobagoPosition, action: Action) -> None:
    """TB-G6: the new treasure's first hint, then the layer draws back up; the raiser's turn
    is over."""
    assert isinstance(action, Hint)
    index = pos.game.clue_index[action.clue]
    lay(pos, pos.layer, pos.new_treasure, index, new=True)
    refill(pos, pos.layer, Then.RAISED)
