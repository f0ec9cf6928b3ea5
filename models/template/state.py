"""Role ``state.py`` (required): the protocol class, on top of the position.

:class:`PearlDiversState` is a :class:`~.position.PearlDiversPosition` and a
:class:`models.core.GameState`: it says whose turn it is, lists the legal actions and the
chance outcomes, checks an action (:meth:`~PearlDiversState.is_legal`), explains a refusal
(:mod:`.refusals`) and carries out a legal one (:meth:`~PearlDiversState.do_apply`, calling
the rule steps of :mod:`.diving`). ``apply``, ``history``, ``events`` and ``play_text`` are the
protocol's, the same for every game: a state never overrides them. A real game's state stays
as thin as this one; its rules live in the rule-step modules, its information in
``observation.py`` and ``resample.py``.

Methods the protocol gives a default for, and this game keeps: ``heuristic`` and ``standing``
(the returns so far), ``summary`` (none), ``outcome`` (the highest score wins, ties are ties),
``sample_chance`` (one ``rng.random()`` over :meth:`~PearlDiversState.chance_outcomes`),
``secret_choice`` (none: choices here are open), ``figure`` (no picture).
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import ClassVar, Self, cast

from models.core import CHANCE, TERMINAL, Game, GameState
from models.errors import IllegalActionError

from . import diving
from .actions import Action, Deal, Dive, Rest, parse_action
from .components import Deck
from .observation import View, observation_key
from .options import PearlDiversOptions
from .position import PearlDiversPosition, Phase
from .refusals import refusal
from .resample import resample


class PearlDiversState(PearlDiversPosition, GameState):
    """A Pearl Divers position. ``log`` records every event; :meth:`history` every action."""

    #: The actions that are chance outcomes (a scenario entry of another kind at a chance node
    #: is preceded by draws when the scenario has a seed).
    chance_kinds: ClassVar[tuple[type, ...]] = (Deal,)
    #: A lead of 3 points is clear but not decisive (for agents that cut playouts short).
    margin_scale: ClassVar[float] = 3.0

    def __init__(self, game: Game, options: PearlDiversOptions, deck: Deck) -> None:
        super().__init__(game.num_players, options, deck)
        self.game = game  # the state knows its game (replay, scenarios)

    # -- whose turn, what may be played ---------------------------------------------------------
    def current_player(self) -> int:
        if self.phase is Phase.DEAL:
            return CHANCE
        if self.phase is Phase.OVER:
            return TERMINAL
        return self.chooser()

    def is_terminal(self) -> bool:
        return self.phase is Phase.OVER

    def legal_actions(self) -> tuple[Action, ...]:
        if self.phase is Phase.DEAL:
            return tuple(Deal(v) for v, n in zip(self.values, self.left, strict=True) if n)
        if self.phase is Phase.DIVE:
            return (Dive(), Rest())
        return ()

    def chance_outcomes(self) -> tuple[tuple[Hashable, float], ...]:
        """PD-D1: each card value left, as likely as its copies in the deck."""
        if self.phase is not Phase.DEAL:
            return ()
        total = sum(self.left)
        return tuple((Deal(v), n / total) for v, n in zip(self.values, self.left, strict=True) if n)

    def chance_stream(self) -> str:
        return "cards"

    def chance_pile(self) -> tuple[tuple[Hashable, int], ...] | None:
        """PD-D1: the deck, each card value with its copies left."""
        if self.phase is not Phase.DEAL:
            return None
        return tuple((Deal(v), n) for v, n in zip(self.values, self.left, strict=True))

    def is_legal(self, action: Hashable) -> bool:
        return action in self.legal_actions()

    def refusal(self, action: Hashable) -> IllegalActionError:
        return refusal(self, action)

    def do_apply(self, action: Hashable) -> None:
        if isinstance(action, Deal):
            diving.deal(self, action.card)
        else:
            diving.choose(self, isinstance(action, Dive))

    # -- results --------------------------------------------------------------------------------
    def returns(self) -> tuple[float, ...]:
        return tuple(float(s) for s in self.scores)

    def clone(self) -> Self:
        twin = object.__new__(type(self))
        twin.__dict__.update(self.__dict__)  # numbers, the phase, the game: shared is fine
        twin.left, twin.cards, twin.dives = list(self.left), list(self.cards), list(self.dives)
        twin.shown, twin.scores = list(self.shown), list(self.scores)
        twin.hidden = [list(h) for h in self.hidden]
        self._copy_record(twin)  # its own history and log
        return twin

    # -- information ----------------------------------------------------------------------------
    def observation(self, player: int) -> View:
        return observation_key(self, player)

    def resample(self, player: int, rng: random.Random) -> Self:
        """The cards ``player`` has not seen redrawn (see :mod:`.resample`)."""
        return cast(Self, resample(self, self.game, player, rng))

    # -- scenarios and reports ------------------------------------------------------------------
    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def turn_rule(self, player: int) -> tuple[str, str]:
        """PD-R1: the players choose one at a time, in turn."""
        return "PD-R1", self.not_your_turn(player)

    def decision_kind(self) -> str:
        return self.phase.value
