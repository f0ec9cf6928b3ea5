"""The search of ``atoll GAME tune``: optuna's TPE sampler over the parameters, each trial a
study of the same seeded games (common random numbers: trials differ by their values, not by
their luck), its storage a SQLite file in the run's folder so that a killed tuning resumes.

The first trial is the starting values (brought into the ranges), then each parameter is
probed once and an inert one is kept at its start from then on (:mod:`analyses.tuning.probes`).
Whole numbers and choices are never played twice (:mod:`analyses.tuning.grid`): every
combination in turn when they all fit in the trials, else a value TPE proposes again is
replaced by one not yet played; when every combination is played the search stops.

TPE is made anew for every trial with a seed drawn from the run's seed and the number of trials
finished before it, and the finished trials as its history, so trial ``k`` gets the same values
whether the run went through or was killed and resumed (a trial killed half way is marked
failed and played again), and a finished run resumed with more ``trials`` plays what a run of
that many would have played next.

"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import warnings
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import numpy as np

from analyses.studies import interrupts
from analyses.studies.locks import LOCK, in_use
from analyses.studies.study import StudyConfig, run_study
from analyses.tuning.params import apply, write_text
from analyses.tuning.probes import fingerprint, inert_message, probed
from analyses.tuning.run import Prepared, TuneRun, prepare
from analyses.tuning.storage import RECORD, STORAGE, check_storage, completed, read_record
from analyses.tuning.trials import choose, distributions, exhausted, fixed_sampler
from models.errors import AtollError, AtollWarning
from models.seeds import keyed_seed

__all__ = [
    "Prepared",
    "TuneRun",
    "best",
    "check_seed",
    "completed",
    "configured",
    "open_store",
    "prepare",
    "search",
]


def check_seed(seed: int) -> int:
    """The root seed of the fresh games the winner is checked on (never the trials' seed)."""
    return keyed_seed(seed, 0x5EED) >> 1


def configured(
    prep: Prepared, values: Mapping[str, Any], folder: Path, **study: Any
) -> StudyConfig:
    """The study config with ``values`` put in (component copies written into ``folder``)."""
    options, files = apply(prep.params, values, prep.options, prep.files, folder)
    changed = {k: v for k, v in files.items() if v != prep.files.get(k)}
    base = prep.run.study
    components = {**dict(base.components), **changed}
    return dataclasses.replace(base, options=options, components=components, **study)


def open_store(folder: Path, run: TuneRun, *, resume: bool, repair: bool = False) -> Any:
    """The optuna study stored in ``folder`` (made, or continued with ``resume``; a folder
    holding another tuning or a tuning without ``resume`` is a one-line error, and so is a
    damaged tune.json or tune.db: :mod:`analyses.tuning.storage`, whose ``repair`` sets it
    aside). Only the number of trials may differ from the stored run's, and not below the
    trials it finished. The caller holds the folder's lock."""
    held = None
    if (folder / RECORD).exists() or (folder / RECORD).is_symlink():
        if not resume:
            raise AtollError(
                f"{folder} holds a tuning already: --resume continues it", field="--out"
            )
        held = read_record(folder, repair=repair)
        if held is not None and not run.same_but_trials(held["run"]):
            raise AtollError(
                f"{folder} holds another tuning (its tune.json): --resume continues only the "
                "same one (with --trials as many as you like)",
                field="--out",
            )
    elif resume:
        raise AtollError(f"{folder} holds no tuning to resume", field="--resume")
    elif folder.exists() and any(p.name != LOCK for p in folder.iterdir()):
        raise AtollError(f"{folder} is not empty: choose a new folder", field="--out")
    check_storage(folder, repair=repair)
    if held is None:
        write_record(folder, {"run": run.to_dict(), "digest": run.digest})
    study = _open_storage(folder, repair)
    if held is not None and held["run"] != run.to_dict():
        finished = len(completed(study))
        if run.trials < finished:
            raise AtollError(
                f"{folder} holds {finished} finished trials: --trials must be at least {finished}",
                field="--trials",
            )
        write_record(folder, {**held, "run": run.to_dict(), "digest": run.digest})
    return study


def write_record(folder: Path, record: Mapping[str, Any]) -> None:
    """Write the run's ``tune.json`` (atomically)."""
    write_text(folder / RECORD, json.dumps(record, indent=1, default=str))


def _open_storage(folder: Path, repair: bool) -> Any:
    import optuna
    from sqlalchemy.exc import SQLAlchemyError

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    storage = f"sqlite:///{(folder / STORAGE).resolve()}"
    try:
        return _optuna_study(storage)
    except SQLAlchemyError as exc:  # an SQLite file, but not one optuna can use
        why = str(getattr(exc, "orig", None) or exc).splitlines()[0]
        check_storage(folder, repair=repair, problem=f"optuna cannot read it: {why}")
    return _optuna_study(storage)  # the damaged one set aside: a new one


def _optuna_study(storage: str) -> Any:
    import optuna

    study = optuna.create_study(
        study_name="atoll", storage=storage, direction="minimize", load_if_exists=True
    )
    study.get_trials(deepcopy=False)  # a database damaged past its header shows here
    return study


def search(
    prep: Prepared,
    folder: Path,
    *,
    resume: bool = False,
    repair: bool = False,
    workers: int = 1,
    scheduler: str | None = None,
    done: Callable[[int, float], None] | None = None,
) -> Any:
    """Play the trials still to play; returns the optuna study. ``done(k, value)`` after each.
    The folder is locked meanwhile (:mod:`analyses.studies.locks`); a trial stopped half way
    (Ctrl-C, an error) is marked failed, never finished, and is played again on ``--resume``."""
    with in_use(folder):
        return _search(prep, folder, resume, repair, workers, scheduler, done)


def _search(
    prep: Prepared,
    folder: Path,
    resume: bool,
    repair: bool,
    workers: int,
    scheduler: str | None,
    done: Callable[[int, float], None] | None,
) -> Any:
    from optuna.trial import TrialState

    run = prep.run
    study = open_store(folder, run, resume=resume, repair=repair)
    for stale in study.get_trials(deepcopy=False, states=(TrialState.RUNNING,)):
        study.tell(stale.number, state=TrialState.FAIL)  # killed half way: played again
    history = completed(study)
    said = _say_inert(folder, history, set())
    for k in range(len(history), run.trials):
        interrupts.check()  # an interrupt swallowed on the way stops the tuning here
        values = choose(prep, k, history)
        if values is None:
            warnings.warn(exhausted(prep, history), AtollWarning, stacklevel=3)
            break
        _play(prep, study, k, values, folder, workers, scheduler, done)
        history = completed(study)
        said = _say_inert(folder, history, said)
    return study


def _say_inert(folder: Path, history: list[Any], said: set[str]) -> set[str]:
    """Warn of each inert parameter not yet said, and record them all in tune.json."""
    inert = {n: (a, b) for n, (a, b, same) in probed(history).items() if same}
    new = [n for n in inert if n not in said]
    for name in new:
        warnings.warn(inert_message(name, *inert[name]), AtollWarning, stacklevel=4)
    if new:
        held = read_record(folder, repair=False) or {}
        write_record(folder, {**held, "inert": {n: list(v) for n, v in inert.items()}})
    return said | set(new)


def _play(
    prep: Prepared,
    study: Any,
    k: int,
    values: Mapping[str, Any],
    folder: Path,
    workers: int,
    scheduler: str | None,
    done: Callable[[int, float], None] | None,
) -> None:
    """Ask optuna for trial ``k`` at ``values``, play it, tell its value and say it (``done``).
    Stopped half way, it is told failed (the same as optuna's own ``optimize`` does), so it is
    never taken for a finished trial: the asking and the telling are each held whole against a
    stop (:func:`analyses.studies.interrupts.deferred`), so no stop leaves a trial running or
    one told finished but not said."""
    from optuna.trial import TrialState

    trial = None
    study.sampler = fixed_sampler(values)
    try:
        with interrupts.deferred():
            trial = study.ask(distributions(prep.params))
        config = configured(prep, values, folder / "trials" / f"{k:04d}")
        frames = run_study(config, workers=workers, scheduler=scheduler)  # checks it first
        if frames.errors.shape[0]:
            first = frames.errors.iloc[0]
            raise AtollError(
                f"trial {k} ({values}): game {first['game']} failed: {first['error']}",
                field="--param",
            )
        value = float(prep.objective.value(frames))
        with interrupts.deferred():
            trial.set_user_attr("k", k)
            trial.set_user_attr("games", len(frames.games))
            trial.set_user_attr("fingerprint", fingerprint(frames))
            if 1 <= k <= len(prep.params):
                trial.set_user_attr("probe", prep.params[k - 1].name)
            study.tell(trial, value if np.isfinite(value) else float("inf"))
            if done is not None:
                done(k, value)
    except BaseException:
        # written whole even under a second Ctrl-C; if it cannot be (or the trial was told
        # already), it stays as it is and the next --resume marks a running one failed
        if trial is not None:
            with interrupts.deferred(), contextlib.suppress(Exception):
                study.tell(trial, state=TrialState.FAIL)
        raise


def best(study: Any) -> Any:
    """The trial with the least loss (the first of equals)."""
    trials = completed(study)
    return min(trials, key=lambda t: (t.value, t.user_attrs.get("k", t.number)))
