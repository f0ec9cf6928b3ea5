"""A Glory Islands position as plain data: every field of the table, the phase and the step.

The rule steps (:mod:`~models.gloryislands.rounds`, :mod:`~models.gloryislands.turn` and the
modules below them) are functions over a :class:`GloryIslandsPosition`; the protocol class
:class:`~models.gloryislands.state.GloryIslandsState` sits on top of it. The phase says what
is decided next (:class:`Phase`, the values printed, logged and observed), the step which
placement or draw of a turn it is (:class:`Step`, what follows its reward). The members are
also bound to module names (``CHOOSE``, ``MAIN``...) for the rule steps' comparisons: a global
is read ten times faster than an enum class attribute.

>>> from models.gloryislands.boardfile import load_board
>>> from models.gloryislands.options import GloryIslandsOptions
>>> from models.gloryislands.tables import Tables
>>> pos = GloryIslandsPosition(Tables(2, GloryIslandsOptions(), load_board()))
>>> pos.phase, pos.step, pos.turn_number(), pos.supply
(<Phase.CHOOSE: 'choose'>, <Step.MAIN: 'main'>, 0, [5, 5])
>>> f"{Phase.MOVE2}" == "move-on"
True
"""

from __future__ import annotations

import enum

from models.core import Position
from models.gloryislands.actions import Action, Play
from models.gloryislands.components import CELLS, Card
from models.gloryislands.tables import Tables


class Phase(enum.StrEnum):
    """What the position waits for."""

    __hash__ = str.__hash__  # hashes as its value, as it compares (and fast)

    DEAL = "deal"  # chance deals the card colours to the seats (option colours = "dealt")
    CHOOSE = "choose"
    MOVE = "move"
    MOVE2 = "move-on"
    PLACE = "place"
    DRAW = "draw"
    KEEP = "keep"
    SPECIAL = "special"
    OVER = "over"


class Step(enum.StrEnum):
    """Which placement or draw a turn is at (what follows its reward)."""

    __hash__ = str.__hash__  # hashes as its value, as it compares (and fast)

    MAIN = "main"
    STOPOVER = "stopover"
    EXTRA = "extra"
    RELOCATE = "relocate"
    HUNT = "hunt"


DEAL, CHOOSE, MOVE, MOVE2, PLACE, DRAW, KEEP, SPECIAL, OVER = Phase
MAIN, STOPOVER, EXTRA, RELOCATE, HUNT = Step


class GloryIslandsPosition(Position):
    """The fields of a Glory Islands position (before its setup is logged and the first
    round begun: :class:`~models.gloryislands.state.GloryIslandsState` does that)."""

    def __init__(self, game: Tables) -> None:
        super().__init__()
        self.game, self.board, self.options = game, game.board, game.options
        board, n = game.board, game.num_players
        self.colours = list(game.seat_colours)  # each seat's card colour (dealt: by chance)
        self.hands = [list(game.colour_hands[c]) for c in self.colours]  # card indices
        self.discards: list[list[int]] = [[] for _ in range(n)]
        self.chosen = [-1] * n  # this round's card of each player (secret until revealed)
        self.progress = [0] * n  # route fields sailed since home
        self.sails = [0] * n  # sail-track field (len(track): sunk)
        self.sunk = [False] * n
        self.occupant = [-1] * CELLS  # the player whose pirate stands on each cell
        self.pirates_at: list[list[int]] = [[] for _ in range(n)]  # cells, in placing order
        self.supply = [board.pirates] * n
        self.filled = [0] * len(board.islands)  # pirates on each island
        self.full: list[int] = []  # islands filled this turn, scored at its end (GI-I1)
        self.lifting = -1  # the field of the pirate a 4-card moves (GI-C4)
        self.fallback = False  # the pirate asked for goes beyond the range (GI-A6)
        self.barrels = [board.barrels_at_start] * n
        self.barrel_supply = board.barrels - board.barrels_at_start * n
        self.bag = [board.treasure_copies] * len(board.treasure_kinds)
        self.bag_total = board.treasures
        self.held = [[0] * len(board.treasure_kinds) for _ in range(n)]
        self.drawn: list[int] = []  # kinds drawn and not yet kept or returned
        self.to_draw = 0
        self.fame = [0] * n
        self.compass_order: list[int] = []
        self.home_order: list[int] = []
        self.route_done = False  # a ship completed the route: this round is the last (GI-G1)
        self.round = 0
        self.order: list[int] = []  # this round's turn order (GI-R3)
        self.turn_index = 0
        self.player = 0  # who decides now (the drawer at a draw)
        self.value = 0  # the acting player's card value
        self.first_leg = 0  # fields sailed before a 5-card's stopover
        self.phase, self.step = CHOOSE, MAIN
        self.choose_start = 0  # history length when this round's choices began
        self.scores: tuple[float, ...] | None = None
        self.winners: tuple[int, ...] = ()
        self.ended: str | None = None
        #: The actions offered to the deciding player (not at a chance node).
        self.offered: tuple[Action, ...] = ()

    def turn_number(self) -> int:
        """A round (every ship's turn): events are stamped with it, and the score race is
        taken between rounds."""
        return self.round

    def card(self, index: int) -> Card:
        return self.board.cards[index]

    def position(self, player: int) -> int:
        """The route index of ``player``'s ship."""
        return self.progress[player] % len(self.board.route)

    def play_actions(self, player: int) -> tuple[Play, ...]:
        """The cards in ``player``'s hand as actions (remembered per hand by the game)."""
        return self.game.play_actions(self.hands[player])
