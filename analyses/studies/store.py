"""A study on disk: Parquet tables in verified chunks, written atomically, resumable after a kill.

Layout of a study folder::

    study.json                       config, resolved rule options, components (where each came
                                     from and the SHA-256 of its contents), the study's identity,
                                     the atoll version that began it, and every column's meaning
    chunks/000000-000019/games.parquet, players.parquet, events.parquet, errors.parquet,
                         timings.parquet, trajectory.parquet, branching.parquet,
                         choices.parquet, manifest.json   (the games 0..19)
    set-aside/                       chunks that failed their checks, moved here by --repair

A chunk is written into a hidden folder with its manifest and renamed into place in one step, so
a folder under ``chunks/`` is always complete: a study killed at any moment (even by SIGKILL)
resumes by playing exactly the games no chunk holds — none lost, none twice.

**Nothing is used unchecked** (:mod:`analyses.studies.manifest`). The study's *identity* is a hash
of its config and of the contents of every component file; resuming needs the same identity (a
map edited since the study began is refused, naming it) and, to play more games, the same atoll
version. Every chunk is checked against its manifest (name, games, tables, checksums) before its
games count as done or its rows are read; a bad chunk is refused in one line naming it, or with
``repair`` set aside so that its games are played again. What is not the store's own is not
adopted: chunks without a study.json, folders or files it did not write.

DuckDB reads the tables directly::

    SELECT agent, avg(score) FROM 'DIR/chunks/*/players.parquet' GROUP BY agent

>>> import tempfile
>>> from analyses.studies.study import StudyConfig, run_study
>>> with tempfile.TemporaryDirectory() as tmp:
...     config = StudyConfig("southseas", players=2, games=4, seed=3)
...     store = StudyStore.create(tmp, config)
...     frames = run_study(config, store=store, chunk_size=2)
...     len(frames.games), sorted(StudyStore.open(tmp).done())
(4, [0, 1, 2, 3])
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
import warnings
import weakref
from importlib import metadata
from pathlib import Path
from typing import Any

import pandas as pd

from analyses.studies import interrupts
from analyses.studies.frames import TABLES, StudyFrames, column_docs, empty_table
from analyses.studies.locks import lock, unlock
from analyses.studies.manifest import FORMAT, Survey, chunk_name, survey, write_manifest
from analyses.studies.study import StudyConfig
from models.core import Game
from models.data import NESTED_TOO_DEEPLY
from models.errors import AtollError, AtollWarning
from models.files import write_bytes_atomically

META = "study.json"


def atoll_version() -> str:
    """The installed atoll's version (recorded with every study)."""
    try:
        return metadata.version("atoll")
    except metadata.PackageNotFoundError:
        return "unknown"


def new_record(config: StudyConfig, game: Game) -> dict[str, Any]:
    """What study.json records of a study of ``config`` (``game`` made from it)."""
    components = game.components()
    for name, text in game.component_texts().items():
        entry = components.setdefault(name, {})
        entry["sha256"] = hashlib.sha256(text.encode("utf-8")).hexdigest()
    return {
        "format": FORMAT,
        "atoll": atoll_version(),
        "config": config.to_dict(),
        "digest": config.digest,
        "identity": identity(config.to_dict(), components),
        "options": game.options.to_dict(),
        "components": components,
        "columns": column_docs(game.info),
    }


def identity(config: dict[str, Any], components: dict[str, Any]) -> str:
    """A study's identity: a hash of its config and of its components' contents."""
    contents = {name: entry.get("sha256") for name, entry in sorted(components.items())}
    text = json.dumps({"config": config, "contents": contents}, sort_keys=True, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


class StudyStore:
    """The folder of one study (see the module docstring for its layout)."""

    def __init__(self, folder: str | Path, config: StudyConfig, record: dict[str, Any]) -> None:
        self.folder = Path(folder)
        self.config = config
        self.record = record
        self._survey: Survey | None = None
        self._release: weakref.finalize[Any, Any] | None = None  # the lock create() took

    @property
    def chunks_root(self) -> Path:
        return self.folder / "chunks"

    # -- making, opening ------------------------------------------------------------------------
    @classmethod
    def create(
        cls, folder: str | Path, config: StudyConfig, *, resume: bool = False, repair: bool = False
    ) -> StudyStore:
        """A store for ``config`` in ``folder``, checked but not written yet (:meth:`begin`
        writes study.json, once the run has started). An existing study there is continued with
        ``resume`` and must be the same study; ``repair`` sets bad chunks aside. The folder is
        locked for as long as the store is kept (:mod:`analyses.studies.locks`): another run in it
        is a one-line error."""
        folder = Path(folder)
        record = new_record(config, config.check())
        key = lock(folder)  # before anything is tidied: another run may be writing there
        try:
            store = cls._made(folder, config, record, resume=resume, repair=repair)
        except BaseException:
            unlock(key)
            raise
        store._release = weakref.finalize(store, unlock, key)
        return store

    @classmethod
    def _made(
        cls,
        folder: Path,
        config: StudyConfig,
        record: dict[str, Any],
        *,
        resume: bool,
        repair: bool,
    ) -> StudyStore:
        if (folder / META).exists():
            if not resume:
                raise AtollError(
                    "holds a study already: continue it with --resume, or name a new folder",
                    source=folder,
                )
            store = cls.open(folder)
            _same_study(folder, store.record, record)
            store.tidy(repair=repair)
            return store
        store = cls(folder, config, record)
        store._adopt_nothing(repair)
        return store

    def close(self) -> None:
        """Give back the folder's lock (:mod:`analyses.studies.locks`) that :meth:`create` took (it
        is also given back when the store is dropped, or the process ends)."""
        if self._release is not None:
            self._release()

    @classmethod
    def open(cls, folder: str | Path) -> StudyStore:
        """The study stored in ``folder`` (study.json checked against itself)."""
        folder = Path(folder)
        try:
            record = json.loads((folder / META).read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise AtollError("no study here (no study.json)", source=folder) from None
        except OSError as exc:  # a folder in its place, a name too long: not the file's fault
            raise AtollError(f"cannot read study.json: {exc.strerror}", source=folder) from None
        except ValueError as exc:
            raise AtollError(f"study.json is damaged: {exc}", source=folder) from None
        except RecursionError:
            raise AtollError(f"study.json is damaged: {NESTED_TOO_DEEPLY}", source=folder) from None
        if not isinstance(record, dict):
            raise AtollError("study.json is damaged: not a table", source=folder)
        if record.get("format") == 1:
            raise AtollError(
                "a study stored by atoll 0.1 (store format 1): its chunks carry no manifests, "
                "so its games cannot be verified; play it again into a new folder (the same "
                "seeds give the same games)",
                source=folder / META,
            )
        try:
            config = StudyConfig.from_dict(record["config"])
            components = record["components"]
            ok = (
                record.get("format") == FORMAT
                and record["digest"] == config.digest
                and record["identity"] == identity(config.to_dict(), components)
                and isinstance(record["atoll"], str)
            )
        except (AtollError, KeyError, TypeError, AttributeError) as exc:
            raise AtollError(f"study.json is damaged: {exc}", source=folder) from None
        if not ok:
            raise AtollError(
                "study.json was changed after the study began: its config no longer matches "
                "its digest, so its games cannot be trusted to be of that config",
                source=folder / META,
            )
        return cls(folder, config, record)

    def begin(self) -> None:
        """Write study.json (a new study) and check that more games may be played here."""
        if self.left() and self.record["atoll"] != atoll_version():
            raise AtollError(
                f"was begun by atoll {self.record['atoll']}; this is atoll {atoll_version()}, "
                "whose rules may differ: finish it with that version, or play it again into a "
                "new folder",
                source=self.folder,
            )
        meta = self.folder / META
        if not meta.exists():
            text = json.dumps(self.record, indent=2, sort_keys=True, default=str)
            write_bytes_atomically(meta, text.encode("utf-8"))

    # -- checking -------------------------------------------------------------------------------
    def survey(self) -> Survey:
        """Every chunk checked (once per store object; written chunks are added)."""
        if self._survey is None:
            self._survey = survey(
                self.chunks_root,
                study=self.record["identity"],
                atoll=self.record["atoll"],
                games=self.config.games,
            )
        return self._survey

    def tidy(self, *, repair: bool) -> None:
        """Before more games are played: what a killed run left is removed; a bad chunk is
        refused in one line, or with ``repair`` set aside (its games are played again)."""
        found = self.survey()
        for stale in found.staging:
            shutil.rmtree(stale, ignore_errors=True)
        for part in self.folder.glob(".*.part"):
            part.unlink(missing_ok=True)
        for path in found.foreign:
            warnings.warn(
                f"{path}: not a chunk of this store: not used", AtollWarning, stacklevel=2
            )
        if not found.bad:
            return
        if not repair:
            first = found.bad[0]
            more = f" (and {len(found.bad) - 1} more)" if len(found.bad) > 1 else ""
            raise AtollError(
                f"{first.problem}{more}: `atoll {self.config.game} verify {self.folder}` lists "
                "every problem; --repair sets bad chunks aside and plays their games again",
                source=first.path,
            )
        for chunk in found.bad:
            where = self.set_aside(chunk.path)
            warnings.warn(
                f"{chunk.path}: {chunk.problem}: set aside in {where}; its games are played again",
                AtollWarning,
                stacklevel=2,
            )
        self._survey = None

    def set_aside(self, path: Path) -> Path:
        """Move ``path`` into the study's ``set-aside/`` folder (never over another)."""
        return set_aside(self.folder, path)

    def _adopt_nothing(self, repair: bool) -> None:
        """A new study adopts no data: chunks left without a study.json are refused (their
        config is unknown), or with ``repair`` set aside."""
        root = self.chunks_root
        if not (root.is_dir() and any(root.iterdir())):
            return
        if not repair:
            raise AtollError(
                "holds study chunks but no study.json, so they cannot be checked: name a new "
                "folder, or --repair to set them aside",
                source=root,
            )
        where = self.set_aside(root)
        warnings.warn(f"{root}: set aside in {where}", AtollWarning, stacklevel=3)

    def done(self) -> set[int]:
        """The games the sound chunks hold (played, or failed and recorded)."""
        return self.survey().games()

    def left(self) -> int:
        return self.config.games - len(self.done())

    # -- writing, reading -----------------------------------------------------------------------
    def write_chunk(self, chunk: StudyFrames) -> Path:
        """Write one chunk's tables and manifest, all or nothing (a hidden folder renamed into
        place, readable like any folder the user makes). A stop that arrives meanwhile waits
        for the chunk (milliseconds): the games are played, and a parquet writer broken off
        in the middle printed a traceback from its finaliser on the way out."""
        with interrupts.deferred():
            return self._write_chunk(chunk)

    def _write_chunk(self, chunk: StudyFrames) -> Path:
        indices = chunk.indices
        if not indices:
            raise ValueError("an empty chunk")
        root = self.chunks_root
        root.mkdir(parents=True, exist_ok=True)
        target = root / chunk_name(indices)
        staging = Path(tempfile.mkdtemp(prefix=".chunk-", dir=root))
        try:
            rows = {}
            for table in TABLES:
                frame = chunk.table(table)
                rows[table] = len(frame)
                with open(staging / f"{table}.parquet", "wb") as handle:
                    frame.to_parquet(handle, index=False)
                    handle.flush()
                    os.fsync(handle.fileno())
            write_manifest(
                staging,
                indices,
                rows,
                study=self.record["identity"],
                atoll=self.record["atoll"],
            )
            os.chmod(staging, 0o777 & ~_umask())  # mkdtemp makes 0700
            if target.exists():  # the same games again (cannot happen through resume)
                raise AtollError("a chunk for these games exists already", source=target)
            os.rename(staging, target)
        except BaseException:
            shutil.rmtree(staging, ignore_errors=True)
            raise
        self._survey = None
        return target

    def frames(self) -> StudyFrames:
        """All tables of the study, sorted by game; an error while any chunk is bad (its games
        would be missing without a word)."""
        found = self.survey()
        if found.bad:
            first = found.bad[0]
            raise AtollError(
                f"{first.problem}: `atoll {self.config.game} verify {self.folder}` lists every "
                "problem",
                source=first.path,
            )
        parts = []
        for chunk in found.sound:
            # a table added since the chunk was stored (its manifest lists none) is empty
            tables = {
                t: _read(chunk.path / f"{t}.parquet") if t in chunk.rows else empty_table(t)
                for t in TABLES
            }
            tables["games"] = _with_deals(self.config, tables["games"])
            parts.append(StudyFrames(**tables))
        return StudyFrames.concat(parts)


def _with_deals(config: StudyConfig, games: pd.DataFrame) -> pd.DataFrame:
    """A chunk's games table with its ``deal`` and ``rotation`` columns: a chunk stored before
    they were recorded (a fixed study) gets them from its config, as a game played now would."""
    if "deal" in games.columns:
        return games
    index = games["game"].astype("int64")
    games.insert(2, "deal", index.map(config.deal).astype("int64"))
    games.insert(3, "rotation", index.map(config.rotation).astype("int64"))
    return games


def set_aside(folder: Path, path: Path) -> Path:
    """Move ``path`` into ``folder/set-aside/`` (never over another): what ``--repair`` does
    with what cannot be used, so that nothing is deleted."""
    root = folder / "set-aside"
    root.mkdir(exist_ok=True)
    target, k = root / path.name, 1
    while target.exists():
        target, k = root / f"{path.name}.{k}", k + 1
    os.rename(path, target)
    return target


def _same_study(folder: Path, stored: dict[str, Any], wanted: dict[str, Any]) -> None:
    """An error naming what differs between the stored study and the one asked for."""
    # the fixed design is not written (as before designs): named here, so that it shows
    old, new = ({"design": "fixed", **c} for c in (stored["config"], wanted["config"]))
    changed = [k for k in sorted({*old, *new}) if old.get(k) != new.get(k)]
    if changed:
        what = "; ".join(f"{k} {old.get(k)!r} there, {new.get(k)!r} here" for k in changed)
        raise AtollError(
            f"holds another study ({what}); --resume continues only the same study",
            source=folder,
        )
    for name, entry in sorted(wanted["components"].items()):
        before = stored["components"].get(name, {})
        if before.get("sha256") != entry.get("sha256"):
            raise AtollError(
                f"the {name} ({entry.get('source')}) differs from the one this study was played "
                f"with: its games would mix two {name}s; restore it, or name a new folder",
                source=folder,
            )


def _read(path: Path) -> pd.DataFrame:
    try:
        return pd.read_parquet(path)
    except Exception as exc:  # pyarrow's own errors: the file changed since it was checked
        raise AtollError(f"cannot be read: {type(exc).__name__}: {exc}", source=path) from None


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
