"""South Seas component tables: the tile set and the ships as pandas frames, and their statistics.

A designer checks a tile set (the bundled reconstruction or a transcription of the real game) by
its summary numbers: tiles per edge pattern, symbols per ware, fish groups, boats, markets and
bridge ends. Every count in :func:`tile_statistics` is over copies (a tile with ``count = 3``
counts three times) unless the column is ``types``.

>>> from models.southseas.tilefile import load_tiles
>>> tiles = load_tiles()
>>> frame = tile_frame(tiles)
>>> int(frame["count"].sum()), int((frame["count"] * frame["boats"]).sum())
(73, 19)
>>> canonical_pattern("SSBS"), canonical_pattern("IBSB")
('BSSS', 'BIBS')
>>> int(tile_statistics(tiles)["fish groups"].loc[2, "groups"])
12
"""

from __future__ import annotations

import pandas as pd

from models.southseas.components import BRIDGE_ENDS, Kind, Piece, TileSet, TileType
from models.southseas.ships import ShipSet

#: Ware symbols and the piece kind that carries them.
SYMBOLS: dict[str, Kind] = {"bananas": Kind.ISLAND, "shells": Kind.BRIDGE, "fish": Kind.SEA}


def canonical_pattern(edges: str) -> str:
    """The lexicographically smallest rotation of an edge string: one name per pattern."""
    return min(edges[r:] + edges[:r] for r in range(len(edges)))


def _symbols(piece: Piece, ware: str) -> int:
    return sum(piece.fish) if ware == "fish" else int(getattr(piece, ware))


def _groups(tile: TileType, size: int) -> int:
    return sum(p.fish.count(size) for p in tile.pieces)


def _ends(tile: TileType, end: str) -> int:
    return sum(p.end == end for p in tile.pieces)


def tile_frame(tiles: TileSet) -> pd.DataFrame:
    """One row per tile type, in file order; symbol columns count one copy of the tile."""
    rows = [
        {
            "id": t.id,
            "count": t.count,
            "edges": t.edges,
            "pattern": canonical_pattern(t.edges),
            "start": t.start,
            "market": t.market,
            "pieces": "; ".join(f"{i}: {p.describe()}" for i, p in enumerate(t.pieces)),
            "bananas": sum(_symbols(p, "bananas") for p in t.pieces),
            "shells": sum(_symbols(p, "shells") for p in t.pieces),
            "fish": sum(_symbols(p, "fish") for p in t.pieces),
            "fish_1": _groups(t, 1),
            "fish_2": _groups(t, 2),
            "boats": t.boats,
            "junction_ends": _ends(t, "junction"),
        }
        for t in tiles.types
    ]
    return pd.DataFrame(rows)


def _symbol_table(tiles: TileSet) -> pd.DataFrame:
    rows = []
    for ware, kind in SYMBOLS.items():
        pieces = [(t, p) for t in tiles.types for p in t.pieces if p.kind is kind]
        rows.append(
            {
                "ware": ware,
                "on": kind.value,
                "symbols": sum(t.count * _symbols(p, ware) for t, p in pieces),
                "pieces": sum(t.count for t, _ in pieces),
                "pieces without": sum(t.count for t, p in pieces if not _symbols(p, ware)),
            }
        )
    return pd.DataFrame(rows).set_index("ware")


def _fish_table(tiles: TileSet) -> pd.DataFrame:
    rows = []
    for size in (1, 2):
        groups = sum(t.count * _groups(t, size) for t in tiles.types)
        rows.append({"size": size, "groups": groups, "fish": groups * size})
    return pd.DataFrame(rows).set_index("size")


def _split_table(parts: dict[str, list[TileType]]) -> pd.DataFrame:
    rows = [
        {"": name, "types": len(ts), "tiles": sum(t.count for t in ts)}
        for name, ts in parts.items()
    ]
    return pd.DataFrame(rows).set_index("")


def _boat_fish(tile: TileType) -> bool:
    return any(p.boat and p.fish for p in tile.pieces)


def _boat_table(tiles: TileSet) -> pd.DataFrame:
    boat_types = [t for t in tiles.types if t.boats]
    return _split_table(
        {
            "boat piece with fish": [t for t in boat_types if _boat_fish(t)],
            "boat piece without fish": [t for t in boat_types if not _boat_fish(t)],
            "all boat tiles": boat_types,
        }
    )


def _market_table(tiles: TileSet) -> pd.DataFrame:
    markets = [t for t in tiles.types if t.market]
    return _split_table(
        {
            "with a bridge": [t for t in markets if _ends(t, "market")],
            "in open sea": [t for t in markets if not _ends(t, "market")],
            "all market tiles": markets,
        }
    )


def _end_table(tiles: TileSet) -> pd.DataFrame:
    rows = []
    for end in BRIDGE_ENDS:
        having = [t for t in tiles.types if _ends(t, end)]
        rows.append(
            {
                "end": end,
                "ends": sum(t.count * _ends(t, end) for t in tiles.types),
                "tiles": sum(t.count for t in having),
                "types": len(having),
            }
        )
    return pd.DataFrame(rows).set_index("end")


def _pattern_table(tiles: TileSet) -> pd.DataFrame:
    frame = tile_frame(tiles)
    table = frame.groupby("pattern").agg(types=("id", "size"), tiles=("count", "sum"))
    return table.sort_values(["tiles", "types"], ascending=False, kind="stable")


def tile_statistics(tiles: TileSet) -> dict[str, pd.DataFrame]:
    """Summary tables of a tile set, by name.

    ``patterns`` (tiles per edge pattern up to rotation), ``symbols`` (per ware: symbols, pieces,
    pieces without a symbol), ``fish groups`` (by size), ``boats``, ``markets`` and ``bridge ends``
    (by end kind; the ``tiles`` of the junction row is the number of junction stones).
    """
    totals = {
        "tiles": tiles.total,
        "types": len(tiles.types),
        "start tile": tiles.start.id,
        "reconstruction": tiles.reconstruction,
    }
    return {
        "summary": pd.DataFrame({"value": pd.Series(totals, dtype=object)}),
        "patterns": _pattern_table(tiles),
        "symbols": _symbol_table(tiles),
        "fish groups": _fish_table(tiles),
        "boats": _boat_table(tiles),
        "markets": _market_table(tiles),
        "bridge ends": _end_table(tiles),
    }


def _ship_kinds(fixed: int, any_count: int, same: int) -> str:
    names = [name for name, n in (("fixed", fixed), ("any", any_count), ("same", same)) if n]
    return "+".join(names)


def ship_frame(ships: ShipSet) -> pd.DataFrame:
    """One row per ship: points, the fixed wares, wares of choice, the identical set, the total."""
    rows = []
    for s in ships.ships:
        same = s.same_types * s.same_each
        rows.append(
            {
                "id": s.id,
                "points": s.points,
                "shells": s.fixed[0],
                "bananas": s.fixed[1],
                "fish": s.fixed[2],
                "any": s.any,
                "same_types": s.same_types,
                "same_each": s.same_each,
                "wares": sum(s.fixed) + s.any + same,
                "kinds": _ship_kinds(sum(s.fixed), s.any, same),
            }
        )
    return pd.DataFrame(rows)
