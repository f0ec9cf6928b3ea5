"""The island as shapes for an SVG picture: one hexagon per field with its terrain colour, the
landmarks, where each treasure's candidate dot sits, and the legend naming them — the geometry
of :mod:`models.tobago.island.render` (same colours, same dot places, same legend words) for a
page that draws the map itself and lets a reader click a field.

>>> from models.tobago.island.mapfile import resolve_map
>>> shapes = island_shapes(resolve_map("lagoon"))
>>> shapes.hexes[0].field, shapes.hexes[0].fill, len(shapes.hexes[0].points.split())
((0, 0), '#2c5d9e', 6)
>>> [(k.kind, k.label) for k in shapes.legend][6:9]
[('terrain', 'mountain'), ('palm', 'palm'), ('hut', 'hut')]
"""

from __future__ import annotations

import dataclasses
import math

from models.tobago.island.hexgrid import Field, centre
from models.tobago.island.map import Island, LandmarkKind, Terrain
from models.tobago.island.render import COLOURS, LANDMARK_LABELS, TREASURE_OFFSETS

__all__ = [
    "SIZE",
    "TREASURE_COLOURS",
    "Hex",
    "IslandShapes",
    "Key",
    "Mark",
    "dot_at",
    "island_shapes",
    "legend",
]

#: The circumradius of a hexagon, in SVG user units (pixels at 100% zoom).
SIZE = 26.0
_MARGIN = SIZE
_DARK = {Terrain.SEA, Terrain.JUNGLE, Terrain.LAKE, Terrain.MOUNTAIN}
#: Each treasure's colour (as the PNG draws its candidates).
TREASURE_COLOURS: dict[int, str] = {t: COLOURS[f"treasure {t}"] for t in TREASURE_OFFSETS}


@dataclasses.dataclass(frozen=True)
class Hex:
    """One field: its corners (``"x,y x,y ..."``), centre, colour and terrain word."""

    field: Field
    points: str
    x: float
    y: float
    fill: str
    terrain: str
    label_colour: str


@dataclasses.dataclass(frozen=True)
class Mark:
    """A landmark: kind, centre, colour; a statue's gaze as the end of its arrow."""

    kind: str
    x: float
    y: float
    fill: str
    gaze: tuple[float, float] | None


@dataclasses.dataclass(frozen=True)
class Key:
    """An entry of the legend: a terrain's colour (``kind`` "terrain"), a landmark's symbol
    (its kind) or a treasure's candidate dot ("treasure")."""

    kind: str
    label: str
    fill: str


@dataclasses.dataclass(frozen=True)
class IslandShapes:
    width: float
    height: float
    hexes: tuple[Hex, ...]
    marks: tuple[Mark, ...]
    treasure_colours: dict[int, str]
    legend: tuple[Key, ...] = ()


def legend() -> tuple[Key, ...]:
    """Every terrain, landmark and treasure dot, named as the PNG's legend names them."""
    keys = [Key("terrain", t.word, COLOURS[t.word]) for t in Terrain]
    keys += [Key(k.value, LANDMARK_LABELS[k.value], COLOURS[k.value]) for k in LandmarkKind]
    keys += [Key("treasure", f"treasure {t}: a candidate", c) for t, c in TREASURE_COLOURS.items()]
    return tuple(keys)


def _xy(field: Field) -> tuple[float, float]:
    x, y = centre(field, SIZE)
    return x + _MARGIN * 1.2, y + _MARGIN * 1.2


def _corners(x: float, y: float) -> str:
    """A pointy-top hexagon's corners, clockwise from the top."""
    out = []
    for k in range(6):
        angle = math.radians(60 * k - 90)
        out.append(f"{x + SIZE * math.cos(angle):.1f},{y + SIZE * math.sin(angle):.1f}")
    return " ".join(out)


def dot_at(field: Field, treasure: int) -> tuple[float, float]:
    """Where treasure ``treasure``'s candidate dot sits on ``field`` (as the PNG draws it)."""
    x, y = _xy(field)
    dx, dy = TREASURE_OFFSETS[treasure]
    return x + dx * SIZE, y + dy * SIZE


def island_shapes(island: Island) -> IslandShapes:
    """Every field and landmark of ``island`` placed for an SVG of :data:`SIZE`."""
    hexes = []
    for field in island.fields:
        x, y = _xy(field)
        terrain = island.terrain_at(field)
        hexes.append(
            Hex(
                field,
                _corners(x, y),
                round(x, 1),
                round(y, 1),
                COLOURS[terrain.word],
                terrain.word,
                "#e8eef4" if terrain in _DARK else "#3a3a3a",
            )
        )
    marks = []
    for landmark in island.landmarks:
        x, y = _xy(landmark.at)
        gaze = None
        if landmark.kind is LandmarkKind.STATUE and landmark.gaze is not None:
            gx, gy = _xy(landmark.gaze)
            gaze = (round(x + (gx - x) * 0.55, 1), round(y + (gy - y) * 0.55, 1))
        marks.append(
            Mark(landmark.kind.value, round(x, 1), round(y, 1), COLOURS[landmark.kind.value], gaze)
        )
    width = max(h.x for h in hexes) + SIZE * 2.2 if hexes else SIZE
    height = max(h.y for h in hexes) + SIZE * 2.2 if hexes else SIZE
    return IslandShapes(
        round(width, 1), round(height, 1), tuple(hexes), tuple(marks), TREASURE_COLOURS, legend()
    )
