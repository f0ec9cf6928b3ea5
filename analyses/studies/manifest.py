"""Chunk manifests: what each chunk of a stored study holds, checked before any of it is used.

Every chunk folder of a study (``chunks/000000-000019/``) carries a ``manifest.json``, written
into the hidden staging folder with the tables and renamed into place with them, so a chunk and
its manifest appear together or not at all::

    {"format": 2, "study": "<identity of the study>", "atoll": "0.2.0",
     "games": [0, 1, ..., 19],
     "tables": {"games": {"rows": 20, "sha256": "..."}, "players": {...}, ...}}

:func:`survey` checks every chunk of a study against its manifest and against the study: the
folder's name gives the games its manifest lists, the manifest belongs to this study (its
``study`` identity: the config and the contents of every component file) and was written by the
atoll version that began it, every table is there with its checksum, no game lies outside the
study or in two chunks. A chunk that fails is *bad* — never used; anything else under
``chunks/`` that is not a chunk of the store's own making is *foreign* — never adopted.

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as tmp:
...     chunk = Path(tmp) / "chunks" / "000000-000001"
...     chunk.mkdir(parents=True)
...     for table in TABLES:
...         _ = (chunk / f"{table}.parquet").write_bytes(b"rows of " + table.encode())
...     write_manifest(chunk, [0, 1], {t: 2 for t in TABLES}, study="abc", atoll="0.2.0")
...     (chunk / "players.parquet").unlink()
...     found = survey(Path(tmp) / "chunks", study="abc", atoll="0.2.0", games=10)
...     [(c.path.name, c.problem) for c in found.bad]
[('000000-000001', 'players.parquet is missing (its manifest lists 2 rows)')]
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from analyses.studies.frames import ADDED_LATER, TABLES

#: The store format whose chunks carry manifests (format 1, atoll 0.1, had none).
FORMAT = 2
MANIFEST = "manifest.json"
#: A chunk's folder name: its first and last game.
CHUNK_NAME = re.compile(r"(\d{6})-(\d{6})")


@dataclasses.dataclass(frozen=True)
class ChunkCheck:
    """One chunk folder as found: the games its manifest lists, its rows per table, and what
    is wrong with it (``None``: nothing)."""

    path: Path
    games: tuple[int, ...] = ()
    rows: Mapping[str, int] = dataclasses.field(default_factory=dict)
    problem: str | None = None


@dataclasses.dataclass(frozen=True)
class Survey:
    """Everything under a study's ``chunks/`` folder, sorted into kinds."""

    sound: tuple[ChunkCheck, ...]
    bad: tuple[ChunkCheck, ...]
    foreign: tuple[Path, ...]  # not of the store's making: never adopted
    staging: tuple[Path, ...]  # hidden folders of a writer that was killed

    def games(self) -> set[int]:
        """The games the sound chunks hold."""
        return {g for chunk in self.sound for g in chunk.games}


def listed_tables(record: Mapping[str, Any]) -> list[str]:
    """The tables a manifest must list: every table, less those added since
    (:data:`~analyses.studies.frames.ADDED_LATER`) that a chunk stored before them lacks."""
    listed = record["tables"]
    return [t for t in TABLES if t in listed or t not in ADDED_LATER]


def chunk_name(games: Sequence[int]) -> str:
    """The folder name of a chunk holding ``games`` (sorted): its first and last game."""
    return f"{games[0]:06d}-{games[-1]:06d}"


def file_digest(path: Path) -> str:
    """The SHA-256 of a file's bytes, in hex."""
    with open(path, "rb") as handle:
        return hashlib.file_digest(handle, "sha256").hexdigest()


def write_manifest(
    folder: Path, games: Sequence[int], rows: Mapping[str, int], *, study: str, atoll: str
) -> None:
    """Write ``folder``'s manifest: its games, and each table's rows and checksum (the table
    files must be in ``folder`` already, written in full)."""
    record = {
        "format": FORMAT,
        "study": study,
        "atoll": atoll,
        "games": [int(g) for g in games],
        "tables": {
            t: {"rows": int(rows[t]), "sha256": file_digest(folder / f"{t}.parquet")}
            for t in TABLES
        },
    }
    with open(folder / MANIFEST, "w", encoding="utf-8") as handle:
        json.dump(record, handle, sort_keys=True)
        handle.flush()
        os.fsync(handle.fileno())


def survey(root: Path, *, study: str, atoll: str, games: int) -> Survey:
    """Check every chunk under ``root`` (a study's ``chunks/``) against its manifest and the
    study (identity ``study``, begun by atoll ``atoll``, ``games`` games); chunks whose games
    repeat an earlier chunk's are bad too."""
    sound: list[ChunkCheck] = []
    bad: list[ChunkCheck] = []
    foreign: list[Path] = []
    staging: list[Path] = []
    owner: dict[int, str] = {}
    entries = sorted(root.iterdir()) if root.is_dir() else []
    for path in entries:
        if path.name.startswith(".chunk-") and path.is_dir():
            staging.append(path)
            continue
        if not (path.is_dir() and CHUNK_NAME.fullmatch(path.name)):
            foreign.append(path)
            continue
        check = check_chunk(path, study=study, atoll=atoll, games=games)
        if check.problem is None:
            again = sorted(g for g in check.games if g in owner)
            if again:
                where = owner[again[0]]
                problem = f"its games {_span(again)} are also in chunk {where}"
                check = dataclasses.replace(check, problem=problem)
        if check.problem is None:
            owner.update(dict.fromkeys(check.games, path.name))
            sound.append(check)
        else:
            bad.append(check)
    return Survey(tuple(sound), tuple(bad), tuple(foreign), tuple(staging))


def check_chunk(path: Path, *, study: str, atoll: str, games: int) -> ChunkCheck:
    """One chunk folder checked against its manifest and the study."""
    record, problem = _read_manifest(path / MANIFEST)
    if record is None:
        return ChunkCheck(path, problem=problem)
    listed = tuple(record["games"])
    rows = {t: int(record["tables"][t]["rows"]) for t in listed_tables(record)}
    found = ChunkCheck(path, listed, rows)
    if record["study"] != study:
        return dataclasses.replace(found, problem="its manifest belongs to another study")
    if record["atoll"] != atoll:
        problem = f"it was played by atoll {record['atoll']}, the study by atoll {atoll}"
        return dataclasses.replace(found, problem=problem)
    if chunk_name(listed) != path.name:
        problem = f"its name says games {_name_span(path.name)}, its manifest {_span(listed)}"
        return dataclasses.replace(found, problem=problem)
    if listed[-1] >= games:
        return dataclasses.replace(found, problem=f"the study has games 0 to {games - 1} only")
    for table in listed_tables(record):
        wanted = record["tables"][table]
        file = path / f"{table}.parquet"
        if not file.is_file():
            problem = f"{file.name} is missing (its manifest lists {wanted['rows']} rows)"
            return dataclasses.replace(found, problem=problem)
        if file_digest(file) != wanted["sha256"]:
            problem = f"{file.name} fails its checksum: it was changed or damaged"
            return dataclasses.replace(found, problem=problem)
    return found


def _read_manifest(path: Path) -> tuple[dict[str, Any] | None, str]:
    """The manifest as a checked dict, or ``None`` and why not."""
    if not path.is_file():
        return None, "it has no manifest.json (not written by this store, or by atoll 0.1)"
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
        if record.get("format") != FORMAT:
            return None, f"its manifest is of format {record.get('format')!r}, not {FORMAT}"
        games = record["games"]
        if not (games and all(type(g) is int and g >= 0 for g in games)):
            return None, "its manifest lists no games"
        if games != sorted(set(games)):
            return None, "its manifest lists games out of order or twice"
        for table in listed_tables(record):
            entry = record["tables"][table]
            if type(entry["rows"]) is not int or not isinstance(entry["sha256"], str):
                raise TypeError(table)
        if not (isinstance(record["study"], str) and isinstance(record["atoll"], str)):
            raise TypeError("study")
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        return None, f"its manifest.json is damaged ({type(exc).__name__}: {exc})"
    except RecursionError:
        return None, "its manifest.json is damaged (nested too deeply)"
    return record, ""


def _span(games: Sequence[int]) -> str:
    return f"{games[0]}..{games[-1]}" if len(games) > 1 else str(games[0])


def _name_span(name: str) -> str:
    found = CHUNK_NAME.fullmatch(name)
    assert found is not None
    return f"{int(found[1])}..{int(found[2])}"
