"""One player's turn (GI-A, GI-W, GI-C, GI-I, GI-X): sail, place, reward, special, islands.

Functions over a :class:`~models.gloryislands.rules.GloryIslandsState`, called by its ``apply``
with an action already found legal. The geometry is precomputed per route field
(:attr:`~models.gloryislands.components.Components.lines`), so nothing here scans the board: a
ship's line has at most 5 fields, a scored island only its own; islands filled are noted as
pirates land. Only the 4-card's move lists the empty island fields, as it may take any (GI-C4).

Readings fixed here (the texts give no alternative worth an option):

* GI-A7: a pirate taken from the board must go to a *new* field, so its old field counts as
  occupied when the free fields of the line are looked for.
* GI-W2, GI-C2: with fewer tiles in the bag than a draw asks for, what is left is drawn; from an
  empty bag nothing is (and a hunt is not offered).
* GI-C3: the second pirate is offered only when the line has a free field for it; GI-C4 only
  with one's own pirate on the board and an empty island field.
* A special action paid with sail fields that sink the ship ends the turn at once (the player
  is out, GI-R2); nothing is placed or moved.
* A special action switched off by its option (``hunt``, ``extra_pirate``, ``relocate``) is
  never offered: the card's turn ends after its reward.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from models.gloryislands import rounds
from models.gloryislands.actions import (
    EXTRA,
    HUNT,
    PASS,
    SPECIALS,
    Action,
    ExtraPirate,
    Hunt,
    Move,
    Pass,
    Place,
    Relocate,
    place,
    relocate,
)
from models.gloryislands.components import BARREL, CHEST, PIRATE
from models.gloryislands.events import GloryIslandsEvent as EV

if TYPE_CHECKING:
    from models.gloryislands.rules import GloryIslandsState

CHEST_DRAW = 2  # GI-W2: draw 2, keep 1
HUNT_DRAW = 3  # GI-C2: draw 3, keep 1
EXTRA_RANGE = 3  # GI-C3: "range still 3"
SPECIAL_SAILS = 2  # GI-C3, GI-C4: or advance 2 sail-track fields


def start_turn(state: GloryIslandsState) -> None:
    """The next player afloat in this round's order moves; after the last, the round ends."""
    order, sunk, index = state.order, state.sunk, state.turn_index
    count = len(order)
    while index < count and sunk[order[index]]:
        index += 1
    state.turn_index = index
    if index == count:
        rounds.end_round(state)
        return
    player = state.player = order[index]
    state.value = state.game.card_values[state.chosen[player]]
    state.phase, state.step = "move", "main"
    state._actions = state.game.move_actions[state.value]


def act(state: GloryIslandsState, action: Action) -> None:
    """A legal move, placement or special action of the player whose turn it is."""
    kind = type(action)
    if kind is Place:
        put_pirate(state, action)  # type: ignore[arg-type]
    elif kind is Move:
        sail(state, action)  # type: ignore[arg-type]
    elif action is PASS:
        end_turn(state)
    elif kind is Hunt:
        pay(state, "barrel")
        state.event(EV.HUNT, paid="barrel")
        state.step = "hunt"
        start_draw(state, HUNT_DRAW)
    elif kind is ExtraPirate:
        extra_pirate(state, action)  # type: ignore[arg-type]
    elif kind is Relocate:
        move_pirate(state, action)  # type: ignore[arg-type]


# -- sailing (GI-A1, GI-A2, GI-A3, GI-X1, GI-X2) --------------------------------------------------
def sail(state: GloryIslandsState, action: Move) -> None:
    player, board = state.player, state.board
    start = state.progress[player]
    end = state.progress[player] = start + action.steps
    length = state.game.route_length
    at = board.route[end % length]
    state.event(EV.MOVE, to=at, route=end, steps=action.steps, stopover=action.stopover)
    if start < board.compass <= end and player not in state.compass_order:
        _bonus(state, EV.COMPASS, state.compass_order, board.compass_bonus)
    if end >= length and player not in state.home_order:
        _bonus(state, EV.HOME, state.home_order, board.home_bonus)
        state.route_done = True
    if action.stopover:  # GI-A2: no fame at the stopover
        state.first_leg, state.step = action.steps, "stopover"
    else:
        _line_fame(state, end % length, at)
        state.step = "main"
    placement(state, state.value)


def _bonus(state: GloryIslandsState, kind: EV, order: list[int], fame: tuple[int, ...]) -> None:
    place_ = len(order)
    order.append(state.player)
    amount = fame[place_] if place_ < len(fame) else 0
    state.fame[state.player] += amount
    state.event(kind, place=place_ + 1, fame={state.player: amount})


def _line_fame(state: GloryIslandsState, position: int, at: int) -> None:
    """GI-A3: 1 fame per pirate on a pirate field of the line the ship stopped at."""
    occupant, fame = state.occupant, state.fame
    paid: dict[int, int] = {}
    for cell in state.board.pirate_lines[position]:
        owner = occupant[cell]
        if owner >= 0:
            fame[owner] += 1
            paid[owner] = paid.get(owner, 0) + 1
    if paid:
        state.event(EV.LINE_FAME, at=at, fame=paid)


# -- placing pirates (GI-A4..A7) and rewards (GI-W1..W3) ------------------------------------------
def free_fields(state: GloryIslandsState, reach: int) -> tuple[list[int], bool]:
    """The free fields of the acting ship's line a pirate may go to (GI-A5: within ``reach``;
    GI-A6: else the next free field beyond), and whether it is that fallback."""
    line = state.board.lines[state.progress[state.player] % state.game.route_length]
    occupant = state.occupant
    cells = [cell for cell in line[:reach] if occupant[cell] < 0]
    if cells:
        return cells, False
    for cell in line[reach:]:
        if occupant[cell] < 0:
            return [cell], True
    return [], False


def placement(state: GloryIslandsState, reach: int) -> None:
    """Ask where the pirate goes; with no free field in the line none is placed (GI-A6)."""
    cells, state.fallback = free_fields(state, reach)
    if not cells:
        state.event(EV.NO_PLACE, why="the line is full (GI-A6)", step=state.step)
        why = f"every island field in the line of player {state.player}'s ship holds a pirate"
        state.note_skipped(state.player, "GI-A6", why, (Place,))
        after_reward(state)
        return
    if state.supply[state.player]:
        places = state.game.places
        state._actions = tuple([places[cell] for cell in cells])
    else:  # GI-A7: one of his pirates on the board is placed again
        mine = sorted(state.pirates_at[state.player])
        state._actions = tuple([place(cell, source) for source in mine for cell in cells])
    state.phase = "place"


def put_pirate(state: GloryIslandsState, action: Place) -> None:
    player, board, step = state.player, state.board, state.step
    cell = action.cell
    if action.source is not None:
        _lift(state, action.source)
    elif step == "relocate":  # GI-C4: the pirate chosen leaves its field now
        _lift(state, state.lifting)
    else:
        state.supply[player] -= 1
    _stand(state, player, cell)
    fame = {player: 1} if board.icon_of[cell] == PIRATE else {}  # GI-W1
    state.event(
        EV.PLACE, cell=cell, source=action.source, fallback=state.fallback, step=step, fame=fame
    )
    reward(state, cell)


def _stand(state: GloryIslandsState, player: int, cell: int) -> None:
    state.occupant[cell] = player
    state.pirates_at[player].append(cell)
    island = state.board.island_of[cell]
    state.filled[island] += 1
    if state.filled[island] == state.board.islands[island].size:
        state.full.append(island)


def _lift(state: GloryIslandsState, cell: int) -> None:
    owner = state.occupant[cell]
    state.occupant[cell] = -1
    state.pirates_at[owner].remove(cell)
    state.filled[state.board.island_of[cell]] -= 1


def reward(state: GloryIslandsState, cell: int) -> None:
    """GI-W1..W3: the reward of the field a pirate was just put on."""
    icon, player = state.board.icon_of[cell], state.player
    if icon == PIRATE:  # logged with the placement
        state.fame[player] += 1
    elif icon == BARREL:
        if state.barrel_supply <= 0:
            state.event(EV.BARREL, taken=False, why="none left in the supply (GI-W3)")
        elif state.barrels[player] >= state.board.barrel_limit:
            state.event(EV.BARREL, taken=False, why="he holds the most allowed (GI-W3)")
        else:
            state.barrel_supply -= 1
            state.barrels[player] += 1
            state.event(EV.BARREL, taken=True)
    elif icon == CHEST:
        start_draw(state, CHEST_DRAW)
        return
    after_reward(state)


def start_draw(state: GloryIslandsState, count: int) -> None:
    count = min(count, state.bag_total)
    if not count:
        state.event(EV.DRAW, count=0, why="the bag is empty", step=state.step)
        after_reward(state)
        return
    state.to_draw, state.drawn, state.phase = count, [], "draw"


def draw(state: GloryIslandsState, kind: int) -> None:
    """Chance: one tile of ``kind`` leaves the bag, seen by the drawer only."""
    state.bag[kind] -= 1
    state.bag_total -= 1
    state.drawn.append(kind)
    state.to_draw -= 1
    if not state.to_draw:
        state.phase, state._actions = "keep", state.game.keep_actions(state.drawn)


def keep(state: GloryIslandsState, kind: int) -> None:
    """The drawer keeps one tile face down; the others go back into the bag (GI-W2, GI-C2)."""
    player, drawn = state.player, state.drawn
    drawn.remove(kind)
    state.held[player][kind] += 1
    for other in drawn:
        state.bag[other] += 1
    state.bag_total += len(drawn)
    state.event(
        EV.KEEP,
        treasure=state.board.treasure_kinds[kind],
        drawn=len(drawn) + 1,
        returned=len(drawn),
        step=state.step,
    )
    state.drawn = []
    after_reward(state)


def after_reward(state: GloryIslandsState) -> None:
    step = state.step
    if step == "stopover":  # GI-A2: sail on at least 1, at most 5 in all
        state.phase = "move-on"
        state._actions = state.game.move_actions[5 - state.first_leg]
    elif step == "main":
        special(state)
    else:
        end_turn(state)


# -- special actions (GI-C2..C4) -----------------------------------------------------------------
def special(state: GloryIslandsState) -> None:
    """Offer the card's special action, or end the turn when there is none to take."""
    player, value = state.player, state.value
    if value not in state.game.specials:  # a 1- or 5-card, or switched off by an option
        _no_special(state)
        end_turn(state)
        return
    actions: list[Action] = [PASS]
    if value == 2:
        if state.barrels[player] and state.bag_total:
            actions.append(HUNT)
    elif value == 3:
        if free_fields(state, EXTRA_RANGE)[0]:
            actions += [EXTRA[p] for p in payments(state)]
    elif state.pirates_at[player] and len(state.pirates_at[player]) + _others(state) < len(
        state.board.island_cells
    ):  # a pirate of his on the board, and an empty field for it
        mine = sorted(state.pirates_at[player])
        actions += [relocate(source, p) for p in payments(state) for source in mine]
    if len(actions) == 1:
        special = SPECIALS[value]
        why = f"{special.words} is not possible: {_unaffordable(state)}"
        state.note_skipped(player, special.rule, why, (special.kind, Pass))
        end_turn(state)
    else:
        state.phase, state._actions = "special", tuple(actions)


def _no_special(state: GloryIslandsState) -> None:
    """Note why no special action was offered: the card has none, or its option is off."""
    player, value = state.player, state.value
    if value in SPECIALS:
        special = SPECIALS[value]
        why = f"{special.words} is switched off (option {special.option} = false)"
        state.note_skipped(player, special.rule, why, (special.kind, Pass))
        return
    for wanted, special in SPECIALS.items():
        why = f"{special.words} comes with a {wanted}-card; player {player} played a {value}-card"
        state.note_skipped(player, special.rule, why, (special.kind,))


def _unaffordable(state: GloryIslandsState) -> str:
    """Why the card's special action cannot be taken now (GI-C2..C4)."""
    player, value = state.player, state.value
    if value == 2:
        if not state.barrels[player]:
            return f"player {player} has no barrel to pay for it"
        return "the bag is empty"
    if value == 3 and not free_fields(state, EXTRA_RANGE)[0]:
        return "the line has no free field for a second pirate"
    if value == 4 and not state.pirates_at[player]:
        return f"player {player} has no pirate on the board to move"
    if value == 4 and payments(state):
        return "no island field is empty"
    return (
        f"player {player} has no barrel, and paying 2 sail fields would sink his ship "
        "(option sails_may_sink = false)"
    )


def _others(state: GloryIslandsState) -> int:
    """Pirates of the other players on the board."""
    return sum(len(cells) for cells in state.pirates_at) - len(state.pirates_at[state.player])


def payments(state: GloryIslandsState) -> list[str]:
    """How the acting player can pay a special action: a barrel, 2 sail fields (GI-C3/C4)."""
    player = state.player
    pays = ["barrel"] if state.barrels[player] else []
    if state.options.sails_may_sink or state.sails[player] + SPECIAL_SAILS < len(
        state.board.sail_track
    ):
        pays.append("sails")
    return pays


def pay(state: GloryIslandsState, what: str) -> bool:
    """Pay for a special action; False when paying sank the ship (the turn ends)."""
    player = state.player
    if what == "barrel":
        state.barrels[player] -= 1
        state.barrel_supply += 1
        return True
    rounds.spend_sails(state, player, SPECIAL_SAILS)
    return not state.sunk[player]


def extra_pirate(state: GloryIslandsState, action: ExtraPirate) -> None:
    afloat = pay(state, action.pay)
    state.event(EV.EXTRA_PIRATE, paid=action.pay)
    if not afloat:
        end_turn(state)
        return
    state.step = "extra"
    placement(state, EXTRA_RANGE)


def move_pirate(state: GloryIslandsState, action: Relocate) -> None:
    """GI-C4: the pirate on ``source`` goes to any other empty island field (the placement
    that follows; it stays where it is until then)."""
    afloat = pay(state, action.pay)
    state.event(EV.RELOCATE, source=action.source, paid=action.pay)
    if not afloat:
        end_turn(state)
        return
    occupant = state.occupant
    state.step, state.phase, state.lifting = "relocate", "place", action.source
    state.fallback = False
    state._actions = tuple([place(c) for c in state.board.island_cells if occupant[c] < 0])


# -- the end of a turn: island scoring (GI-I1..I6) ------------------------------------------------
def end_turn(state: GloryIslandsState) -> None:
    """GI-I1: islands filled this turn (and still full) are scored; the next player moves."""
    if state.full:
        islands, filled = state.board.islands, state.filled
        for index in sorted(set(state.full)):
            if filled[index] == islands[index].size:
                score_island(state, index)
        state.full = []
    state.turn_index += 1
    start_turn(state)


def score_island(state: GloryIslandsState, index: int) -> None:
    from models.gloryislands.scoring import island_fame

    board, occupant = state.board, state.occupant
    island = board.islands[index]
    pirates: dict[int, int] = {}
    for cell in island.cells:
        owner = occupant[cell]
        pirates[owner] = pirates.get(owner, 0) + 1
    table = board.scoring_table[island.size]
    fame, rule = island_fame(pirates, table, trigger=state.player, options=state.options)
    for player, amount in fame.items():
        state.fame[player] += amount
    for cell in island.cells:  # GI-I6: every pirate goes home
        owner = occupant[cell]
        _lift(state, cell)
        state.supply[owner] += 1
    state.event(
        EV.ISLAND,
        island=island.name,
        pirates=dict(sorted(pirates.items())),
        fame=fame,
        rule=rule,
        trigger=state.player,
        returned=dict(pirates),
    )
