"""Where Tobago's statues wash up amulets (TB-A1): the line of fields each one looks along.

A statue looks along a line of fields: from its own field one step at a time in its facing
direction, up to the sea. Its amulets wash up on that line (``amulet_field``): on its first
beach field (``"beach"``, the published reading), on any of its beach fields by chance
(``"wave"``), or on the field it faces (``"gaze"``). A line with no beach field uses its last
island field (the shore). Compiled once per game (:mod:`models.tobago.components`).

>>> from models.tobago.island.mapfile import load_bundled_map
>>> island = load_bundled_map("lagoon")
>>> [island.island_fields[i] for t in statue_targets(island, "beach") for i in t]
[(7, 2), (3, 11), (10, 3)]
"""

from __future__ import annotations

from models.tobago.island.hexgrid import Field, neighbour
from models.tobago.island.map import Island, LandmarkKind, Terrain


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
