"""The Tobago island: a hex map of terrain fields with landmarks, as a networkx graph.

An :class:`Island` holds the terrain of every field of a rectangular odd-r map (sea included) and
its landmarks. It offers the hex graph of the fields, terrain areas (connected fields of one type),
the largest area(s) of each type, and hex distances from every island field to any set of fields.

>>> from models.tobago.island.mapfile import load_bundled_map
>>> island = load_bundled_map("reef")
>>> len(island.largest_areas(Terrain.JUNGLE)) >= 1
True
>>> field = island.island_fields[0]
>>> island.distance_to(field, {field}), island.distance_to(field, island.neighbours_on_map(field))
(0, 1)
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Collection, Iterable
from functools import cached_property
from typing import TYPE_CHECKING

from models.tobago.island.hexgrid import DIRECTIONS, Field, neighbour, neighbours

if TYPE_CHECKING:  # loaded by the methods that use them: reading a map needs neither
    import networkx as nx
    import numpy as np


class Terrain(enum.Enum):
    """Terrain types with their map letters. The sea holds no treasure but clues may name it."""

    SEA = "~"
    BEACH = "B"
    JUNGLE = "J"
    RIVER = "R"
    SCRUBLAND = "S"
    LAKE = "L"
    MOUNTAIN = "M"

    @property
    def letter(self) -> str:
        return self.value

    @property
    def word(self) -> str:
        """The name used in clues and files (``"jungle"``)."""
        return self.name.lower()

    @classmethod
    def from_letter(cls, letter: str) -> Terrain:
        return _BY_LETTER[letter]


_BY_LETTER = {t.value: t for t in Terrain}

#: The six terrain types of island fields (everything but the sea).
LAND_TYPES: tuple[Terrain, ...] = tuple(t for t in Terrain if t is not Terrain.SEA)


class LandmarkKind(enum.Enum):
    PALM = "palm"
    HUT = "hut"
    STATUE = "statue"


@dataclasses.dataclass(frozen=True)
class Landmark:
    """A palm, hut or statue on one island field; a statue faces one of its six neighbours."""

    kind: LandmarkKind
    at: Field
    facing: str | None = None

    @property
    def gaze(self) -> Field | None:
        """The field a statue looks at (``None`` for palms and huts)."""
        return neighbour(self.at, self.facing) if self.facing else None


@dataclasses.dataclass(frozen=True, eq=False)
class Island:
    """A rectangular odd-r hex map: ``terrain[row][col]``, plus the landmarks on it.

    Build one with :func:`models.tobago.island.mapfile.parse_map` (which validates); this class
    assumes valid data. Two islands are equal when name, terrain and landmarks are.
    """

    name: str
    terrain: tuple[tuple[Terrain, ...], ...]
    landmarks: tuple[Landmark, ...] = ()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Island):
            return NotImplemented
        return (self.name, self.terrain, sorted(self.landmarks, key=_landmark_key)) == (
            other.name,
            other.terrain,
            sorted(other.landmarks, key=_landmark_key),
        )

    def __hash__(self) -> int:
        return self._hash

    @cached_property
    def _hash(self) -> int:
        return hash((self.name, self.terrain))

    # -- fields -------------------------------------------------------------------------------
    @property
    def width(self) -> int:
        return len(self.terrain[0]) if self.terrain else 0

    @property
    def height(self) -> int:
        return len(self.terrain)

    def on_map(self, field: Field) -> bool:
        col, row = field
        return 0 <= row < self.height and 0 <= col < self.width

    def neighbours_on_map(self, field: Field) -> list[Field]:
        """The neighbours of ``field`` that lie on the map."""
        return [n for n in neighbours(field) if self.on_map(n)]

    def terrain_at(self, field: Field) -> Terrain:
        col, row = field
        return self.terrain[row][col]

    @cached_property
    def fields(self) -> tuple[Field, ...]:
        """Every field of the map, sea included, in reading order (row by row)."""
        return tuple((c, r) for r in range(self.height) for c in range(self.width))

    @cached_property
    def island_fields(self) -> tuple[Field, ...]:
        """The non-sea fields in reading order; treasures lie only here."""
        return tuple(f for f in self.fields if self.terrain_at(f) is not Terrain.SEA)

    @cached_property
    def index(self) -> dict[Field, int]:
        """Position of each island field in :attr:`island_fields` (its bit in a bitmask)."""
        return {f: i for i, f in enumerate(self.island_fields)}

    def fields_of(self, terrain: Terrain) -> frozenset[Field]:
        return frozenset(f for f in self.fields if self.terrain_at(f) is terrain)

    def landmarks_of(self, kind: LandmarkKind) -> tuple[Landmark, ...]:
        return tuple(lm for lm in self.landmarks if lm.kind is kind)

    # -- graph and areas ----------------------------------------------------------------------
    @cached_property
    def graph(self) -> nx.Graph:
        """The hex graph of all fields; node attributes ``terrain`` and, where one stands,
        ``landmark``."""
        import networkx as nx

        g = nx.Graph(name=self.name)
        for f in self.fields:
            g.add_node(f, terrain=self.terrain_at(f))
        for f in self.fields:
            for n in neighbours(f):
                if self.on_map(n):
                    g.add_edge(f, n)
        for lm in self.landmarks:
            g.nodes[lm.at]["landmark"] = lm
        return g

    @cached_property
    def areas(self) -> dict[Terrain, tuple[frozenset[Field], ...]]:
        """Connected areas of each terrain type, largest first (ties in reading order): the
        connected components of :attr:`graph` on each type's fields, found by a flood fill
        (every map read checks its largest areas; the graph is not needed for that)."""
        order = {f: i for i, f in enumerate(self.fields)}
        result: dict[Terrain, list[frozenset[Field]]] = {t: [] for t in Terrain}
        seen: set[Field] = set()
        for start in self.fields:  # reading order: each area is found from its first field
            if start in seen:
                continue
            terrain, area, todo = self.terrain_at(start), {start}, [start]
            while todo:
                for n in self.neighbours_on_map(todo.pop()):
                    if n not in area and self.terrain_at(n) is terrain:
                        area.add(n)
                        todo.append(n)
            seen |= area
            result[terrain].append(frozenset(area))
        for comps in result.values():
            comps.sort(key=lambda c: (-len(c), min(order[f] for f in c)))
        return {t: tuple(comps) for t, comps in result.items()}

    def largest_areas(self, terrain: Terrain) -> tuple[frozenset[Field], ...]:
        """The area(s) of ``terrain`` with most fields: all of them when tied; none if absent."""
        comps = self.areas[terrain]
        if not comps:
            return ()
        top = len(comps[0])
        return tuple(c for c in comps if len(c) == top)

    # -- distances ----------------------------------------------------------------------------
    @cached_property
    def _island_cells(self) -> tuple[np.ndarray, np.ndarray]:
        """(rows, cols) of the island fields, in :attr:`island_fields` order."""
        import numpy as np

        cols, rows = zip(*self.island_fields, strict=True) if self.island_fields else ((), ())
        return np.array(rows, dtype=np.intp), np.array(cols, dtype=np.intp)

    def distances_to(self, targets: Iterable[Field], limit: int | None = None) -> np.ndarray:
        """For each island field (in :attr:`island_fields` order), the hex distance to the
        nearest target field, counted up to ``limit``: a field farther away (or any field when
        there are no targets) gets ``limit + 1`` (without a limit, the map's size).

        The targets are grown one ring at a time over the whole map (sea included: distance
        ignores terrain) with array shifts, so time and memory are linear in the map's size
        for a fixed limit; clues need distances up to 3 only.
        """
        import numpy as np

        far = self.width + self.height + 1 if limit is None else limit + 1
        reached = np.zeros((self.height, self.width), dtype=bool)
        for col, row in targets:
            if 0 <= row < self.height and 0 <= col < self.width:
                reached[row, col] = True
        dist = np.full(reached.shape, far, dtype=np.int32)
        dist[reached] = 0
        step = 0
        while step + 1 < far and reached.any():
            grown = _grow_ring(reached)
            if np.array_equal(grown, reached):
                break
            step += 1
            dist[grown & ~reached] = step
            reached = grown
        rows, cols = self._island_cells
        return dist[rows, cols]

    def touching(self, targets: Iterable[Field]) -> np.ndarray:
        """For each island field (in :attr:`island_fields` order), whether one of its six
        neighbours is a target field (the field itself does not count)."""
        import numpy as np

        cells = np.zeros((self.height, self.width), dtype=bool)
        for col, row in targets:
            if 0 <= row < self.height and 0 <= col < self.width:
                cells[row, col] = True
        rows, cols = self._island_cells
        return _neighbour_ring(cells)[rows, cols]

    def distance_to(self, field: Field, targets: Collection[Field]) -> int:
        """Hex distance from one island field to the nearest of ``targets``."""
        return int(self.distances_to(targets)[self.index[field]])

    def statue_gazes(self) -> dict[Field, Field]:
        """For each statue, the field it looks at (TB-A1: amulets wash up there)."""
        return {lm.at: lm.gaze for lm in self.landmarks if lm.gaze is not None}


def _grow_ring(cells: np.ndarray) -> np.ndarray:
    """The cells and their hex neighbours on an odd-r map (``cells[row, col]``)."""
    return cells | _neighbour_ring(cells)


def _neighbour_ring(cells: np.ndarray) -> np.ndarray:
    """The cells with a hex neighbour among ``cells`` (a cell is not its own neighbour): the
    same row one column either way; the rows above and below at the same column and, for even
    rows, the column to the left (for odd rows, to the right)."""
    import numpy as np

    out = np.zeros_like(cells)
    out[:, 1:] |= cells[:, :-1]
    out[:, :-1] |= cells[:, 1:]
    vertical = np.zeros_like(cells)
    vertical[1:] |= cells[:-1]
    vertical[:-1] |= cells[1:]
    out |= vertical
    out[0::2, 1:] |= vertical[0::2, :-1]  # even rows reach up and down to the left
    out[1::2, :-1] |= vertical[1::2, 1:]  # odd rows to the right
    return out


def _landmark_key(lm: Landmark) -> tuple[str, Field, str]:
    return (lm.kind.value, lm.at, lm.facing or "")


__all__ = [
    "DIRECTIONS",
    "LAND_TYPES",
    "Field",
    "Island",
    "Landmark",
    "LandmarkKind",
    "Terrain",
]
