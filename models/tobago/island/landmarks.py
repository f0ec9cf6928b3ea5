"""Landmarks of a Tobago map as a file gives them, and the warnings a legal map may earn.

Shared by whole map files (:mod:`models.tobago.island.mapfile`) and maps composed of board
sections (:mod:`models.tobago.island.sections`).

>>> MIN_SAME_LANDMARK_DISTANCE, MAX_MAP_SIZE
(4, 500)
"""

from __future__ import annotations

from itertools import combinations
from pathlib import Path
from typing import Any

from models.data import brief, key_name
from models.errors import AtollError
from models.tobago.island.hexgrid import DIRECTIONS, Field, hex_distance, neighbours
from models.tobago.island.map import LAND_TYPES, Island, Landmark, LandmarkKind, Terrain

#: Identical landmarks must be at least this many fields apart (a warning otherwise).
MIN_SAME_LANDMARK_DISTANCE = 4

#: The widest and highest map (fields, sea included): the published board is about 20 fields
#: across; 500 leaves room for any design and keeps the solvers' compiled sets small.
MAX_MAP_SIZE = 500

_LANDMARK_KEYS = {"kind", "at", "facing"}


def parse_landmarks(raw: list[Any], island: Island, source: str | Path) -> tuple[Landmark, ...]:
    """The ``[[landmark]]`` entries of a map, checked against its terrain."""
    taken: dict[Field, int] = {}
    result: list[Landmark] = []
    for i, entry in enumerate(raw):
        where = f"landmark[{i}]"

        def fail(field: str | None, message: str, where: str = where) -> AtollError:
            return AtollError(message, source=source, entry=where, field=field)

        if not isinstance(entry, dict):
            raise fail(None, "must be a table with kind and at")
        extra = set(entry) - _LANDMARK_KEYS
        if extra:
            raise fail(key_name(sorted(extra)[0]), "unknown field")
        kinds = [k.value for k in LandmarkKind]
        if "kind" not in entry:
            raise fail("kind", f"missing (one of {', '.join(kinds)})")
        if entry["kind"] not in kinds:
            raise fail("kind", f"unknown kind {brief(entry['kind'])} (one of {', '.join(kinds)})")
        kind = LandmarkKind(entry["kind"])
        if "at" not in entry:
            raise fail("at", "missing ([col, row], two integers)")
        at = entry["at"]
        if (
            not isinstance(at, list)
            or len(at) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in at)
        ):
            raise fail("at", f"must be [col, row] (two integers), got {brief(at)}")
        field: Field = (at[0], at[1])
        if not island.on_map(field):
            size = f"{island.width}x{island.height}"
            raise fail("at", f"{brief(list(field))} is off the map ({size})")
        if island.terrain_at(field) is Terrain.SEA:
            raise fail("at", f"{list(field)} is a sea field")
        if field in taken:
            raise fail("at", f"{list(field)} already holds landmark[{taken[field]}]")
        taken[field] = i
        facing = entry.get("facing")
        if kind is LandmarkKind.STATUE:
            if facing is None:
                raise fail("facing", "a statue needs a facing (E, NE, NW, W, SW, SE)")
            if facing not in DIRECTIONS:
                raise fail(
                    "facing", f"unknown facing {brief(facing)} (one of {', '.join(DIRECTIONS)})"
                )
            if any(island.terrain_at(n) is Terrain.SEA for n in neighbours(field)):
                raise fail("at", f"statue at {list(field)} stands next to the sea")
        elif facing is not None:
            raise fail("facing", f"only statues have a facing, not a {kind.value}")
        result.append(Landmark(kind=kind, at=field, facing=facing))
    return tuple(result)


def map_warnings(island: Island) -> list[str]:
    """Legal but suspicious features of a map (not errors)."""
    out: list[str] = []
    for kind in LandmarkKind:
        for a, b in combinations(island.landmarks_of(kind), 2):
            d = hex_distance(a.at, b.at)
            if d < MIN_SAME_LANDMARK_DISTANCE:
                out.append(
                    f"{kind.value}s at {list(a.at)} and {list(b.at)} are {d} fields apart "
                    f"(identical landmarks should be at least {MIN_SAME_LANDMARK_DISTANCE})"
                )
    for t in LAND_TYPES:
        tied = island.largest_areas(t)
        if len(tied) > 1:
            out.append(
                f"the largest {t.word} area is tied ({len(tied)} areas of {len(tied[0])} fields); "
                f"'the largest {t.word}' means all of them"
            )
    return out
