"""The dry run of a tuning: before its first game is stored, one deal is played at each end of
each parameter's range (the others at their starting values) and the objective is computed on
it, in a temporary folder — so an option value the game refuses at an end of its range, a
component value that breaks its file, an objective the game's tables cannot give (a column it
lacks) or an agent an objective names but the study does not play is one line, exit 2, and
nothing is written (issue 39).

>>> from analyses.studies.study import StudyConfig
>>> from analyses.tuning.search import TuneRun, prepare
>>> run = TuneRun(StudyConfig("gloryislands", 2, games=4), ("option:hunt=true|false",), "seats")
>>> [sorted(v.items()) for v in extremes(prepare(run))]
[[('option:hunt', True)], [('option:hunt', False)]]
"""

from __future__ import annotations

import dataclasses
import tempfile
from pathlib import Path
from typing import Any

from analyses.studies.study import run_study
from analyses.tuning.search import Prepared, configured
from models.errors import AtollError

__all__ = ["dry_run", "extremes"]


def extremes(prep: Prepared) -> list[dict[str, Any]]:
    """The values tried: for each parameter its low and high end (or its first and last
    choice), the other parameters at their starting values."""
    found: list[dict[str, Any]] = []
    for param in prep.params:
        ends = (param.choices[0], param.choices[-1]) if param.kind == "choice" else (
            param.low, param.high)  # fmt: skip
        for end in ends:
            values = {**prep.start, param.name: end}
            if values not in found:
                found.append(values)
    return found


def dry_run(prep: Prepared) -> int:
    """Play one deal per value of :func:`extremes` and compute the objective on it (see the
    module); returns the games played. Any problem is one line naming the value."""
    played = 0
    with tempfile.TemporaryDirectory(prefix="atoll-dry-run-") as tmp:
        for k, values in enumerate(extremes(prep)):
            config = configured(prep, values, Path(tmp) / f"{k}")
            one = config.players if config.design == "duplicate" else 1
            shown = ", ".join(f"{name}={_text(value)}" for name, value in values.items())
            try:
                frames = run_study(dataclasses.replace(config, games=one))
                if len(frames.errors):
                    raise AtollError(f"a game failed: {frames.errors.iloc[0]['error']}")
                prep.objective.value(frames)
            except AtollError as exc:
                flag = exc.field if exc.field and exc.field.startswith("--") else "--param"
                inner = f"{exc.field}: " if exc.field and flag != exc.field else ""
                raise AtollError(
                    f"the dry run at {shown}: {inner}{exc.message}", field=flag
                ) from None
            played += len(frames.games)
    return played


def _text(value: Any) -> str:
    """A value as ``--param`` writes it (``true``, ``3``, ``turn_order``)."""
    return str(value).lower() if isinstance(value, bool) else str(value)
