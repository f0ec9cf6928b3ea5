"""The Tobago map file format: read, validate, write.

A map is a TOML file (designers and other tools write these)::

    name = "Reef"
    # Rows of the hex map in offset coordinates "odd-r": odd rows sit half a field to the right.
    # One letter per field, separated by spaces (leading spaces are optional):
    # ~ sea, B beach, J jungle, R river, S scrubland, L lake, M mountain
    terrain = \"\"\"
    ~ ~ ~ ~ ~ ~
     ~ B J J ~ ~
    ~ B M J R ~
     ~ ~ ~ ~ ~ ~
    \"\"\"
    [[landmark]]
    kind = "palm"          # palm | hut | statue
    at = [2, 2]            # [col, row], both from 0 at the top left, counting sea fields too
    # facing = "NE"        # statues only, required for them: E, NE, NW, W, SW, SE

Errors are one line naming the file and the line or entry (a map is at most
:data:`MAX_MAP_SIZE` fields wide and high). Suspicious maps load with warnings
(:class:`~models.errors.AtollWarning`): identical landmarks closer than 4 fields, a terrain type
whose largest area is tied (then "the largest" means all tied areas).

A map may instead be composed of board sections (``[[section]]`` entries naming section files
and where they lie: :mod:`models.tobago.island.sections`,
``docs/tobago-sections-format.md``, TB-S1); whole maps read as before.

>>> island = parse_map(EXAMPLE)
>>> island.name, island.width, island.height, len(island.island_fields)
('Reef', 6, 4, 7)
>>> parse_map(dump_map(island)) == island
True
"""

from __future__ import annotations

import json
import re
import stat
import warnings
from pathlib import Path
from typing import Any

from models.data import brief, bundled_path, parse_toml, read_text
from models.errors import AtollError, AtollWarning
from models.tobago.island.landmarks import (
    MAX_MAP_SIZE,
    map_warnings,
    parse_landmarks,
)
from models.tobago.island.map import Island, Terrain
from models.tobago.island.sections import compose_map

EXAMPLE = '''name = "Reef"
terrain = """
~ ~ ~ ~ ~ ~
 ~ B J J ~ ~
~ B M J R ~
 ~ ~ ~ ~ ~ ~
"""
[[landmark]]
kind = "palm"
at = [2, 2]
'''

_TOP_KEYS = {"name", "terrain", "landmark"}
_LETTERS = frozenset(t.value for t in Terrain)


def load_map(path: str | Path) -> Island:
    """Read and validate a map file."""
    return parse_map(read_text(path), source=path)


def bundled_maps() -> dict[str, Path]:
    """The maps shipped with atoll, by name of file stem (``"reef"``)."""
    folder = bundled_path("tobago", "maps")
    return {p.stem: p for p in sorted(folder.glob("*.toml"))}


def load_bundled_map(stem: str) -> Island:
    """A bundled map by file stem; see :func:`bundled_maps`."""
    maps = bundled_maps()
    if stem not in maps:
        raise AtollError(f"no bundled map {stem!r}; known: {', '.join(maps)}", field="map")
    return load_map(maps[stem])


def resolve_map(spec: str) -> Island:
    """A map from a path, or else from the name of a bundled map."""
    path = Path(spec)
    try:
        mode = path.stat().st_mode
    except (FileNotFoundError, NotADirectoryError):
        mode = None
    except OSError:  # a name too long, a loop of links: reading it says what is wrong
        return load_map(path)
    if mode is not None and stat.S_ISDIR(mode):
        if spec in bundled_maps():
            return load_bundled_map(spec)
        raise AtollError("is a directory, not a map file", source=path)
    if mode is not None or path.suffix == ".toml" or "/" in spec:  # a file, a pipe: read it
        return load_map(path)  # missing: the reader says so (or that it lies outside the root)
    return load_bundled_map(spec)


def parse_map(text: str, *, source: str | Path = "<map>") -> Island:
    """Validate map text and build the :class:`Island`; warns about suspicious but legal maps."""
    data = parse_toml(text, source=source)
    if "section" in data:  # a map composed of board sections (TB-S1)
        return compose_map(data, source=source)
    unknown = set(data) - _TOP_KEYS
    if unknown:
        raise AtollError(f"unknown key {brief(sorted(unknown)[0])}", source=source)
    name = _string(data, "name", "a string", source)
    if not name.strip():
        raise AtollError("must not be empty", source=source, field="name")
    raw_terrain = _string(data, "terrain", "a multi-line string of letters", source)
    terrain = _parse_terrain(raw_terrain, _terrain_first_line(text), source)
    raw_landmarks = data.get("landmark", [])
    if not isinstance(raw_landmarks, list):
        raise AtollError(
            f"must be an array of tables [[landmark]], got {brief(raw_landmarks)}",
            source=source,
            field="landmark",
        )
    island = Island(name=name, terrain=terrain)
    landmarks = parse_landmarks(raw_landmarks, island, source)
    island = Island(name=name, terrain=terrain, landmarks=landmarks)
    for message in map_warnings(island):
        warnings.warn(f"{source}: {message}", AtollWarning, stacklevel=2)
    return island


def _string(data: dict[str, Any], key: str, what: str, source: str | Path) -> str:
    """The string at ``key``: missing and the wrong type are different errors."""
    if key not in data:
        raise AtollError(f"missing ({what})", source=source, field=key)
    value = data[key]
    if not isinstance(value, str):
        raise AtollError(f"must be {what}, got {brief(value)}", source=source, field=key)
    return value


def _terrain_first_line(text: str) -> int:
    """1-based file line where the terrain string's first line stands (for error messages).

    TOML drops a newline right after the opening quotes, and a line-ending backslash drops all
    white space up to the next text; otherwise the string starts on the key's own line.
    """
    lines = text.splitlines()
    for i, line in enumerate(lines, start=1):
        m = re.match(r'\s*(terrain|"terrain"|\'terrain\')\s*=\s*("""|\'\'\')(.*)$', line)
        if not m:
            continue
        rest = m.group(3)
        if rest == "":
            return i + 1
        if m.group(2) == '"""' and rest.rstrip().endswith("\\") and not rest[:-1].strip():
            following = (j for j in range(i, len(lines)) if lines[j].strip())
            return next(following, i) + 1
        return i
    return 1


def _parse_terrain(
    raw: str, first_line: int, source: str | Path
) -> tuple[tuple[Terrain, ...], ...]:
    lines = raw.split("\n")
    while lines and not lines[-1].strip():
        lines.pop()
    offset = 0
    while lines and not lines[0].strip():
        lines.pop(0)
        offset += 1
    if not lines:
        raise AtollError("no rows", source=source, field="terrain")
    if len(lines) > MAX_MAP_SIZE:
        raise AtollError(
            f"{len(lines)} rows: a map has at most {MAX_MAP_SIZE}", source=source, field="terrain"
        )
    rows: list[tuple[Terrain, ...]] = []
    for i, line in enumerate(lines):
        where = f"line {first_line + offset + i}"
        row: list[Terrain] = []
        tokens = line.split(maxsplit=MAX_MAP_SIZE)
        if len(tokens) > MAX_MAP_SIZE:
            raise AtollError(
                f"row {i} has more than {MAX_MAP_SIZE} fields: a map is at most "
                f"{MAX_MAP_SIZE} wide",
                source=source,
                entry=where,
            )
        for col, token in enumerate(tokens):
            if token not in _LETTERS:
                raise AtollError(
                    f"unknown terrain letter {brief(token)} at column {col} of row {i} "
                    "(one of ~ B J R S L M, separated by spaces)",
                    source=source,
                    entry=where,
                )
            row.append(Terrain.from_letter(token))
        if not row:
            raise AtollError(f"row {i} is empty", source=source, entry=where)
        if rows and len(row) != len(rows[0]):
            raise AtollError(
                f"ragged rows: row {i} has {len(row)} fields, row 0 has {len(rows[0])}",
                source=source,
                entry=where,
            )
        rows.append(tuple(row))
    _check_sea_border(rows, first_line + offset, source)
    if all(t is Terrain.SEA for row in rows for t in row):
        raise AtollError("the map has no island fields", source=source, field="terrain")
    return tuple(rows)


def _check_sea_border(rows: list[tuple[Terrain, ...]], first_line: int, source: str | Path) -> None:
    """The sea surrounds the island: every field on the map's edge must be sea."""
    height, width = len(rows), len(rows[0])
    for r, row in enumerate(rows):
        for c, t in enumerate(row):
            on_edge = r in (0, height - 1) or c in (0, width - 1)
            if on_edge and t is not Terrain.SEA:
                raise AtollError(
                    f"island field at [{c}, {r}] on the map's edge: "
                    "the sea must surround the island",
                    source=source,
                    entry=f"line {first_line + r}",
                )


def dump_map(island: Island, *, header: str = "") -> str:
    """The map as TOML text in the documented format (odd rows indented by one space)."""
    lines = []
    if header:
        lines += [f"# {line}".rstrip() for line in header.splitlines()]
    lines.append(f"name = {_toml_string(island.name)}")
    lines.append("# Rows in odd-r offset coordinates: odd rows sit half a field to the right.")
    lines.append("# ~ sea, B beach, J jungle, R river, S scrubland, L lake, M mountain")
    lines.append('terrain = """')
    for r, row in enumerate(island.terrain):
        lines.append((" " if r & 1 else "") + " ".join(t.letter for t in row))
    lines.append('"""')
    for lm in island.landmarks:
        lines += ["", "[[landmark]]", f'kind = "{lm.kind.value}"', f"at = [{lm.at[0]}, {lm.at[1]}]"]
        if lm.facing:
            lines.append(f'facing = "{lm.facing}"')
    return "\n".join(lines) + "\n"


def _toml_string(value: str) -> str:
    """A TOML basic string: JSON's escapes are valid TOML; DEL must be escaped too."""
    return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007F")
