"""Role ``resample.py`` (optional): what a player cannot see, redrawn consistently.

Optional: a game that hides nothing (South Seas: every player sees the whole table, and the
future is chance's) leaves it out; the protocol's :meth:`models.core.GameState.resample`, a
copy, serves. A game with hidden information puts here a redraw of everything hidden from the
player — the others' hands, face-down tiles, secret choices — such that the player's
observation is unchanged and the state is one the game can reach (its history replays to it).
ISMCTS searches from such states, so the redraw must follow the game's own probabilities, and
take all its randomness from the ``rng`` it is given.

Pearl Divers hides the cards dealt to the others this round and the cards they rested face
down. Each is redrawn from the cards the player has not seen (the deck and those hidden
cards), as chance would deal them, and the history is replayed with the redrawn deals: the
simplest redraw that is right by construction. A game whose replay is slow writes the redrawn
cards into a copy instead (Glory Islands' ``resample.py``), tested against such a replay.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable

from models.core import Game, GameState

from .actions import Deal
from .position import PearlDiversPosition


def hidden_deals(pos: PearlDiversPosition, history: tuple[Hashable, ...], player: int) -> list[int]:
    """The places in ``history`` of the deals whose card ``player`` has not seen: dealt to
    another seat and not shown (rested face down, or this round's, still in hand)."""
    found, deals = [], 0
    for at, action in enumerate(history):
        if isinstance(action, Deal):
            past, seat = divmod(deals, pos.players)
            shown = past < len(pos.shown) and pos.shown[past][seat] is not None
            if seat != player and not shown:
                found.append(at)
            deals += 1
    return found


def redrawn_history(
    pos: PearlDiversPosition, history: tuple[Hashable, ...], player: int, rng: random.Random
) -> list[Hashable]:
    """``history`` with every deal hidden from ``player`` redrawn from the unseen cards."""
    hidden = hidden_deals(pos, history, player)
    unseen = Counter(dict(zip(pos.values, pos.left, strict=True)))
    unseen.update(history[at].card for at in hidden)  # type: ignore[attr-defined]
    redrawn = list(history)
    for at in hidden:
        card = rng.choice(sorted(unseen.elements()))  # each unseen copy equally likely
        unseen[card] -= 1
        redrawn[at] = Deal(card)
    return redrawn


def resample(state: GameState, game: Game, player: int, rng: random.Random) -> GameState:
    """A state of ``game`` with the same observation for ``player`` as ``state``, the cards
    he has not seen redrawn: the game's history replayed with the redrawn deals."""
    assert isinstance(state, PearlDiversPosition)
    return game.replay(redrawn_history(state, state.history(), player, rng))
