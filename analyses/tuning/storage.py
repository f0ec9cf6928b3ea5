"""A tuning's folder, checked before it is used: ``tune.json`` (what the run plays) and
``tune.db`` (optuna's SQLite storage of its trials).

A damaged file is refused in one line naming it and the repair, as a study's damaged chunk is
(:mod:`analyses.studies.store`); with ``--repair`` it is set aside in ``set-aside/`` (nothing is
deleted) and the trials it held are played again. A damaged ``tune.db`` takes its trials with
it; a damaged ``tune.json`` takes ``tune.db`` too: trials whose run cannot be read cannot be
told to be this run's, as chunks without a study.json are not adopted.

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as tmp:
...     _ = (Path(tmp) / RECORD).write_text("[]", encoding="utf-8")
...     read_record(Path(tmp), repair=False)
Traceback (most recent call last):
...
models.errors.AtollError: .../tune.json: is damaged (not a tuning's record: a list, ...
"""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import Any

from analyses.studies.store import set_aside
from models.data import parse_json
from models.errors import AtollError, AtollWarning

#: What the run plays (its TuneRun) and optuna's storage of its trials.
RECORD = "tune.json"
STORAGE = "tune.db"
#: The first bytes of every SQLite database file (an empty file is an empty database).
SQLITE_HEADER = b"SQLite format 3\x00"


def read_record(folder: Path, *, repair: bool) -> dict[str, Any] | None:
    """What ``folder/tune.json`` records; when it is damaged, a one-line error, or with
    ``repair`` ``None`` once it and tune.db are set aside."""
    path = folder / RECORD
    held, problem = _record(path)
    if problem is None:
        return held
    if not repair:
        raise AtollError(
            f"is damaged ({problem}): --repair sets it and {STORAGE} aside in "
            f"{folder / 'set-aside'} and plays the trials again",
            source=path,
        )
    _set_aside(folder, [(path, problem), (folder / STORAGE, f"{RECORD} beside it is damaged")])
    return None


def completed(study: Any) -> list[Any]:
    """The finished trials in the order they were played."""
    from optuna.trial import TrialState

    trials = study.get_trials(deepcopy=False, states=(TrialState.COMPLETE,))
    return sorted(trials, key=lambda t: t.user_attrs.get("k", t.number))


def recorded_trials(folder: Path) -> int | None:
    """The trials of the run recorded in ``folder/tune.json``; ``None`` when it cannot be told
    (no record, or a damaged one: whoever opens it says what is wrong)."""
    held, _ = _record(folder / RECORD) if (folder / RECORD).is_file() else (None, None)
    trials = held["run"].get("trials") if held else None
    return trials if isinstance(trials, int) and not isinstance(trials, bool) else None


def check_storage(folder: Path, *, repair: bool, problem: str | None = None) -> None:
    """A one-line error when ``folder/tune.db`` is no SQLite database (or ``problem``, what
    optuna found, is given); with ``repair`` it is set aside instead."""
    path = folder / STORAGE
    problem = problem or _storage_problem(path)
    if problem is None:
        return
    if not repair:
        raise AtollError(
            f"is damaged ({problem}): --repair sets it aside in {folder / 'set-aside'} and "
            "plays its trials again",
            source=path,
        )
    _set_aside(folder, [(path, problem)])


def _record(path: Path) -> tuple[dict[str, Any] | None, str | None]:
    try:
        text = path.read_text(encoding="utf-8")
    except IsADirectoryError:
        return None, "a folder, not a file"
    except (OSError, UnicodeDecodeError) as exc:
        return None, f"cannot be read: {exc}"
    if not text.strip():
        return None, "empty"
    try:
        held = parse_json(text, source=path.name)  # nesting bounded: no RecursionError
    except AtollError as exc:
        return None, exc.message  # invalid JSON, or nested too deeply
    if not isinstance(held, dict):
        return None, f"not a tuning's record: a {_kind(held)}, not a table"
    if not isinstance(held.get("run"), dict):
        return None, "not a tuning's record: no run table"
    return held, None


def _kind(value: Any) -> str:
    return {list: "list", str: "string", bool: "true/false", type(None): "null"}.get(
        type(value), "number"
    )


def _storage_problem(path: Path) -> str | None:
    if not (path.exists() or path.is_symlink()):
        return None  # made afresh
    if path.is_dir():
        return "a folder, not a database"
    if not path.is_file():
        return "not a file"
    try:
        with open(path, "rb") as handle:
            head = handle.read(len(SQLITE_HEADER))
    except OSError as exc:
        return f"cannot be read: {exc.strerror or exc}"
    if head and head != SQLITE_HEADER:
        return "not an SQLite database"
    return None


def _set_aside(folder: Path, damaged: list[tuple[Path, str]]) -> None:
    for path, problem in damaged:
        if path.exists() or path.is_symlink():
            where = set_aside(folder, path)
            warnings.warn(
                f"{path}: {problem}: set aside in {where}; its trials are played again",
                AtollWarning,
                stacklevel=3,
            )
