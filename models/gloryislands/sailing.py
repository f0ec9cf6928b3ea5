"""Sailing (GI-A1, GI-A2, GI-A3, GI-X1, GI-X2): a ship moves along the route, wins the compass
and home bonuses in the order the ships arrive, and, where it stops, pays 1 fame for each
pirate on a pirate field of its line (no fame at a 5-card's stopover).

A function over a :class:`~models.gloryislands.position.GloryIslandsPosition`; the placement
that follows is the turn's (:mod:`models.gloryislands.turn`).

>>> from models.core import load_game
>>> from models.gloryislands.actions import Move
>>> pos = load_game("gloryislands", 2).new_initial_state()
>>> sail(pos, Move(3)); pos.progress[0], pos.step
(3, <Step.MAIN: 'main'>)
"""

from __future__ import annotations

from models.gloryislands.actions import Move
from models.gloryislands.events import GloryIslandsEvent as EV
from models.gloryislands.position import MAIN, STOPOVER, GloryIslandsPosition


def sail(pos: GloryIslandsPosition, action: Move) -> None:
    """The acting player's ship sails ``action.steps`` fields clockwise."""
    player, board = pos.player, pos.board
    start = pos.progress[player]
    end = pos.progress[player] = start + action.steps
    length = pos.game.route_length
    at = board.route[end % length]
    pos.event(EV.MOVE, player, to=at, route=end, steps=action.steps, stopover=action.stopover)
    if start < board.compass <= end and player not in pos.compass_order:
        _bonus(pos, EV.COMPASS, pos.compass_order, board.compass_bonus)
    if end >= length and player not in pos.home_order:
        _bonus(pos, EV.HOME, pos.home_order, board.home_bonus)
        pos.route_done = True
    if action.stopover:  # GI-A2: no fame at the stopover
        pos.first_leg, pos.step = action.steps, STOPOVER
    else:
        _line_fame(pos, end % length, at)
        pos.step = MAIN


def _bonus(pos: GloryIslandsPosition, kind: EV, order: list[int], fame: tuple[int, ...]) -> None:
    player = pos.player
    place_ = len(order)
    order.append(player)
    amount = fame[place_] if place_ < len(fame) else 0
    pos.fame[player] += amount
    pos.event(kind, player, place=place_ + 1, fame={player: amount})


def _line_fame(pos: GloryIslandsPosition, position: int, at: int) -> None:
    """GI-A3: 1 fame per pirate on a pirate field of the line the ship stopped at."""
    occupant, fame = pos.occupant, pos.fame
    paid: dict[int, int] = {}
    for cell in pos.board.pirate_lines[position]:
        owner = occupant[cell]
        if owner >= 0:
            fame[owner] += 1
            paid[owner] = paid.get(owner, 0) + 1
    if paid:
        pos.event(EV.LINE_FAME, pos.player, at=at, fame=paid)
