"""The Tobago game on the shared protocol: setup, turns, chance and the information sets.

Setup (TB-S1..S4): chance draws a starting hint face up for each treasure (a card excluding no
field or every field is discarded), deals the hands face down, then each player in seat order
puts his vehicle on a field and marks a starting hint with a rose; amulets wash up
(:mod:`models.tobago.amulets`). Then turns (TB-T1, :mod:`models.tobago.turns`) until the gold
deck runs out (TB-E1); a raised treasure is shared by :mod:`models.tobago.sharing`.

**Treasures have no hidden position**: a treasure is wherever its hints leave it (its candidate
set, a bitmask; one left: fixed, TB-H6), so nothing about treasures is hidden or resampled.

**Chance is explicit** and weighted by what is left: clue cards by the copies in the pile; gold
cards by the deck's values (no curse in the top ``curse_free_top``: the curses lie in the bottom
27); a share's next card by the cards in it; amulets by a statue's line (``amulet_field =
"wave"``). A state holds no generator and no order of any pile: a clone cannot know the future.

**Hidden information** (:meth:`TobagoState.observation`): the others' hands, the gold they drew
face down (TB-G1) and the card added unseen (TB-G2); :mod:`models.tobago.resample` redraws them.

>>> from models.core import load_game, make_rng, random_playout
>>> state = load_game("tobago", 3).new_initial_state()
>>> state.is_chance_node(), state.phase
(True, 'start')
>>> _ = random_playout(state, make_rng(1))
>>> state.outcome().final, state.deck_size
(True, 0)
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING, Any, Self, cast

from models.core import CHANCE, TERMINAL, Event, GameState, Outcome
from models.tobago import amulets, sharing, turns
from models.tobago.actions import (
    CURSE,
    Action,
    Claim,
    DrawClue,
    DrawGold,
    PlaceVehicle,
    Reveal,
    Wash,
)
from models.tobago.events import TobagoEvent as EV
from models.tobago.refusals import refusal

if TYPE_CHECKING:
    from models.tobago.game import Tobago

START, DEAL, VEHICLE, CLAIM, WASH = "start", "deal", "vehicle", "claim", "wash"
TURN, LEGS, EXTRA, REFILL = "turn", "legs", "extra", "refill"
GOLD, REVEAL, OFFER, CURSING, NEW, OVER = "gold", "reveal", "offer", "curse", "new", "over"
CHANCE_PHASES = frozenset({START, DEAL, WASH, REFILL, GOLD, REVEAL})
#: Not a rule: a safety net so that every game ends (no real game comes near it).
MAX_TURNS = 3000


class TobagoState(GameState):
    """A Tobago position. ``log`` records every public event; :meth:`history` every action."""

    margin_scale = 6.0  # gold: the median final margin between greedy players (search scale)

    def __init__(self, game: Tobago) -> None:
        self.game, self.options, cards = game, game.options, game.cards
        n = self.n = game.num_players
        self.phase, self.player, self.turn, self.seat = START, 0, 0, 0
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
        self.share: sharing.Share | None = None
        self.gold_slots: list[tuple[int, int, int, int]] = []  # (history, owner, deck pos, share)
        self.reveals: list[tuple[int, int]] = []  # (share number, value)
        self.constraints: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
        self.legs, self.drive_from, self.extra = 0, -1, False
        self.refill_for, self.then, self.layer, self.new_treasure = -1, "", -1, -1
        self.wash_queue: list[int] = []
        self.log: list[Event] = []
        self._history: list[Action] = []
        self._actions: tuple[Action, ...] = ()
        self.ended: str | None = None
        self.event(EV.SETUP, None, players=n, options=self.options.to_dict(), **game.components())
        self.next_start_hint()

    # -- protocol -------------------------------------------------------------------------------
    def current_player(self) -> int:
        phase = self.phase
        if phase in CHANCE_PHASES:
            return CHANCE
        if phase == OVER:
            return TERMINAL
        if phase in (OFFER, CURSING):
            assert self.share is not None
            return self.share.asked_player()
        if phase == NEW:
            return self.layer
        if phase in (VEHICLE, CLAIM):
            return self.seat
        return self.player

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def returns(self) -> tuple[float, ...]:
        """TB-E1: each player's gold."""
        return tuple(float(sum(g)) for g in self.gold)

    def outcome(self) -> Outcome:
        """TB-E1: the most gold wins; ties by the ``ties`` option."""
        result = Outcome.highest(self.returns(), final=self.phase == OVER)
        if self.options.ties == "amulets" and len(result.winners) > 1:
            top = max(self.amulets[p] for p in result.winners)
            winners = tuple(p for p in result.winners if self.amulets[p] == top)
            return Outcome(result.scores, winners, result.final)
        return result

    def chance_outcomes(self) -> tuple[tuple[Hashable, float], ...]:
        weights = self._weights()
        if weights is None:
            return ()
        actions, counts = weights
        total = sum(counts)
        return tuple((a, c / total) for a, c in zip(actions, counts, strict=True) if c)

    def _weights(self) -> tuple[Sequence[Action], Sequence[int]] | None:
        phase = self.phase
        if phase in (START, DEAL, REFILL):
            return self.game.draw_actions, self.pile
        if phase == GOLD:
            if self.deck_pos < self.game.cards.curse_free_top:
                return self.game.gold_actions, [0, *self.deck[1:]]
            return self.game.gold_actions, self.deck
        if phase == REVEAL:
            assert self.share is not None
            return self.game.reveal_actions, self.share.pile
        if phase == WASH:
            targets = self.game.statue_targets[self.wash_queue[0]]
            return [self.game.wash_actions[i] for i in targets], [1] * len(targets)
        return None

    def sample_chance(self, rng: random.Random) -> Hashable:
        """The outcome for one ``rng.random()``, weighted as :meth:`chance_outcomes` says."""
        weights = self._weights()
        if weights is None:
            return super().sample_chance(rng)
        actions, counts = weights
        r = rng.random() * sum(counts)
        total = 0
        for action, count in zip(actions, counts, strict=True):
            total += count
            if r < total:
                return action
        return next(a for a, c in zip(reversed(actions), reversed(counts), strict=True) if c)

    def legal_actions(self) -> tuple[Action, ...]:
        if self.phase in CHANCE_PHASES:
            return tuple(a for a, _ in self.chance_outcomes())  # type: ignore[misc]
        return self._actions

    def apply(self, action: Hashable) -> None:
        phase = self.phase
        if phase in CHANCE_PHASES:
            if not self._chance_fits(action):
                raise refusal(self, action)
            self._history.append(action)  # type: ignore[arg-type]
            self._chance(action)  # type: ignore[arg-type]
        elif phase == OVER or action not in self._actions:
            raise refusal(self, action)
        else:
            self._history.append(action)
            self.skipped = ()
            self._decide(action)

    def _chance_fits(self, action: Hashable) -> bool:
        """Whether ``action`` is a chance outcome with a positive weight now."""
        phase, game = self.phase, self.game
        if phase in (START, DEAL, REFILL):
            index = game.clue_index.get(action.clue) if isinstance(action, DrawClue) else None
            return index is not None and self.pile[index] > 0
        if phase == WASH:
            if not isinstance(action, Wash):
                return False
            return (
                game.island.index.get(action.field, -1) in game.statue_targets[self.wash_queue[0]]
            )
        if not isinstance(action, DrawGold if phase == GOLD else Reveal):
            return False
        value = action.value
        if type(value) is not int or not 0 <= value < len(self.deck):
            return False
        if phase == REVEAL:
            assert self.share is not None
            return self.share.pile[value] > 0
        curse_free = self.deck_pos < game.cards.curse_free_top
        return self.deck[value] > 0 and not (value == CURSE and curse_free)

    def clone(self) -> Self:
        twin = object.__new__(type(self))
        twin.__dict__.update(self.__dict__)
        for name in _LISTS:
            setattr(twin, name, list(getattr(self, name)))
        for name in _NESTED:
            setattr(twin, name, [list(x) for x in getattr(self, name)])
        twin.amulets_on = dict(self.amulets_on)
        twin.share = self.share.copy() if self.share is not None else None
        return twin

    def observation(self, player: int) -> Hashable:
        """What ``player`` knows: the table, his own hand and the gold he drew himself
        (:mod:`models.tobago.observation`)."""
        from models.tobago.observation import observation_key

        return observation_key(self, player)

    def resample(self, player: int, rng: random.Random) -> Self:
        """The others' hands and the face-down gold redrawn (:mod:`models.tobago.resample`)."""
        from models.tobago.resample import resample

        return cast(Self, resample(self, player, rng))

    def history(self) -> tuple[Hashable, ...]:
        return tuple(self._history)

    def events(self) -> tuple[Event, ...]:
        return tuple(self.log)

    def turn_number(self) -> int:
        return self.turn

    def decision_kind(self) -> str:
        return self.phase

    def heuristic(self) -> tuple[float, ...]:
        """Each player's estimated final gold (:mod:`models.tobago.heuristic`)."""
        from models.tobago.heuristic import estimate

        return estimate(self)

    def _repr_png_(self) -> bytes:
        """The position as a picture, for notebooks (:mod:`models.tobago.render_game`)."""
        from models.tobago.render_game import game_png  # matplotlib only when drawn

        return game_png(self)

    def summary(self) -> dict[str, Any]:
        from models.tobago.summary import game_summary

        return game_summary(self)

    def player_summary(self, player: int) -> dict[str, Any]:
        from models.tobago.summary import player_summary

        return player_summary(self, player)

    def event(self, kind: EV, player: int | None, **data: object) -> None:
        self.log.append(Event(self.turn, player, kind, data))

    # -- chance ---------------------------------------------------------------------------------
    def _chance(self, action: Action) -> None:
        phase = self.phase
        if phase == GOLD:
            assert isinstance(action, DrawGold)
            sharing.drawn(self, action.value)
        elif phase == REVEAL:
            assert isinstance(action, Reveal)
            sharing.revealed(self, action.value)
        elif phase == WASH:
            assert isinstance(action, Wash)
            self.wash_queue.pop(0)
            amulets.wash(self, self.game.island.index[action.field])
            if amulets.continue_washing(self):
                self.washed()
        else:
            assert isinstance(action, DrawClue)
            index = self.game.clue_index[action.clue]
            self.pile[index] -= 1
            self.pile_size -= 1
            if phase == START:
                self._start_hint(index)
            elif phase == DEAL:
                self._dealt(index)
            else:
                self._refilled(index)

    def take_into_hand(self, player: int, index: int) -> None:
        """The card just drawn (the last history entry) goes face down into ``player``'s hand."""
        self.hand_slots[player].append(len(self.clue_slots))
        self.clue_slots.append((len(self._history) - 1, player, self.epoch))
        self.hands[player].append(index)

    def drawable(self) -> bool:
        """Whether a clue card can be drawn; an empty pile is first refilled from the discards."""
        if not self.pile_size and self.discards:
            for index in self.discards:
                self.pile[index] += 1
            self.pile_size, self.epoch = len(self.discards), self.epoch + 1
            self.event(EV.RESHUFFLE, None, cards=len(self.discards))
            self.discards = []
        return self.pile_size > 0

    def next_start_hint(self) -> None:
        """TB-S4: draw the next treasure's starting hint, or go on to the deal."""
        per = self.game.cards.start_hints_per_treasure
        if per and self.start_t < 4 and self.drawable():
            self.phase = START
        else:
            self.seat, self.phase = 0, DEAL
            self._next_deal()

    def _start_hint(self, index: int) -> None:
        game, t = self.game, self.start_t
        if not game.opens[index]:
            self.discards.append(index)
            self.event(EV.START_DISCARD, None, clue=str(game.clues[index]))
        else:
            turns.lay(self, None, t, index, start=True)
            self.start_t += 1
        self.next_start_hint()

    def _next_deal(self) -> None:
        size = self.game.hand_size
        while self.seat < self.n and len(self.hands[self.seat]) >= size:
            self.seat += 1
        if self.seat < self.n and self.drawable():
            return  # phase DEAL: chance deals the next card
        self.seat, self.phase, self._actions = 0, VEHICLE, self.game.vehicle_actions

    def _dealt(self, index: int) -> None:
        self.take_into_hand(self.seat, index)
        self._next_deal()

    def refill(self, player: int, then: str) -> None:
        """TB-H1: ``player`` draws back up to his hand size; then ``then`` happens."""
        self.refill_for, self.then = player, then
        self._refill_next()

    def _refill_next(self) -> None:
        player = self.refill_for
        if len(self.hands[player]) < self.game.hand_size and self.drawable():
            self.phase = REFILL
            return
        if self.then == "raised":  # the new treasure's first hint was laid (TB-G6)
            turns.after_raise(self)
        else:
            turns.after_action(self)

    def _refilled(self, index: int) -> None:
        self.take_into_hand(self.refill_for, index)
        self.event(EV.REFILL, self.refill_for, cards=1)
        self._refill_next()

    # -- decisions --------------------------------------------------------------------------------
    def _decide(self, action: Action) -> None:
        phase = self.phase
        if phase == VEHICLE:
            assert isinstance(action, PlaceVehicle)
            self.vehicles[self.seat] = self.game.island.index[action.field]
            self.event(EV.VEHICLE, self.seat, field=action.field)
            self.seat += 1
            if self.seat == self.n:  # every vehicle is placed: the claims begin
                self.seat = 0
                self._setup_claims()
        elif phase == CLAIM:
            assert isinstance(action, Claim)
            t = action.treasure - 1
            self.queues[t].append(self.seat)
            self.roses[self.seat] -= 1
            self.event(EV.CLAIM, self.seat, treasure=action.treasure)
            self.seat += 1
            self._setup_claims()
        elif phase in (OFFER, CURSING):
            sharing.decide(self, action)
        elif phase == NEW:
            sharing.new_hint(self, action)
        else:
            turns.decide(self, action)

    def _setup_claims(self) -> None:
        while self.seat < self.n:
            claims = self._claims()
            if claims:
                self.phase, self._actions = CLAIM, claims
                return
            self.seat += 1
        self.seat = 0
        self.then = "begin"
        if self.options.amulets_when in ("start_and_raise", "start"):
            amulets.start_washing(self)
            if self.wash_queue:
                self.phase = WASH
                return
        self.washed()

    def _claims(self) -> tuple[Action, ...]:
        if not self.roses[self.seat]:
            return ()
        distinct = self.options.start_claims == "distinct"
        return tuple(
            Claim(t + 1) for t in range(4) if self.hints[t] and not (distinct and self.queues[t])
        )

    def washed(self) -> None:
        """Washing is done: the first turn begins, or the share's aftermath goes on."""
        if self.then == "begin":
            self.player, self.turn = 0, 1
            turns.begin_turn(self)
        else:
            sharing.after_washing(self)

    def finish(self, why: str) -> None:
        """TB-E1: the game is over; the most gold wins."""
        self.phase, self._actions, self.ended = OVER, (), why
        outcome = self.outcome()
        self.event(
            EV.GAME_END, None, scores=list(outcome.scores), winners=list(outcome.winners), why=why
        )

    def set_actions(self, phase: str, actions: tuple[Action, ...]) -> None:
        self.phase, self._actions = phase, actions


_LISTS = (
    *("clue_slots", "pile", "discards", "cand", "begun", "raised", "vehicles", "amulets"),
    *("roses", "deck", "gold_out", "unwanted", "gold_slots", "reveals", "constraints"),
    *("wash_queue", "log", "_history", "cursed_gold", "owed", "raising"),
)
_NESTED = ("hands", "hand_slots", "hints", "queues", "gold")
