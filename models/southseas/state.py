"""The South Seas game on the shared protocol: turns, islanders, evaluations, markets, ships.

A turn (SS-T1): chance draws a tile (:class:`Draw`, weighted by the copies left; one with no
legal placement is removed and chance draws again, SS-P4); the player places it
(:class:`Place`); he may place an islander on it or, by the ``recall`` option, take one back;
every feature the placement completed or a fishing boat triggered is evaluated; completed
markets give ships; the player may deliver to one ship; then the next player. Whenever the
face-up display is short, chance turns up a face-down ship (:class:`Reveal`). A decision whose
only choice is :class:`Pass` is taken automatically.

The position is plain data (:mod:`~models.southseas.position`); the rule steps are functions
over it, one module per mechanic (:mod:`~models.southseas.placing`,
:mod:`~models.southseas.islanders`, :mod:`~models.southseas.completion`,
:mod:`~models.southseas.markets`, :mod:`~models.southseas.turns`); this class is on top.

Chance is explicit, so a state holds no generator and no order of the pile: a clone cannot know
the next tile. Nothing is hidden from any player (the stack's contents and the face-down ships
are known by elimination), so resampling is the protocol's default, a copy.

The readings the texts leave open are :class:`~models.southseas.options.SouthSeasOptions`; the
two fixed ones are described (and logged when they apply) in :mod:`models.southseas.completion`.

>>> from models.core import load_game, make_rng, random_playout
>>> state = load_game("southseas", 3).new_initial_state()
>>> state.is_chance_node()
True
>>> moves = random_playout(state, make_rng(1))
>>> outcome = state.outcome()
>>> len(outcome.scores), outcome.final, state.board_tiles() + state.unplaceable <= 73
(3, True, True)
>>> state.parse_action("place (2,-1) r3")
Place(x=2, y=-1, rotation=3)
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Hashable
from itertools import accumulate
from typing import Any, ClassVar, Self

from models.core import CHANCE, TERMINAL, GameState, IllegalActionError, Outcome
from models.southseas.actions import Action, Draw, Place, Reveal, TakeShip, parse_action
from models.southseas.heuristic import estimate
from models.southseas.islanders import islander_step
from models.southseas.markets import deliver, reveal_ship, take_ship
from models.southseas.observation import observation_key
from models.southseas.placing import draw_tile, place_tile
from models.southseas.position import GameSetup, Phase, SouthSeasPosition
from models.southseas.refusals import refusal
from models.southseas.summary import game_summary, player_summary
from models.southseas.turns import begin

_DRAW, _REVEAL, _PLACE, _OVER = Phase.DRAW, Phase.REVEAL, Phase.PLACE, Phase.OVER
_CHOOSE_SHIP, _ISLANDER = Phase.CHOOSE_SHIP, Phase.ISLANDER


class SouthSeasState(SouthSeasPosition, GameState):
    """A South Seas position. ``log`` records every event; :meth:`history` every action."""

    chance_kinds: ClassVar[tuple[type, ...]] = (Draw, Reveal)
    #: A saved scenario's ``actions`` name every ship reveal, so its ``ships`` order goes too.
    scenario_move_keys: ClassVar[tuple[str, ...]] = ("move", "actions", "ships")
    png_dpi, notebook_dpi = 120, 90  # the board as `render` and notebooks have drawn it

    def __init__(self, game: GameSetup) -> None:
        super().__init__(game)
        begin(self)

    # -- protocol -------------------------------------------------------------------------------
    def current_player(self) -> int:
        phase = self.phase
        if phase is _DRAW or phase is _REVEAL:
            return CHANCE
        if phase is _OVER:
            return TERMINAL
        return self.awards[0] if phase is _CHOOSE_SHIP else self.player

    def is_terminal(self) -> bool:
        return self.phase is _OVER

    def returns(self) -> tuple[float, ...]:
        if self.scores is not None:
            return self.scores
        return tuple(float(self.score(p)) for p in range(self.game.num_players))

    def outcome(self) -> Outcome:
        """SS-F4: the highest score wins; the texts name no tie-break, so ties are ties."""
        return Outcome.highest(self.returns(), final=self.phase is _OVER)

    def chance_outcomes(self) -> tuple[tuple[Hashable, float], ...]:
        if self.phase is _DRAW:
            total, draws = self.tiles_left, self.game.draws
            return tuple((draws[i], c / total) for i, c in enumerate(self.left) if c)
        if self.phase is _REVEAL:
            share, reveals = 1 / len(self.yard.hidden), self.game.reveals
            return tuple((reveals[s.id], share) for s in self.yard.hidden)
        return ()

    def chance_stream(self) -> str:
        """The tile stack and the face-down ships are drawn from streams of their own."""
        return "ships" if self.phase is _REVEAL else "tiles"

    def chance_pile(self) -> tuple[tuple[Hashable, int], ...] | None:
        """The tile kinds with their copies left in the stack; the face-down ships, one each."""
        if self.phase is _DRAW:
            return tuple(zip(self.game.draws, self.left, strict=True))
        if self.phase is _REVEAL:
            return tuple((self.game.reveals[s.id], 1) for s in self.yard.hidden)
        return None

    def chance_for(self) -> int:
        """A tile is drawn for the player whose turn it is; the ships for the table."""
        return self.player if self.phase is _DRAW else -1

    def sample_chance(self, rng: random.Random) -> Hashable:
        """The chance outcome for one ``rng.random()``: a tile kind weighted by its copies
        left, or a face-down ship, each equally likely (as :meth:`chance_outcomes` says)."""
        if self.phase is _DRAW:  # the copy at r, counting copies in kind order
            r = int(rng.random() * self.tiles_left)
            return self.game.draws[bisect_right(list(accumulate(self.left)), r)]
        if self.phase is _REVEAL:
            hidden = self.yard.hidden
            return self.game.reveals[hidden[int(rng.random() * len(hidden))].id]
        return super().sample_chance(rng)

    def legal_actions(self) -> tuple[Action, ...]:
        if self.phase is _DRAW or self.phase is _REVEAL:
            return tuple(a for a, _ in self.chance_outcomes())  # type: ignore[misc]
        return self.actions

    def is_legal(self, action: Hashable) -> bool:
        """A placement that fits (any rotation showing a listed picture, too), a tile kind
        left in the stack, a face-down ship, or one of the listed options."""
        phase = self.phase
        if phase is _PLACE:
            return (
                type(action) is Place
                and action.rotation in (0, 1, 2, 3)
                and self.board.fits(self.drawn, (action.x, action.y), action.rotation)  # type: ignore[arg-type]
            )
        if phase is _DRAW:
            index = self.game.draw_index.get(action.tile, -1) if type(action) is Draw else -1
            return index >= 0 and self.left[index] > 0
        if phase is _REVEAL:
            return type(action) is Reveal and any(s.id == action.ship for s in self.yard.hidden)
        return phase is not _OVER and action in self.actions

    def refusal(self, action: Hashable) -> IllegalActionError:
        return refusal(self, action)

    def do_apply(self, action: Hashable) -> None:
        phase = self.phase
        if phase is _PLACE:
            self.skipped = ()
            place_tile(self, action)  # type: ignore[arg-type]
        elif phase is _DRAW:
            draw_tile(self, self.game.draw_index[action.tile])  # type: ignore[attr-defined]
        elif phase is _REVEAL:
            reveal_ship(self, action.ship)  # type: ignore[attr-defined]
        else:
            self.skipped = ()
            if phase is _ISLANDER:
                islander_step(self, action)  # type: ignore[arg-type]
            elif type(action) is TakeShip:
                take_ship(self, action)
            else:
                deliver(self, action)  # type: ignore[arg-type]

    def clone(self) -> Self:
        twin = object.__new__(type(self))
        twin.__dict__.update(self.__dict__)
        twin.board = self.board.clone()
        twin.left = list(self.left)
        twin.yard = self.yard.copy()
        twin.ledger = self.ledger.copy()
        twin.covered = set(self.covered)
        twin.awards, twin.placed_roots = list(self.awards), list(self.placed_roots)
        self._copy_record(twin)
        return twin

    def observation(self, player: int) -> Hashable:
        """Everything on the table; the same for every player (nothing is hidden)."""
        return observation_key(self)

    def parse_action(self, text: str) -> Action:
        """The action ``text`` writes, as it prints (see
        :func:`~models.southseas.actions.parse_action`)."""
        return parse_action(text)

    def turn_rule(self, player: int) -> tuple[str, str]:
        """SS-T1: one player decides at a time (the active one, or the owner of a tied ship
        choice)."""
        return "SS-T1", self.not_your_turn(player)

    def decision_kind(self) -> str:
        return self.phase.value

    def heuristic(self) -> tuple[float, ...]:
        """Each player's estimated final score (see :mod:`models.southseas.heuristic`)."""
        return estimate(self)

    def summary(self) -> dict[str, Any]:
        return game_summary(self)

    def player_summary(self, player: int) -> dict[str, Any]:
        return player_summary(self, player)

    def figure(self, **options: Any) -> Any:
        """The board drawn (:func:`~models.southseas.render.draw_board`; keywords ``title``,
        ``note``)."""
        from models.southseas.render import draw_board  # matplotlib only when drawn

        return draw_board(self, **options)
