"""The Glory Islands component file: board, cards and counts read from TOML, validated, written.

One file holds every component (``data/board.toml``): a designer copies and edits one file,
and a scenario names one. Cells are named ``a1``..``g7`` (column a-g west to east, row 1-7 north
to south; see :mod:`models.gloryislands.components`)::

    reconstruction = true        # is this atoll's reconstruction rather than the printed game?
    note = "what is reconstructed and why"

    [route]
    cells = ["a1", "b1", ..., "a2"]  # the 24 ring cells clockwise, from the home field
    compass = "g7"                   # the compass field (GI-X1)
    diagonals = ["g1", "g7", "a7"]   # corners whose diagonal takes pirates (GI-X3)

    [[island]]
    name = "Gull Rock"
    fields = { b2 = "pirate", c2 = "chest" }   # pirate | chest | barrel | blank

    [island_scoring]                 # fame for 1st, 2nd, 3rd place by island size (GI-I1)
    2 = [3, 1, 0]

    [sail_track]
    fame = [24, 23, ..., -30]        # printed on each field from the start; beyond the last
                                     # field the ship sinks (GI-R2)
    [[card]]
    id = "red-3a"                    # unique, no spaces
    colour = "red"                   # seat i plays the i-th colour of the file
    value = 3                        # 1..5: movement, range and sail cost
    dots = 2                         # tie-breaker dots: more go first (GI-R3)
    symbol = "black"                 # then black before white

    [pieces]                         # (optional: these are the defaults)
    pirates = 5                      # per player; barrels in all, each player's at the start,
    barrels = 8                      # and the most a player holds (GI-W3)
    barrels_at_start = 1
    barrel_limit = 3

    [treasure]
    kinds = ["coins", ...]           # in the bag, ``copies`` of each; a set of 1, 2, ...
    copies = 7                       # different kinds is worth set_fame (GI-F3)
    set_fame = [1, 3, 6, 10, 15]

    [bonus]                          # (optional) first, second, third ship (GI-X1, GI-X2)
    compass = [4, 2, 1]
    home = [6, 3, 1]

Bounds (each a one-line error naming file, entry and field): the grid is 7x7 and the route is its
whole ring of 24 cells, clockwise, each cell beside the next; the islands (1 to 25, each one
connected piece of 1 to 25 cells) tile the inner 5x5 without gaps or overlaps; the scoring table
has every island size, fame 0 to 1000 not rising from 1st to 3rd; the sail track has 1 to 200
fields, fame -1000 to 1000, never rising; 2 to 4 colours of 1 to 12 cards each, every colour with
a 1-card (GI-E3), and no two cards of one value with the same dots and symbol (every tie of
GI-R3 resolves, whoever holds which card after swaps); 1 to 20 pirates; 0 to 100 barrels, a limit
of 1 to 100, and enough barrels for every colour's start; 1 to 10 treasure kinds of 1 to 50
copies; bonuses for at most 4 ships. ``docs/gloryislands-board-format.md`` draws the example.

>>> board = load_board()
>>> len(board.route), len(board.islands), len(board.cards), board.reconstruction
(24, 6, 24, True)
>>> parse_board(parse_toml(dump_board(board), source=board.source), source=board.source) == board
True
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any, Literal

import pydantic
from annotated_types import Interval, Len
from pydantic import StrictBool, StrictInt, StrictStr

from models.data import Name, brief, bundled_path, key_name, parse_toml, read_toml, validate
from models.errors import AtollError
from models.gloryislands.components import (
    ICONS,
    Card,
    Components,
    Island,
    cell_name,
    clockwise_step,
    connected,
    inner_cells,
    is_corner,
    parse_cell,
    ring_cells,
    xy,
)

MAX_FAME = 1000
MAX_TRACK = 200
MAX_CARDS_PER_COLOUR = 12
_CONFIG = pydantic.ConfigDict(extra="forbid")
_Fame = Annotated[StrictInt, Interval(ge=0, le=MAX_FAME)]
_Count = Annotated[StrictInt, Interval(ge=0, le=100)]


class _Route(pydantic.BaseModel):
    model_config = _CONFIG
    cells: list[Name]
    compass: Name
    diagonals: Annotated[list[Name], Len(0, 4)] = []


class _Island(pydantic.BaseModel):
    model_config = _CONFIG
    name: Name
    fields: Annotated[dict[str, Literal["pirate", "chest", "barrel", "blank"]], Len(1, 25)]


class _Track(pydantic.BaseModel):
    model_config = _CONFIG
    fame: Annotated[
        list[Annotated[StrictInt, Interval(ge=-MAX_FAME, le=MAX_FAME)]], Len(1, MAX_TRACK)
    ]


class _Card(pydantic.BaseModel):
    model_config = _CONFIG
    id: Name
    colour: Name
    value: Annotated[StrictInt, Interval(ge=1, le=5)]
    dots: Annotated[StrictInt, Interval(ge=0, le=9)]
    symbol: Literal["black", "white"]


class _Pieces(pydantic.BaseModel):
    model_config = _CONFIG
    pirates: Annotated[StrictInt, Interval(ge=1, le=20)] = 5
    barrels: _Count = 8
    barrels_at_start: _Count = 1
    barrel_limit: Annotated[StrictInt, Interval(ge=1, le=100)] = 3


class _Treasure(pydantic.BaseModel):
    model_config = _CONFIG
    kinds: Annotated[list[Name], Len(1, 10)]
    copies: Annotated[StrictInt, Interval(ge=1, le=50)] = 7
    set_fame: Annotated[list[_Fame], Len(1, 10)]


class _Bonus(pydantic.BaseModel):
    model_config = _CONFIG
    compass: Annotated[list[_Fame], Len(0, 4)] = [4, 2, 1]
    home: Annotated[list[_Fame], Len(0, 4)] = [6, 3, 1]


class _BoardFile(pydantic.BaseModel):
    model_config = _CONFIG
    reconstruction: StrictBool = False
    note: StrictStr = ""
    route: _Route
    island: Annotated[list[_Island], Len(1, 25)]
    island_scoring: dict[str, Annotated[list[_Fame], Len(3, 3)]]
    sail_track: _Track
    card: Annotated[list[_Card], Len(2, 4 * MAX_CARDS_PER_COLOUR)]
    pieces: _Pieces = _Pieces()
    treasure: _Treasure
    bonus: _Bonus = _Bonus()


def load_board(path: str | Path | None = None) -> Components:
    """Read and validate a component file; the bundled reconstruction when no path is given."""
    path = Path(path) if path is not None else bundled_path("gloryislands", "board.toml")
    return parse_board(read_toml(path), source=path)


def parse_board(data: Mapping[str, Any], *, source: str | Path = "<board>") -> Components:
    """Validate a parsed component file (a TOML table) into :class:`Components`."""
    raw: _BoardFile = validate(_BoardFile, data, source=source)

    def fail(entry: str, field: str | None, message: str) -> AtollError:
        return AtollError(message, source=source, entry=entry, field=field)

    route = _route(raw.route, fail)
    home = route[0]
    compass = _cell(raw.route.compass, fail, "route", "compass")
    if compass not in route or compass == home:
        raise fail("route", "compass", f"{cell_name(compass)} is not a route field after home")
    diagonals = []
    for name in raw.route.diagonals:
        cell = _cell(name, fail, "route", "diagonals")
        if not is_corner(cell) or cell in diagonals:
            why = "named twice" if cell in diagonals else "not a corner (a1, g1, g7, a7)"
            raise fail("route", "diagonals", f"{cell_name(cell)} is {why}")
        diagonals.append(cell)
    islands = _islands(raw.island, fail)
    scoring = _scoring(raw.island_scoring, islands, fail)
    track = tuple(raw.sail_track.fame)
    for i in range(1, len(track)):
        if track[i] > track[i - 1]:
            raise fail("sail_track", "fame", f"field {i} ({track[i]}) rises above field {i - 1}")
    cards = _cards(raw.card, fail)
    colours = list(dict.fromkeys(c.colour for c in cards))
    pieces = raw.pieces
    if pieces.barrels_at_start > pieces.barrel_limit:
        raise fail("pieces", "barrels_at_start", "more than the barrel_limit a player may hold")
    if pieces.barrels_at_start * len(colours) > pieces.barrels:
        raise fail(
            "pieces",
            "barrels",
            f"{pieces.barrels} barrels cannot give {len(colours)} colours "
            f"{pieces.barrels_at_start} each at the start",
        )
    treasure = raw.treasure
    if len(set(treasure.kinds)) != len(treasure.kinds):
        raise fail("treasure", "kinds", "a kind is named twice")
    if len(treasure.set_fame) != len(treasure.kinds):
        raise fail(
            "treasure",
            "set_fame",
            f"{len(treasure.set_fame)} entries: one per set size 1..{len(treasure.kinds)}",
        )
    return Components(
        route=route,
        compass=route.index(compass),
        diagonals=tuple(diagonals),
        islands=islands,
        island_scoring=scoring,
        sail_track=track,
        cards=cards,
        pirates=pieces.pirates,
        barrels=pieces.barrels,
        barrels_at_start=pieces.barrels_at_start,
        barrel_limit=pieces.barrel_limit,
        treasure_kinds=tuple(treasure.kinds),
        treasure_copies=treasure.copies,
        set_fame=tuple(treasure.set_fame),
        compass_bonus=tuple(raw.bonus.compass),
        home_bonus=tuple(raw.bonus.home),
        source=str(source),
        reconstruction=raw.reconstruction,
        note=raw.note,
    )


def _cell(name: str, fail: Any, entry: str, field: str) -> int:
    try:
        return parse_cell(name)
    except ValueError as exc:
        raise fail(entry, field, str(exc)) from None


def _route(raw: _Route, fail: Any) -> tuple[int, ...]:
    cells = tuple(_cell(name, fail, "route", "cells") for name in raw.cells)
    ring = set(ring_cells())
    for cell in cells:
        if cell not in ring:
            raise fail("route", "cells", f"{cell_name(cell)} is not on the ring around the 5x5")
    if len(set(cells)) != len(cells):
        twice = next(c for c in cells if cells.count(c) > 1)
        raise fail("route", "cells", f"{cell_name(twice)} is named twice")
    if len(cells) != len(ring):
        raise fail(
            "route", "cells", f"{len(cells)} cells: the route is the whole ring of {len(ring)}"
        )
    for a, b in zip(cells, cells[1:] + cells[:1], strict=True):
        (ax, ay), (bx, by) = xy(a), xy(b)
        if abs(ax - bx) + abs(ay - by) != 1:
            raise fail("route", "cells", f"{cell_name(b)} does not follow {cell_name(a)}")
    first, second = xy(cells[0]), xy(cells[1])
    # clockwise on a map with north up: east along the north side, south along the east side...
    if clockwise_step(first) != (second[0] - first[0], second[1] - first[1]):
        raise fail("route", "cells", "the route runs anticlockwise: ships sail clockwise (GI-A1)")
    return cells


def _islands(raw: list[_Island], fail: Any) -> tuple[Island, ...]:
    owner: dict[int, str] = {}
    islands = []
    names: set[str] = set()
    inner = set(inner_cells())
    for i, entry in enumerate(raw):
        where = f"island[{i}]"
        if entry.name in names:
            raise fail(where, "name", f"{brief(entry.name)} is named twice")
        names.add(entry.name)
        cells = []
        for key in entry.fields:
            cell = _cell(key, fail, where, "fields")
            if cell not in inner:
                raise fail(where, "fields", f"{cell_name(cell)} is not in the inner 5x5 (b2-f6)")
            if cell in owner:
                raise fail(where, "fields", f"{cell_name(cell)} is on island {owner[cell]!r} too")
            owner[cell] = entry.name
            cells.append(cell)
        if not connected(cells):
            raise fail(where, "fields", "the fields are not one connected piece (side by side)")
        islands.append(Island(entry.name, tuple(cells), tuple(entry.fields.values())))
    missing = sorted(inner - set(owner))
    if missing:
        shown = ", ".join(cell_name(c) for c in missing[:5])
        raise fail("island", None, f"the islands must fill the inner 5x5; no island has {shown}")
    return tuple(islands)


_SIZE_KEY = re.compile(r"[0-9]{1,2}")


def _scoring(
    raw: dict[str, list[int]], islands: tuple[Island, ...], fail: Any
) -> tuple[tuple[int, tuple[int, int, int]], ...]:
    table: dict[int, tuple[int, int, int]] = {}
    written: dict[int, str] = {}
    for key, fame in raw.items():
        # ASCII digits only: str.isdigit() and int() also take "²" and "٣"
        if not _SIZE_KEY.fullmatch(key) or not 1 <= int(key) <= 25:
            raise fail(
                "island_scoring", key_name(key), "a key is an island size 1 to 25 (digits 0-9)"
            )
        size = int(key)
        if size in written:  # "2" and "02" are different TOML keys, the same size
            raise fail(
                "island_scoring",
                key_name(key),
                f"island size {size} is given twice (keys {written[size]!r} and {key!r})",
            )
        written[size] = key
        if not fame[0] >= fame[1] >= fame[2]:
            raise fail("island_scoring", key, f"fame {fame} rises from 1st to 3rd place")
        table[size] = (fame[0], fame[1], fame[2])
    for island in islands:
        if island.size not in table:
            raise fail(
                "island_scoring",
                str(island.size),
                f"missing: island {island.name!r} has {island.size} fields",
            )
    return tuple(sorted(table.items()))


def _cards(raw: list[_Card], fail: Any) -> tuple[Card, ...]:
    cards = tuple(Card(c.id, c.colour, c.value, c.dots, c.symbol) for c in raw)
    seen: dict[str, int] = {}
    for i, card in enumerate(cards):
        if " " in card.id or not card.id:
            raise fail(f"card[{i}]", "id", f"{brief(card.id)}: a card id has no spaces")
        if card.id in seen:
            raise fail(f"card[{i}]", "id", f"{card.id!r} is also card[{seen[card.id]}]")
        seen[card.id] = i
    colours = list(dict.fromkeys(c.colour for c in cards))
    if not 2 <= len(colours) <= 4:
        raise fail("card", "colour", f"{len(colours)} colours: 2 to 4 (one per seat)")
    for colour in colours:
        mine = [c for c in cards if c.colour == colour]
        if len(mine) > MAX_CARDS_PER_COLOUR:
            raise fail("card", "colour", f"{colour}: {len(mine)} cards, at most 12")
        if not any(c.value == 1 for c in mine):
            raise fail("card", "value", f"{colour} has no 1-card to take the discards back (GI-E3)")
    by_key: dict[tuple[int, int, str], Card] = {}
    for i, card in enumerate(cards):
        other = by_key.setdefault((card.value, card.dots, card.symbol), card)
        if other is not card:
            raise fail(
                f"card[{i}]",
                "dots",
                f"{card.id} and {other.id} are both {card.value}-cards with {card.dots} dots "
                f"{card.symbol}: a tie no tie-breaker resolves (GI-R3)",
            )
    return cards


def dump_board(board: Components) -> str:
    """The component set as TOML in the documented format (it loads back equal)."""
    q = json.dumps
    lines = [f"reconstruction = {str(board.reconstruction).lower()}", f"note = {q(board.note)}"]
    lines += ["", "[route]", "cells = [" + ", ".join(q(cell_name(c)) for c in board.route) + "]"]
    lines.append(f"compass = {q(cell_name(board.route[board.compass]))}")
    lines.append("diagonals = [" + ", ".join(q(cell_name(c)) for c in board.diagonals) + "]")
    for island in board.islands:
        fields = ", ".join(
            f"{cell_name(c)} = {q(icon)}"
            for c, icon in zip(island.cells, island.icons, strict=True)
        )
        lines += ["", "[[island]]", f"name = {q(island.name)}", f"fields = {{ {fields} }}"]
    lines += ["", "[island_scoring]"]
    lines += [f"{size} = {list(fame)}" for size, fame in board.island_scoring]
    lines += ["", "[sail_track]", f"fame = {list(board.sail_track)}"]
    for c in board.cards:
        lines += ["", "[[card]]", f"id = {q(c.id)}", f"colour = {q(c.colour)}"]
        lines += [f"value = {c.value}", f"dots = {c.dots}", f"symbol = {q(c.symbol)}"]
    lines += ["", "[pieces]", f"pirates = {board.pirates}", f"barrels = {board.barrels}"]
    lines += [
        f"barrels_at_start = {board.barrels_at_start}",
        f"barrel_limit = {board.barrel_limit}",
    ]
    lines += ["", "[treasure]", "kinds = [" + ", ".join(q(k) for k in board.treasure_kinds) + "]"]
    lines += [f"copies = {board.treasure_copies}", f"set_fame = {list(board.set_fame)}"]
    lines += ["", "[bonus]", f"compass = {list(board.compass_bonus)}"]
    lines += [f"home = {list(board.home_bonus)}"]
    return "\n".join(lines) + "\n"


__all__ = ["ICONS", "dump_board", "load_board", "parse_board", "parse_toml"]
