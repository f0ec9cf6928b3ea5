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

The position's data is :class:`~models.gloryislands.position.GloryIslandsPosition`; this class
adds the protocol on top of it.

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
from typing import Any, ClassVar, Self

from models.core import CHANCE, TERMINAL, GameState, Outcome
from models.errors import IllegalActionError
from models.gloryislands import resample as resampling
from models.gloryislands import rounds, turn
from models.gloryislands.actions import Action, Deal, Treasure, parse_action
from models.gloryislands.events import GloryIslandsEvent as EV
from models.gloryislands.heuristic import estimate
from models.gloryislands.observation import observation_key
from models.gloryislands.position import CHOOSE, DEAL, DRAW, KEEP, OVER, GloryIslandsPosition
from models.gloryislands.refusals import refusal
from models.gloryislands.summary import game_summary, player_summary
from models.gloryislands.tables import Tables


class GloryIslandsState(GloryIslandsPosition, GameState):
    """A Glory Islands position. ``log`` records every event; :meth:`history` every action."""

    chance_kinds: ClassVar[tuple[type, ...]] = (Treasure, Deal)
    notebook_dpi = 72  # the board as notebooks have shown it

    def __init__(self, game: Tables) -> None:
        super().__init__(game)
        options = game.options
        self.event(
            EV.SETUP, None, players=game.num_players, options=options.to_dict(), **game.components()
        )
        if game.deals:
            self.phase = DEAL  # chance deals the colours first
        else:
            rounds.begin_round(self)

    # -- protocol -------------------------------------------------------------------------------
    def current_player(self) -> int:
        phase = self.phase
        if phase is DRAW or phase is DEAL:
            return CHANCE
        if phase is OVER:
            return TERMINAL
        return self.player

    def is_terminal(self) -> bool:
        return self.phase is OVER

    def returns(self) -> tuple[float, ...]:
        if self.scores is not None:
            return self.scores
        return tuple(float(f) for f in self.fame)

    def outcome(self) -> Outcome:
        """GI-F5: the most fame wins (see :func:`models.gloryislands.rounds.outcome`)."""
        return rounds.outcome(self)

    def chance_outcomes(self) -> tuple[tuple[Hashable, float], ...]:
        if self.phase is DEAL:
            deals = self.game.deals
            return tuple((d, 1 / len(deals)) for d in deals)
        if self.phase is not DRAW:
            return ()
        total, draws = self.bag_total, self.game.treasures
        return tuple((draws[k], c / total) for k, c in enumerate(self.bag) if c)

    def chance_stream(self) -> str:
        """The colours dealt and the treasure bag are drawn from streams of their own."""
        return "colours" if self.phase is DEAL else "treasures"

    def chance_pile(self) -> tuple[tuple[Hashable, int], ...] | None:
        """The treasure kinds with their tiles left in the bag (tiles put back make it a new
        shuffle of what the bag holds); the deal is no pile."""
        if self.phase is not DRAW:
            return None
        return tuple(zip(self.game.treasures, self.bag, strict=True))

    def chance_for(self) -> int:
        """A treasure is drawn for the player hunting; the colours are dealt for the table."""
        return self.player if self.phase is DRAW else -1

    def sample_chance(self, rng: random.Random) -> Hashable:
        """The tile for one ``rng.random()``: a kind weighted by its tiles left in the bag."""
        if self.phase is not DRAW:
            return super().sample_chance(rng)  # the deal: uniform over its outcomes
        r = int(rng.random() * self.bag_total)
        for kind, count in enumerate(self.bag):  # the tile at r, counting tiles in kind order
            if r < count:
                return self.game.treasures[kind]
            r -= count
        raise AssertionError("the bag holds bag_total tiles")

    def legal_actions(self) -> tuple[Action, ...]:
        phase = self.phase
        if phase is DEAL:
            return self.game.deals
        if phase is DRAW:
            return tuple(self.game.treasures[k] for k, c in enumerate(self.bag) if c)
        return self.offered

    def is_legal(self, action: Hashable) -> bool:
        phase = self.phase
        if phase is DRAW:
            kind = self.game.kind_index.get(action.kind, -1) if type(action) is Treasure else -1
            return kind >= 0 and self.bag[kind] > 0
        if phase is DEAL:
            return action in self.game.deals
        for legal in self.offered:  # the interned action offered (identity is quickest)
            if legal is action:
                return True
        return action in self.offered

    def refusal(self, action: Hashable) -> IllegalActionError:
        return refusal(self, action)

    def do_apply(self, action: Hashable) -> None:
        phase = self.phase
        if phase is DRAW:
            turn.draw(self, self.game.kind_index[action.kind])  # type: ignore[attr-defined]
        elif phase is DEAL:
            self._deal(action)  # type: ignore[arg-type]
        else:
            self.skipped = ()
            if phase is CHOOSE:
                if rounds.choose(self, self.game.card_of[action.card]):  # type: ignore[attr-defined]
                    turn.start_turn(self)
            elif phase is KEEP:
                turn.keep(self, self.game.kind_index[action.kind])  # type: ignore[attr-defined]
            else:
                turn.act(self, action)  # type: ignore[arg-type]

    def _deal(self, deal: Deal) -> None:
        """GI-R1: each seat gets the cards of the colour dealt to it."""
        self.colours = list(deal.colours)
        self.hands = [list(self.game.colour_hands[c]) for c in self.colours]
        self.event(EV.DEAL, None, colours=dict(enumerate(self.colours)))
        rounds.begin_round(self)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

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
        twin.order = list(self.order)
        self._copy_record(twin)
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
        redraw = resampling.redraw(self, self.history(), player, rng)
        twin = self.clone()
        if redraw is not None:
            twin._history = redraw.history  # a fresh clone's own record
            redraw.write(twin)
        return twin

    def secret_choice(self) -> Hashable | None:
        """GI-R1: a round's sail cards are one secret choice, asked for in seat order."""
        return ("sail cards", self.round) if self.phase is CHOOSE else None

    def secret_choice_start(self) -> Self:
        """This round's sail cards not chosen yet: the choices made taken back."""
        twin = self.clone()
        if self.phase is CHOOSE:
            made = rounds.take_back(twin)
            if made:
                del twin._history[-made:]
        return twin

    # -- scenarios and pictures -----------------------------------------------------------------
    def chance_first(self) -> str:
        if self.phase is DEAL:
            return f"deals the card colours first: name them (e.g. {self.legal_actions()[0]})"
        kinds = self.board.treasure_kinds
        bag = ", ".join(f"{n} {k}" for k, n in zip(kinds, self.bag, strict=True) if n) or "none"
        return f"draws a treasure tile first: name it (treasure KIND; in the bag: {bag})"

    def turn_rule(self, player: int) -> tuple[str, str]:
        """GI-R2 when ``player``'s ship sank, else GI-R1 while the cards are chosen and GI-R3
        (the turn order) after."""
        if 0 <= player < len(self.sunk) and self.sunk[player]:
            return "GI-R2", f"player {player}'s ship sank: he is out of the game"
        return ("GI-R1" if self.phase is CHOOSE else "GI-R3"), self.not_your_turn(player)

    def figure(self, **options: Any) -> Any:
        """The board drawn (:func:`models.gloryislands.render.draw_board`)."""
        from models.gloryislands.render import draw_board  # matplotlib only when drawn

        return draw_board(self, **options)

    # -- what studies and agents read -----------------------------------------------------------
    def standing(self) -> tuple[float, ...]:
        """The fame estimate: much of the fame comes in the end scoring (GI-F)."""
        return self.heuristic()

    def decision_kind(self) -> str:
        return self.phase.value

    def heuristic(self) -> tuple[float, ...]:
        """Each player's estimated final fame (:func:`models.gloryislands.heuristic.estimate`)."""
        return estimate(self)

    def summary(self) -> dict[str, Any]:
        return game_summary(self)

    def player_summary(self, player: int) -> dict[str, Any]:
        return player_summary(self, player)
