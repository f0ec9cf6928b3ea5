"""A South Seas position as plain data: the board, the stack, ships, holdings and the phase.

The rule steps (:mod:`~models.southseas.turns`, :mod:`~models.southseas.placing`,
:mod:`~models.southseas.islanders`, :mod:`~models.southseas.completion`,
:mod:`~models.southseas.markets`) are functions over a :class:`SouthSeasPosition`; the protocol
class :class:`~models.southseas.state.SouthSeasState` sits on top of it. Every event is logged
with :meth:`~models.core.Position.event`, stamped with the turn (:meth:`turn_number`).

>>> Phase.CHOOSE_SHIP == "choose-ship", str(Phase.OVER), Resume.END_TURN.value
(True, 'over', 'end-turn')
"""

from __future__ import annotations

import enum
from typing import Any, Protocol

from models.core import Position
from models.southseas.actions import Action, Deliver, Draw, Reveal
from models.southseas.board import Board, FishKey
from models.southseas.components import TileSet, TileType
from models.southseas.evaluation import Ledger
from models.southseas.options import SouthSeasOptions
from models.southseas.ships import Ship, ShipSet
from models.southseas.shipyard import Shipyard

#: Boat tokens in the box (SS-B3).
BOAT_TOKENS = 19


class Phase(enum.StrEnum):
    """What the position waits for (the values are what logs, snapshots and keys show)."""

    __hash__ = str.__hash__  # hashes as its value, as it compares (and fast)

    DRAW = "draw"
    REVEAL = "reveal"
    PLACE = "place"
    ISLANDER = "islander"
    CHOOSE_SHIP = "choose-ship"
    DELIVER = "deliver"
    OVER = "over"


class Resume(enum.StrEnum):
    """Where play resumes after chance has turned up a ship."""

    __hash__ = str.__hash__  # hashes as its value, as it compares (and fast)

    SETUP = "setup"
    AWARDS = "awards"
    END_TURN = "end-turn"


class GameSetup(Protocol):
    """What a position reads of its game (:class:`~models.southseas.game.SouthSeas`)."""

    tiles: TileSet
    ships: ShipSet
    seats: list[int]
    draw_types: tuple[TileType, ...]
    draw_counts: tuple[int, ...]
    draws: tuple[Draw, ...]
    draw_index: dict[str, int]
    reveals: dict[str, Reveal]
    dead_codes: frozenset[int]

    @property
    def num_players(self) -> int: ...

    @property
    def options(self) -> SouthSeasOptions: ...

    def deliveries(self, ship: Ship, holdings: tuple[int, int, int]) -> tuple[Deliver, ...]: ...

    def components(self) -> dict[str, Any]: ...


class SouthSeasPosition(Position):
    """The fields of a South Seas position (a fresh game before its first chance outcome)."""

    def __init__(self, game: GameSetup) -> None:
        super().__init__()
        self.game, self.options = game, game.options
        n = game.num_players
        self.board = Board(game.tiles.start, game.draw_types)
        self.left = list(game.draw_counts)  # copies of each draw_types entry in the stack
        self.tiles_left = sum(self.left)
        self.yard = Shipyard(game.ships.ships, n, self.options.display)
        self.ledger = Ledger(n, self.options.islanders, self.options.ware_supply)
        self.covered: set[FishKey] = set()
        self.boat_tokens = BOAT_TOKENS
        self.player, self.turn, self.unplaceable = 0, 1, 0
        self.phase, self.resume = Phase.REVEAL, Resume.SETUP
        self.drawn: TileType | None = None
        self.placed_at: tuple[int, int] | None = None
        self.newcomer: tuple[int, int] | None = None  # (player, node) placed this turn
        self.awards: list[int] = []  # players still owed a market ship, in order
        self.delivered_last = False  # whether the last ship taken was delivered (SS-T2)
        self.scores: tuple[float, ...] | None = None
        self.placed_roots: list[int] = []  # feature roots of the tile just placed
        self.actions: tuple[Action, ...] = ()  # the options of the decision asked now
        self.skipped = ()  # the steps passed by themselves since the last decision

    def turn_number(self) -> int:
        """The turn: events are stamped with it (turn 1 is player 0's first)."""
        return self.turn

    def score(self, player: int) -> int:
        """SS-F3: ship points plus one point per three wares."""
        return self.yard.points(player) + sum(self.ledger.wares[player]) // 3

    def order(self) -> list[int]:
        """Seats clockwise from the active player (majority ties and ships go this way)."""
        seats = self.game.seats
        return seats[self.player :] + seats[: self.player]

    def at(self, node: int) -> tuple[int, int, int]:
        """A piece as (x, y, piece index), the way the log names it."""
        (x, y), piece = self.board.node_place[node]
        return (x, y, piece)

    @property
    def display(self) -> list[Ship]:
        return self.yard.display

    @property
    def taken(self) -> list[list[Ship]]:
        return self.yard.taken

    def board_tiles(self) -> int:
        return len(self.board.tiles)

    def draw_stack(self) -> dict[str, int]:
        """The tiles left to draw: copies by tile id."""
        types = self.game.draw_types
        return {types[i].id: c for i, c in enumerate(self.left) if c}
