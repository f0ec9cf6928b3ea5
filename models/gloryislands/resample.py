"""Resampling a Glory Islands state for one player: what he cannot see, redrawn consistently.

Hidden from a player are the other players' secret cards of the round being chosen, the
kinds of the treasure tiles they drew (each tile a chance outcome), which one they kept, and so
the bag's contents. Everything else is on the table or known by elimination (hands included).

A resample replays the game's history from the start, keeping every action the player saw and
redrawing the others as the replay reaches them: a hidden tile from the bag as it is then
(weighted by the tiles left, like the chance node itself), a hidden keep uniformly among the
kinds drawn, a secret card uniformly from the chooser's hand. So the result is a state the game
can reach — its history replays to it — with the player's observation unchanged. A tile the
player drew himself may have become impossible (the others kept every tile of its kind); then
the redraw starts again, and after :data:`TRIES` failures the state is kept as it is (a copy,
which is consistent too). Cost: one replay of the history per try, about as much as playing the
game so far.

>>> from models.core import load_game, make_rng, random_playout
>>> state = load_game("gloryislands", 3).new_initial_state()
>>> _ = random_playout(state, make_rng(2), max_moves=60)
>>> twin = state.resample(state.current_player(), make_rng(5))
>>> twin.observation(state.current_player()) == state.observation(state.current_player())
True
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from models.errors import IllegalActionError

if TYPE_CHECKING:
    from models.gloryislands.rules import GloryIslandsState

#: Redraws tried before a resample keeps the state as it is.
TRIES = 20


def resample(state: GloryIslandsState, player: int, rng: random.Random) -> GloryIslandsState:
    """A state with ``player``'s observation, all hidden from him redrawn (see the module)."""
    if state.phase == "over" or not _hides_anything(state, player):
        return state.clone()
    for _ in range(TRIES):
        twin = _redraw(state, player, rng)
        if twin is not None:
            return twin
    return state.clone()


def _hides_anything(state: GloryIslandsState, player: int) -> bool:
    others_chose = state.phase == "choose" and any(
        c >= 0 for p, c in enumerate(state.chosen) if p != player
    )
    others_hold = any(sum(h) for p, h in enumerate(state.held) if p != player)
    others_draw = state.phase in ("draw", "keep") and state.player != player and state.drawn
    return bool(others_chose or others_hold or others_draw)


def _redraw(state: GloryIslandsState, player: int, rng: random.Random) -> GloryIslandsState | None:
    twin = state.game.new_initial_state()
    history = state._history
    secret_from = state.choose_start if state.phase == "choose" else len(history)
    for index, action in enumerate(history):
        phase = twin.phase
        if twin.player != player and (
            phase == "draw" or phase == "keep" or (phase == "choose" and index >= secret_from)
        ):
            chosen = twin.sample_chance(rng) if phase == "draw" else rng.choice(twin._actions)
            twin.apply(chosen)
            continue
        try:
            twin.apply(action)
        except IllegalActionError:  # a tile of the player's own draw is no longer in the bag
            return None
    return twin
