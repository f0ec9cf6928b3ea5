"""What a Tobago player knows, as one hashable key.

**Public** (the same in every player's key): the phase and whose decision it is, the turn, the
hints at each treasure with their roses, candidates, vehicles, amulets on the island and in
hand, roses, everybody's gold (every card taken was turned up first), the discarded clue cards,
how many cards are in the clue pile and the gold deck and how many gold cards were drawn, curses
out, the share in progress as far as it is turned up (its queue, the cards turned up, who
refused, whose rose is asked), and how many hint cards each player holds — with the pile
"epoch" each was drawn in (the discards reshuffled start a new one) — and how many gold cards
each drew face down for each share, at which deck positions.

**Private**: the player's own hand, and the values of the gold cards he drew face down himself.
The others' hands, their face-down gold and the unseen card of each share (TB-G2) are in
nobody's key but their holders' — the unseen card in nobody's at all. Treasures hide nothing:
their place is wherever the hints leave it (see :mod:`models.tobago.state`).

>>> from models.core import load_game, make_rng
>>> state = load_game("tobago", 2).new_initial_state()
>>> rng = make_rng(0)
>>> while state.is_chance_node():
...     state.apply(state.sample_chance(rng))
>>> state.observation(0) == state.observation(1)  # the hands were dealt face down
False
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from models.tobago.position import TobagoPosition


def observation_key(pos: TobagoPosition, history: Sequence[Hashable], player: int) -> Hashable:
    """The key of what ``player`` knows (``history``: the state's actions, for his own gold)."""
    n = pos.n
    epochs = tuple(tuple(sorted(pos.clue_slots[s][2] for s in pos.hand_slots[p])) for p in range(n))
    share = pos.share
    share_key = None
    if share is not None:
        share_key = (
            share.treasure,
            share.raiser,
            tuple(share.queue),
            tuple(share.alive),
            tuple(share.received),
            len(share.deal),
            sum(share.pile),
            share.offered,
            share.asked,
            tuple(sorted(share.refused)),
            tuple(share.payers),
            share.cursed,
        )
    slots = tuple((owner, pos, number) for _, owner, pos, number in pos.gold_slots)
    mine = tuple(
        (number, history[index].value)  # type: ignore[attr-defined]
        for index, owner, _, number in pos.gold_slots
        if owner == player
    )
    public = (
        pos.phase,
        pos.current_player(),
        pos.player,
        pos.turn,
        pos.seat,
        pos.legs,
        pos.extra,
        pos.ended,
        tuple(tuple(h) for h in pos.hints),
        tuple(tuple(q) for q in pos.queues),
        tuple(pos.cand),
        tuple(pos.raised),
        tuple(pos.owed),
        tuple(pos.raising),
        tuple(pos.vehicles),
        tuple(sorted(pos.amulets_on.items())),
        pos.amulet_supply,
        tuple(pos.amulets),
        tuple(pos.roses),
        tuple(tuple(g) for g in pos.gold),
        tuple(pos.discards),
        pos.pile_size,
        pos.epoch,
        pos.deck_size,
        pos.deck_pos,
        pos.curses_out,
        tuple(pos.unwanted),
        tuple(pos.cursed_gold),
        tuple(pos.reveals),
        slots,
        epochs,
        share_key,
        pos.layer,
        tuple(pos.wash_queue),
    )
    return public, tuple(sorted(pos.hands[player])), mine
