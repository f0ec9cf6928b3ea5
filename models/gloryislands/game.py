"""The Glory Islands game: what it is (one :class:`~models.core.GameInfo`), made from a player
count, rule options and a component file. Found through ``load_game("gloryislands", ...)``.

>>> from models.core import load_game
>>> game = load_game("gloryislands", 3)
>>> game.info.chance.value, game.info.information.value, [str(p) for p in game.plays[:2]]
('explicit', 'imperfect', ['play red-1', 'play red-2'])
>>> game.components()["board"]["reconstruction"]
True
"""

from __future__ import annotations

from itertools import permutations
from pathlib import Path
from typing import Any

from models.core import ChanceKind, Game, GameInfo, InformationKind
from models.errors import AtollError
from models.gloryislands.actions import MOVES, STOPOVERS, Deal, Keep, Move, Play, Treasure, place
from models.gloryislands.boardfile import dump_board, load_board
from models.gloryislands.components import Components
from models.gloryislands.events import GloryIslandsEvent
from models.gloryislands.options import GloryIslandsOptions
from models.gloryislands.rules import GloryIslandsState
from models.gloryislands.summary import GAME_COLUMNS, PLAYER_COLUMNS


class GloryIslands(Game):
    """Glory Islands for 2–4 players with a component file (the bundled reconstruction by
    default) and rule options. Seat ``i`` sails the ``i``-th card colour of the file."""

    info = GameInfo(
        name="gloryislands",
        title="Glory Islands",
        min_players=2,
        max_players=4,
        default_players=4,
        chance=ChanceKind.EXPLICIT,
        information=InformationKind.IMPERFECT,
        options=GloryIslandsOptions,
        events=GloryIslandsEvent,
        summary_columns=GAME_COLUMNS,
        player_columns=PLAYER_COLUMNS,
        components=(
            ("board", "the board, cards and treasure tiles (a board file; default the bundled)"),
        ),
    )

    def __init__(
        self,
        players: int = 4,
        options: GloryIslandsOptions | None = None,
        board: Components | str | Path | None = None,
    ) -> None:
        self._players = self.info.check_players(players)
        self._options = options or GloryIslandsOptions()
        self.board = board if isinstance(board, Components) else load_board(board)
        colours = self.board.colours
        if len(colours) < self._players:
            raise AtollError(
                f"the cards have {len(colours)} colours: not enough for {self._players} players",
                source=self.board.source,
                field="card",
            )
        #: Each colour's cards (card indices), and each seat's colour unless they are dealt.
        self.colour_hands = {c: self.board.hand_of(c) for c in colours}
        self.seat_colours = tuple(colours[: self._players])
        #: The ways chance may deal the colours to the seats (option ``colours = "dealt"``).
        self.deals = (
            tuple(Deal(p) for p in permutations(colours, self._players))
            if self._options.colours == "dealt"
            else ()
        )
        #: The one action object of each card, treasure kind and move.
        self.plays = tuple(Play(c.id) for c in self.board.cards)
        #: Each card's id, value and rank (GI-R3), by card index.
        self.card_ids = tuple(c.id for c in self.board.cards)
        self.card_values = tuple(c.value for c in self.board.cards)
        self.card_ranks = tuple(c.rank for c in self.board.cards)
        self.card_colours = tuple(c.colour for c in self.board.cards)
        self.card_of = self.board.card_index
        kinds = self.board.treasure_kinds
        self.treasures = tuple(Treasure(k) for k in kinds)
        self.keeps = tuple(Keep(k) for k in kinds)
        self.kind_index = {k: i for i, k in enumerate(kinds)}
        self.route_length = len(self.board.route)
        self._plays: dict[tuple[int, ...], tuple[Play, ...]] = {}
        #: The one :class:`Place` of a pirate from supply, by cell.
        self.places = tuple(place(cell) for cell in range(49))
        #: The card values whose special action the options leave on (GI-C2..C4).
        self.specials = frozenset(self._options.special_actions())
        #: For a card value, the moves it allows (GI-A1; the 5-card's stopovers, GI-A2).
        self.move_actions: tuple[tuple[Move, ...], ...] = tuple(
            MOVES[1 : v + 1] + (STOPOVERS[1:5] if v == 5 else ()) for v in range(6)
        )

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

    @property
    def num_players(self) -> int:
        return self._players

    @property
    def options(self) -> GloryIslandsOptions:
        return self._options

    def new_initial_state(self) -> GloryIslandsState:
        return GloryIslandsState(self)

    def components(self) -> dict[str, Any]:
        return {"board": {"source": self.board.source, "reconstruction": self.board.reconstruction}}

    def component_texts(self) -> dict[str, str]:
        return {"board": dump_board(self.board)}
