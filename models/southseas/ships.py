"""Ships: what each asks for, what it is worth, and the payments a player can make (SS-S1..S3).

A requirement has up to three parts, all paid together:

* ``fixed`` — given wares, e.g. 3 shells and 1 banana;
* ``any`` — that many wares of the player's choice ("one ware of your choice");
* ``same`` — ``each`` identical wares of each of ``types`` different types
  ("n identical wares of different types"), e.g. types = 2, each = 2: 2 of one type and 2 of
  another.

Wares are counted as a triple (shells, bananas, fish). A ship file holds at most
:data:`MAX_SHIPS` ships, each worth 1 to :data:`MAX_POINTS` points and asking at most
:data:`MAX_WARES` wares in each part of its requirement.

>>> ship = Ship("demo", points=4, fixed=(0, 1, 0), any=1)
>>> sorted(payments(ship, (1, 2, 0)))
[(0, 2, 0), (1, 1, 0)]
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping, Sequence
from functools import lru_cache
from itertools import combinations
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
from models.southseas.components import WARES

Wares = tuple[int, int, int]

#: Ships in a file: the base game has 24 (the display and its refills draw from them).
MAX_SHIPS = 200
#: Points of one ship: the base game's are 1 to 5 or so.
MAX_POINTS = 100
#: Wares in one part of a requirement (fixed per ware, any, same.each): far more than a player
#: ever holds, and the payments a player may choose grow with it.
MAX_WARES = 50


@dataclasses.dataclass(frozen=True)
class Ship:
    id: str
    points: int
    fixed: Wares = (0, 0, 0)
    any: int = 0
    same_types: int = 0
    same_each: int = 0

    def describe(self) -> str:
        parts = [f"{n} {w}" for n, w in zip(self.fixed, WARES, strict=True) if n]
        if self.any:
            parts.append(f"{self.any} of choice")
        if self.same_types:
            parts.append(f"{self.same_each} identical x {self.same_types} types")
        return f"{self.id}: {' + '.join(parts)} = {self.points} points"


@dataclasses.dataclass(frozen=True)
class ShipSet:
    ships: tuple[Ship, ...]
    source: str
    reconstruction: bool
    note: str = ""


def payments(ship: Ship, holdings: Wares) -> frozenset[Wares]:
    """Every distinct payment (shells, bananas, fish) that meets ``ship`` from ``holdings``."""
    return _payments(ship, holdings)


@lru_cache(maxsize=1 << 16)
def _payments(ship: Ship, holdings: Wares) -> frozenset[Wares]:
    base = _minus(holdings, ship.fixed)
    if min(base) < 0:
        return frozenset()
    # (paid for the "same" part, left after it) for each choice of types
    after_same: list[tuple[Wares, Wares]] = [((0, 0, 0), base)]
    if ship.same_types:
        after_same = []
        for types in combinations(range(3), ship.same_types):
            each = ship.same_each
            same = (each if 0 in types else 0, each if 1 in types else 0, each if 2 in types else 0)
            left = _minus(base, same)
            if min(left) >= 0:
                after_same.append((same, left))
    out = set()
    n = ship.any
    for same, left in after_same:
        for a in range(min(n, left[0]) + 1):
            for b in range(min(n - a, left[1]) + 1):
                c = n - a - b
                if c <= left[2]:
                    fixed = ship.fixed
                    out.add(
                        (fixed[0] + same[0] + a, fixed[1] + same[1] + b, fixed[2] + same[2] + c)
                    )
    return frozenset(out)


def _minus(a: Wares, b: Wares) -> Wares:
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2])


def load_ships(path: str | Path | None = None) -> ShipSet:
    """Read and validate ships; the bundled reconstruction when no path is given."""
    path = Path(path) if path is not None else bundled_path("southseas", "ships.toml")
    return parse_ships(read_toml(path), source=path)


def parse_ships(data: Mapping[str, Any], *, source: str | Path = "<ships>") -> ShipSet:
    raw, reconstruction, note = component_entries(
        data, source=source, key="ship", what="a ship file", max_entries=MAX_SHIPS
    )
    ships = []
    for i, entry in enumerate(raw):
        ships.append(_parse_ship(entry, source, i))
    ids = [s.id for s in ships]
    if len(set(ids)) != len(ids):
        dup = next(x for x in ids if ids.count(x) > 1)
        where = f"ship[{len(ids) - 1 - ids[::-1].index(dup)}]"
        raise AtollError(f"duplicate ship id {brief(dup)}", source=source, entry=where, field="id")
    return ShipSet(tuple(ships), str(source), reconstruction, note)


def _count(value: Any, fail: Any, field: str, most: int = MAX_WARES, least: int = 0) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not least <= value <= most:
        raise fail(field, f"must be a whole number {least} to {most}, got {brief(value)}")
    return value


def _parse_ship(entry: Any, source: str | Path, index: int) -> Ship:
    where = f"ship[{index}]"
    if isinstance(entry, dict) and isinstance(entry.get("id"), str) and entry["id"]:
        where = f"ship {brief(entry['id'])}"

    def fail(field: str | None, message: str) -> AtollError:
        return AtollError(message, source=source, entry=where, field=field)

    if not isinstance(entry, dict):
        raise fail(None, "must be a table")
    if set(entry) - {"id", "points", "fixed", "any", "same"}:
        extra = sorted(set(entry) - {"id", "points", "fixed", "any", "same"})[0]
        raise fail(key_name(extra), "unknown field")
    if "id" not in entry:
        raise fail("id", "missing (a string)")
    if not isinstance(entry["id"], str):
        raise fail("id", f"must be a string, got {brief(entry['id'])}")
    if not entry["id"]:
        raise fail("id", "must not be empty")
    if not printable(entry["id"]):
        raise fail("id", f"{NOT_PRINTABLE}, got {brief(entry['id'])}")
    if "points" not in entry:
        raise fail("points", "a ship needs points")
    if type(entry["points"]) is int and entry["points"] == 0:
        raise fail("points", "a ship is worth at least 1 point")
    points = _count(entry["points"], fail, "points", most=MAX_POINTS, least=1)
    fixed_raw = entry.get("fixed", {})
    if not isinstance(fixed_raw, dict):
        raise fail("fixed", f"must be a table of {', '.join(WARES)}, got {brief(fixed_raw)}")
    if set(fixed_raw) - set(WARES):
        unknown = key_name(sorted(set(fixed_raw) - set(WARES))[0])
        raise fail(f"fixed.{unknown}", f"unknown ware (one of {', '.join(WARES)})")
    fixed = tuple(_count(fixed_raw.get(w, 0), fail, f"fixed.{w}") for w in WARES)
    any_count = _count(entry.get("any", 0), fail, "any")
    same = entry.get("same", {})
    if not isinstance(same, dict):
        raise fail("same", f"must be a table with types and each, got {brief(same)}")
    if set(same) - {"types", "each"}:
        unknown = key_name(sorted(set(same) - {"types", "each"})[0])
        raise fail(f"same.{unknown}", "unknown field (same has types and each)")
    types = _count(same.get("types", 0), fail, "same.types", most=3)
    each = _count(same.get("each", 0), fail, "same.each")
    if types > 3 or (types == 0) != (each == 0):
        raise fail("same", "types (1 to 3) and each (>= 1) go together")
    if sum(fixed) + any_count + types * each == 0:
        raise fail("fixed", "a ship without requirement: give fixed, any or same")
    return Ship(entry["id"], points, fixed, any_count, types, each)  # type: ignore[arg-type]


def dump_ships(ships: ShipSet | Sequence[Ship]) -> str:
    """Ships as TOML in the documented format, with the set's reconstruction label and note
    (a bare sequence of ships is written without them)."""
    lines = []
    if isinstance(ships, ShipSet):
        lines.append(f"reconstruction = {str(ships.reconstruction).lower()}")
        if ships.note:
            lines.append(f"note = {json.dumps(ships.note)}")
        ships = ships.ships
    for s in ships:
        lines += ["[[ship]]", f"id = {json.dumps(s.id)}", f"points = {s.points}"]
        fixed = ", ".join(
            f"{w} = {n}" for w, n in zip(("shells", "bananas", "fish"), s.fixed, strict=True) if n
        )
        if fixed:
            lines.append(f"fixed = {{ {fixed} }}")
        if s.any:
            lines.append(f"any = {s.any}")
        if s.same_types:
            lines.append(f"same = {{ types = {s.same_types}, each = {s.same_each} }}")
    return "\n".join(lines) + "\n"
