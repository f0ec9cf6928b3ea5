"""The South Seas game on the shared protocol: turns, islanders, evaluations, markets, ships.

A turn (SS-T1): the drawn tile is placed (:class:`Place`); an islander may be placed on it or,
by the ``recall`` option, one taken back; every feature the placement completed or a fishing
boat triggered is evaluated; completed markets give ships; the player may deliver to one ship;
then the next player draws (a tile with no legal placement is removed, SS-P4). A decision whose
only choice is :class:`Pass` is taken automatically.

Two readings the texts leave open are fixed here and logged when they apply: a boat whose tile
also completes its sea region does not trigger a second evaluation (the completion pays every
uncovered fish; event ``boat-no-trigger``), and a boat evaluation that finds the boat tokens used
up pays but covers nothing (never with the 19 boats of the bundled tiles).

>>> game = SouthSeas(players=3)
>>> state = game.new_initial_state(seed=1)
>>> import random
>>> rng = random.Random(1)
>>> while not state.is_terminal():
...     state.apply(rng.choice(state.legal_actions()))
>>> len(state.returns()), state.board_tiles() + state.unplaceable == 73
(3, True)
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Self

from models.core import TERMINAL, Game, GameState, make_rng
from models.errors import AtollError
from models.southseas.actions import (
    PASS,
    Action,
    Deliver,
    Pass,
    Place,
    PlaceIslander,
    Recall,
    TakeShip,
)
from models.southseas.board import Board
from models.southseas.components import TileSet, TileType, load_tiles
from models.southseas.evaluation import (
    Event,
    Ledger,
    end_scoring,
    evaluate,
    evaluate_boat,
    release_islanders,
)
from models.southseas.islanders import islander_actions, place_islander, recall_islander
from models.southseas.options import SouthSeasOptions
from models.southseas.ships import Ship, ShipSet, load_ships, payments
from models.southseas.shipyard import Shipyard

BOAT_TOKENS = 19
PLACE, ISLANDER, CHOOSE_SHIP, DELIVER, OVER = "place", "islander", "choose-ship", "deliver", "over"


class SouthSeas(Game):
    """Carcassonne: South Seas for 2–5 players with a tile set, ships and rule options."""

    name = "southseas"

    def __init__(
        self,
        players: int = 4,
        options: SouthSeasOptions | None = None,
        tiles: TileSet | None = None,
        ships: ShipSet | None = None,
    ) -> None:
        if not 2 <= players <= 5:
            raise AtollError(f"South Seas is for 2 to 5 players, not {players}", field="players")
        self._players = players
        self._options = options or SouthSeasOptions()
        self.tiles = tiles or load_tiles()
        self.ships = ships or load_ships()

    @property
    def num_players(self) -> int:
        return self._players

    @property
    def options(self) -> SouthSeasOptions:
        return self._options

    def new_initial_state(self, seed: int | random.Random) -> SouthSeasState:
        return SouthSeasState(self, make_rng(seed))


class SouthSeasState(GameState):
    """A South Seas position. ``log`` records every event; ``history`` every action."""

    def __init__(self, game: SouthSeas, rng: random.Random) -> None:
        self.game, self.rng, self.options = game, rng, game.options
        n = game.num_players
        self.board = Board(game.tiles.start)
        self.pile: list[TileType] = game.tiles.draw_pile()
        rng.shuffle(self.pile)
        ships = list(game.ships.ships)
        rng.shuffle(ships)
        self.yard = Shipyard(ships, n, self.options.display)
        self.ledger = Ledger(n, self.options.islanders, self.options.ware_supply)
        self.covered: set[tuple[int, int]] = set()
        self.boat_tokens = BOAT_TOKENS
        self.player, self.turn, self.unplaceable = 0, 1, 0
        self.phase = PLACE
        self.drawn: TileType | None = None
        self.placed_at: tuple[int, int] | None = None
        self.awards: list[int] = []  # players still owed a market ship, in order
        self.log: list[Event] = []
        self.scripted = False
        self._event(
            "setup",
            players=n,
            options=self.options.to_dict(),
            tiles={"source": game.tiles.source, "reconstruction": game.tiles.reconstruction},
            ships={"source": game.ships.source, "reconstruction": game.ships.reconstruction},
        )
        self.history: list[Action] = []
        self.scores: tuple[float, ...] | None = None
        self._placements: list[tuple[tuple[int, int], int]] = []
        self._placement_set: set[tuple[tuple[int, int], int]] = set()
        self._roots: list[int] = []  # feature roots of the tile just placed
        self._options_key: tuple[int, str] | None = None
        self._options: list[Action] = []
        self._draw()

    # -- protocol -------------------------------------------------------------------------------
    def current_player(self) -> int:
        if self.phase == OVER:
            return TERMINAL
        return self.awards[0] if self.phase == CHOOSE_SHIP else self.player

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def returns(self) -> tuple[float, ...]:
        if self.scores is not None:
            return self.scores
        return tuple(float(self.score(p)) for p in range(self.game.num_players))

    def score(self, player: int) -> int:
        """SS-F3: ship points plus one point per three wares."""
        return self.yard.points(player) + sum(self.ledger.wares[player]) // 3

    def legal_actions(self) -> list[Action]:
        # One decision is asked about more than once (by _auto_pass, the agent, apply), but
        # its options only change when an action is applied or the phase moves on.
        key = (len(self.history), self.phase)
        if self._options_key != key:
            self._options_key, self._options = key, self._decision_options()
        return self._options

    def _decision_options(self) -> list[Action]:
        if self.phase == PLACE:
            return [Place(x, y, r) for (x, y), r in self._placements]
        if self.phase == ISLANDER:
            return self._islander_actions()
        if self.phase == CHOOSE_SHIP:
            return [TakeShip(s.id) for s in self.yard.best()]
        if self.phase == DELIVER:
            return self._deliveries()
        return []

    def _is_legal(self, action: Hashable) -> bool:
        if self.phase == PLACE:
            return isinstance(action, Place) and (
                ((action.x, action.y), action.rotation) in self._placement_set
            )
        return action in self.legal_actions()

    def apply(self, action: Hashable) -> None:
        if not self._is_legal(action):
            raise AtollError(
                f"{action} is not legal now ({self._why_illegal(action)})",
                entry=f"turn {self.turn}",
                field=self.phase,
            )
        assert isinstance(action, (Place, PlaceIslander, Recall, TakeShip, Deliver, Pass))
        self.history.append(action)
        if self.phase == PLACE:
            assert isinstance(action, Place) and self.drawn is not None
            self._roots = self.board.place(self.drawn, (action.x, action.y), action.rotation)
            self.placed_at = (action.x, action.y)
            self.phase = ISLANDER
            self._auto_pass()
        elif self.phase == ISLANDER:
            self._islander(action)
            self._evaluate()
            self._next_award()
        elif self.phase == CHOOSE_SHIP:
            assert isinstance(action, TakeShip)
            self._award(self.awards.pop(0), action.ship)
            self._next_award()
        elif self.phase == DELIVER:
            if isinstance(action, Deliver):
                self._deliver(action)
            self._end_turn()

    def clone(self) -> Self:
        twin = object.__new__(type(self))
        twin.__dict__.update(self.__dict__)
        twin.rng = random.Random()
        twin.rng.setstate(self.rng.getstate())
        twin.board = self.board.copy()
        twin.pile = list(self.pile)
        twin.yard = self.yard.copy()
        twin.ledger = self.ledger.copy()
        twin.covered = set(self.covered)
        twin.awards, twin.log, twin.history = list(self.awards), list(self.log), list(self.history)
        twin._placements = list(self._placements)
        twin._placement_set = set(self._placement_set)
        return twin

    # -- drawing (SS-P1, SS-P4) -----------------------------------------------------------------
    def _draw(self) -> None:
        """SS-P1, SS-P4. When scripted (scenarios name each turn's tile with
        :meth:`force_draw`), an unplaceable tile met on the way is not removed."""
        for i in range(len(self.pile) - 1, -1, -1):
            tile = self.pile[i]
            placements = self.board.legal_placements(tile)
            if placements:
                del self.pile[i]
                self.drawn, self._placements, self.phase = tile, placements, PLACE
                self._placement_set = set(placements)
                return
            if not self.scripted:
                self.pile.pop()
                self.unplaceable += 1
                self._event("unplaceable", tile=tile.id)
        self._finish()

    def force_draw(self, tile_id: str) -> None:
        """Make ``tile_id`` the drawn tile (scenarios): it swaps places with the drawn one."""
        if self.phase != PLACE or self.drawn is None:
            raise AtollError("a tile is drawn only at the start of a turn", field="tile")
        if self.drawn.id == tile_id:
            return
        self._options_key = None
        index = next((i for i, t in enumerate(self.pile) if t.id == tile_id), None)
        if index is None:
            raise AtollError(f"no copy of tile {tile_id!r} is left to draw", field="tile")
        self.pile[index], self.drawn = self.drawn, self.pile[index]
        self._placements = self.board.legal_placements(self.drawn)
        self._placement_set = set(self._placements)
        if not self._placements:
            self.unplaceable += 1
            self._event("unplaceable", tile=tile_id)
            self.drawn = None
            self._draw()

    @property
    def display(self) -> list[Ship]:
        return self.yard.display

    @property
    def taken(self) -> list[list[Ship]]:
        return self.yard.taken

    def arrange_ships(self, ids: list[str]) -> None:
        """Scenarios: the named ships first — face up, then the pile from the top."""
        self.yard.arrange(ids)
        self._options_key = None

    def _repr_png_(self) -> bytes:
        """The board as a PNG, so a state shows itself in a notebook."""
        from models.southseas.render import state_png  # matplotlib only when drawn

        return state_png(self)

    def board_tiles(self) -> int:
        return len(self.board.tiles)

    # -- islanders (SS-I1..I4, recall) ----------------------------------------------------------
    def _islander_actions(self) -> list[Action]:
        assert self.placed_at is not None
        placed = self.board.tiles[self.placed_at]
        return islander_actions(self.board, placed, self.ledger, self.player, self.options.recall)

    def _islander(self, action: Action) -> None:
        if isinstance(action, PlaceIslander):
            assert self.placed_at is not None
            placed = self.board.tiles[self.placed_at]
            place_islander(self.board, placed, self.ledger, self.player, action.piece)
        elif isinstance(action, Recall):
            node = recall_islander(self.board, self.ledger, self.player, action)
            self._event("recall", node=node)

    # -- evaluation (SS-E, SS-B, SS-M) ----------------------------------------------------------
    def _order(self) -> list[int]:
        n = self.game.num_players
        return [(self.player + k) % n for k in range(n)]

    def _evaluate(self) -> None:
        assert self.placed_at is not None
        placed = self.board.tiles[self.placed_at]
        board, order = self.board, self._order()
        completed = set()
        # islanders join no features, so the roots Board.place returned still hold
        for root in self._roots:
            feature = board.features[root]
            if feature.complete and not feature.closed:
                completed.add(root)
                feature.closed = True
                self.log.append(
                    evaluate(
                        feature,
                        self.ledger,
                        self.covered,
                        order,
                        self.turn,
                        self.player,
                        "complete",
                    )
                )
        for i, piece in enumerate(placed.tile.pieces):
            if piece.boat:
                self._boat(board.root(placed.node(i)), completed, order)
        for market in board.completed_markets(self.placed_at):
            node = board.markets.pop(market)
            feature = board.features[board.root(node)]
            feature.closed = True
            merchants = [p for p, _ in feature.islanders]
            release_islanders(feature, self.ledger)
            self._event("market", at=market, merchant=merchants[0] if merchants else None)
            self.awards.extend(merchants)
        n = self.game.num_players
        self.awards.sort(key=lambda p: (p - self.player) % n)

    def _boat(self, root: int, completed: set[int], order: list[int]) -> None:
        """SS-B1..B4: the boat of the tile just placed may trigger its sea region."""
        if root in completed:
            self._event("boat-no-trigger", why="region completed by the same tile")
            return
        event = evaluate_boat(
            self.board.features[root],
            self.ledger,
            self.covered,
            order,
            pay_unoccupied=self.options.boat_unoccupied == "cover_fish",
            return_fishers=self.options.boat_returns_fishers,
            tokens=self.boat_tokens,
            turn=self.turn,
            active=self.player,
        )
        if event.kind == "boat" and event.data["covered"] is not None:
            self.boat_tokens -= 1
        self.log.append(event)

    def _event(self, kind: str, **data: object) -> None:
        self.log.append(Event(self.turn, self.player, kind, data))

    # -- ships (SS-M2, SS-M3, SS-S1..S3) --------------------------------------------------------
    def _next_award(self) -> None:
        """Give owed market ships in order; a tie among the best waits for its owner's choice."""
        while self.awards:
            top = self.yard.best()
            if not top:
                self.awards.clear()
                break
            if len({s.id for s in top}) > 1:
                self.phase = CHOOSE_SHIP
                return
            self._award(self.awards.pop(0), top[0].id)
        self.phase = DELIVER
        self._auto_pass()

    def _award(self, player: int, ship_id: str) -> None:
        ship = self.yard.take(player, ship_id)
        self.log.append(
            Event(self.turn, player, "market-ship", {"ship": ship_id, "points": ship.points})
        )

    def _deliveries(self) -> list[Action]:
        holdings = tuple(self.ledger.wares[self.player])
        actions: list[Action] = [PASS]
        for ship in self.display:
            for pay in sorted(payments(ship, holdings)):  # type: ignore[arg-type]
                actions.append(Deliver(ship.id, pay))
        return actions

    def _deliver(self, action: Deliver) -> None:
        self.ledger.pay_in(self.player, action.payment)
        ship = self.yard.take(self.player, action.ship)
        self._event("delivery", ship=ship.id, payment=action.payment, points=ship.points)

    # -- turn end, game end (SS-T2, SS-F1..F4) --------------------------------------------------
    def _auto_pass(self) -> None:
        """Take a decision whose only choice is Pass without asking."""
        if self.phase in (ISLANDER, DELIVER) and len(self.legal_actions()) == 1:
            if self.phase == ISLANDER:
                self._evaluate()
                self._next_award()
            else:
                self._end_turn()

    def _end_turn(self) -> None:
        if not self.pile or self.yard.exhausted:
            self._finish()
            return
        self.player = (self.player + 1) % self.game.num_players
        self.turn += 1
        self.placed_at = None
        self._draw()

    def _finish(self) -> None:
        """SS-F1..F4: unfinished features with islanders pay as if complete; markets nothing."""
        self.phase, self.drawn, self._placements = OVER, None, []
        features = [f for _, f in self.board.open_features()]
        self.log += end_scoring(
            features,
            self.ledger,
            self.covered,
            self._order(),
            self.options.score_unfinished,
            self.turn,
            self.player,
        )
        self.scores = tuple(float(self.score(p)) for p in range(self.game.num_players))
        self._event("game-end", scores=self.scores)

    def _why_illegal(self, action: Hashable) -> str:
        why = _ILLEGAL.get((self.phase, type(action)))
        return why or f"phase {self.phase} expects another kind of action"


#: The rule an action of a phase breaks when it is not among the legal ones.
_ILLEGAL = {
    (PLACE, Place): "SS-P2/P3: the tile must share a side and continue every touching side",
    (ISLANDER, PlaceIslander): "SS-I1..I3: a piece of the new tile, from supply, not joined "
    "to an occupied feature",
    (DELIVER, Deliver): "SS-S1: a face-up ship and a payment that meets it from your wares",
}


def winners(state: SouthSeasState) -> list[int]:
    """SS-F4: the players with the highest score — several when tied (the texts name no
    tie-break, so ties are reported as ties)."""
    scores = state.returns()
    top = max(scores)
    return [p for p, s in enumerate(scores) if s == top]
