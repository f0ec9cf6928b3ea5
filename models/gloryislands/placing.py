"""Pirates on the board (GI-A4..A7, GI-W3): the free fields of a ship's line, a pirate put on
a field or lifted from it, and a barrel field's reward.

Functions over a :class:`~models.gloryislands.position.GloryIslandsPosition`. A ship's line is
precomputed per route field (:attr:`~models.gloryislands.components.Components.lines`, at
most 5 fields), so nothing here scans the board; islands filled are noted as pirates land.

Reading fixed here: GI-A7, a pirate taken from the board must go to a *new* field, so its old
field counts as occupied when the free fields of the line are looked for.

>>> from models.core import load_game
>>> pos = load_game("gloryislands", 2).new_initial_state()
>>> stand(pos, 1, 8); pos.occupant[8], pos.pirates_at[1]
(1, [8])
>>> lift(pos, 8); pos.occupant[8], pos.pirates_at[1]
(-1, [])
"""

from __future__ import annotations

from models.gloryislands.actions import Place
from models.gloryislands.components import PIRATE
from models.gloryislands.events import GloryIslandsEvent as EV
from models.gloryislands.position import RELOCATE, GloryIslandsPosition


def free_fields(pos: GloryIslandsPosition, reach: int) -> tuple[list[int], bool]:
    """The free fields of the acting ship's line a pirate may go to (GI-A5: within ``reach``;
    GI-A6: else the next free field beyond), and whether it is that fallback."""
    line = pos.board.lines[pos.progress[pos.player] % pos.game.route_length]
    occupant = pos.occupant
    cells = [cell for cell in line[:reach] if occupant[cell] < 0]
    if cells:
        return cells, False
    for cell in line[reach:]:
        if occupant[cell] < 0:
            return [cell], True
    return [], False


def put_pirate(pos: GloryIslandsPosition, action: Place) -> None:
    """The acting player's pirate goes to ``action.cell``: from the board at its source
    (GI-A7), the one a 4-card lifts (GI-C4), else from his supply; a pirate field gives 1
    fame (GI-W1)."""
    player, step = pos.player, pos.step
    cell = action.cell
    if action.source is not None:
        lift(pos, action.source)
    elif step is RELOCATE:  # GI-C4: the pirate chosen leaves its field now
        lift(pos, pos.lifting)
    else:
        pos.supply[player] -= 1
    stand(pos, player, cell)
    fame = {player: 1} if pos.board.icon_of[cell] == PIRATE else {}  # GI-W1
    if fame:
        pos.fame[player] += 1
    pos.event(
        EV.PLACE,
        player,
        cell=cell,
        source=action.source,
        fallback=pos.fallback,
        step=step.value,
        fame=fame,
    )


def stand(pos: GloryIslandsPosition, player: int, cell: int) -> None:
    """``player``'s pirate stands on ``cell`` now (an island filled by it is noted)."""
    pos.occupant[cell] = player
    pos.pirates_at[player].append(cell)
    island = pos.board.island_of[cell]
    pos.filled[island] += 1
    if pos.filled[island] == pos.board.islands[island].size:
        pos.full.append(island)


def lift(pos: GloryIslandsPosition, cell: int) -> None:
    """The pirate on ``cell`` leaves it (where it goes is the caller's)."""
    owner = pos.occupant[cell]
    pos.occupant[cell] = -1
    pos.pirates_at[owner].remove(cell)
    pos.filled[pos.board.island_of[cell]] -= 1


def take_barrel(pos: GloryIslandsPosition) -> None:
    """GI-W3: a barrel field's reward, unless the supply is empty or the player holds the
    most allowed."""
    player = pos.player
    if pos.barrel_supply <= 0:
        pos.event(EV.BARREL, player, taken=False, why="none left in the supply (GI-W3)")
    elif pos.barrels[player] >= pos.board.barrel_limit:
        pos.event(EV.BARREL, player, taken=False, why="he holds the most allowed (GI-W3)")
    else:
        pos.barrel_supply -= 1
        pos.barrels[player] += 1
        pos.event(EV.BARREL, player, taken=True)
