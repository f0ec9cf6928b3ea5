"""The values of each trial of a tuning (issue 39, "During"): the starting values first, then
each parameter probed once (:mod:`analyses.tuning.probes`: an inert one is kept at its start
from then on), then the search over the others. Whole numbers and choices are never played
twice (:mod:`analyses.tuning.grid`): every combination in turn when they all fit in the trials,
else a combination TPE proposes again is replaced by one not yet played, drawn with a generator
seeded from the trial's seed. Trial ``k``'s values depend only on the run, ``k`` and the trials
finished before it, so a killed run resumed plays the same trials.

>>> from analyses.studies.study import StudyConfig
>>> from analyses.tuning.run import TuneRun, prepare
>>> prep = prepare(TuneRun(StudyConfig("tobago", 2, games=2), ("option:marker_threshold=10..24",
...     "option:ties=shared|none"), "seats", trials=5))
>>> [choose(prep, k, []) for k in range(3)]  # doctest: +NORMALIZE_WHITESPACE
[{'option:marker_threshold': 17, 'option:ties': 'shared'},
 {'option:marker_threshold': 24, 'option:ties': 'shared'},
 {'option:marker_threshold': 17, 'option:ties': 'none'}]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from analyses.tuning.grid import key, small_grid, unplayed
from analyses.tuning.params import Param
from analyses.tuning.probes import origin_value, probe_value, probed
from models.seeds import keyed_seed, make_rng

if TYPE_CHECKING:
    from analyses.tuning.run import Prepared

__all__ = [
    "STARTUP",
    "choose",
    "distributions",
    "exhausted",
    "fixed_sampler",
    "origin",
    "trial_seed",
]

#: Trials TPE draws at random before it models the finished ones (optuna's default; the same
#: for every run length, so that a tuning extended with more trials plays as a longer one).
STARTUP = 10


def origin(prep: Prepared) -> dict[str, Any]:
    """The first trial's values: the starting values, each brought into its range."""
    return {p.name: origin_value(p, prep.start[p.name]) for p in prep.params}


def trial_seed(seed: int, k: int) -> int:
    """The sampler's seed for the ``k``-th trial of a run with root ``seed``."""
    return keyed_seed(seed, k)


def distributions(params: list[Param]) -> dict[str, Any]:
    """The optuna distribution of each parameter (by name)."""
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


def fixed_sampler(values: Mapping[str, Any]) -> Any:
    """An optuna sampler that gives ``values`` (:func:`choose`'s): the stored trial is asked
    with them, so that it holds every parameter's distribution for the report."""
    from optuna.samplers import BaseSampler

    class Fixed(BaseSampler):
        def infer_relative_search_space(self, study: Any, trial: Any) -> dict[str, Any]:
            return {}

        def sample_relative(self, study: Any, trial: Any, space: Any) -> dict[str, Any]:
            return {}

        def sample_independent(self, study: Any, trial: Any, name: str, dist: Any) -> Any:
            return values[name]

    return Fixed()


def choose(prep: Prepared, k: int, history: list[Any]) -> dict[str, Any] | None:
    """The values of trial ``k`` after the finished trials ``history`` (in the order played):
    the starting values, a probe of each parameter in turn, then the search over the parameters
    not inert (the inert ones at their start): the next of the grid, or TPE's proposal (one not
    yet played instead of one played, when all are whole numbers or choices). ``None`` when
    every combination is played."""
    first = origin(prep)
    if k == 0:
        return first
    if k <= len(prep.params):
        param = prep.params[k - 1]
        return {**first, param.name: probe_value(param, first[param.name])}
    inert = {name for name, (_, _, same) in probed(history).items() if same}
    active = [p for p in prep.params if p.name not in inert]
    fixed = {name: first[name] for name in inert}
    if any(p.kind == "float" for p in active):
        return _ordered(prep, {**fixed, **_suggested(prep, k, history, active)})
    space = {p.name: _values(p) for p in active}
    played = [t.params for t in history]
    seen = {key(v, space) for v in played}
    grid = small_grid(space, first, prep.run.trials)
    if grid is not None:
        fresh = next((v for v in grid if key(v, space) not in seen), None)
        return None if fresh is None else _ordered(prep, {**fixed, **fresh})
    proposed = _suggested(prep, k, history, active) if active else {}
    if key(proposed, space) in seen:  # played already: one not yet played instead
        again = unplayed(space, played, make_rng(trial_seed(prep.run.study.seed, k)))
        if again is None:
            return None
        proposed = again
    return _ordered(prep, {**fixed, **proposed})


def _ordered(prep: Prepared, values: Mapping[str, Any]) -> dict[str, Any]:
    return {p.name: values[p.name] for p in prep.params}


def _values(p: Param) -> Any:
    if p.kind == "choice":
        return p.choices
    return range(int(p.low), int(p.high) + 1)  # type: ignore[arg-type]


def _suggested(prep: Prepared, k: int, history: list[Any], active: list[Param]) -> dict[str, Any]:
    """TPE's proposal for trial ``k`` over the ``active`` parameters: made anew from the run's
    seed and ``k``, the finished trials its history (the same values after a resume)."""
    import optuna

    found = distributions(active)
    sampler = optuna.samplers.TPESampler(
        seed=trial_seed(prep.run.study.seed, k), n_startup_trials=STARTUP
    )
    study = optuna.create_study(direction="minimize", sampler=sampler)
    for t in history:
        params = {name: t.params[name] for name in found}
        study.add_trial(
            optuna.trial.create_trial(params=params, distributions=found, value=t.value)
        )
    return dict(study.ask(found).params)


def exhausted(prep: Prepared, history: list[Any]) -> str:
    """What is said when :func:`choose` finds every combination played."""
    inert = {name for name, (_, _, same) in probed(history).items() if same}
    left = f"the search stops after {len(history)} of {prep.run.trials} trials"
    if len(inert) == len(prep.params):
        return f"every parameter is inert: nothing is left to search; {left}"
    return f"every combination of the values searched is played: {left}"
