"""Resampling a Tobago state for one player: what he cannot see, redrawn consistently.

Hidden from a player (see :mod:`models.tobago.observation`): the hint cards in the other
players' hands, the gold cards they drew face down for each share (TB-G1), the unseen card of
each share (TB-G2), and so the order of the clue pile and the gold deck. A resample changes
exactly these, in a copy of the state and in its history, without replaying the game (search
agents resample once per iteration):

* **Hint cards.** Each card in another player's hand was drawn at a known moment from a known
  pile: the pile of its *epoch* (the discarded cards reshuffled start a new one). The cards the
  others hold from one epoch, with the draw pile if it is the current epoch, are shuffled
  among those draws. A card is then drawn when its pile still held it, every card a player
  laid later is unchanged, and hand sizes stay.
* **Gold.** The cards turned up in each share must have been in it: those the player did not
  draw himself are put back into that share's hidden draws (curses only where the deck could
  hold one: below the curse-free top). The other hidden draws are filled from the cards nobody
  has seen, the rest making the deck (again no curse in its curse-free top).
* **What everybody saw.** When a player could lay no hint (a pass, or no first hint for a new
  treasure, TB-G6) his hand then held no legal card; a redraw that breaks this is tried again,
  and after :data:`TRIES` failures the state is kept as it is (a copy, consistent too).

The result is a state the game can reach — its history replays to it — with the player's
observation unchanged. Treasures hide nothing: their place is where the hints leave it.

>>> from models.core import load_game, make_rng, random_playout
>>> state = load_game("tobago", 3).new_initial_state()
>>> _ = random_playout(state, make_rng(2), max_moves=300)
>>> twin = state.resample(0, make_rng(5))
>>> twin.observation(0) == state.observation(0), twin.history() == state.history()
(True, False)
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from collections.abc import Hashable
from typing import TYPE_CHECKING

from models.tobago.actions import CURSE, DrawClue

if TYPE_CHECKING:
    from models.tobago.position import TobagoPosition

#: Redraws tried before a resample keeps the state as it is.
TRIES = 20


def redraw(pos: TobagoPosition, history: list[Hashable], player: int, rng: random.Random) -> bool:
    """Redraw, in place, everything hidden from ``player`` in ``state`` (a fresh clone) and its
    ``history``; ``False`` if this try found no consistent deal."""
    _redraw_clues(pos, history, player, rng)
    return _redraw_gold(pos, history, player, rng) and _constraints_hold(pos, history)


def _redraw_clues(
    pos: TobagoPosition, history: list[Hashable], player: int, rng: random.Random
) -> None:
    game = pos.game
    places: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for q in range(pos.n):
        if q != player:
            for k, slot in enumerate(pos.hand_slots[q]):
                places[pos.clue_slots[slot][2]].append((q, k))
    if pos.epoch not in places and pos.pile_size:
        places[pos.epoch] = []
    for epoch, where in places.items():
        pool = [pos.hands[q][k] for q, k in where]
        current = epoch == pos.epoch
        if current:
            pool += [i for i, copies in enumerate(pos.pile) for _ in range(copies)]
        if len(pool) < 2:
            continue
        rng.shuffle(pool)
        for (q, k), card in zip(where, pool, strict=False):
            pos.hands[q][k] = card
            history[pos.clue_slots[pos.hand_slots[q][k]][0]] = game.draw_actions[card]
        if current:
            pile = [0] * len(pos.pile)
            for card in pool[len(where) :]:
                pile[card] += 1
            pos.pile = pile


def _redraw_gold(
    pos: TobagoPosition, history: list[Hashable], player: int, rng: random.Random
) -> bool:
    """Redraw the hidden gold draws; ``False`` if this try found no consistent deal."""
    slots = pos.gold_slots
    free = [i for i, (_, owner, _, _) in enumerate(slots) if owner != player]
    if not free:
        return True
    top = pos.game.cards.curse_free_top
    value = {i: history[slots[i][0]].value for i in range(len(slots))}  # type: ignore[attr-defined]
    unknown = Counter(value[i] for i in free)
    unknown.update({v: c for v, c in enumerate(pos.deck) if c})
    mine: dict[int, Counter[int]] = defaultdict(Counter)
    for i, (_, owner, _, number) in enumerate(slots):
        if owner == player:
            mine[number][value[i]] += 1
    shown: dict[int, Counter[int]] = defaultdict(Counter)
    for number, card in pos.reveals:
        shown[number][card] += 1
    free_of: dict[int, list[int]] = defaultdict(list)
    for i in free:
        free_of[slots[i][3]].append(i)
    new: dict[int, int] = {}
    for number, places in free_of.items():
        forced = shown[number] - mine[number]
        open_places = list(places)
        rng.shuffle(open_places)
        for card in sorted(forced.elements()):  # curses (0) first: they need a deep slot
            fits = [i for i in open_places if card != CURSE or slots[i][2] >= top]
            if not fits or not unknown[card]:
                return False
            new[fits[0]] = card
            open_places.remove(fits[0])
            unknown[card] -= 1
    rest = [i for i in free if i not in new]
    rng.shuffle(rest)
    rest.sort(key=lambda i: slots[i][2] >= top)  # the curse-free draws first
    for i in rest:
        cards = [v for v in unknown.elements() if v != CURSE or slots[i][2] >= top]
        if not cards:
            return False
        card = cards[int(rng.random() * len(cards))]
        new[i] = card
        unknown[card] -= 1
    for i, card in new.items():
        history[slots[i][0]] = pos.game.gold_actions[card]
        value[i] = card
    _rebuild_gold(pos, value, unknown)
    return True


def _rebuild_gold(pos: TobagoPosition, value: dict[int, int], deck: Counter[int]) -> None:
    """The deck, the share in progress and the cards left out of play, from the new draws."""
    drawn: dict[int, Counter[int]] = defaultdict(Counter)
    for i, (_, _, _, number) in enumerate(pos.gold_slots):
        drawn[number][value[i]] += 1
    for number, card in pos.reveals:
        drawn[number][card] -= 1
    size = len(pos.deck)
    pos.deck = [deck[v] for v in range(size)]
    pos.gold_out = [0] * size
    current = pos.share.number if pos.share is not None else -1
    for number, left in drawn.items():
        counts = [left[v] for v in range(size)]
        if number == current:
            assert pos.share is not None
            pos.share.pile = counts
        else:
            pos.gold_out = [a + b for a, b in zip(pos.gold_out, counts, strict=True)]


def _constraints_hold(pos: TobagoPosition, history: list[Hashable]) -> bool:
    """Every hand that everybody saw hold no legal card still holds none."""
    game = pos.game
    for slot_ids, masks in pos.constraints:
        for slot in slot_ids:
            drawn = history[pos.clue_slots[slot][0]]
            assert isinstance(drawn, DrawClue)
            mask = game.masks[game.clue_index[drawn.clue]]
            for m in masks:
                left = m & mask
                if left and left != m:
                    return False
    return True
