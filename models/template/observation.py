"""Role ``observation.py`` (required): what a player knows, as one hashable key.

Two states with equal keys for a player must look the same to him (same turn, same choices):
an agent sees only this key and the protocol, and ISMCTS groups states by it. A real game
lists here everything on the table (public), then what only this player sees (his hand, his
face-down tiles, his secret choice), and documents both; with perfect information every
player's key is the same.

Pearl Divers: public are the round, the phase, whose turn, how many cards are dealt, every
choice made, the cards shown in past rounds and the scores; private is the player's own card
this round and the cards he rested face down. The others' cards stay hidden until shown.
"""

from __future__ import annotations

from typing import NamedTuple

from .position import PearlDiversPosition, Phase


class View(NamedTuple):
    """Everything one player knows."""

    round: int
    phase: Phase
    to_move: int  # the chooser's seat, or -1 while chance deals or after the end
    dealt: int
    dives: tuple[bool | None, ...]
    shown: tuple[tuple[int | None, ...], ...]
    scores: tuple[int, ...]
    my_card: int | None
    my_hidden: tuple[int, ...]


def observation_key(pos: PearlDiversPosition, player: int) -> View:
    """What ``player`` knows (see the module)."""
    return View(
        round=pos.round,
        phase=pos.phase,
        to_move=pos.chooser() if pos.phase is Phase.DIVE else -1,
        dealt=pos.dealt,
        dives=tuple(pos.dives),
        shown=tuple(pos.shown),
        scores=tuple(pos.scores),
        my_card=pos.cards[player],
        my_hidden=tuple(pos.hidden[player]),
    )
