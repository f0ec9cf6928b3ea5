"""Tests of the island generator and the bundled maps made with it."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import warnings
from itertools import combinations
from pathlib import Path

import networkx as nx
import pytest

from models.errors import AtollError
from models.tobago.island.generator import (
    BUNDLED_MAPS,
    generate_island,
    random_island,
    write_bundled_maps,
)
from models.tobago.island.hexgrid import DIRECTIONS, hex_distance, neighbours
from models.tobago.island.map import LAND_TYPES, Island, LandmarkKind, Terrain
from models.tobago.island.mapfile import bundled_maps, dump_map, load_bundled_map, parse_map

COUNTS = {LandmarkKind.HUT: 4, LandmarkKind.PALM: 3, LandmarkKind.STATUE: 3}
ROOT = Path(__file__).resolve().parents[3]


def strict_round_trip(island: Island) -> Island:
    """``parse_map(dump_map(island))`` with every warning turned into an error."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        return parse_map(dump_map(island))


def sea_distance(island: Island) -> dict[tuple[int, int], int]:
    d = island.distances_to(island.fields_of(Terrain.SEA))
    return {f: int(v) for f, v in zip(island.island_fields, d, strict=True)}


def assert_tobago_like(island: Island) -> None:
    """The published component rules (tobago-components.md) and the generator's promises."""
    # every edge field is sea, the land is one connected island
    for c, r in island.fields:
        if r in (0, island.height - 1) or c in (0, island.width - 1):
            assert island.terrain_at((c, r)) is Terrain.SEA
    land = set(island.island_fields)
    assert nx.is_connected(island.graph.subgraph(land))
    # all six land types, each with a unique largest area
    for t in LAND_TYPES:
        assert island.areas[t], f"no {t.word}"
        assert len(island.largest_areas(t)) == 1, f"largest {t.word} tied"
    # beach on the coast; lakes and mountains inland
    dsea = sea_distance(island)
    assert all(dsea[f] == 1 for f in island.fields_of(Terrain.BEACH))
    assert all(dsea[f] >= 2 for t in (Terrain.LAKE, Terrain.MOUNTAIN) for f in island.fields_of(t))
    # landmarks: 4 huts, 3 palms, 3 statues, one per field, identical ones >= 4 apart
    assert {k: len(island.landmarks_of(k)) for k in LandmarkKind} == COUNTS
    assert len({lm.at for lm in island.landmarks}) == len(island.landmarks)
    assert all(lm.at in land for lm in island.landmarks)
    for kind in LandmarkKind:
        for a, b in combinations(island.landmarks_of(kind), 2):
            assert hex_distance(a.at, b.at) >= 4
    # statues: never next to the sea, each facing a neighbour toward the nearest coast
    for lm in island.landmarks:
        if lm.kind is not LandmarkKind.STATUE:
            assert lm.facing is None
            continue
        assert lm.facing in DIRECTIONS
        assert all(island.terrain_at(n) is not Terrain.SEA for n in neighbours(lm.at))
        gaze = lm.gaze
        assert gaze is not None
        assert dsea[gaze] == min(dsea[n] for n in neighbours(lm.at)) == dsea[lm.at] - 1


# -- generate_island ------------------------------------------------------------------------------


def test_same_seed_same_island() -> None:
    a = generate_island(5, name="A", island_fields=90)
    b = generate_island(5, name="A", island_fields=90)
    assert a == b
    assert dump_map(a) == dump_map(b)
    assert generate_island(random.Random(5), name="A", island_fields=90) == a
    assert generate_island(6, name="A", island_fields=90) != a


def test_generator_leaves_the_global_random_alone() -> None:
    state = random.getstate()
    generate_island(1, name="A", island_fields=60)
    random_island(random.Random(1))
    assert random.getstate() == state


def test_same_island_whatever_the_hash_seed() -> None:
    code = (
        "from models.tobago.island.generator import generate_island as g; "
        "from models.tobago.island.mapfile import dump_map; "
        "print(dump_map(g(3, name='H', island_fields=70)))"
    )
    outputs = set()
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(ROOT)}
        run = subprocess.run(
            [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
        )
        outputs.add(run.stdout)
    assert len(outputs) == 1
    assert outputs.pop() == dump_map(generate_island(3, name="H", island_fields=70)) + "\n"


@pytest.mark.parametrize("seed", range(31))
def test_generated_island_loads_without_warnings_and_keeps_the_rules(seed: int) -> None:
    size = (60, 80, 110, 145)[seed % 4]
    island = generate_island(seed, name=f"Gen {seed}", island_fields=size)
    assert len(island.island_fields) == size
    assert strict_round_trip(island) == island
    assert_tobago_like(island)


def test_default_size_is_110() -> None:
    island = generate_island(0, name="Default")
    assert len(island.island_fields) == 110
    assert_tobago_like(strict_round_trip(island))


def test_without_landmarks() -> None:
    island = generate_island(2, name="Bare", island_fields=70, landmarks=False)
    assert island.landmarks == ()
    assert strict_round_trip(island) == island


@pytest.mark.parametrize("size", [0, 49, 401])
def test_size_out_of_range_is_an_error(size: int) -> None:
    with pytest.raises(AtollError, match="island_fields"):
        generate_island(1, name="X", island_fields=size)


def test_a_seed_must_be_an_integer_or_a_generator() -> None:
    with pytest.raises(AtollError, match="seed"):
        generate_island("7", name="X")  # type: ignore[arg-type]


# -- random_island --------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(100))
def test_random_island_is_valid_and_round_trips(seed: int) -> None:
    island = random_island(random.Random(seed))
    assert 4 <= island.width <= 9 and 4 <= island.height <= 9
    assert island.island_fields
    land = set(island.island_fields)
    assert len(island.landmarks) <= 3
    assert len({lm.at for lm in island.landmarks}) == len(island.landmarks)
    for lm in island.landmarks:
        assert lm.at in land
        if lm.kind is LandmarkKind.STATUE:
            assert lm.facing in DIRECTIONS
            assert all(island.terrain_at(n) is not Terrain.SEA for n in neighbours(lm.at))
        else:
            assert lm.facing is None
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # ties and close landmarks are allowed here
        assert parse_map(dump_map(island)) == island


def test_random_island_respects_the_maximum_size_and_varies() -> None:
    rng = random.Random(0)
    islands = [random_island(rng, max_width=5, max_height=6) for _ in range(300)]
    assert all(4 <= i.width <= 5 and 4 <= i.height <= 6 for i in islands)
    assert len({dump_map(i) for i in islands}) > 250
    kinds = {lm.kind for i in islands for lm in i.landmarks}
    assert kinds == set(LandmarkKind)


def test_random_island_too_small_is_an_error() -> None:
    with pytest.raises(AtollError):
        random_island(random.Random(0), max_width=3)


def test_random_island_is_deterministic() -> None:
    a = [random_island(random.Random(9)) for _ in range(2)]
    assert a[0] == a[1]


# -- bundled maps ---------------------------------------------------------------------------------


def test_the_three_bundled_maps_are_there() -> None:
    assert {"reef", "lagoon", "caldera"} <= set(bundled_maps())


@pytest.mark.parametrize(("stem", "name", "seed", "size"), BUNDLED_MAPS)
def test_bundled_map_loads_without_warnings(stem: str, name: str, seed: int, size: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        island = load_bundled_map(stem)
    assert island.name == name
    assert 70 <= len(island.island_fields) <= 150
    assert len(island.island_fields) == size
    assert_tobago_like(island)
    # looks like an island: most of the coast is beach
    dsea = sea_distance(island)
    coast = [f for f in island.island_fields if dsea[f] == 1]
    assert sum(island.terrain_at(f) is Terrain.BEACH for f in coast) >= len(coast) / 2


@pytest.mark.parametrize(("stem", "name", "seed", "size"), BUNDLED_MAPS)
def test_TB_S1_bundled_maps_are_own_designs_with_all_terrain(
    stem: str, name: str, seed: int, size: int
) -> None:
    text = bundled_maps()[stem].read_text(encoding="utf-8")
    header = "\n".join(line for line in text.splitlines() if line.startswith("#"))
    assert "atoll's own island designs" in header
    assert "in the spirit of Tobago" in header
    assert "NOT one of the published board sections" in header
    assert f'generator.py with seed {seed}, name "{name}", size {size}' in header
    island = load_bundled_map(stem)
    assert {island.terrain_at(f) for f in island.island_fields} == set(LAND_TYPES)


def test_bundled_maps_are_reproducible(tmp_path: Path) -> None:
    for path in write_bundled_maps(tmp_path):
        bundled = bundled_maps()[path.stem]
        assert path.read_text(encoding="utf-8") == bundled.read_text(encoding="utf-8")


@pytest.mark.parametrize("seed", range(40))
def test_areas_are_the_connected_components_of_the_hex_graph(seed: int) -> None:
    """Island.areas (a flood fill, so that reading a map needs no networkx) are the connected
    components of each terrain's fields in Island.graph, in the same order."""
    island = random_island(random.Random(seed))
    islands = (
        [island, *(load_bundled_map(stem) for stem in bundled_maps())] if seed == 0 else [island]
    )
    for isl in islands:
        order = {f: i for i, f in enumerate(isl.fields)}
        for t in Terrain:
            sub = isl.graph.subgraph(isl.fields_of(t))
            comps = [frozenset(c) for c in nx.connected_components(sub)]
            comps.sort(key=lambda c: (-len(c), min(order[f] for f in c)))
            assert isl.areas[t] == tuple(comps), (isl.name, t)
