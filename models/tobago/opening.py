"""The setup of a Tobago game (TB-S1..S4): starting hints, the deal, vehicles and claims.

Chance draws a starting hint face up for each treasure (a card excluding no field or every
field is discarded), deals the hands face down, then each player in seat order puts his vehicle
on a field and marks a starting hint with a rose; amulets wash up (:mod:`models.tobago.amulets`),
and the first turn begins (:mod:`models.tobago.turns`).

>>> from models.core import load_game
>>> state = load_game("tobago", 2).new_initial_state()
>>> str(state.phase), state.start_t
('start', 0)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from models.tobago import amulets, turns
from models.tobago.actions import Action, Claim, PlaceVehicle
from models.tobago.events import TobagoEvent as EV
from models.tobago.hands import drawable, lay, take_into_hand
from models.tobago.position import Phase, Then

if TYPE_CHECKING:
    from models.tobago.position import TobagoPosition


def begin(pos: TobagoPosition) -> None:
    """The game is set up: log it, then draw the first starting hint."""
    game = pos.game
    pos.event(EV.SETUP, None, players=pos.n, options=pos.options.to_dict(), **game.components())
    next_start_hint(pos)


def next_start_hint(pos: TobagoPosition) -> None:
    """TB-S4: draw the next treasure's starting hint, or go on to the deal."""
    per = pos.game.cards.start_hints_per_treasure
    if per and pos.start_t < 4 and drawable(pos):
        pos.phase = Phase.START
    else:
        pos.seat, pos.phase = 0, Phase.DEAL
        _next_deal(pos)


def start_hint(pos: TobagoPosition, index: int) -> None:
    """Chance drew clue card ``index`` as the next starting hint (TB-S4)."""
    game, t = pos.game, pos.start_t
    if not game.opens[index]:
        pos.discards.append(index)
        pos.event(EV.START_DISCARD, None, clue=str(game.clues[index]))
    else:
        lay(pos, None, t, index, start=True)
        pos.start_t += 1
    next_start_hint(pos)


def _next_deal(pos: TobagoPosition) -> None:
    size = pos.game.hand_size
    while pos.seat < pos.n and len(pos.hands[pos.seat]) >= size:
        pos.seat += 1
    if pos.seat < pos.n and drawable(pos):
        return  # phase DEAL: chance deals the next card
    pos.seat = 0
    pos.set_actions(Phase.VEHICLE, pos.game.vehicle_actions)


def dealt(pos: TobagoPosition, index: int) -> None:
    """Chance dealt clue card ``index`` to the seat being dealt (TB-S3)."""
    take_into_hand(pos, pos.seat, index)
    _next_deal(pos)


def place_vehicle(pos: TobagoPosition, action: PlaceVehicle) -> None:
    """TB-S4: the seat puts his vehicle on a field; once all stand, the claims begin."""
    pos.vehicles[pos.seat] = pos.game.island.index[action.field]
    pos.event(EV.VEHICLE, pos.seat, field=action.field)
    pos.seat += 1
    if pos.seat == pos.n:  # every vehicle is placed: the claims begin
        pos.seat = 0
        _setup_claims(pos)


def claim(pos: TobagoPosition, action: Claim) -> None:
    """TB-S4: the seat marks a starting hint with a rose."""
    t = action.treasure - 1
    pos.queues[t].append(pos.seat)
    pos.roses[pos.seat] -= 1
    pos.event(EV.CLAIM, pos.seat, treasure=action.treasure)
    pos.seat += 1
    _setup_claims(pos)


def _setup_claims(pos: TobagoPosition) -> None:
    while pos.seat < pos.n:
        claims = _claims(pos)
        if claims:
            pos.set_actions(Phase.CLAIM, claims)
            return
        pos.seat += 1
    pos.seat = 0
    pos.then = Then.BEGIN
    if pos.options.amulets_when in ("start_and_raise", "start"):
        amulets.start_washing(pos)
        if pos.wash_queue:
            pos.phase = Phase.WASH
            return
    turns.washed(pos)


def _claims(pos: TobagoPosition) -> tuple[Action, ...]:
    if not pos.roses[pos.seat]:
        return ()
    distinct = pos.options.start_claims == "distinct"
    return tuple(
        Claim(t + 1) for t in range(4) if pos.hints[t] and not (distinct and pos.queues[t])
    )
