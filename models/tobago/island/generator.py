"""Tobago-like islands made at random, and the bundled maps made with them.

:func:`generate_island` makes an island in the spirit of the game (the published board sections are
not known): a compact blob with a beach coast, lakes and mountains inland, thin winding rivers,
jungle and scrubland filling the rest, a unique largest area of every type, and 4 huts, 3 palms and
3 statues placed by the rules. :func:`random_island` makes small *unconstrained* maps fast, for
property tests. Every random choice comes from the explicit generator given
(:func:`models.core.make_rng`), so the same seed gives the same island.

>>> island = generate_island(7, name="Demo", island_fields=60)
>>> len(island.island_fields), len(island.landmarks)
(60, 10)
>>> island == generate_island(7, name="Demo", island_fields=60)
True

Run ``python -m models.tobago.island.generator`` to rewrite the bundled maps (:data:`BUNDLED_MAPS`).
"""

from __future__ import annotations

import random
from pathlib import Path

from models.core import make_rng
from models.data import bundled_path
from models.errors import AtollError
from models.files import write_bytes_atomically
from models.tobago.island.hexgrid import DIRECTIONS, Field, hex_distance, neighbour, neighbours
from models.tobago.island.landmarks import MIN_SAME_LANDMARK_DISTANCE as APART
from models.tobago.island.map import LAND_TYPES, Island, Landmark, LandmarkKind, Terrain
from models.tobago.island.mapfile import dump_map

SEA, B, J, R, S, L, M = (Terrain.from_letter(letter) for letter in "~BJRSLM")
Terrains = dict[Field, Terrain]
Dist = dict[Field, int]
#: Landmarks of the published game: (kind, count), the most constrained kind first.
LANDMARK_COUNTS = ((LandmarkKind.STATUE, 3), (LandmarkKind.HUT, 4), (LandmarkKind.PALM, 3))
#: The bundled maps: (file stem, name, seed, island fields).
BUNDLED_MAPS: tuple[tuple[str, str, int, int], ...] = (
    ("reef", "Reef", 23, 80),
    ("lagoon", "Lagoon", 46, 110),
    ("caldera", "Caldera", 70, 145),
)


def generate_island(
    seed: int | random.Random, *, name: str, island_fields: int = 110, landmarks: bool = True
) -> Island:
    """A Tobago-like island of exactly ``island_fields`` (50..400) connected land fields that
    loads without warnings: unique largest areas; landmarks by the rules, statues facing the coast.
    """
    if not 50 <= island_fields <= 400:
        raise AtollError(f"must be 50..400, got {island_fields}", field="island_fields")
    rng = make_rng(seed)
    land, width, height = _blob(rng, island_fields)
    dsea = _sea_distance(land)
    for _ in range(200):
        terr = _terrain(rng, land, dsea)
        marks = None if terr is None else _landmarks(rng, terr, dsea) if landmarks else ()
        if terr is not None and marks is not None:
            rows = tuple(tuple(terr.get((c, r), SEA) for c in range(width)) for r in range(height))
            return Island(name=name, terrain=rows, landmarks=marks)
    raise AtollError("no island found in 200 attempts", field="seed")  # pragma: no cover


def _component(start: Field, fields: set[Field]) -> set[Field]:
    """The fields connected to ``start`` within ``fields``."""
    seen, todo = {start}, [start]
    while todo:
        for g in neighbours(todo.pop()):
            if g in fields and g not in seen:
                seen.add(g)
                todo.append(g)
    return seen


def _blob(rng: random.Random, n: int) -> tuple[set[Field], int, int]:
    """A compact blob of ``n`` fields, cropped to a map with a sea ring. A field joins only if its
    land neighbours form one arc, so the sea stays connected (no lake of sea inside)."""
    side = 2 * int((1.5 * n) ** 0.5) + 6
    centre = (side // 2, side // 2)
    land = {centre}
    while len(land) < n:
        cells = [
            g
            for g in sorted({g for f in land for g in neighbours(f)} - land)
            if min(g) > 0 and max(g) < side - 1 and _arcs(g, land) == 1
        ]
        weights = [
            sum(h in land for h in neighbours(g)) ** 4 / (1 + hex_distance(g, centre)) ** 2
            for g in cells
        ]
        land.add(rng.choices(cells, weights)[0])
    minc, minr = min(c for c, _ in land) - 1, min(r for _, r in land) - 1
    minr -= minr & 1  # crop an even number of rows so that odd rows stay odd
    maxc, maxr = max(c for c, _ in land) + 1, max(r for _, r in land) + 1
    return {(c - minc, r - minr) for c, r in land}, maxc - minc + 1, maxr - minr + 1


def _arcs(f: Field, fields: set[Field]) -> int:
    """Into how many separate arcs ``fields`` split the ring of six around ``f``."""
    ring = [g in fields for g in neighbours(f)]
    return sum(ring[i] and not ring[i - 1] for i in range(6))


def _sea_distance(land: set[Field]) -> Dist:
    """Hex distance from each land field to the nearest sea field (1 on the coast)."""
    shore = {g for f in land for g in neighbours(f)} - land
    return {f: min(hex_distance(f, s) for s in shore) for f in land}


def _grow(rng: random.Random, start: Field, size: int, free: set[Field]) -> set[Field]:
    """A contiguous area of up to ``size`` fields from ``start`` over ``free`` (consumed)."""
    area = [start]
    free.discard(start)
    while len(area) < size and (cells := [g for f in area for g in neighbours(f) if g in free]):
        area.append(rng.choice(cells))
        free.discard(area[-1])
    return set(area)


def _terrain(rng: random.Random, land: set[Field], dsea: Dist) -> Terrains | None:
    """Grow the terrain areas; ``None`` when a type is missing or a largest area stays tied."""
    n, free = len(land), set(land)
    terr: Terrains = {}
    inland = {f for f in land if dsea[f] >= 2}
    _paint(rng, terr, free, inland, M, rng.randint(2, 3), n * 0.05)
    _paint(rng, terr, free, inland, L, rng.randint(2, 3), n * 0.035)
    for _ in range(rng.randint(2, 3)):
        _river(rng, terr, free, dsea, max(4, round(n**0.5 * rng.uniform(0.6, 1.1))))
    coast = {f for f in free if dsea[f] == 1}
    beaches = rng.randint(3, 5)
    _paint(rng, terr, free, coast, B, beaches, len(coast) * rng.uniform(0.65, 0.9) / beaches)
    _fill(rng, terr, free)
    if set(terr.values()) != set(LAND_TYPES):
        return None
    tied = _tied(terr)
    for _ in range(40 * len(tied)):  # grow a tied area by one field while that helps
        t, area = rng.choice(tied)
        cells = sorted(g for f in area for g in neighbours(f) if _fits(g, t, terr, dsea))
        if cells:
            g = rng.choice(cells)
            old, terr[g] = terr[g], t
            now = _tied(terr)
            tied, terr[g] = (now, t) if len(now) < len(tied) else (tied, old)
        if not tied:
            break
    return None if tied else terr


def _paint(
    rng: random.Random,
    terr: Terrains,
    free: set[Field],
    where: set[Field],
    t: Terrain,
    count: int,
    mean: float,
) -> None:
    """Grow ``count`` separate areas of type ``t`` of about ``mean`` fields within ``where``."""
    for _ in range(count):
        room = (where & free) - {g for f in terr if terr[f] is t for g in neighbours(f)}
        if room:
            size = max(2, round(mean * rng.uniform(0.5, 1.5)))
            area = _grow(rng, rng.choice(sorted(room)), size, room)
            free -= area
            terr.update(dict.fromkeys(area, t))


def _fits(g: Field, t: Terrain, terr: Terrains, dsea: Dist) -> bool:
    """Whether jungle or scrubland ``g`` may turn into ``t``: beach on the coast, lakes and
    mountains inland, a river only lengthened at an end."""
    if terr.get(g) not in (J, S) or terr[g] is t:
        return False
    if t in (B, L, M):
        return (dsea[g] == 1) == (t is B)
    ends = [h for h in neighbours(g) if terr.get(h) is R]
    return t is not R or (len(ends) == 1 and sum(terr.get(h) is R for h in neighbours(ends[0])) < 2)


def _river(rng: random.Random, terr: Terrains, free: set[Field], dsea: Dist, length: int) -> None:
    """A thin winding river from inland (by a mountain or lake if possible) down to the coast."""
    starts = [f for f in sorted(free) if dsea[f] >= 2 and R not in map(terr.get, neighbours(f))]
    springs = [f for f in starts if {M, L} & set(map(terr.get, neighbours(f)))]
    path = [rng.choice(springs or starts)] if starts else []
    while path and len(path) < length and dsea[path[-1]] > 1:
        here = path[-1]
        steps = [  # no river field around a step but the one it comes from: the river stays thin
            g
            for g in neighbours(here)
            if g in free
            and g not in path
            and not any((h in path or terr.get(h) is R) and h != here for h in neighbours(g))
        ]
        if not steps:
            break
        weights = [0.5 if dsea[g] > dsea[here] else 2.0 for g in steps]  # mostly seaward
        path.append(rng.choices(steps, weights)[0])
    if len(path) >= 3:
        terr.update(dict.fromkeys(path, R))
        free.difference_update(path)


def _fill(rng: random.Random, terr: Terrains, free: set[Field]) -> None:
    """Jungle and scrubland grow from a few seeds, taking turns, until no field is left."""
    regions: list[tuple[Terrain, list[Field]]] = []
    while free:
        if not regions:
            pool = sorted(free)
            kinds = (J, S) if rng.random() < 0.5 else (S, J)
            regions = [(kinds[i % 2], [rng.choice(pool)]) for i in range(max(2, len(pool) // 12))]
        k = rng.randrange(len(regions))
        t, front = regions[k]
        f = front.pop(rng.randrange(len(front)))
        if f in free:
            free.discard(f)
            terr[f] = t
            front.extend(g for g in neighbours(f) if g in free)
        if not front:
            regions.pop(k)


def _tied(terr: Terrains) -> list[tuple[Terrain, set[Field]]]:
    """Every area that ties for the largest of its type, as (type, fields)."""
    out = []
    for t in LAND_TYPES:
        fields, areas = {f for f in terr if terr[f] is t}, []
        while fields:
            areas.append(_component(min(fields), fields))
            fields -= areas[-1]
        tops = [a for a in areas if len(a) == max(map(len, areas))]
        out += [(t, a) for a in tops] if len(tops) > 1 else []
    return out


def _landmarks(rng: random.Random, terr: Terrains, dsea: Dist) -> tuple[Landmark, ...] | None:
    """4 huts, 3 palms, 3 statues by the rules, or ``None`` when they do not fit."""
    out: list[Landmark] = []
    for kind, count in LANDMARK_COUNTS:
        statue = kind is LandmarkKind.STATUE
        pool = rng.sample(sorted(set(terr) - {lm.at for lm in out}), len(terr) - len(out))
        if statue:  # inland, best two steps from a beach it can look at
            pool = [f for f in pool if all(g in terr for g in neighbours(f))]
            pool.sort(key=lambda f: (dsea[f], B not in {terr[g] for g in neighbours(f)}))
        placed: list[Field] = []
        for f in pool:
            if len(placed) < count and all(hex_distance(f, p) >= APART for p in placed):
                placed.append(f)
        if len(placed) < count:
            return None
        for f in placed:  # a statue looks toward the nearest coast, at a beach if it can
            look = {d: neighbour(f, d) for d in rng.sample(DIRECTIONS, 6)} if statue else {}
            facing = min(look, key=lambda d: (dsea[look[d]], terr[look[d]] is not B), default=None)
            out.append(Landmark(kind, f, facing))
    return tuple(out)


def random_island(rng: random.Random, *, max_width: int = 9, max_height: int = 9) -> Island:
    """A small random valid map, fast: random letters inside a sea ring, 0..3 random landmarks.
    Unconstrained otherwise: ties, close landmarks (loading warns) and scattered land occur."""
    if max_width < 4 or max_height < 4:
        raise AtollError("the map needs at least 4x4 fields", field="max_width/max_height")
    width, height = rng.randint(4, max_width), rng.randint(4, max_height)
    sea_share = rng.random() * 0.4
    must = (rng.randint(1, width - 2), rng.randint(1, height - 2))  # at least this one is land
    rows = [[SEA] * width for _ in range(height)]
    land: list[Field] = []
    for r in range(1, height - 1):
        for c in range(1, width - 1):
            if rng.random() >= sea_share or (c, r) == must:
                rows[r][c] = rng.choice(LAND_TYPES)
                land.append((c, r))
    marks = []
    for f in rng.sample(land, min(len(land), rng.randint(0, 3))):
        kind, facing = rng.choice(tuple(LandmarkKind)), None
        if kind is LandmarkKind.STATUE:
            if all(rows[r][c] is not SEA for c, r in neighbours(f)):
                facing = rng.choice(DIRECTIONS)
            else:
                kind = rng.choice((LandmarkKind.PALM, LandmarkKind.HUT))
        marks.append(Landmark(kind=kind, at=f, facing=facing))
    return Island(name="Random", terrain=tuple(map(tuple, rows)), landmarks=tuple(marks))


def large_island(rng: random.Random, width: int, height: int) -> Island:
    """A big map for scale tests (up to the 500x500 a map file allows): terrain in 4x4 patches
    with a scattering of single fields, a sea border, and a palm, a hut and a statue per 400
    fields. Not Tobago-like: it exists to measure time and memory on big maps."""
    if not (8 <= width <= 500 and 8 <= height <= 500):
        raise AtollError(f"must be 8..500 fields a side, got {width}x{height}", field="size")
    rows = [[SEA] * width for _ in range(height)]
    land: list[Field] = []
    patches: dict[tuple[int, int], Terrain] = {}
    for r in range(1, height - 1):
        for c in range(1, width - 1):
            patch = patches.setdefault((c // 4, r // 4), rng.choice((*LAND_TYPES, SEA)))
            terrain = rng.choice(LAND_TYPES) if rng.random() < 0.1 else patch
            if terrain is not SEA:
                rows[r][c] = terrain
                land.append((c, r))
    if not land:
        rows[1][1] = J
        land.append((1, 1))
    marks = []
    per_kind = max(1, len(land) // 400)
    inland = [f for f in land if all(rows[r][c] is not SEA for c, r in neighbours(f))]
    for kind in LandmarkKind:
        where = inland if kind is LandmarkKind.STATUE else land  # statues stand inland
        for f in rng.sample(where, min(len(where), per_kind)):
            facing = rng.choice(DIRECTIONS) if kind is LandmarkKind.STATUE else None
            marks.append(Landmark(kind=kind, at=f, facing=facing))
    unique = {lm.at: lm for lm in marks}  # one landmark per field
    return Island(
        name=f"Large {width}x{height}",
        terrain=tuple(map(tuple, rows)),
        landmarks=tuple(unique.values()),
    )


def bundled_header(name: str, seed: int, size: int) -> str:
    """The comment at the top of a bundled map file: what it is and how it was made."""
    return (
        f"{name}: one of atoll's own island designs, in the spirit of Tobago (Zoch, 2009).\n"
        "It is NOT one of the published board sections (their exact maps are not known).\n"
        "Generated by models/tobago/island/generator.py with "
        f'seed {seed}, name "{name}", size {size}:\n'
        f'  generate_island({seed}, name="{name}", island_fields={size})\n'
        "Regenerate all bundled maps with: python -m models.tobago.island.generator"
    )


def write_bundled_maps(folder: str | Path | None = None) -> list[Path]:
    """(Re)write the maps of :data:`BUNDLED_MAPS` into ``folder`` (default: the bundled maps)."""
    out = Path(folder) if folder is not None else bundled_path("tobago", "maps")
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    for stem, name, seed, size in BUNDLED_MAPS:
        island = generate_island(seed, name=name, island_fields=size)
        paths.append(out / f"{stem}.toml")
        text = dump_map(island, header=bundled_header(name, seed, size))
        write_bytes_atomically(paths[-1], text.encode("utf-8"))
    return paths


if __name__ == "__main__":
    for written in write_bundled_maps():
        print(written)
