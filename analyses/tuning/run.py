"""What a tuning plays (:class:`TuneRun`: stored in its ``tune.json``) and the run made ready
for its first game (:func:`prepare`: every parameter, range and objective checked).

>>> from analyses.studies.study import StudyConfig
>>> run = TuneRun(StudyConfig("goofspiel", 2, games=4, seed=1), ("option:cards=3..5",),
...               "seats", trials=3)
>>> run.to_dict()["trials"], TuneRun.from_dict(run.to_dict()) == run
(3, True)
>>> run.same_but_trials({**run.to_dict(), "trials": 9}), run.same_but_trials({})
(True, False)
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from analyses.plugins import plugin
from analyses.studies.study import StudyConfig
from analyses.tuning.objectives import Objective, parse_objective
from analyses.tuning.params import Param, check_param, parse_param
from models.errors import AtollError

__all__ = ["Prepared", "TuneRun", "prepare"]


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

    def same_but_trials(self, held: Mapping[str, Any]) -> bool:
        """Whether ``held`` (a stored ``to_dict``) is this run but for its number of trials,
        the one thing ``--resume`` may change."""
        return {**held, "trials": self.trials} == self.to_dict()


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
