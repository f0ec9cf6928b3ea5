"""A study on disk: Parquet tables in chunks, written atomically, resumable after a kill.

Layout of a study folder::

    study.json                       config, resolved rule options, component provenance, seed,
                                     atoll version, and what every column means
    chunks/000000-000019/games.parquet, players.parquet, events.parquet, errors.parquet,
                         timings.parquet   (the games 0..19; one folder per chunk)

A chunk is written into a hidden folder and renamed into place in one step, so a folder under
``chunks/`` is always complete: a study killed at any moment (even by SIGKILL) resumes by
playing exactly the games no chunk holds — none lost, none twice. DuckDB reads the tables
directly::

    SELECT agent, avg(score) FROM 'DIR/chunks/*/players.parquet' GROUP BY agent

>>> import tempfile
>>> from analyses.study import StudyConfig, run_study
>>> with tempfile.TemporaryDirectory() as tmp:
...     config = StudyConfig("southseas", players=2, games=4, seed=3)
...     store = StudyStore.create(tmp, config)
...     frames = run_study(config, store=store, chunk_size=2)
...     len(frames.games), sorted(StudyStore.open(tmp).done())
(4, [0, 1, 2, 3])
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from importlib import metadata
from pathlib import Path
from typing import Any

import pandas as pd

from analyses.frames import TABLES, StudyFrames, column_docs
from analyses.study import StudyConfig
from models.errors import AtollError
from models.files import write_bytes_atomically

VERSION = 1


class StudyStore:
    """The folder of one study (see the module docstring for its layout)."""

    def __init__(self, folder: str | Path, config: StudyConfig) -> None:
        self.folder = Path(folder)
        self.config = config

    @classmethod
    def create(cls, folder: str | Path, config: StudyConfig, *, resume: bool = False) -> StudyStore:
        """A store for ``config`` in ``folder``. An existing study there is continued with
        ``resume`` (and must be the same study); without it, it is an error to overwrite it."""
        folder = Path(folder)
        meta = folder / "study.json"
        if meta.exists():
            if not resume:
                raise AtollError(
                    "holds a study already: continue it with --resume, or name a new folder",
                    source=folder,
                )
            existing = cls.open(folder)
            if existing.config.digest != config.digest:
                raise AtollError(
                    "holds another study (its config differs); --resume continues only the same",
                    source=folder,
                )
            existing.clear_staging()
            return existing
        store = cls(folder, config)
        game = config.check()
        record = {
            "format": VERSION,
            "atoll": _version(),
            "config": config.to_dict(),
            "digest": config.digest,
            "options": game.options.to_dict(),
            "components": game.components(),
            "columns": column_docs(game.info),
        }
        text = json.dumps(record, indent=2, sort_keys=True, default=str)
        write_bytes_atomically(meta, text.encode("utf-8"))
        return store

    @classmethod
    def open(cls, folder: str | Path) -> StudyStore:
        """The study stored in ``folder``."""
        folder = Path(folder)
        try:
            record = json.loads((folder / "study.json").read_text(encoding="utf-8"))
            config = StudyConfig.from_dict(record["config"])
        except FileNotFoundError:
            raise AtollError("no study here (no study.json)", source=folder) from None
        except (ValueError, KeyError, TypeError) as exc:
            raise AtollError(f"study.json is damaged: {exc}", source=folder) from None
        return cls(folder, config)

    @property
    def record(self) -> dict[str, Any]:
        data: dict[str, Any] = json.loads((self.folder / "study.json").read_text("utf-8"))
        return data

    def _chunks(self) -> list[Path]:
        """The complete chunks (hidden staging folders of a killed writer are not chunks)."""
        root = self.folder / "chunks"
        if not root.exists():
            return []
        return sorted(p for p in root.iterdir() if p.is_dir() and not p.name.startswith("."))

    def clear_staging(self) -> None:
        """Remove the half-written chunks a killed run left behind (their games are replayed)."""
        root = self.folder / "chunks"
        if root.exists():
            for stale in root.glob(".chunk-*"):
                shutil.rmtree(stale, ignore_errors=True)

    def done(self) -> set[int]:
        """The games some chunk holds (played, or failed and recorded)."""
        found: set[int] = set()
        for chunk in self._chunks():
            for table in ("games", "errors"):
                path = chunk / f"{table}.parquet"
                if path.exists():
                    found |= set(pd.read_parquet(path, columns=["game"])["game"].tolist())
        return found

    def write_chunk(self, chunk: StudyFrames) -> Path:
        """Write one chunk's tables, all or nothing (a hidden folder renamed into place)."""
        indices = chunk.indices
        if not indices:
            raise ValueError("an empty chunk")
        root = self.folder / "chunks"
        root.mkdir(parents=True, exist_ok=True)
        target = root / f"{indices[0]:06d}-{indices[-1]:06d}"
        staging = Path(tempfile.mkdtemp(prefix=".chunk-", dir=root))
        try:
            for table in TABLES:
                frame = chunk.table(table)
                with open(staging / f"{table}.parquet", "wb") as handle:
                    frame.to_parquet(handle, index=False)
                    handle.flush()
                    os.fsync(handle.fileno())
            if target.exists():  # the same games again (cannot happen through resume)
                raise AtollError("a chunk for these games exists already", source=target)
            os.rename(staging, target)
        except BaseException:
            shutil.rmtree(staging, ignore_errors=True)
            raise
        return target

    def frames(self) -> StudyFrames:
        """All stored tables, sorted by game."""
        parts = []
        for chunk in self._chunks():
            tables = {t: chunk / f"{t}.parquet" for t in TABLES}
            parts.append(
                StudyFrames(
                    **{
                        t: pd.read_parquet(p) if p.exists() else pd.DataFrame()
                        for t, p in tables.items()
                    }
                )
            )
        return StudyFrames.concat(parts)


def _version() -> str:
    try:
        return metadata.version("atoll")
    except metadata.PackageNotFoundError:
        return "unknown"
