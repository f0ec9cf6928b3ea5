"""The South Seas game on the shared protocol: turns, islanders, evaluations, markets, ships.

A turn (SS-T1): chance draws a tile (:class:`Draw`, weighted by the copies left; one with no
legal placement is removed and chance draws again, SS-P4); the player places it
(:class:`Place`); he may place an islander on it or, by the ``recall`` option, take one back;
every feature the placement completed or a fishing boat triggered is evaluated; completed
markets give ships; the player may deliver to one ship; then the next player. Whenever the
face-up display is short, chance turns up a face-down ship (:class:`Reveal`). A decision whose
only choice is :class:`Pass` is taken automatically.

Chance is explicit, so a state holds no generator and no order of the pile: a clone cannot know
the next tile. Nothing is hidden from any player (the stack's contents and the face-down ships
are known by elimination), so :meth:`SouthSeasState.resample` is a copy.

The readings the texts leave open are :class:`~models.southseas.options.SouthSeasOptions`; the
two fixed ones are described (and logged when they apply) in :mod:`models.southseas.placement`.

>>> from models.core import load_game, make_rng, random_playout
>>> state = load_game("southseas", 3).new_initial_state()
>>> state.is_chance_node()
True
>>> moves = random_playout(state, make_rng(1))
>>> outcome = state.outcome()
>>> len(outcome.scores), outcome.final, state.board_tiles() + state.unplaceable <= 73
(3, True, True)
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Hashable
from itertools import accumulate
from typing import TYPE_CHECKING, Any, Self

from models.core import CHANCE, TERMINAL, Event, GameState, Outcome
from models.southseas.actions import (
    PASS,
    Action,
    Deliver,
    Draw,
    Place,
    PlaceIslander,
    Recall,
    Reveal,
    TakeShip,
)
from models.southseas.board import Board, FishKey
from models.southseas.components import TileType
from models.southseas.evaluation import Ledger, end_scoring
from models.southseas.events import SouthSeasEvent as EV
from models.southseas.geometry import STEP
from models.southseas.heuristic import estimate
from models.southseas.islanders import islander_actions, place_islander, recall_islander
from models.southseas.observation import observation_key
from models.southseas.placement import evaluate_placement
from models.southseas.refusals import refusal
from models.southseas.shipyard import Shipyard
from models.southseas.summary import game_summary, player_summary

if TYPE_CHECKING:
    from models.southseas.game import SouthSeas

BOAT_TOKENS = 19
DRAW, REVEAL, PLACE, ISLANDER = "draw", "reveal", "place", "islander"
CHOOSE_SHIP, DELIVER, OVER = "choose-ship", "deliver", "over"
#: Where play resumes after chance has turned up a ship.
SETUP, AWARDS, END_TURN = "setup", "awards", "end-turn"


class SouthSeasState(GameState):
    """A South Seas position. ``log`` records every event; :meth:`history` every action."""

    def __init__(self, game: SouthSeas) -> None:
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
        self.phase, self.resume = REVEAL, SETUP
        self.drawn: TileType | None = None
        self.placed_at: tuple[int, int] | None = None
        self.newcomer: tuple[int, int] | None = None  # (player, node) placed this turn
        self.awards: list[int] = []  # players still owed a market ship, in order
        self.delivered_last = False  # whether the last ship taken was delivered (SS-T2)
        self.scores: tuple[float, ...] | None = None
        self.log: list[Event] = []
        self._history: list[Action] = []
        self.placed_roots: list[int] = []  # feature roots of the tile just placed
        self._actions: tuple[Action, ...] = ()  # the options of the decision asked now
        self.event(EV.SETUP, players=n, options=self.options.to_dict(), **game.components())
        self._setup()

    # -- protocol -------------------------------------------------------------------------------
    def current_player(self) -> int:
        phase = self.phase
        if phase in (DRAW, REVEAL):
            return CHANCE
        if phase == OVER:
            return TERMINAL
        return self.awards[0] if phase == CHOOSE_SHIP else self.player

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def returns(self) -> tuple[float, ...]:
        if self.scores is not None:
            return self.scores
        return tuple(float(self.score(p)) for p in range(self.game.num_players))

    def outcome(self) -> Outcome:
        """SS-F4: the highest score wins; the texts name no tie-break, so ties are ties."""
        return Outcome.highest(self.returns(), final=self.phase == OVER)

    def score(self, player: int) -> int:
        """SS-F3: ship points plus one point per three wares."""
        return self.yard.points(player) + sum(self.ledger.wares[player]) // 3

    def chance_outcomes(self) -> tuple[tuple[Hashable, float], ...]:
        if self.phase == DRAW:
            total, draws = self.tiles_left, self.game.draws
            return tuple((draws[i], c / total) for i, c in enumerate(self.left) if c)
        if self.phase == REVEAL:
            share, reveals = 1 / len(self.yard.hidden), self.game.reveals
            return tuple((reveals[s.id], share) for s in self.yard.hidden)
        return ()

    def sample_chance(self, rng: random.Random) -> Hashable:
        """The chance outcome for one ``rng.random()``: a tile kind weighted by its copies
        left, or a face-down ship, each equally likely (as :meth:`chance_outcomes` says)."""
        if self.phase == DRAW:  # the copy at r, counting copies in kind order
            r = int(rng.random() * self.tiles_left)
            return self.game.draws[bisect_right(list(accumulate(self.left)), r)]
        if self.phase == REVEAL:
            hidden = self.yard.hidden
            return self.game.reveals[hidden[int(rng.random() * len(hidden))].id]
        return super().sample_chance(rng)

    def legal_actions(self) -> tuple[Action, ...]:
        if self.phase == DRAW or self.phase == REVEAL:
            return tuple(a for a, _ in self.chance_outcomes())  # type: ignore[misc]
        return self._actions

    def apply(self, action: Hashable) -> None:
        phase = self.phase
        if phase == PLACE:
            if not (
                type(action) is Place
                and action.rotation in (0, 1, 2, 3)
                and self.board.fits(self.drawn, (action.x, action.y), action.rotation)  # type: ignore[arg-type]
            ):
                raise refusal(self, action)
            self._history.append(action)
            self.skipped = ()
            self._place(action)
        elif phase == DRAW:
            index = self.game.draw_index.get(action.tile, -1) if type(action) is Draw else -1
            if index < 0 or not self.left[index]:
                raise refusal(self, action)
            self._history.append(action)  # type: ignore[arg-type]
            self._draw(index)
        elif phase == REVEAL:
            if type(action) is not Reveal or all(s.id != action.ship for s in self.yard.hidden):
                raise refusal(self, action)
            self._history.append(action)
            self._reveal(action.ship)
        elif phase == OVER or action not in self._actions:
            raise refusal(self, action)
        else:
            self._decide(action)

    def _decide(self, action: Action) -> None:
        """An islander step, a tied ship choice or a delivery (already checked legal)."""
        self._history.append(action)
        self.skipped = ()
        if self.phase == ISLANDER:
            self._islander(action)
        elif type(action) is TakeShip:
            self._award(self.awards.pop(0), action.ship)
            self._awards()
        else:
            if type(action) is Deliver:
                self._deliver(action)
            self._end_turn()

    def clone(self) -> Self:
        twin = object.__new__(type(self))
        twin.__dict__.update(self.__dict__)
        twin.board = self.board.copy()
        twin.left = list(self.left)
        twin.yard = self.yard.copy()
        twin.ledger = self.ledger.copy()
        twin.covered = set(self.covered)
        twin.awards, twin.log = list(self.awards), list(self.log)
        twin._history, twin.placed_roots = list(self._history), list(self.placed_roots)
        return twin

    def observation(self, player: int) -> Hashable:
        """Everything on the table; the same for every player (nothing is hidden)."""
        return observation_key(self)

    def resample(self, player: int, rng: random.Random) -> Self:
        """A copy: South Seas hides nothing from anyone, and the future is chance's."""
        return self.clone()

    def history(self) -> tuple[Hashable, ...]:
        return tuple(self._history)

    def events(self) -> tuple[Event, ...]:
        return tuple(self.log)

    def turn_number(self) -> int:
        return self.turn

    def decision_kind(self) -> str:
        return self.phase

    def heuristic(self) -> tuple[float, ...]:
        """Each player's estimated final score (see :mod:`models.southseas.heuristic`)."""
        return estimate(self)

    def summary(self) -> dict[str, Any]:
        return game_summary(self)

    def player_summary(self, player: int) -> dict[str, Any]:
        return player_summary(self, player)

    # -- chance: tiles (SS-P1, SS-P4) and ships (SS-S1) -----------------------------------------
    def _draw(self, index: int) -> None:
        self.left[index] -= 1
        self.tiles_left -= 1
        tile = self.game.draw_types[index]
        placements = self.board.legal_placements(tile)
        if not placements:
            self.unplaceable += 1
            self.event(EV.UNPLACEABLE, tile=tile.id)
            if not self.tiles_left:
                self._finish("the last tile was drawn and could not be placed")
            return
        self.drawn, self.phase, self._actions = tile, PLACE, placements
        self.event(EV.DRAW, tile=tile.id, placements=len(placements))

    def _reveal(self, ship_id: str) -> None:
        self.yard.reveal(ship_id)
        self.event(EV.REVEAL, ship=ship_id)
        if self.resume == SETUP:
            self._setup()
        elif self.resume == AWARDS:
            self._awards()
        else:
            self._end_turn()

    def _setup(self) -> None:
        if self.yard.refill_due:
            self.phase, self.resume = REVEAL, SETUP
        else:
            self.phase = DRAW

    # -- placing, islanders (SS-P, SS-I) --------------------------------------------------------
    def _place(self, action: Place) -> None:
        tile, frontier, dead = self.drawn, self.board.frontier, self.game.dead_codes
        assert tile is not None
        x, y = position = (action.x, action.y)
        around = [(x + dx, y + dy) for dx, dy in STEP]
        holes = -sum(1 for n in around if frontier.get(n) in dead)
        self.placed_roots = self.board.place(tile, position, action.rotation)
        self.placed_at, self.drawn = position, None
        holes += sum(1 for n in around if frontier.get(n) in dead)  # newly unfillable neighbours
        self.event(EV.PLACE, tile=tile.id, at=position, rotation=action.rotation, holes=holes)
        placed = self.board.tiles[position]
        actions = islander_actions(
            self.board, placed, self.ledger, self.player, self.options.recall
        )
        if len(actions) == 1:  # only Pass
            self._islander_skipped()
            self._after_islander()
        else:
            self.phase, self._actions = ISLANDER, actions

    def _islander_skipped(self) -> None:
        """Note why the islander step passed by itself (SS-I4: no islander in supply; SS-I3:
        every piece joins an occupied feature) and no islander could be taken back."""
        player = self.player
        if self.ledger.islanders[player] == 0:
            rule, why = "SS-I4", f"player {player}'s supply is empty"
        else:
            rule, why = "SS-I3", "every piece of the tile joins a feature that holds an islander"
        if self.ledger.placed[player]:
            why += f" (and recall = {self.options.recall} takes none back now)"
        self.note_skipped(player, rule, why, (PlaceIslander, Recall))

    def _islander(self, action: Action) -> None:
        if type(action) is PlaceIslander:
            assert self.placed_at is not None
            placed = self.board.tiles[self.placed_at]
            node = place_islander(self.board, placed, self.ledger, self.player, action.piece)
            self.newcomer = (self.player, node)
            kind = self.board.feature_of(node).kind.value
            self.event(EV.ISLANDER, piece=action.piece, feature=kind)
        elif type(action) is Recall:
            recall_islander(self.board, self.ledger, self.player, action)
            self.event(EV.RECALL, at=(action.x, action.y), piece=action.piece)
        self._after_islander()

    def _after_islander(self) -> None:
        evaluate_placement(self)
        self.newcomer = None
        self._awards()

    # -- evaluation helpers (SS-E, SS-B, SS-M: see placement.py) --------------------------------
    def order(self) -> list[int]:
        """Seats clockwise from the active player (majority ties and ships go this way)."""
        seats = self.game.seats
        return seats[self.player :] + seats[: self.player]

    def at(self, node: int) -> tuple[int, int, int]:
        """A piece as (x, y, piece index), the way the log names it."""
        (x, y), piece = self.board.node_place[node]
        return (x, y, piece)

    def event(self, kind: EV, **data: object) -> None:
        """Log an event of the active player this turn."""
        self.log.append(Event(self.turn, self.player, kind, data))

    # -- ships (SS-M2, SS-M3, SS-S1..S3) --------------------------------------------------------
    def _awards(self) -> None:
        """Give owed market ships in order, the display refilled by chance after each; a tie
        among the best waits for its owner's choice."""
        while True:
            if self.yard.refill_due:
                self.phase, self.resume = REVEAL, AWARDS
                return
            if not self.awards:
                break
            top = self.yard.best()
            if not top:
                self.awards.clear()
                break
            if len(top) > 1:
                self.phase, self._actions = CHOOSE_SHIP, tuple(TakeShip(s.id) for s in top)
                return
            self._award(self.awards.pop(0), top[0].id)
        actions = self._deliveries()
        if len(actions) == 1:
            held = any(self.ledger.wares[self.player])
            why = "no face-up ship can be paid with them" if held else "he holds no wares"
            self.note_skipped(self.player, "SS-S1", f"player {self.player}: {why}", (Deliver,))
            self._end_turn()
        else:
            self.phase, self._actions = DELIVER, actions

    def _award(self, player: int, ship_id: str) -> None:
        ship = self.yard.take(player, ship_id)
        self.delivered_last = False
        self.log.append(
            Event(self.turn, player, EV.MARKET_SHIP, {"ship": ship_id, "points": ship.points})
        )

    def _deliveries(self) -> tuple[Action, ...]:
        holdings = tuple(self.ledger.wares[self.player])
        if not any(holdings):
            return (PASS,)
        actions: list[Action] = [PASS]
        for ship in self.yard.display:
            actions.extend(self.game.deliveries(ship, holdings))  # type: ignore[arg-type]
        return tuple(actions)

    def _deliver(self, action: Deliver) -> None:
        self.ledger.pay_in(self.player, action.payment)
        ship = self.yard.take(self.player, action.ship)
        self.delivered_last = True
        self.event(EV.DELIVERY, ship=ship.id, payment=action.payment, points=ship.points)

    # -- turn end, game end (SS-T2, SS-F1..F4) --------------------------------------------------
    def _end_turn(self) -> None:
        why = self._ending()
        if why:
            self._finish(why)
            return
        if self.yard.refill_due:
            self.phase, self.resume = REVEAL, END_TURN
            return
        self.player = (self.player + 1) % self.game.num_players
        self.turn += 1
        self.placed_at = None
        self.phase = DRAW

    def _ending(self) -> str | None:
        """SS-T2: why the game ends after this turn, if it does."""
        if not self.tiles_left:
            return "the last tile was placed"
        if self.yard.exhausted and (self.options.last_ship == "acquired" or self.delivered_last):
            return f"the last ship was {self.options.last_ship}"
        return None

    def _finish(self, why: str) -> None:
        """SS-F1..F4: unfinished features with islanders pay as if complete; markets nothing."""
        self.phase, self.drawn, self._actions = OVER, None, ()
        board = self.board
        # in the order the features were begun, whatever the union-find made their roots
        begun = sorted(board.open_features(), key=lambda item: min(item[1].nodes))
        features = [(board.writable(root), self.at(root)) for root, _ in begun]
        self.log += end_scoring(
            features,
            self.ledger,
            self.covered,
            self.order(),
            score_unfinished=self.options.score_unfinished,
            turn=self.turn,
            active=self.player,
        )
        self.scores = tuple(float(self.score(p)) for p in range(self.game.num_players))
        winners = list(self.outcome().winners)
        self.event(EV.GAME_END, scores=self.scores, winners=winners, why=why)

    # -- for scenarios, reports and pictures ----------------------------------------------------
    @property
    def display(self) -> list[Any]:
        return self.yard.display

    @property
    def taken(self) -> list[list[Any]]:
        return self.yard.taken

    def board_tiles(self) -> int:
        return len(self.board.tiles)

    def draw_stack(self) -> dict[str, int]:
        """The tiles left to draw: copies by tile id."""
        types = self.game.draw_types
        return {types[i].id: c for i, c in enumerate(self.left) if c}

    def _repr_png_(self) -> bytes:
        """The board as a PNG, so a state shows itself in a notebook."""
        from models.southseas.render import state_png  # matplotlib only when drawn

        return state_png(self)
