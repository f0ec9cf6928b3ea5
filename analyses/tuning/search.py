"""The search of ``atoll GAME tune``: optuna's TPE sampler over the parameters, each trial a
study of the same seeded games (common random numbers: trials differ by their values, not by
their luck), its storage a SQLite file in the run's folder so that a killed tuning resumes.

The sampler is made anew for every trial with a seed drawn from the run's seed and the number
of trials finished before it, so trial ``k`` gets the same values whether the run went through
or was killed and resumed (a trial killed half way is marked failed and played again). The
starting values are the first trial when the ranges hold them.

>>> from analyses.studies.study import StudyConfig
>>> run = TuneRun(StudyConfig("goofspiel", 2, games=4, seed=1), ("option:cards=3..5",),
...               "seats", trials=3)
>>> run.to_dict()["trials"], TuneRun.from_dict(run.to_dict()) == run
(3, True)
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import numpy as np

from analyses.plugins import plugin
from analyses.studies import interrupts
from analyses.studies.locks import LOCK, in_use
from analyses.studies.study import StudyConfig, run_study
from analyses.tuning.objectives import Objective, parse_objective
from analyses.tuning.params import Param, apply, check_param, parse_param, write_text
from analyses.tuning.storage import RECORD, STORAGE, check_storage, read_record
from models.errors import AtollError
from models.seeds import keyed_seed


@dataclasses.dataclass(frozen=True)
class TuneRun:
    """What a tuning plays: the study of each trial (its ``games`` and ``seed``: the same for
    every trial), the parameters, the objective, how many trials, and how many fresh games the
    winner is checked on."""

    study: StudyConfig
    params: tuple[str, ...]
    objective: str
    trials: int = 50
    check_games: int = 200

    def to_dict(self) -> dict[str, Any]:
        return {
            "study": self.study.to_dict(),
            "params": list(self.params),
            "objective": self.objective,
            "trials": self.trials,
            "check_games": self.check_games,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TuneRun:
        return cls(
            StudyConfig.from_dict(data["study"]),
            tuple(data["params"]),
            str(data["objective"]),
            int(data["trials"]),
            int(data["check_games"]),
        )

    @property
    def digest(self) -> str:
        text = json.dumps(self.to_dict(), sort_keys=True, default=str)
        return hashlib.sha256(text.encode()).hexdigest()[:12]


@dataclasses.dataclass
class Prepared:
    """A run made ready: its parameters with their starting values, the objective, the rule
    options and component files it starts from."""

    run: TuneRun
    params: list[Param]
    start: dict[str, Any]
    objective: Objective
    options: dict[str, Any]
    files: dict[str, str]
    components: dict[str, Any]


def prepare(run: TuneRun) -> Prepared:
    """Check everything before a game is played (one-line errors naming the flag)."""
    params = [parse_param(p) for p in run.params]
    if not params:
        raise AtollError("name at least one --param PATH=RANGE", field="--param")
    names = [p.name for p in params]
    if len(set(names)) != len(names):
        raise AtollError("a path is named twice", field="--param")
    objective = parse_objective(run.objective, plugin(run.study.game).metrics)
    game = run.study.check()
    options = game.options.to_dict()
    components = game.components()
    files = {
        name: str(part["source"])
        for name, part in components.items()
        if Path(str(part.get("source", ""))).suffix == ".toml"
        and Path(str(part["source"])).is_file()
    }
    start = {p.name: check_param(p, options, files) for p in params}
    return Prepared(run, params, start, objective, options, files, components)


def trial_seed(seed: int, k: int) -> int:
    """The sampler's seed for the ``k``-th trial of a run with root ``seed``."""
    return keyed_seed(seed, k)


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


def _distributions(params: list[Param]) -> dict[str, Any]:
    from optuna.distributions import (
        CategoricalDistribution,
        FloatDistribution,
        IntDistribution,
    )

    found: dict[str, Any] = {}
    for p in params:
        if p.kind == "int":
            found[p.name] = IntDistribution(int(p.low), int(p.high))  # type: ignore[arg-type]
        elif p.kind == "float":
            found[p.name] = FloatDistribution(float(p.low), float(p.high))  # type: ignore[arg-type,unused-ignore]
        else:
            found[p.name] = CategoricalDistribution(p.choices)
    return found


def _inside(p: Param, value: Any) -> bool:
    if p.kind == "choice":
        return value in p.choices
    return bool(p.low <= value <= p.high)


def open_store(folder: Path, run: TuneRun, *, resume: bool, repair: bool = False) -> Any:
    """The optuna study stored in ``folder`` (made, or continued with ``resume``; a folder
    holding another tuning or a tuning without ``resume`` is a one-line error, and so is a
    damaged tune.json or tune.db: :mod:`analyses.tuning.storage`, whose ``repair`` sets it
    aside). The caller holds the folder's lock."""
    import optuna
    from sqlalchemy.exc import SQLAlchemyError

    if (folder / RECORD).exists() or (folder / RECORD).is_symlink():
        if not resume:
            raise AtollError(
                f"{folder} holds a tuning already: --resume continues it", field="--out"
            )
        held = read_record(folder, repair=repair)
        if held is not None and held["run"] != run.to_dict():
            raise AtollError(
                f"{folder} holds another tuning (its tune.json): --resume continues only the "
                "same one",
                field="--out",
            )
    elif resume:
        raise AtollError(f"{folder} holds no tuning to resume", field="--resume")
    elif folder.exists() and any(p.name != LOCK for p in folder.iterdir()):
        raise AtollError(f"{folder} is not empty: choose a new folder", field="--out")
    check_storage(folder, repair=repair)
    write_text(folder / RECORD, json.dumps({"run": run.to_dict(), "digest": run.digest}, indent=1))
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
    import optuna
    from optuna.trial import TrialState

    run = prep.run
    study = open_store(folder, run, resume=resume, repair=repair)
    for stale in study.get_trials(deepcopy=False, states=(TrialState.RUNNING,)):
        study.tell(stale.number, state=TrialState.FAIL)  # killed half way: played again
    finished = len(study.get_trials(deepcopy=False, states=(TrialState.COMPLETE,)))
    inside = all(_inside(p, prep.start[p.name]) for p in prep.params)
    waiting = study.get_trials(deepcopy=False, states=(TrialState.WAITING,))
    if finished == 0 and inside and not waiting:
        study.enqueue_trial(dict(prep.start))
    for k in range(finished, run.trials):
        interrupts.check()  # an interrupt swallowed on the way stops the tuning here
        study.sampler = optuna.samplers.TPESampler(
            seed=trial_seed(run.study.seed, k), n_startup_trials=min(10, max(2, run.trials // 4))
        )
        _play(prep, study, k, folder, workers, scheduler, done)
    return study


def _play(
    prep: Prepared,
    study: Any,
    k: int,
    folder: Path,
    workers: int,
    scheduler: str | None,
    done: Callable[[int, float], None] | None,
) -> None:
    """Ask optuna for trial ``k``, play it, tell its value and say it (``done``). Stopped half
    way, it is told failed (the same as optuna's own ``optimize`` does), so it is never taken
    for a finished trial: the asking and the telling are each held whole against a stop
    (:func:`analyses.studies.interrupts.deferred`), so no stop leaves a trial running or one told
    finished but not said."""
    from optuna.trial import TrialState

    trial = None
    try:
        with interrupts.deferred():
            trial = study.ask(_distributions(prep.params))
        values = {name: trial.params[name] for name in _distributions(prep.params)}
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


def completed(study: Any) -> list[Any]:
    """The finished trials in the order they were played."""
    from optuna.trial import TrialState

    trials = study.get_trials(deepcopy=False, states=(TrialState.COMPLETE,))
    return sorted(trials, key=lambda t: t.user_attrs.get("k", t.number))


def best(study: Any) -> Any:
    """The trial with the least loss (the first of equals)."""
    trials = completed(study)
    return min(trials, key=lambda t: (t.value, t.user_attrs.get("k", t.number)))
