"""Crafted tile sets and boards for the exhaustive search's corner cases: a tile file written
and read back as a designer's would be, tiles laid on a board by hand, and the search of one
feature made from them.

Tiles are written as ``(id, edges, pieces)`` with pieces as in the tile format (sides N, E, S,
W; ``docs/southseas-tile-format.md``); :func:`fillers` gives tiles of distinct shapes without
bridges, which take up shape numbers without fitting where a bridge must go on.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from models.southseas.board import Board
from models.southseas.components import TileSet
from models.southseas.tilefile import dump_tiles, load_tiles, parse_tiles
from solvers.southseas.exhaust import _Search
from solvers.southseas.features import Supply, open_features

Tile = tuple[str, str, list[dict[str, Any]]]


def bridge_start() -> Tile:
    """A start tile whose bridge runs from a junction stone south, sea all around."""
    return (
        "start",
        "SSBS",
        [{"kind": "bridge", "sides": ["S"], "end": "junction"},
         {"kind": "sea", "sides": ["N", "E", "W", "S.E", "S.W"]}],
    )  # fmt: skip


def whole(edges: str) -> Tile:
    """A tile of island and sea sides only (``edges``), its island sides one part and its sea
    sides another (named after its sides)."""
    parts = [[s for s, e in zip("NESW", edges, strict=True) if e == k] for k in "IS"]
    return edges.lower(), edges, _pieces(edges, parts)


def fillers(n: int) -> Iterator[Tile]:
    """``n`` tiles of distinct shapes with island and sea sides only, none of them one of
    :func:`whole`'s: each other way of cutting the island sides and the sea sides of each
    pattern into parts, one tile each."""
    made = 0
    for edges in ("".join(p) for p in itertools.product("SI", repeat=4)):
        island = [s for s, e in zip("NESW", edges, strict=True) if e == "I"]
        sea = [s for s, e in zip("NESW", edges, strict=True) if e == "S"]
        for islands, seas in itertools.product(_cuts(island), _cuts(sea)):
            if len(islands) <= 1 and len(seas) <= 1:
                continue  # the whole tile's shape
            if made == n:
                return
            yield f"filler-{made}", edges, _pieces(edges, [*islands, *seas])
            made += 1
    raise ValueError(f"only {made} filler shapes")


def _cuts(sides: list[str]) -> Iterator[list[list[str]]]:
    """Every partition of ``sides`` into parts (none for no sides)."""
    if not sides:
        yield []
        return
    first, rest = sides[0], sides[1:]
    for cut in _cuts(rest):
        yield [[first], *cut]
        for i in range(len(cut)):
            yield [*cut[:i], [first, *cut[i]], *cut[i + 1 :]]


def _pieces(edges: str, parts: list[list[str]]) -> list[dict[str, Any]]:
    kind = {"I": "island", "S": "sea"}
    return [{"kind": kind[edges["NESW".index(p[0])]], "sides": p} for p in parts if p]


def tile_file(folder: Path, tiles: Sequence[Tile], counts: dict[str, int]) -> TileSet:
    """The tiles (one copy each unless ``counts`` says; the first is the start) written as a
    tile file in ``folder`` and read back."""
    entries = [
        {"id": i, "count": counts.get(i, 1), "edges": e, "piece": p, "start": k == 0}
        for k, (i, e, p) in enumerate(tiles)
    ]
    path = folder / "crafted-tiles.toml"
    path.write_text(dump_tiles(parse_tiles({"tile": entries}, source=path)))
    return load_tiles(path)


def search_of(tiles: TileSet, laid: Sequence[tuple[str, tuple[int, int]]], budget: int) -> _Search:
    """The search of the start tile's bridge on the board of ``laid`` (tile id and position,
    unturned, each fitting when laid), with every copy not on the board usable."""
    by_id = {t.id: t for t in tiles.types}
    board = Board(tiles.start)
    used = dict.fromkeys(by_id, 0)
    for name, at in laid:
        assert board.fits(by_id[name], at, 0), (name, at)
        board.place(by_id[name], at, 0)
        used[name] += 1
    types = tuple(t for t in tiles.types if not t.start)
    counts = tuple(t.count - used[t.id] for t in types)
    features = open_features(board)
    bridge = next(f for f in features if f.at == (0, 0, 0))
    ports = {f.root: f.ports for f in features}
    return _Search(board, bridge, Supply(types, counts, counts), ports, budget, math.inf)
