"""Board sections (TB-S1): the island assembled from double-sided sections, as in the box.

The published board is 3 sections printed on both sides; a map file may be composed of
**section files** placed on the map, besides being a whole map (old map files keep working: a
map file without ``[[section]]`` entries is read as before).

A section file names its sides; each side is terrain in the map format, where ``.`` marks a
position the section does not cover::

    name = "West"
    [side.a]
    terrain = \"\"\"
    ~ ~ ~ ~
     ~ B J .
    ~ B M .
    \"\"\"
    [side.b]
    terrain = \"\"\"...\"\"\"

A composed map file places sections (paths relative to the map file) and the landmarks, which
players put on the assembled island as the published rules say::

    name = "Three sections"
    [[section]]
    file = "sections/west.toml"
    side = "a"
    at = [0, 0]      # [col, row] of the section's top-left position; the row must be even,
                     # so that odd rows keep their half-field shift (odd-r coordinates)
    [[landmark]]
    kind = "palm"
    at = [2, 2]

Positions no section covers are sea; two sections covering one position is an error naming
both; then the assembled island is checked like any map (the sea must surround it, landmarks
as in :mod:`models.tobago.island.mapfile`). Errors are one line naming the file, entry and field.

>>> from pathlib import Path
>>> island = load_section_map(Path("examples/tobago/sections/three-sections-map.toml"))
>>> island.name, island.width, island.height, len(island.island_fields)
('Three sections', 12, 10, 66)
"""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import Any

from models.data import brief, key_name, parse_toml, read_text
from models.errors import AtollError, AtollWarning
from models.tobago.island.landmarks import MAX_MAP_SIZE, map_warnings, parse_landmarks
from models.tobago.island.map import Island, Terrain

#: A position a section does not cover.
GAP = "."
_LETTERS = {t.value for t in Terrain}
_MAX_SECTIONS = 12
Grid = tuple[tuple[str, ...], ...]


def load_section(path: str | Path) -> dict[str, Grid]:
    """A section file's sides: side name -> rows of letters (``.`` where it covers nothing)."""
    data = parse_toml(read_text(path), source=path)
    extra = set(data) - {"name", "side", "note"}
    if extra:
        raise AtollError("unknown key", source=path, entry=key_name(sorted(extra)[0]))
    sides = data.get("side")
    if not isinstance(sides, dict) or not sides:
        raise AtollError(
            "needs [side.a] (and [side.b]) tables with terrain", source=path, entry="side"
        )
    out = {}
    for name, table in sides.items():
        entry = f"side.{key_name(name)}"
        if not isinstance(table, dict) or set(table) != {"terrain"}:
            raise AtollError("a side is a table with one field, terrain", source=path, entry=entry)
        if not isinstance(table["terrain"], str):
            got = brief(table["terrain"])
            raise AtollError(f"must be a string of letters, got {got}", source=path, entry=entry)
        out[name] = _grid(table["terrain"], path, entry)
    return out


def _grid(text: str, source: str | Path, entry: str) -> Grid:
    rows = [line.split() for line in text.split("\n") if line.strip()]
    if not rows:
        raise AtollError("no rows", source=source, entry=entry, field="terrain")
    if len(rows) > MAX_MAP_SIZE or any(len(r) > MAX_MAP_SIZE for r in rows):
        raise AtollError(f"larger than {MAX_MAP_SIZE} fields", source=source, entry=entry)
    for i, row in enumerate(rows):
        if len(row) != len(rows[0]):
            raise AtollError(
                f"ragged rows: row {i} has {len(row)} positions, row 0 has {len(rows[0])}",
                source=source,
                entry=entry,
                field="terrain",
            )
        for col, token in enumerate(row):
            if token != GAP and token not in _LETTERS:
                raise AtollError(
                    f"unknown letter {brief(token)} at column {col} of row {i} "
                    "(one of ~ B J R S L M, or . for no field)",
                    source=source,
                    entry=entry,
                    field="terrain",
                )
    return tuple(tuple(r) for r in rows)


def load_section_map(path: str | Path) -> Island:
    """Read a composed map file (see the module) and assemble its island."""
    return compose_map(parse_toml(read_text(path), source=path), source=path)


def compose_map(data: dict[str, Any], *, source: str | Path) -> Island:
    """Assemble the island a composed map file's table describes (paths relative to it)."""
    extra = set(data) - {"name", "section", "landmark"}
    if extra:
        raise AtollError(f"unknown key {brief(sorted(extra)[0])}", source=source)
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        raise AtollError("missing or empty (a string)", source=source, field="name")
    placed = data["section"]
    if not isinstance(placed, list) or not placed or len(placed) > _MAX_SECTIONS:
        raise AtollError(
            f"must be 1 to {_MAX_SECTIONS} [[section]] tables", source=source, field="section"
        )
    base = Path(source).parent
    cells: dict[tuple[int, int], tuple[str, int]] = {}
    for i, entry in enumerate(placed):
        grid, (col0, row0) = _placement(entry, i, base, source)
        for r, row in enumerate(grid):
            for c, letter in enumerate(row):
                if letter == GAP:
                    continue
                at = (col0 + c, row0 + r)
                if at in cells:
                    raise AtollError(
                        f"covers [{at[0]}, {at[1]}], which section[{cells[at][1]}] covers too",
                        source=source,
                        entry=f"section[{i}]",
                        field="at",
                    )
                cells[at] = (letter, i)
    if not cells:  # every side placed is all gaps: there is no map to measure
        raise AtollError(
            "the sections placed cover no position (their sides are all '.'): the assembled "
            "map has no island fields",
            source=source,
            field="section",
        )
    width = max(c for c, _ in cells) + 1
    height = max(r for _, r in cells) + 1
    if width > MAX_MAP_SIZE or height > MAX_MAP_SIZE:
        raise AtollError(f"the assembled map is larger than {MAX_MAP_SIZE}", source=source)
    terrain = tuple(
        tuple(Terrain.from_letter(cells.get((c, r), ("~", -1))[0]) for c in range(width))
        for r in range(height)
    )
    for (c, r), (letter, i) in sorted(cells.items()):
        on_edge = r in (0, height - 1) or c in (0, width - 1)
        if on_edge and letter != Terrain.SEA.value:
            raise AtollError(
                f"island field at [{c}, {r}] on the assembled map's edge: the sea must "
                "surround the island",
                source=source,
                entry=f"section[{i}]",
            )
    if all(t is Terrain.SEA for row in terrain for t in row):
        raise AtollError("the assembled map has no island fields", source=source)
    landmarks = data.get("landmark", [])
    if not isinstance(landmarks, list):
        raise AtollError("must be [[landmark]] tables", source=source, field="landmark")
    island = Island(name=name, terrain=terrain)
    island = Island(name, terrain, parse_landmarks(landmarks, island, source))
    for message in map_warnings(island):
        warnings.warn(f"{source}: {message}", AtollWarning, stacklevel=2)
    return island


def _coordinate(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_MAP_SIZE


def _placement(entry: Any, i: int, base: Path, source: str | Path) -> tuple[Grid, tuple[int, int]]:
    where = f"section[{i}]"
    if not isinstance(entry, dict):
        raise AtollError("must be a table with file, side and at", source=source, entry=where)
    extra = set(entry) - {"file", "side", "at"}
    if extra:
        field = key_name(sorted(extra)[0])
        raise AtollError("unknown field", source=source, entry=where, field=field)
    for field in ("file", "side"):
        if not isinstance(entry.get(field), str) or not entry[field]:
            raise AtollError("missing (a string)", source=source, entry=where, field=field)
    at = entry.get("at")
    if not (isinstance(at, list) and len(at) == 2 and all(_coordinate(v) for v in at)):
        raise AtollError(
            f"must be [col, row], two integers 0 to {MAX_MAP_SIZE}, got {brief(at)}",
            source=source,
            entry=where,
            field="at",
        )
    if at[1] % 2:
        raise AtollError(
            f"row {at[1]} is odd: a section's rows keep their half-field shift only at an even row",
            source=source,
            entry=where,
            field="at",
        )
    try:
        sides = load_section(base / entry["file"])
    except AtollError as exc:
        raise AtollError(exc.one_line(), source=source, entry=where, field="file") from None
    if entry["side"] not in sides:
        known = ", ".join(sides)
        raise AtollError(
            f"no side {brief(entry['side'])} (the section has {known})",
            source=source,
            entry=where,
            field="side",
        )
    return sides[entry["side"]], (at[0], at[1])
