"""Role ``position.py`` (required): the position as plain data — its fields, its ``Phase``
enum and the log (a :class:`models.core.Position`).

Rule steps are functions over it (:mod:`.diving`); the protocol class
(:class:`.state.PearlDiversState`) sits on top. A real game puts here every field of its table
— board, supplies, hands, scores, whose turn, the phase — as plain lists and numbers that a
clone copies cheaply, and nothing that decides anything.

>>> Phase.DIVE == "dive", hash(Phase.DIVE) == hash("dive")
(True, True)
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING

from models.core import Position

from .options import PearlDiversOptions

if TYPE_CHECKING:
    from .components import Deck


class Phase(enum.StrEnum):
    """What the position waits for (the values are printed, logged and observed)."""

    __hash__ = str.__hash__  # hashes as its value, as it compares

    DEAL = "deal"  # chance deals the next card (PD-D1)
    DIVE = "dive"  # a player dives or rests (PD-R1)
    OVER = "over"  # the game is over (PD-G1)


class PearlDiversPosition(Position):
    """The fields of a Pearl Divers position, at the start of the first round's deal."""

    def __init__(self, players: int, options: PearlDiversOptions, deck: Deck) -> None:
        super().__init__()
        self.players = players
        self.rounds, self.penalty = options.rounds, options.penalty
        self.values = deck.values()
        self.left = [deck.cards.count(v) for v in self.values]  # copies in the deck, by value
        self.round = 1  # the round being played, from 1 (the pearl is worth its number)
        self.phase = Phase.DEAL
        self.dealt = 0  # cards dealt this round (seat ``dealt`` gets the next)
        self.cards: list[int | None] = [None] * players  # this round's card of each seat
        self.dives: list[bool | None] = [None] * players  # this round's choices (None: not yet)
        self.decided = 0  # choices made this round
        self.shown: list[tuple[int | None, ...]] = []  # each past round's cards shown, by seat
        self.hidden: list[list[int]] = [[] for _ in range(players)]  # cards rested face down
        self.scores = [0] * players

    def turn_number(self) -> int:
        """The round: events are stamped with it, and the score race is taken between rounds."""
        return self.round

    def first(self) -> int:
        """The seat that chooses first this round (PD-R1: the first seat moves on each round)."""
        return (self.round - 1) % self.players

    def chooser(self) -> int:
        """The seat whose choice is next (in the dive phase)."""
        return (self.first() + self.decided) % self.players
