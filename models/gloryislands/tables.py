"""What one Glory Islands game fixes before the first move: its players, options and board,
and the lookup tables every position reads (the cards' values and ranks, the one action
object of each card, tile and move, the deals chance may make).

:class:`~models.gloryislands.game.GloryIslands` is built on it; a position holds it as
``game`` and never changes it.

>>> from models.gloryislands.boardfile import load_board
>>> from models.gloryislands.options import GloryIslandsOptions
>>> tables = Tables(2, GloryIslandsOptions(), load_board())
>>> tables.seat_colours, [str(m) for m in tables.move_actions[5]][-2:]
(('red', 'blue'), ['move 3 stopover', 'move 4 stopover'])
"""

from __future__ import annotations

from itertools import permutations
from typing import Any

from models.errors import AtollError
from models.gloryislands.actions import MOVES, STOPOVERS, Deal, Keep, Move, Play, Treasure, place
from models.gloryislands.components import CELLS, Components
from models.gloryislands.options import GloryIslandsOptions


class Tables:
    """The players, options and board of one game and the tables made from them once."""

    def __init__(self, players: int, options: GloryIslandsOptions, board: Components) -> None:
        self._players = players
        self._options = options
        self.board = board
        colours = board.colours
        if len(colours) < players:
            raise AtollError(
                f"the cards have {len(colours)} colours: not enough for {players} players",
                source=board.source,
                field="card",
            )
        #: Each colour's cards (card indices), and each seat's colour unless they are dealt.
        self.colour_hands = {c: board.hand_of(c) for c in colours}
        self.seat_colours = tuple(colours[:players])
        #: The ways chance may deal the colours to the seats (option ``colours = "dealt"``).
        self.deals = (
            tuple(Deal(p) for p in permutations(colours, players))
            if options.colours == "dealt"
            else ()
        )
        #: The one action object of each card, treasure kind and move.
        self.plays = tuple(Play(c.id) for c in board.cards)
        #: Each card's id, value and rank (GI-R3), by card index.
        self.card_ids = tuple(c.id for c in board.cards)
        self.card_values = tuple(c.value for c in board.cards)
        self.card_ranks = tuple(c.rank for c in board.cards)
        self.card_colours = tuple(c.colour for c in board.cards)
        self.card_of = board.card_index
        kinds = board.treasure_kinds
        self.treasures = tuple(Treasure(k) for k in kinds)
        self.keeps = tuple(Keep(k) for k in kinds)
        self.kind_index = {k: i for i, k in enumerate(kinds)}
        self.route_length = len(board.route)
        self._plays: dict[tuple[int, ...], tuple[Play, ...]] = {}
        #: The one :class:`Place` of a pirate from supply, by cell.
        self.places = tuple(place(cell) for cell in range(CELLS))
        #: The card values whose special action the options leave on (GI-C2..C4).
        self.specials = frozenset(options.special_actions())
        #: For a card value, the moves it allows (GI-A1; the 5-card's stopovers, GI-A2).
        self.move_actions: tuple[tuple[Move, ...], ...] = tuple(
            MOVES[1 : v + 1] + (STOPOVERS[1:5] if v == 5 else ()) for v in range(6)
        )

    @property
    def num_players(self) -> int:
        """How many players this game was set up for."""
        return self._players

    @property
    def options(self) -> GloryIslandsOptions:
        """The rule options the game was made with."""
        return self._options

    def components(self) -> dict[str, Any]:
        """Where the board came from and whether it is a reconstruction."""
        return {"board": {"source": self.board.source, "reconstruction": self.board.reconstruction}}

    def play_actions(self, hand: list[int]) -> tuple[Play, ...]:
        """The :class:`Play` actions of a hand (card indices), remembered per hand."""
        key = tuple(hand)
        found = self._plays.get(key)
        if found is None:
            found = self._plays[key] = tuple(self.plays[i] for i in hand)
        return found

    def keep_actions(self, drawn: list[int]) -> tuple[Keep, ...]:
        """The :class:`Keep` actions for the kinds drawn (each kind once, in kind order)."""
        return tuple(self.keeps[k] for k in sorted(set(drawn)))
