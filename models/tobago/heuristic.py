"""The Tobago heuristic: each player's estimated final gold, for agents that judge a position.

estimate(p) = gold held
            + for each treasure: its fixedness x the expected gold of p's roses there
            + the expected gold of p raising it (how near his vehicle is)
            - the expected loss to a curse
            + amulets held (and the nearest amulet lying on the island) x :data:`AMULET_VALUE`.

* **Fixedness** ``w = 1 / (1 + FIX_SLOPE (k - 1))`` for k candidates (the bitset path's
  candidate masks): 1 when fixed, about half with two or three left, near 0 for a fresh
  treasure. A hint that pins a treasure where a player holds many roses is worth much to him.
* **Queue position**: a rose r places from the back (the raiser's is 0) gets the (r+1)-th card
  offered, if no curse comes first: ``mean x (1 - c)^(r + 1)``, with ``mean`` the mean value
  of the gold left and ``c`` the share of curses left in the deck.
* **Raising**: the raiser's extra rose goes to the back and pushes the others forward; each
  player's chance to raise is his nearness ``NEAR^d`` (d legs from his vehicle to the nearest
  candidate, :mod:`models.tobago.roads`) over everybody's, the player to move counting one
  leg nearer.
* **Deck**: all treasures together pay no more cards than the deck holds; values are scaled
  down when the deck cannot pay every rose on the table.
* A share in progress counts its cards — those still to be drawn at the deck's odds — offered
  to its living roses from the back, each rose reached only if no curse came first (one card per
  rose at most). So raising is worth, at once, what the raiser's rose at the back will get.
  (Until 2026-11 a share still being drawn counted nothing, so a raise looked like losing the
  treasure and the greedy agent drove past fixed treasures; counting the cards to come took it
  from 0.975 [0.955, 0.986] to 1.000 [0.990, 1.000] wins against 3 random players, 400 games
  each, ``benchmarks/agent_strength.py --game tobago``.)

So the greedy agent lays hints that narrow or pin treasures where it holds roses (and where
its vehicle is near), drives toward fixed or nearly fixed treasures, picks up amulets and takes
cards worth more than a rose's expectation. Cost: a few dozen bit operations per treasure.

>>> from models.core import load_game, make_rng, random_playout
>>> state = load_game("tobago", 2).new_initial_state()
>>> _ = random_playout(state, make_rng(3), max_moves=400)
>>> len(estimate(state))
2
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from models.tobago.position import TobagoPosition

#: An amulet's worth in gold (an extra action or a gold card kept from a curse).
AMULET_VALUE = 2.0
#: How fast fixedness falls with the candidates left.
FIX_SLOPE = 0.5
#: A vehicle's pull on a treasure per leg of distance.
NEAR = 0.45


def estimate(pos: TobagoPosition) -> tuple[float, ...]:
    n = pos.n
    values = [float(sum(g)) for g in pos.gold]
    deck = pos.deck
    gold_left = sum(deck[1:])
    mean = sum(v * c for v, c in enumerate(deck)) / gold_left if gold_left else 0.0
    keep = 1 - (deck[0] / pos.deck_size if pos.deck_size else 0.0)
    share = pos.share
    if share is not None:
        _share_value(pos, values)
    need = sum(len(q) + 2 for q in pos.queues)
    scale = min(1.0, pos.deck_size / need) if need else 1.0
    roads, vehicles = pos.game.roads, pos.vehicles
    mover = pos.player
    for t in range(4):
        queue = pos.queues[t]
        if (share is not None and share.treasure == t) or not pos.hints[t]:
            continue
        cand = pos.cand[t]
        w = scale / (1 + FIX_SLOPE * (cand.bit_count() - 1))
        near = []
        for p in range(n):
            d = roads.distance_to_mask(vehicles[p], cand) if vehicles[p] >= 0 else -1
            if d < 0:
                near.append(0.0)
            else:
                near.append(NEAR ** max(0, d - (p == mover)))
        total = sum(near) or 1.0
        rank = len(queue)  # ranks from the back once a raiser's rose joins: 1..len
        for owner in queue:
            values[owner] += w * mean * keep**rank
            rank -= 1
        for p in range(n):
            values[p] += w * mean * keep * near[p] / total
        if keep < 1:
            for p in set(queue):
                front = len(queue) - queue.index(p)
                loss: float = max(pos.gold[p], default=0)
                if pos.amulets[p]:
                    loss = min(loss, AMULET_VALUE)
                values[p] -= w * (1 - keep**front) * loss
    for p in range(n):
        values[p] += AMULET_VALUE * pos.amulets[p]
        if pos.amulets_on and vehicles[p] >= 0:
            mask = sum(1 << f for f in pos.amulets_on)
            d = roads.distance_to_mask(vehicles[p], mask)
            if d > 0:
                values[p] += AMULET_VALUE * 0.5**d
    return tuple(values)


def _share_value(pos: TobagoPosition, values: list[float]) -> None:
    """A share in progress: its cards (those still to be drawn at the deck's odds) offered to
    the living roses from the back, each reached only if no curse came first."""
    share = pos.share
    assert share is not None
    pile = [float(c) for c in share.pile]
    to_draw = min(len(share.deal), pos.deck_size)
    if to_draw:
        for value, count in enumerate(pos.deck):
            pile[value] += to_draw * count / pos.deck_size
    cards = sum(pile)
    gold = cards - pile[0]
    if gold <= 0:
        return
    mean = sum(v * c for v, c in enumerate(pile)) / gold
    curse = pile[0] / cards
    rank = 0
    for i in reversed(range(len(share.queue))):
        if share.alive[i] and rank < cards:
            values[share.queue[i]] += mean * (1 - curse) ** (rank + 1)
            rank += 1
