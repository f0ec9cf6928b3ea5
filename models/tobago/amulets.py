"""Amulets (TB-A1, TB-D3): where statues wash them up, and vehicles picking them up.

A statue looks along a line of fields: from its own field one step at a time in its facing
direction, up to the sea. Its amulets wash up on that line (``amulet_field``): on its first
beach field (``"beach"``, the published reading), on any of its beach fields by chance
(``"wave"``), or on the field it faces (``"gaze"``). A line with no beach field uses its last
island field (the shore). Each round of washing (``amulets_when``) every statue washes up
``amulets_per_statue`` amulets while the supply lasts, statues in map order. A vehicle that ends
a leg on a field with amulets picks them all up.

>>> from models.tobago.mapfile import load_bundled_map
>>> island = load_bundled_map("lagoon")
>>> [island.island_fields[i] for t in statue_targets(island, "beach") for i in t]
[(7, 2), (3, 11), (10, 3)]
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from models.tobago.events import TobagoEvent as EV
from models.tobago.hexgrid import Field, neighbour
from models.tobago.island import Island, LandmarkKind, Terrain

if TYPE_CHECKING:
    from models.tobago.state import TobagoState


def gaze_line(island: Island, at: Field, facing: str) -> list[Field]:
    """The island fields a statue at ``at`` looks along, nearest first, up to the sea."""
    line = []
    field = neighbour(at, facing)
    while island.on_map(field) and island.terrain_at(field) is not Terrain.SEA:
        line.append(field)
        field = neighbour(field, facing)
    return line


def statue_targets(island: Island, mode: str) -> tuple[tuple[int, ...], ...]:
    """For each statue (map order), the indices of the fields its amulets may wash up on."""
    out = []
    for lm in island.landmarks_of(LandmarkKind.STATUE):
        assert lm.facing is not None
        line = gaze_line(island, lm.at, lm.facing)
        beaches = [f for f in line if island.terrain_at(f) is Terrain.BEACH]
        if not line:
            fields: list[Field] = []
        elif mode == "gaze":
            fields = [line[0]]
        elif not beaches:
            fields = [line[-1]]
        else:
            fields = beaches if mode == "wave" else beaches[:1]
        out.append(tuple(island.index[f] for f in fields))
    return tuple(out)


def start_washing(state: TobagoState) -> None:
    """Queue one round of washing (every statue, ``amulets_per_statue`` times) and do it."""
    per = state.options.amulets_per_statue
    state.wash_queue = [s for s in range(len(state.game.statue_targets)) for _ in range(per)]
    continue_washing(state)


def continue_washing(state: TobagoState) -> bool:
    """Wash up the queued amulets that need no chance; ``True`` when done, ``False`` when
    chance must say where the next one goes (the state is then at a ``wash`` node)."""
    targets = state.game.statue_targets
    while state.wash_queue:
        if not state.amulet_supply:
            state.wash_queue = []
            break
        choices = targets[state.wash_queue[0]]
        if len(choices) > 1:
            return False
        state.wash_queue.pop(0)
        if choices:
            wash(state, choices[0])
    return True


def wash(state: TobagoState, field: int) -> None:
    """One amulet from the supply washes up on ``field``."""
    state.amulets_on[field] = state.amulets_on.get(field, 0) + 1
    state.amulet_supply -= 1
    state.event(EV.AMULET_WASHED, None, field=state.game.fields[field])


def pick_up(state: TobagoState, player: int, field: int) -> None:
    """TB-D3: the vehicle ending a leg on ``field`` picks up every amulet there."""
    count = state.amulets_on.pop(field, 0)
    if count:
        state.amulets[player] += count
        state.event(EV.AMULET_PICKED, player, field=state.game.fields[field], count=count)
