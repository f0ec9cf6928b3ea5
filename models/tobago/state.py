"""The Tobago game on the shared protocol: setup, turns, chance and the information sets.

Setup (TB-S1..S4, :mod:`models.tobago.opening`): chance draws a starting hint face up for each
treasure, deals the hands face down, then each player puts his vehicle on a field and marks a
starting hint with a rose; amulets wash up (:mod:`models.tobago.amulets`). Then turns (TB-T1,
:mod:`models.tobago.turns`) until the gold deck runs out (TB-E1, :mod:`models.tobago.scoring`);
a raised treasure is shared by :mod:`models.tobago.sharing`. The position's data is
:class:`~models.tobago.position.TobagoPosition`; this class puts the protocol on top.

**Treasures have no hidden position**: a treasure is wherever its hints leave it (its candidate
set, a bitmask; one left: fixed, TB-H6), so nothing about treasures is hidden or resampled.

**Chance is explicit** and weighted by what is left (:mod:`models.tobago.chance`). A state holds
no generator and no order of any pile: a clone cannot know the future.

**Hidden information** (:meth:`TobagoState.observation`): the others' hands, the gold they drew
face down (TB-G1) and the card added unseen (TB-G2); :mod:`models.tobago.resample` redraws them.

>>> from models.core import load_game, make_rng, random_playout
>>> state = load_game("tobago", 3).new_initial_state()
>>> state.is_chance_node(), str(state.phase)
(True, 'start')
>>> _ = random_playout(state, make_rng(1))
>>> state.outcome().final, state.deck_size
(True, 0)
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import TYPE_CHECKING, Any, ClassVar, Self

from models.core import GameState, Outcome
from models.errors import IllegalActionError
from models.tobago import chance, hands, opening, scoring, sharing, turns
from models.tobago.actions import (
    Action,
    Claim,
    DrawClue,
    DrawGold,
    PlaceVehicle,
    Reveal,
    Wash,
    parse_action,
)
from models.tobago.heuristic import estimate
from models.tobago.observation import observation_key
from models.tobago.position import CHANCE_PHASES, Phase, TobagoPosition
from models.tobago.refusals import refusal
from models.tobago.resample import TRIES, redraw
from models.tobago.summary import game_summary, player_summary

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from models.tobago.components import TobagoComponents


class TobagoState(TobagoPosition, GameState):
    """A Tobago position. ``log`` records every public event; :meth:`history` every action."""

    margin_scale = 6.0  # gold: the median final margin between greedy players (search scale)
    png_dpi, notebook_dpi = 110, 100  # the position as `render` and notebooks have drawn it
    chance_kinds: ClassVar[tuple[type, ...]] = (DrawClue, DrawGold, Reveal, Wash)

    def __init__(self, game: TobagoComponents) -> None:
        super().__init__(game)
        opening.begin(self)

    # -- protocol -------------------------------------------------------------------------------
    def returns(self) -> tuple[float, ...]:
        """TB-E1: each player's gold."""
        return scoring.returns(self)

    def outcome(self) -> Outcome:
        """TB-E1: the most gold wins; ties by the ``ties`` option."""
        return scoring.outcome(self)

    def chance_outcomes(self) -> tuple[tuple[Hashable, float], ...]:
        weights = chance.weights(self)
        if weights is None:
            return ()
        actions, counts = weights
        total = sum(counts)
        return tuple((a, c / total) for a, c in zip(actions, counts, strict=True) if c)

    def chance_stream(self) -> str:
        return chance.stream(self)

    def chance_pile(self) -> tuple[tuple[Hashable, int], ...] | None:
        return chance.pile(self)

    def chance_for(self) -> int:
        return chance.drawer(self)

    def sample_chance(self, rng: random.Random) -> Hashable:
        """The outcome for one ``rng.random()``, weighted as :meth:`chance_outcomes` says."""
        weights = chance.weights(self)
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
        return self.actions

    def is_legal(self, action: Hashable) -> bool:
        if self.phase in CHANCE_PHASES:
            return chance.fits(self, action)
        return action in self.actions  # none once the game is over

    def refusal(self, action: Hashable) -> IllegalActionError:
        return refusal(self, action)

    def do_apply(self, action: Hashable) -> None:
        self.moves += 1
        if self.phase in CHANCE_PHASES:
            self._chance(action)  # type: ignore[arg-type]
        else:
            self.skipped = ()
            self._decide(action)  # type: ignore[arg-type]
        if self.pending:
            turns.resume(self)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def turn_rule(self, player: int) -> tuple[str, str]:
        """TB-S4 while vehicles are placed and starting hints claimed, TB-T1 in a turn, else
        TB-G3 (the sharing's order)."""
        phase = self.phase
        rule = "TB-T1" if phase in (Phase.TURN, Phase.LEGS, Phase.EXTRA) else "TB-G3"
        if phase in (Phase.VEHICLE, Phase.CLAIM):
            rule = "TB-S4"
        return rule, self.not_your_turn(player)

    def clone(self) -> Self:
        twin = object.__new__(type(self))
        twin.__dict__.update(self.__dict__)
        for name in _LISTS:
            setattr(twin, name, list(getattr(self, name)))
        for name in _NESTED:
            setattr(twin, name, [list(x) for x in getattr(self, name)])
        twin.amulets_on = dict(self.amulets_on)
        twin.share = self.share.copy() if self.share is not None else None
        self._copy_record(twin)
        return twin

    def observation(self, player: int) -> Hashable:
        """What ``player`` knows: the table, his own hand and the gold he drew himself
        (:mod:`models.tobago.observation`)."""
        return observation_key(self, self._history, player)

    def resample(self, player: int, rng: random.Random) -> Self:
        """The others' hands and the face-down gold redrawn (:mod:`models.tobago.resample`);
        after :data:`~models.tobago.resample.TRIES` failed redraws, the state as it is."""
        for _ in range(TRIES):
            twin = self.clone()
            if redraw(twin, twin._history, player, rng):
                return twin
        return self.clone()

    def decision_kind(self) -> str:
        return str(self.phase)

    def heuristic(self) -> tuple[float, ...]:
        """Each player's estimated final gold (:mod:`models.tobago.heuristic`)."""
        return estimate(self)

    def figure(self, **options: Any) -> Figure:
        """The position drawn (:func:`models.tobago.render.draw_game`)."""
        from models.tobago.render import draw_game  # matplotlib only when drawn

        return draw_game(self, **options)

    def summary(self) -> dict[str, Any]:
        return game_summary(self)

    def player_summary(self, player: int) -> dict[str, Any]:
        return player_summary(self, player)

    # -- steps ----------------------------------------------------------------------------------
    def _chance(self, action: Action) -> None:
        phase = self.phase
        if phase == Phase.GOLD:
            assert isinstance(action, DrawGold)
            sharing.drawn(self, action.value)
        elif phase == Phase.REVEAL:
            assert isinstance(action, Reveal)
            sharing.revealed(self, action.value)
        elif phase == Phase.WASH:
            assert isinstance(action, Wash)
            turns.wash_at(self, self.game.island.index[action.field])
        else:
            assert isinstance(action, DrawClue)
            index = self.game.clue_index[action.clue]
            self.pile[index] -= 1
            self.pile_size -= 1
            if phase == Phase.START:
                opening.start_hint(self, index)
            elif phase == Phase.DEAL:
                opening.dealt(self, index)
            else:
                hands.refilled(self, index)

    def _decide(self, action: Action) -> None:
        phase = self.phase
        if phase == Phase.VEHICLE:
            assert isinstance(action, PlaceVehicle)
            opening.place_vehicle(self, action)
        elif phase == Phase.CLAIM:
            assert isinstance(action, Claim)
            opening.claim(self, action)
        elif phase in (Phase.OFFER, Phase.CURSING):
            sharing.decide(self, action)
        elif phase == Phase.NEW:
            sharing.new_hint(self, action)
        else:
            turns.decide(self, action)


_LISTS = (
    *("clue_slots", "pile", "discards", "cand", "begun", "raised", "vehicles", "amulets"),
    *("roses", "deck", "gold_out", "unwanted", "gold_slots", "reveals", "constraints"),
    *("wash_queue", "cursed_gold", "owed", "raising"),
)
_NESTED = ("hands", "hand_slots", "hints", "queues", "gold")
