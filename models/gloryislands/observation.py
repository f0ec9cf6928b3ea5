"""What a Glory Islands player knows, as one hashable key.

Public (the same in every key): the round, whose decision it is and what kind, the ships, the
sail tracks, sunk ships, every pirate, supplies, barrels, fame, the route bonuses given, the turn
order and the cards revealed this round, every hand and discard pile (known by elimination:
each player starts with his colour's cards, and cards are revealed, swapped, discarded and
taken back openly), how many treasures each player holds, how many tiles are in the bag and how
many are being drawn.

Private: the player's own secret card while choices are being made (the others' only as
"chosen" or not), his own face-down treasure tiles, and the tiles he is drawing. Once the game
is over, every treasure is revealed for the end scoring (GI-F3).

>>> from models.core import load_game
>>> state = load_game("gloryislands", 2).new_initial_state()
>>> state.apply(state.legal_actions()[-1])  # player 0 chooses a card face down
>>> state.observation(0) == state.observation(1)
False
"""

from __future__ import annotations

from collections.abc import Hashable

from models.gloryislands.position import CHOOSE, DRAW, KEEP, OVER, RELOCATE, GloryIslandsPosition


def observation_key(state: GloryIslandsPosition, player: int) -> Hashable:
    """The key of everything ``player`` knows (see the module)."""
    phase = state.phase
    choosing = phase is CHOOSE
    over = phase is OVER
    chosen = tuple(c >= 0 for c in state.chosen) if choosing else tuple(state.chosen)
    drawing = phase is DRAW or phase is KEEP
    public = (
        state.phase,
        state.step,
        state.round,
        state.player,
        state.value,
        state.first_leg,
        state.lifting if state.step is RELOCATE else -1,
        chosen,
        tuple(state.order),
        state.turn_index,
        tuple(tuple(h) for h in state.hands),
        tuple(tuple(d) for d in state.discards),
        tuple(state.progress),
        tuple(state.sails),
        tuple(state.sunk),
        tuple(state.occupant),
        tuple(state.supply),
        tuple(state.barrels),
        state.barrel_supply,
        state.bag_total,
        tuple(sum(h) for h in state.held),
        len(state.drawn) if drawing else 0,
        state.to_draw,
        tuple(state.fame),
        tuple(state.compass_order),
        tuple(state.home_order),
        state.route_done,
        state.scores,
    )
    if over:
        return public, tuple(tuple(h) for h in state.held)
    mine = (
        state.chosen[player] if choosing else None,
        tuple(state.held[player]),
        tuple(sorted(state.drawn)) if drawing and state.player == player else (),
    )
    return public, mine
