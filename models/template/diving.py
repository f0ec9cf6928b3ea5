"""The rule steps of Pearl Divers, as functions over the position (a ``<mechanic>.py``).

A real game has several such modules, each named after the mechanic it carries out (Glory
Islands' ``sailing.py``, ``placing.py``; South Seas' ``markets.py``). They change the position
and log events; they never check legality (the state did) and never draw chance (chance is an
action the caller applied).
"""

from __future__ import annotations

from .events import PearlDiversEvent as EV
from .position import PearlDiversPosition, Phase


def deal(pos: PearlDiversPosition, card: int) -> None:
    """PD-D1: the card ``card`` from the deck to the next seat, face down."""
    seat = pos.dealt
    pos.left[pos.values.index(card)] -= 1
    pos.cards[seat] = card
    pos.dealt += 1
    pos.event(EV.DEAL, seat, card=card)
    if pos.dealt == pos.players:
        pos.phase = Phase.DIVE


def choose(pos: PearlDiversPosition, dive: bool) -> None:
    """PD-R1: the chooser dives or rests; after the last choice the round is resolved."""
    seat = pos.chooser()
    pos.dives[seat] = dive
    pos.decided += 1
    if dive:
        pos.event(EV.DIVE, seat, card=pos.cards[seat])
    else:
        pos.event(EV.REST, seat)
    if pos.decided == pos.players:
        resolve(pos)


def resolve(pos: PearlDiversPosition) -> None:
    """PD-R2: the divers show their cards and the single highest takes the pearl; then the
    next round's deal, or the end (PD-G1)."""
    shown = tuple(c if d else None for c, d in zip(pos.cards, pos.dives, strict=True))
    divers = [(c, p) for p, c in enumerate(shown) if c is not None]
    top = max((c for c, _ in divers), default=None)
    winners = [p for c, p in divers if c == top]
    if len(winners) == 1:
        pos.scores[winners[0]] += pos.round
        for _, p in divers:
            if p != winners[0]:
                pos.scores[p] -= pos.penalty
        pos.event(EV.PEARL, winners[0], value=pos.round, cards=shown)
    else:
        pos.event(EV.NO_PEARL, None, value=pos.round, cards=shown)
    for p, card in enumerate(pos.cards):
        if shown[p] is None and card is not None:
            pos.hidden[p].append(card)
    pos.shown.append(shown)
    if pos.round == pos.rounds:
        pos.phase = Phase.OVER
        pos.event(EV.END, None, scores=tuple(pos.scores))
        return
    pos.round += 1
    pos.phase, pos.dealt, pos.decided = Phase.DEAL, 0, 0
    pos.cards = [None] * pos.players
    pos.dives = [None] * pos.players
