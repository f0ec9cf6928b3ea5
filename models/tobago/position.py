"""The plain data of a Tobago position (pgx's ``State``): every field, the phase, the log.

The rule steps (:mod:`~models.tobago.opening`, :mod:`~models.tobago.hands`,
:mod:`~models.tobago.turns`, :mod:`~models.tobago.sharing`, :mod:`~models.tobago.amulets`,
:mod:`~models.tobago.scoring`) are functions over a :class:`TobagoPosition`;
:class:`~models.tobago.state.TobagoState` puts the protocol on top. Treasures have no hidden
position: each is its candidate set (a bitmask of island fields); one left, it is fixed.

>>> from models.core import load_game
>>> state = load_game("tobago", 3).new_initial_state()
>>> state.phase is Phase.START, state.phase == "start", state.turn_number()
(True, True, 0)
"""

from __future__ import annotations

import dataclasses
import enum
from typing import TYPE_CHECKING

from models.core import CHANCE, TERMINAL, Position
from models.tobago.actions import CURSE, Action

if TYPE_CHECKING:
    from models.tobago.components import TobagoComponents


class Phase(enum.StrEnum):
    """What the position waits for (the values are what logs, snapshots and studies show)."""

    # a phase hashes as its value, as it compares (and fast: Enum's own hash is Python code)
    __hash__ = str.__hash__

    START = "start"  # chance: a starting hint (TB-S4)
    DEAL = "deal"  # chance: a card dealt (TB-S3)
    VEHICLE = "vehicle"  # a vehicle placed (TB-S4)
    CLAIM = "claim"  # a starting hint marked with a rose (TB-S4)
    WASH = "wash"  # chance: where an amulet washes up (TB-A1)
    TURN = "turn"  # the turn's action (TB-T1)
    LEGS = "legs"  # the next leg of a drive, or stop (TB-D1)
    EXTRA = "extra"  # one more action for an amulet, or end the turn (TB-A2)
    REFILL = "refill"  # chance: a card drawn back into the hand (TB-H1)
    GOLD = "gold"  # chance: a gold card drawn face down (TB-G1, G2)
    REVEAL = "reveal"  # chance: the next card of the share turned up (TB-G3)
    OFFER = "offer"  # take or refuse the card offered (TB-G3)
    CURSING = "curse"  # an amulet or the best gold card for a curse (TB-G5)
    NEW = "new"  # the new treasure's first hint (TB-G6)
    OVER = "over"  # the game is over (TB-E1)


#: The phases where chance moves.
CHANCE_PHASES = frozenset(
    {Phase.START, Phase.DEAL, Phase.WASH, Phase.REFILL, Phase.GOLD, Phase.REVEAL}
)
#: Not a rule: a safety net so that every game ends (no real game comes near it).
MAX_TURNS = 3000
#: Who draws the unseen card (TB-G2) in a share's drawing order and gold slots.
UNSEEN = -1


class Then(enum.StrEnum):
    """What happens once washing (TB-A1) or a refill (TB-H1) is done."""

    __hash__ = str.__hash__  # hashes as its value, as it compares (and fast)

    BEGIN = "begin"  # the first turn begins
    AFTER_SHARE = "after-share"  # the share's aftermath goes on (TB-G6)
    RAISED = "raised"  # the new treasure's first hint was laid: raising ends the turn (TB-G6)
    AFTER = "after"  # the turn's action is done (TB-A2)
    NOTHING = ""


@dataclasses.dataclass
class Share:
    """The sharing of one raised treasure, while it lasts."""

    treasure: int
    raiser: int
    number: int
    queue: list[int]  # rose owners, front to back (the raiser's rose last)
    alive: list[bool]  # whether each rose is still there
    received: list[int]  # the value each rose received (0: none)
    deal: list[int]  # who still draws a card: owners from the back, then UNSEEN
    pile: list[int]  # the shuffled cards' counts by value (0: curse)
    offered: int = -1  # the card turned up and being offered
    asked: int = -1  # the queue position asked now
    refused: set[int] = dataclasses.field(default_factory=set)
    last: int = -1  # who received the last gold card
    payers: list[int] = dataclasses.field(default_factory=list)  # a curse's payers to come
    cursed: bool = False

    def copy(self) -> Share:
        return dataclasses.replace(
            self,
            queue=list(self.queue),
            alive=list(self.alive),
            received=list(self.received),
            deal=list(self.deal),
            pile=list(self.pile),
            refused=set(self.refused),
            payers=list(self.payers),
        )

    def asked_player(self) -> int:
        return self.payers[0] if self.payers else self.queue[self.asked]


class TobagoPosition(Position):
    """Every field of a Tobago position; ``game`` holds the components compiled once per game
    (clue masks, roads, action objects), shared by every position of it."""

    def __init__(self, game: TobagoComponents) -> None:
        super().__init__()
        self.game, self.options, cards = game, game.options, game.cards
        n = self.n = game.num_players
        self.phase, self.player, self.turn, self.seat = Phase.START, 0, 0, 0
        #: The legal decisions now (at a decision node; chance outcomes are weighed apart).
        self.actions: tuple[Action, ...] = ()
        #: How many actions were applied (the next one's history index).
        self.moves = 0
        self.hands: list[list[int]] = [[] for _ in range(n)]  # clue indices
        self.hand_slots: list[list[int]] = [[] for _ in range(n)]  # their draws (clue_slots)
        self.clue_slots: list[tuple[int, int, int]] = []  # (history index, player, epoch)
        self.pile, self.epoch, self.discards = list(game.clue_copies), 0, list[int]()
        self.pile_size = sum(self.pile)
        self.hints: list[list[int]] = [[] for _ in range(4)]
        self.queues: list[list[int]] = [[] for _ in range(4)]  # rose owners, front to back
        self.cand, self.begun, self.raised = [game.full] * 4, [0] * 4, [0] * 4
        # TB-D2: who reached each fixed treasure's field first; treasures still to raise there
        self.owed, self.raising = [-1] * 4, list[int]()
        self.start_t, self.vehicles = 0, [-1] * n
        self.amulets_on: dict[int, int] = {}
        self.amulet_supply, self.amulets, self.amulets_spent = cards.amulets, [0] * n, 0
        self.roses = [cards.roses_per_player] * n
        self.gold: list[list[int]] = [[] for _ in range(n)]
        self.deck = [0] * (game.top_value + 1)
        for value, count in cards.gold:
            self.deck[value] = count
        self.deck[CURSE] = cards.curses
        self.deck_size, self.deck_pos = sum(self.deck), 0
        self.gold_out = [0] * (game.top_value + 1)  # drawn, never turned up, out of play
        self.unwanted: list[int] = []  # turned up and taken by nobody
        self.cursed_gold: list[int] = []  # given up to curses (TB-G5)
        self.curses_out, self.sharings = 0, 0
        self.share: Share | None = None
        self.gold_slots: list[tuple[int, int, int, int]] = []  # (history, owner, deck pos, share)
        self.reveals: list[tuple[int, int]] = []  # (share number, value)
        self.constraints: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
        self.legs, self.drive_from, self.extra = 0, -1, False
        self.refill_for, self.then, self.layer, self.new_treasure = -1, Then.NOTHING, -1, -1
        #: A step to take once the current one returns (a share's end resuming the turn).
        self.pending = Then.NOTHING
        self.wash_queue: list[int] = []
        self.ended: str | None = None
        self.skipped = ()  # the steps passed by themselves since the last decision

    def turn_number(self) -> int:
        """The turn (TB-T1): 0 during the setup, then 1, 2, ... as each player's turn begins."""
        return self.turn

    def current_player(self) -> int:
        """The seat to decide, :data:`~models.core.CHANCE` or :data:`~models.core.TERMINAL`."""
        phase = self.phase
        if phase in CHANCE_PHASES:
            return CHANCE
        if phase == Phase.OVER:
            return TERMINAL
        if phase in (Phase.OFFER, Phase.CURSING):
            assert self.share is not None
            return self.share.asked_player()
        if phase == Phase.NEW:
            return self.layer
        if phase in (Phase.VEHICLE, Phase.CLAIM):
            return self.seat
        return self.player

    def is_terminal(self) -> bool:
        return self.phase == Phase.OVER

    def set_actions(self, phase: Phase, actions: tuple[Action, ...]) -> None:
        """The position now waits in ``phase`` for one of ``actions``."""
        self.phase, self.actions = phase, actions
