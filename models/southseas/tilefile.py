"""The South Seas tile file: tiles read from TOML and validated, and written back.

The tile format (``data/tiles.toml``) describes each tile by its four sides and its pieces::

    [[tile]]
    id = "island-bridge"     # unique name
    count = 2                # copies in the game
    edges = "IBSS"           # sides N, E, S, W: I island, B bridge (sea-bridge-sea), S sea
    # start = true           # exactly one tile entry is the start tile (one copy starts)

    [[tile.piece]]
    kind = "island"          # island | bridge | sea | market
    sides = ["N"]            # the island sides this island part fills
    bananas = 1

    [[tile.piece]]
    kind = "bridge"
    sides = ["E"]            # bridge sides it reaches (their middle ports)
    end = "island"           # a bridge reaching ONE side ends inside: junction | island | market
    shells = 1

    [[tile.piece]]
    kind = "sea"
    sides = ["S", "W", "E.N", "E.S"]   # whole sea sides, and halves of bridge sides
    fish = [2, 1]            # fish groups of 1 or 2 symbols
    boat = true              # a fishing boat on this sea part

Drawn, that tile is (north up; ``~`` sea, ``#`` island, ``=`` bridge, ``o`` its end)::

    +-----------+
    |###########|
    |  #####o===|   the bridge leaves the island and reaches the E side's middle
    |~~~~~~~~~~~|   E.N (above the bridge) and E.S (below) are both part of the one sea part
    |~~ <>< ~~~~|
    +-----------+

Sides and halves: ``N``, ``E``, ``S``, ``W``; halves by corner: ``N.W N.E E.N E.S S.E S.W W.S W.N``.
An island or sea piece naming a side takes all three of its ports; a bridge piece naming a side
takes its middle port; a sea piece takes a bridge side's halves by name. Every port of every side
must belong to exactly one piece. A market piece has no sides (it is the tile's centre).

A tile type has 1 to :data:`MAX_COPIES` copies, a tile set at most :data:`MAX_TILES` tiles.

>>> tiles = load_tiles()
>>> tiles.total, tiles.start.id is not None
(73, True)
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from models.data import (
    NOT_PRINTABLE,
    brief,
    bundled_path,
    component_entries,
    key_name,
    printable,
    read_toml,
)
from models.errors import AtollError
from models.southseas.components import BRIDGE_ENDS, EDGE_KINDS, Kind, Piece, TileSet, TileType
from models.southseas.geometry import SIDES, parse_port_name, port_name

#: Copies of one tile type: the base game has 73 tiles in all; 200 of one kind is already a
#: different game.
MAX_COPIES = 200
#: Tiles in a set, all copies counted: room for the base game with every expansion, and a
#: bound on the draw stack a game and its chance nodes carry.
MAX_TILES = 500
#: The most pieces a tile can have: every one of its 12 ports its own piece, and a market.
_MAX_PIECES = 13
#: Ware symbols (bananas, shells) or fish groups on one piece: a real piece has 1 to 3.
_MAX_SYMBOLS = 10


def load_tiles(path: str | Path | None = None) -> TileSet:
    """Read and validate a tile set; the bundled reconstruction when no path is given."""
    path = Path(path) if path is not None else bundled_path("southseas", "tiles.toml")
    return parse_tiles(read_toml(path), source=path)


def parse_tiles(data: Mapping[str, Any], *, source: str | Path = "<tiles>") -> TileSet:
    raw, reconstruction, note = component_entries(
        data, source=source, key="tile", what="a tile set", max_entries=MAX_TILES
    )
    types = []
    seen: set[str] = set()
    total = 0
    for i, entry in enumerate(raw):
        tile = _parse_tile(entry, source, i)
        if tile.id in seen:
            raise AtollError(
                f"duplicate tile id {brief(tile.id)}", source=source, entry=f"tile[{i}]", field="id"
            )
        seen.add(tile.id)
        types.append(tile)
        total += tile.count
        if total > MAX_TILES:
            raise AtollError(
                f"the tiles so far come to {total} copies: a tile set has at most {MAX_TILES}",
                source=source,
                entry=f"tile {brief(tile.id)}",
                field="count",
            )
    starts = [t.id for t in types if t.start]
    if len(starts) != 1:
        what = "no start tile" if not starts else f"several start tiles: {', '.join(starts)}"
        raise AtollError(
            f"{what} (mark exactly one tile with start = true)", source=source, field="start"
        )
    return TileSet(tuple(types), str(source), reconstruction, note)


def _parse_tile(entry: Any, source: str | Path, index: int) -> TileType:
    where = f"tile[{index}]"
    if not isinstance(entry, dict):
        raise AtollError("must be a table", source=source, entry=where)
    if "id" not in entry:
        raise AtollError("missing (a string)", source=source, entry=where, field="id")
    tile_id = entry["id"]
    if not isinstance(tile_id, str):
        raise AtollError(
            f"must be a string, got {brief(tile_id)}", source=source, entry=where, field="id"
        )
    if not tile_id:
        raise AtollError("must not be empty", source=source, entry=where, field="id")
    if not printable(tile_id):
        raise AtollError(
            f"{NOT_PRINTABLE}, got {brief(tile_id)}", source=source, entry=where, field="id"
        )
    where = f"tile {brief(tile_id)}"

    def fail(field: str | None, message: str, entry: str = where) -> AtollError:
        return AtollError(message, source=source, entry=entry, field=field)

    extra = set(entry) - {"id", "count", "edges", "start", "piece"}
    if extra:
        raise fail(key_name(sorted(extra)[0]), "unknown field")
    if "count" not in entry:
        raise fail("count", f"missing (a whole number 1 to {MAX_COPIES})")
    count = entry["count"]
    if not _whole(count, 1, MAX_COPIES):
        raise fail("count", f"must be a whole number 1 to {MAX_COPIES}, got {brief(count)}")
    if "edges" not in entry:
        raise fail("edges", "missing (4 letters for N, E, S, W: I, B or S)")
    edges = entry["edges"]
    if not isinstance(edges, str) or len(edges) != 4:
        raise fail("edges", f"must be 4 letters for N, E, S, W (I, B, S), got {brief(edges)}")
    for side, letter in zip(SIDES, edges, strict=True):
        if letter not in EDGE_KINDS:
            raise fail("edges", f"unknown edge kind {brief(letter)} on side {side} (I, B or S)")
    start = entry.get("start", False)
    if not isinstance(start, bool):
        raise fail("start", f"must be true or false, got {brief(start)}")
    raw_pieces = entry.get("piece")
    if not isinstance(raw_pieces, list) or not raw_pieces:
        got = f", got {brief(raw_pieces)}" if "piece" in entry else ""
        raise fail("piece", f"a tile needs [[tile.piece]] entries{got}")
    if len(raw_pieces) > _MAX_PIECES:
        raise fail("piece", f"{len(raw_pieces)} pieces: a tile has at most {_MAX_PIECES}")
    owner: dict[int, int] = {}
    pieces = []
    for j, raw in enumerate(raw_pieces):
        piece = _parse_piece(raw, edges, f"{where} piece[{j}]", source)
        for p in piece.ports:
            if p in owner:
                raise fail(
                    "sides",
                    f"{port_name(p)} is claimed twice (pieces {owner[p]} and {j})",
                    entry=f"{where} piece[{j}]",
                )
            owner[p] = j
        pieces.append(piece)
    missing = [port_name(p) for p in range(12) if p not in owner]
    if missing:
        raise fail("piece", f"no piece covers {', '.join(missing)}")
    kinds = {p.kind for p in pieces}
    if sum(p.kind is Kind.MARKET for p in pieces) > 1:
        raise fail("piece", "a tile has at most one market")
    for j, piece in enumerate(pieces):
        if piece.end == "island" and Kind.ISLAND not in kinds:
            raise fail(
                "end",
                "the bridge ends at an island but the tile has none",
                entry=f"{where} piece[{j}]",
            )
        if piece.end == "market" and Kind.MARKET not in kinds:
            raise fail(
                "end",
                "the bridge ends at a market but the tile has none",
                entry=f"{where} piece[{j}]",
            )
    return TileType(tile_id, count, edges, tuple(pieces), start)


def _parse_piece(raw: Any, edges: str, where: str, source: str | Path) -> Piece:
    def fail(field: str | None, message: str) -> AtollError:
        return AtollError(message, source=source, entry=where, field=field)

    if not isinstance(raw, dict):
        raise fail(None, "must be a table")
    allowed = {"kind", "sides", "bananas", "shells", "fish", "boat", "end"}
    if set(raw) - allowed:
        raise fail(key_name(sorted(set(raw) - allowed)[0]), "unknown field")
    kinds = [k.value for k in Kind]
    if "kind" not in raw:
        raise fail("kind", f"missing (one of {', '.join(kinds)})")
    if raw["kind"] not in kinds:
        raise fail("kind", f"unknown kind {brief(raw['kind'])} (one of {', '.join(kinds)})")
    kind = Kind(raw["kind"])
    sides = raw.get("sides", [])
    if not isinstance(sides, list) or not all(isinstance(s, str) for s in sides):
        raise fail("sides", f'must be a list of side names like "N" or "E.S", got {brief(sides)}')
    if len(sides) > len(SIDES) * 3:
        raise fail("sides", f"{len(sides)} side names: a tile has {len(SIDES)} sides")
    ports: list[int] = []
    for name in sides:
        named = parse_port_name(name)
        if named is None:
            raise fail("sides", f"unknown side {brief(name)} (N, E, S, W or halves like N.W)")
        middle = named[0]
        side = middle // 3
        edge = EDGE_KINDS[edges[side]]
        half = "." in name
        if kind is Kind.MARKET:
            raise fail("sides", "a market is the tile's centre and names no sides")
        if half:
            if kind is not Kind.SEA or edge is not Kind.BRIDGE:
                raise fail("sides", f"{name}: only sea parts take halves, of bridge sides")
            ports.append(middle)
        elif edge is not kind:
            raise fail(
                "sides",
                f"{name} is {_a(edge.value)} side, not {kind.value}: "
                "the piece names a side the tile does not have",
            )
        elif kind is Kind.BRIDGE:
            ports.append(middle)
        else:
            ports.extend((middle - 1, middle, middle + 1))
    piece = Piece(kind, tuple(sorted(set(ports))), **_symbols(raw, kind, fail))
    if kind is Kind.BRIDGE:
        bridge_sides = len(piece.ports)
        if bridge_sides == 0 or (bridge_sides == 1 and piece.end is None):
            raise fail(
                "end",
                "a bridge without ends: one side needs end = junction, island "
                "or market; two sides run through",
            )
        if bridge_sides == 2 and piece.end is not None:
            raise fail("end", "a bridge reaching two sides runs through and has no inner end")
        if bridge_sides > 2:
            raise fail("sides", "a bridge piece reaches at most two sides (split it at a junction)")
    if kind in (Kind.SEA, Kind.ISLAND) and not piece.ports:
        article = "an" if kind is Kind.ISLAND else "a"
        raise fail("sides", f"{article} {kind.value} part must reach at least one side")
    return piece


def _symbols(raw: Mapping[str, Any], kind: Kind, fail: Any) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for field, allowed_kind in (("bananas", Kind.ISLAND), ("shells", Kind.BRIDGE)):
        if field in raw:
            value = raw[field]
            if kind is not allowed_kind:
                raise fail(field, f"{field} lie on {allowed_kind.value} pieces only")
            if not _whole(value, 0, _MAX_SYMBOLS):
                raise fail(field, f"must be a whole number 0 to {_MAX_SYMBOLS}, got {brief(value)}")
            out[field] = value
    if "fish" in raw or "boat" in raw:
        if kind is not Kind.SEA:
            raise fail("fish" if "fish" in raw else "boat", "fish and boats lie on sea pieces only")
        fish = raw.get("fish", [])
        if not isinstance(fish, list) or any(
            not isinstance(g, int) or isinstance(g, bool) or g not in (1, 2) for g in fish
        ):
            raise fail("fish", f"fish come in groups of 1 or 2, got {brief(fish)}")
        if len(fish) > _MAX_SYMBOLS:
            raise fail("fish", f"{len(fish)} fish groups: a sea part holds at most {_MAX_SYMBOLS}")
        out["fish"] = tuple(fish)
        if not isinstance(raw.get("boat", False), bool):
            raise fail("boat", f"must be true or false, got {brief(raw['boat'])}")
        out["boat"] = raw.get("boat", False)
    if "end" in raw:
        if kind is not Kind.BRIDGE:
            raise fail("end", "an end lies on bridge pieces only")
        if raw["end"] not in BRIDGE_ENDS:
            raise fail(
                "end", f"a bridge end is one of {', '.join(BRIDGE_ENDS)}, got {brief(raw['end'])}"
            )
        out["end"] = raw["end"]
    return out


def dump_tiles(tiles: TileSet) -> str:
    """The tile set as TOML in the documented format (for normalising a transcribed file)."""
    lines = [f"reconstruction = {str(tiles.reconstruction).lower()}"]
    if tiles.note:
        lines.append(f"note = {json.dumps(tiles.note)}")
    for t in tiles.types:
        lines += [
            "[[tile]]",
            f"id = {json.dumps(t.id)}",
            f"count = {t.count}",
            f'edges = "{t.edges}"',
            f"start = {str(t.start).lower()}",
        ]
        for p in t.pieces:
            lines.append("[[tile.piece]]")
            lines.append(f'kind = "{p.kind.value}"')
            if p.kind.value != "market":
                lines.append("sides = [" + ", ".join(f'"{s}"' for s in p.side_names()) + "]")
            for field in ("bananas", "shells"):
                if getattr(p, field):
                    lines.append(f"{field} = {getattr(p, field)}")
            if p.fish:
                lines.append(f"fish = {list(p.fish)}")
            if p.boat:
                lines.append("boat = true")
            if p.end:
                lines.append(f'end = "{p.end}"')
    return "\n".join(lines) + "\n"


def _whole(value: Any, low: int, high: int) -> bool:
    """Is ``value`` an integer (not a bool, not a float) from ``low`` to ``high``?"""
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _a(word: str) -> str:
    return ("an " if word[0] in "aeiou" else "a ") + word
