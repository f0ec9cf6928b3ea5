"""The end of a Tobago game (TB-E1): the most gold wins; ties by the ``ties`` option.

>>> from models.core import load_game, make_rng, random_playout
>>> state = load_game("tobago", 2).new_initial_state()
>>> _ = random_playout(state, make_rng(3))
>>> outcome(state) == state.outcome(), state.ended is not None
(True, True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from models.core import Outcome
from models.tobago.events import TobagoEvent as EV
from models.tobago.position import Phase

if TYPE_CHECKING:
    from models.tobago.position import TobagoPosition


def returns(pos: TobagoPosition) -> tuple[float, ...]:
    """TB-E1: each player's gold."""
    return tuple(float(sum(g)) for g in pos.gold)


def outcome(pos: TobagoPosition) -> Outcome:
    """TB-E1: the most gold wins; ties by the ``ties`` option."""
    result = Outcome.highest(returns(pos), final=pos.phase == Phase.OVER)
    if pos.options.ties == "amulets" and len(result.winners) > 1:
        top = max(pos.amulets[p] for p in result.winners)
        winners = tuple(p for p in result.winners if pos.amulets[p] == top)
        return Outcome(result.scores, winners, result.final)
    return result


def finish(pos: TobagoPosition, why: str) -> None:
    """TB-E1: the game is over; the most gold wins."""
    pos.set_actions(Phase.OVER, ())
    pos.ended = why
    result = outcome(pos)
    pos.event(EV.GAME_END, None, scores=list(result.scores), winners=list(result.winners), why=why)
