"""One player's turn (GI-A, GI-W, GI-C, GI-I): sail, place, reward, special action, islands.

Functions over a :class:`~models.gloryislands.position.GloryIslandsPosition`, called by the
state's ``do_apply`` with an action already found legal; the turn's steps follow each other
here, the mechanics are below: :mod:`~models.gloryislands.sailing`,
:mod:`~models.gloryislands.placing`, :mod:`~models.gloryislands.specials` and the island
scoring of :mod:`~models.gloryislands.scoring`; after the last turn the round ends
(:mod:`~models.gloryislands.rounds`). Only the 4-card's move lists the empty island fields, as
it may take any (GI-C4).

Readings fixed here (the texts give no alternative worth an option):

* GI-W2, GI-C2: with fewer tiles in the bag than a draw asks for, what is left is drawn; from an
  empty bag nothing is (and a hunt is not offered).
* A special action paid with sail fields that sink the ship ends the turn at once (the player
  is out, GI-R2); nothing is placed or moved.
* A special action switched off by its option (``hunt``, ``extra_pirate``, ``relocate``) is
  never offered: the card's turn ends after its reward.

>>> from models.core import load_game
>>> from models.gloryislands.actions import Play
>>> pos = load_game("gloryislands", 2).new_initial_state()
>>> pos.apply(Play("red-5")); pos.apply(Play("blue-1"))
>>> pos.phase, [str(a) for a in pos.offered][:2]
(<Phase.MOVE: 'move'>, ['move 1', 'move 2'])
"""

from __future__ import annotations

from models.gloryislands import rounds
from models.gloryislands.actions import (
    PASS,
    Action,
    ExtraPirate,
    Hunt,
    Move,
    Place,
    Relocate,
    place,
)
from models.gloryislands.components import BARREL, CHEST
from models.gloryislands.events import GloryIslandsEvent as EV
from models.gloryislands.placing import free_fields, put_pirate, take_barrel
from models.gloryislands.position import (
    DRAW,
    EXTRA,
    HUNT,
    KEEP,
    MAIN,
    MOVE,
    MOVE2,
    PLACE,
    RELOCATE,
    SPECIAL,
    STOPOVER,
    GloryIslandsPosition,
)
from models.gloryislands.sailing import sail
from models.gloryislands.scoring import score_island
from models.gloryislands.specials import EXTRA_RANGE, note_no_special, note_unaffordable, offer, pay

CHEST_DRAW = 2  # GI-W2: draw 2, keep 1
HUNT_DRAW = 3  # GI-C2: draw 3, keep 1


def start_turn(pos: GloryIslandsPosition) -> None:
    """The next player afloat in this round's order moves; after the last, the round ends."""
    order, sunk, index = pos.order, pos.sunk, pos.turn_index
    count = len(order)
    while index < count and sunk[order[index]]:
        index += 1
    pos.turn_index = index
    if index == count:
        rounds.end_round(pos)
        return
    player = pos.player = order[index]
    pos.value = pos.game.card_values[pos.chosen[player]]
    pos.phase, pos.step = MOVE, MAIN
    pos.offered = pos.game.move_actions[pos.value]


def act(pos: GloryIslandsPosition, action: Action) -> None:
    """A legal move, placement or special action of the player whose turn it is."""
    kind = type(action)
    if kind is Place:
        put_pirate(pos, action)  # type: ignore[arg-type]
        reward(pos, action.cell)  # type: ignore[union-attr]
    elif kind is Move:
        sail(pos, action)  # type: ignore[arg-type]
        placement(pos, pos.value)
    elif action is PASS:
        end_turn(pos)
    elif kind is Hunt:
        pay(pos, "barrel")
        pos.event(EV.HUNT, pos.player, paid="barrel")
        pos.step = HUNT
        start_draw(pos, HUNT_DRAW)
    elif kind is ExtraPirate:
        extra_pirate(pos, action)  # type: ignore[arg-type]
    elif kind is Relocate:
        move_pirate(pos, action)  # type: ignore[arg-type]


def placement(pos: GloryIslandsPosition, reach: int) -> None:
    """Ask where the pirate goes; with no free field in the line none is placed (GI-A6)."""
    player = pos.player
    cells, pos.fallback = free_fields(pos, reach)
    if not cells:
        pos.event(EV.NO_PLACE, player, why="the line is full (GI-A6)", step=pos.step.value)
        why = f"every island field in the line of player {player}'s ship holds a pirate"
        pos.note_skipped(player, "GI-A6", why, (Place,))
        after_reward(pos)
        return
    if pos.supply[player]:
        places = pos.game.places
        pos.offered = tuple([places[cell] for cell in cells])
    else:  # GI-A7: one of his pirates on the board is placed again
        mine = sorted(pos.pirates_at[player])
        pos.offered = tuple([place(cell, source) for source in mine for cell in cells])
    pos.phase = PLACE


def reward(pos: GloryIslandsPosition, cell: int) -> None:
    """GI-W1..W3: the reward of the field a pirate was just put on (a pirate field's fame
    came with the placement)."""
    icon = pos.board.icon_of[cell]
    if icon == BARREL:
        take_barrel(pos)
    elif icon == CHEST:
        start_draw(pos, CHEST_DRAW)
        return
    after_reward(pos)


def start_draw(pos: GloryIslandsPosition, count: int) -> None:
    count = min(count, pos.bag_total)
    if not count:
        pos.event(EV.DRAW, pos.player, count=0, why="the bag is empty", step=pos.step.value)
        after_reward(pos)
        return
    pos.to_draw, pos.drawn, pos.phase = count, [], DRAW


def draw(pos: GloryIslandsPosition, kind: int) -> None:
    """Chance: one tile of ``kind`` leaves the bag, seen by the drawer only."""
    pos.bag[kind] -= 1
    pos.bag_total -= 1
    pos.drawn.append(kind)
    pos.to_draw -= 1
    if not pos.to_draw:
        pos.phase, pos.offered = KEEP, pos.game.keep_actions(pos.drawn)


def keep(pos: GloryIslandsPosition, kind: int) -> None:
    """The drawer keeps one tile face down; the others go back into the bag (GI-W2, GI-C2)."""
    player, drawn = pos.player, pos.drawn
    drawn.remove(kind)
    pos.held[player][kind] += 1
    for other in drawn:
        pos.bag[other] += 1
    pos.bag_total += len(drawn)
    pos.event(
        EV.KEEP,
        player,
        treasure=pos.board.treasure_kinds[kind],
        drawn=len(drawn) + 1,
        returned=len(drawn),
        step=pos.step.value,
    )
    pos.drawn = []
    after_reward(pos)


def after_reward(pos: GloryIslandsPosition) -> None:
    step = pos.step
    if step is STOPOVER:  # GI-A2: sail on at least 1, at most 5 in all
        pos.phase = MOVE2
        pos.offered = pos.game.move_actions[5 - pos.first_leg]
    elif step is MAIN:
        special(pos)
    else:
        end_turn(pos)


def special(pos: GloryIslandsPosition) -> None:
    """Offer the card's special action, or end the turn when there is none to take."""
    if pos.value not in pos.game.specials:  # a 1- or 5-card, or switched off by an option
        note_no_special(pos)
        end_turn(pos)
        return
    actions = offer(pos)
    if len(actions) == 1:
        note_unaffordable(pos)
        end_turn(pos)
    else:
        pos.phase, pos.offered = SPECIAL, tuple(actions)


def extra_pirate(pos: GloryIslandsPosition, action: ExtraPirate) -> None:
    afloat = pay(pos, action.pay)
    pos.event(EV.EXTRA_PIRATE, pos.player, paid=action.pay)
    if not afloat:
        end_turn(pos)
        return
    pos.step = EXTRA
    placement(pos, EXTRA_RANGE)


def move_pirate(pos: GloryIslandsPosition, action: Relocate) -> None:
    """GI-C4: the pirate on ``source`` goes to any other empty island field (the placement
    that follows; it stays where it is until then)."""
    afloat = pay(pos, action.pay)
    pos.event(EV.RELOCATE, pos.player, source=action.source, paid=action.pay)
    if not afloat:
        end_turn(pos)
        return
    occupant = pos.occupant
    pos.step, pos.phase, pos.lifting = RELOCATE, PLACE, action.source
    pos.fallback = False
    pos.offered = tuple([place(c) for c in pos.board.island_cells if occupant[c] < 0])


def end_turn(pos: GloryIslandsPosition) -> None:
    """GI-I1: islands filled this turn (and still full) are scored; the next player moves."""
    if pos.full:
        islands, filled = pos.board.islands, pos.filled
        for index in sorted(set(pos.full)):
            if filled[index] == islands[index].size:
                score_island(pos, index)
        pos.full = []
    pos.turn_index += 1
    start_turn(pos)
