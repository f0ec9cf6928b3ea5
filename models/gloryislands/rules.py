"""The Glory Islands game on the shared protocol: secret sail cards, ships, pirates, treasure.

A round (GI-R1): every ship afloat chooses a sail card, one player after another in seat order,
each choice hidden from the others by :meth:`~GloryIslandsState.observation` until the last is
made; then all are revealed at once, the sail-track markers advance (GI-R2, a marker past the
last field sinks its ship) and the turn order follows the cards (GI-R3). Each player in turn
sails (:class:`~models.gloryislands.actions.Move`), places a pirate
(:class:`~models.gloryislands.actions.Place`), takes the field's reward, may take his card's
special action, and full islands are scored (:mod:`models.gloryislands.turn`). Then equal cards
are swapped, one card is discarded and a 1-card takes the discards back
(:mod:`models.gloryislands.rounds`). The round in which a ship first completes the route is the
last (GI-G1); end scoring follows.

Chance is explicit: each treasure tile drawn from the bag is a chance node
(:class:`~models.gloryislands.actions.Treasure`, weighted by the tiles of each kind left), one
node per tile, so a chest's draw of 2 is two nodes and a 2-card's hunt is three; the drawer
then keeps one (:class:`~models.gloryislands.actions.Keep`). The state holds no generator.

>>> from models.core import load_game, make_rng, random_playout
>>> state = load_game("gloryislands", 3).new_initial_state()
>>> state.current_player(), str(state.legal_actions()[0])
(0, 'play red-1')
>>> moves = random_playout(state, make_rng(1))
>>> outcome = state.outcome()
>>> len(outcome.scores), outcome.final, state.events()[-1].kind.value
(3, True, 'game-end')
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import TYPE_CHECKING, Any, Self

from models.core import CHANCE, TERMINAL, Event, GameState, Outcome
from models.gloryislands import rounds, turn
from models.gloryislands.actions import Action, Deal, Play, Treasure
from models.gloryislands.events import GloryIslandsEvent as EV
from models.gloryislands.observation import observation_key
from models.gloryislands.refusals import refusal
from models.gloryislands.summary import estimate, game_summary, player_summary

if TYPE_CHECKING:
    from models.gloryislands.game import GloryIslands

DEAL = "deal"  # chance deals the card colours to the seats (option colours = "dealt")
CHOOSE, MOVE, MOVE2, PLACE, DRAW, KEEP, SPECIAL, OVER = (
    "choose",
    "move",
    "move-on",
    "place",
    "draw",
    "keep",
    "special",
    "over",
)
#: Which placement or draw a turn is at (what follows its reward).
MAIN, STOPOVER, EXTRA, RELOCATE, HUNT = "main", "stopover", "extra", "relocate", "hunt"
_new = tuple.__new__
ACTOR = -2  # the player of an event: whoever decides now


class GloryIslandsState(GameState):
    """A Glory Islands position. ``log`` records every event; :meth:`history` every action."""

    def __init__(self, game: GloryIslands) -> None:
        self.game, self.board, self.options = game, game.board, game.options
        board, n = game.board, game.num_players
        self.colours = list(game.seat_colours)  # each seat's card colour (dealt: by chance)
        self.hands = [list(game.colour_hands[c]) for c in self.colours]  # card indices
        self.discards: list[list[int]] = [[] for _ in range(n)]
        self.chosen = [-1] * n  # this round's card of each player (secret until revealed)
        self.progress = [0] * n  # route fields sailed since home
        self.sails = [0] * n  # sail-track field (len(track): sunk)
        self.sunk = [False] * n
        self.occupant = [-1] * 49  # the player whose pirate stands on each cell
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
        self.log: list[Event] = []
        self._history: list[Action] = []
        self._actions: tuple[Action, ...] = ()
        self.event(
            EV.SETUP, player=None, players=n, options=self.options.to_dict(), **game.components()
        )
        if game.deals:
            self.phase = DEAL  # chance deals the colours first
        else:
            rounds.begin_round(self)

    # -- protocol -------------------------------------------------------------------------------
    def current_player(self) -> int:
        phase = self.phase
        if phase in (DRAW, DEAL):
            return CHANCE
        if phase == OVER:
            return TERMINAL
        return self.player

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def returns(self) -> tuple[float, ...]:
        if self.scores is not None:
            return self.scores
        return tuple(float(f) for f in self.fame)

    def outcome(self) -> Outcome:
        """GI-F5: the most fame wins; ties are ties. A sunk ship is out and cannot win
        (GI-R2, option ``sunk_can_win``); if every ship sank, nobody wins."""
        if self.phase == OVER:
            return Outcome(self.returns(), self.winners, True)
        return Outcome(self.returns(), rounds.winners(self, self.fame), False)

    def chance_outcomes(self) -> tuple[tuple[Hashable, float], ...]:
        if self.phase == DEAL:
            deals = self.game.deals
            return tuple((d, 1 / len(deals)) for d in deals)
        if self.phase != DRAW:
            return ()
        total, draws = self.bag_total, self.game.treasures
        return tuple((draws[k], c / total) for k, c in enumerate(self.bag) if c)

    def sample_chance(self, rng: random.Random) -> Hashable:
        """The tile for one ``rng.random()``: a kind weighted by its tiles left in the bag."""
        if self.phase != DRAW:
            return super().sample_chance(rng)  # the deal: uniform over its outcomes
        r = int(rng.random() * self.bag_total)
        for kind, count in enumerate(self.bag):  # the tile at r, counting tiles in kind order
            if r < count:
                return self.game.treasures[kind]
            r -= count
        raise AssertionError("the bag holds bag_total tiles")

    def legal_actions(self) -> tuple[Action, ...]:
        if self.phase == DEAL:
            return self.game.deals
        if self.phase == DRAW:
            return tuple(self.game.treasures[k] for k, c in enumerate(self.bag) if c)
        return self._actions

    def apply(self, action: Hashable) -> None:
        phase = self.phase
        if phase == DEAL:
            if action not in self.game.deals:
                raise refusal(self, action)
            self._history.append(action)
            self._deal(action)
            return
        if phase == DRAW:
            kind = self.game.kind_index.get(action.kind, -1) if type(action) is Treasure else -1
            if kind < 0 or not self.bag[kind]:
                raise refusal(self, action)
            self._history.append(action)  # type: ignore[arg-type]
            turn.draw(self, kind)
            return
        for legal in self._actions:  # the interned action offered (identity is quickest)
            if legal is action:
                break
        else:
            if phase == OVER or action not in self._actions:
                raise refusal(self, action)
        self._history.append(action)
        self.skipped = ()
        if phase == CHOOSE:
            rounds.choose(self, self.game.card_of[action.card])  # type: ignore[union-attr]
        elif phase == KEEP:
            turn.keep(self, self.game.kind_index[action.kind])  # type: ignore[union-attr]
        else:
            turn.act(self, action)

    def _deal(self, deal: Deal) -> None:
        """GI-R1: each seat gets the cards of the colour dealt to it."""
        self.colours = list(deal.colours)
        self.hands = [list(self.game.colour_hands[c]) for c in self.colours]
        self.event(EV.DEAL, player=None, colours=dict(enumerate(self.colours)))
        rounds.begin_round(self)

    def clone(self) -> Self:
        twin = object.__new__(type(self))
        twin.__dict__.update(self.__dict__)
        twin.colours = list(self.colours)
        twin.hands = [list(h) for h in self.hands]
        twin.discards = [list(d) for d in self.discards]
        twin.chosen, twin.progress, twin.sails = (
            list(self.chosen),
            list(self.progress),
            list(self.sails),
        )
        twin.sunk, twin.occupant = list(self.sunk), list(self.occupant)
        twin.pirates_at = [list(c) for c in self.pirates_at]
        twin.supply, twin.filled, twin.full = list(self.supply), list(self.filled), list(self.full)
        twin.barrels = list(self.barrels)
        twin.bag, twin.held = list(self.bag), [list(h) for h in self.held]
        twin.drawn, twin.fame = list(self.drawn), list(self.fame)
        twin.compass_order, twin.home_order = list(self.compass_order), list(self.home_order)
        twin.order, twin.log, twin._history = list(self.order), list(self.log), list(self._history)
        return twin

    def observation(self, player: int) -> Hashable:
        """What ``player`` knows: the table, every hand (known by elimination: cards start by
        colour, are revealed, swapped and discarded openly), his own face-down treasures and
        secret card, and of the others only how many treasures they hold and whether they have
        chosen (see :mod:`models.gloryislands.observation`)."""
        return observation_key(self, player)

    def resample(self, player: int, rng: random.Random) -> Self:
        """Everything ``player`` cannot see redrawn consistently: the other players' secret
        cards of this round (from their hands), their face-down treasures and what they drew,
        and so the bag (see :mod:`models.gloryislands.resample`)."""
        from models.gloryislands.resample import resample

        return resample(self, player, rng)  # type: ignore[return-value]

    def _repr_png_(self) -> bytes:
        """The board as a PNG, so a state shows itself in a notebook."""
        from models.gloryislands.render import state_png  # matplotlib only when drawn

        return state_png(self)

    def history(self) -> tuple[Hashable, ...]:
        return tuple(self._history)

    def events(self) -> tuple[Event, ...]:
        return tuple(self.log)

    def turn_number(self) -> int:
        """A round (every ship's turn): the score race is taken between rounds."""
        return self.round

    def standing(self) -> tuple[float, ...]:
        """The fame estimate: much of the fame comes in the end scoring (GI-F)."""
        return self.heuristic()

    def decision_kind(self) -> str:
        return self.phase

    def heuristic(self) -> tuple[float, ...]:
        """Each player's estimated final fame (see :func:`models.gloryislands.summary.estimate`)."""
        return estimate(self)

    def summary(self) -> dict[str, Any]:
        return game_summary(self)

    def player_summary(self, player: int) -> dict[str, Any]:
        return player_summary(self, player)

    # -- helpers shared by turn.py and rounds.py ------------------------------------------------
    def event(self, kind: EV, /, player: int | None = ACTOR, **data: object) -> None:
        """Log an event this round of ``player`` (the deciding player by default; ``None``
        for the table's)."""
        who = self.player if player == ACTOR else player
        self.log.append(_new(Event, (self.round, who, kind, data)))  # Event(...), made faster

    def gain(self, player: int, amount: int) -> None:
        self.fame[player] += amount

    def card(self, index: int) -> Any:
        return self.board.cards[index]

    def position(self, player: int) -> int:
        """The route index of ``player``'s ship."""
        return self.progress[player] % len(self.board.route)

    def play_actions(self, player: int) -> tuple[Play, ...]:
        """The cards in ``player``'s hand as actions (remembered per hand by the game)."""
        return self.game.play_actions(self.hands[player])
