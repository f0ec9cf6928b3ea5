"""Driving on the island (TB-D1): where one leg goes, and how many legs apart two fields are.

A leg moves a vehicle any distance through connected fields of one terrain type (anywhere in
its area) or one step onto an adjacent field of another terrain type; never into the sea. The
**leg graph** joins two island fields when one leg leads from one to the other (the relation is
symmetric). It is built once per map with networkx, with the legs' breadth-first distances
between all fields, so a turn only looks things up:

* :attr:`Roads.legs` — for each island field (by index in ``island.island_fields``), the fields
  one leg reaches (itself excluded);
* :attr:`Roads.within` — for each field, bitmasks of the fields at most 0, 1, 2, ... legs away
  (a treasure's distance from a vehicle is the first d whose mask meets its candidates);
* :attr:`Roads.component` — which connected part of the leg graph each field is in (a vehicle
  never leaves its part: a separate islet cannot be reached).

Cost: building is O(fields x area size) edges and one BFS per field (a few ms for 145 fields);
:func:`roads` caches it per map.

>>> from models.tobago.island.mapfile import EXAMPLE, parse_map
>>> island = parse_map(EXAMPLE)
>>> r = roads(island)
>>> [island.island_fields[i] for i in r.legs[island.index[(1, 1)]]]  # beach (1,1)
[(2, 1), (1, 2), (2, 2)]
>>> r.distance(island.index[(1, 1)], island.index[(4, 2)])  # beach, mountain, jungle, river
3
"""

from __future__ import annotations

import dataclasses
from functools import lru_cache

import networkx as nx

from models.tobago.island.map import Island, Terrain

#: TB-D1: legs per drive.
LEGS_PER_DRIVE = 3


@dataclasses.dataclass(frozen=True, eq=False)
class Roads:
    """The leg graph of one island, precomputed (see the module)."""

    legs: tuple[tuple[int, ...], ...]
    within: tuple[tuple[int, ...], ...]
    component: tuple[int, ...]

    def distance(self, a: int, b: int) -> int:
        """Legs from field ``a`` to field ``b`` (-1 when no drive connects them)."""
        return self.distance_to_mask(a, 1 << b)

    def distance_to_mask(self, a: int, mask: int) -> int:
        """Legs from field ``a`` to the nearest field of ``mask`` (-1 if none is reachable)."""
        for d, ball in enumerate(self.within[a]):
            if ball & mask:
                return d
        return -1

    def reach(self, a: int, legs: int = LEGS_PER_DRIVE) -> int:
        """The fields at most ``legs`` legs from ``a``, as a bitmask (``a`` included)."""
        balls = self.within[a]
        return balls[min(legs, len(balls) - 1)]


def leg_graph(island: Island) -> nx.Graph:
    """The leg graph: island fields (by index), joined when one leg leads between them."""
    index = island.index
    g = nx.Graph()
    g.add_nodes_from(range(len(island.island_fields)))
    for terrain, areas in island.areas.items():
        if terrain is Terrain.SEA:
            continue
        for area in areas:
            members = sorted(index[f] for f in area)
            g.add_edges_from(
                (a, b) for i, a in enumerate(members) for b in members[i + 1 :]
            )  # anywhere within the area
    for f in island.island_fields:
        for n in island.neighbours_on_map(f):
            if island.terrain_at(n) is not Terrain.SEA:
                g.add_edge(index[f], index[n])  # one step onto a neighbour (of any land)
    return g


@lru_cache(maxsize=64)
def roads(island: Island) -> Roads:
    """The precomputed leg graph of ``island`` (cached per map)."""
    g = leg_graph(island)
    size = g.number_of_nodes()
    legs = tuple(tuple(sorted(g.neighbors(a))) for a in range(size))
    within = []
    for a in range(size):
        by_distance: dict[int, int] = {}
        for b, d in nx.single_source_shortest_path_length(g, a).items():
            by_distance[d] = by_distance.get(d, 0) | (1 << b)
        balls, total = [], 0
        for d in range(max(by_distance) + 1):
            total |= by_distance.get(d, 0)
            balls.append(total)
        within.append(tuple(balls))
    component = [0] * size
    for k, part in enumerate(nx.connected_components(g)):
        for a in part:
            component[a] = k
    return Roads(legs=legs, within=tuple(within), component=tuple(component))
