"""The winner of a tuning against the starting values, on fresh seeds.

The best of many noisy trials looks better than it is (it was picked for its luck on the
trials' seeds too), so both are played again on ``check_games`` games from seeds no trial
used, the same seeds for both (paired): the loss of each and their difference, with 95%
intervals from resampling the games jointly (the deals, in the duplicate design: a deal's
rotations are one unit).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np

from analyses.studies.designs import whole_deals
from analyses.studies.frames import StudyFrames
from analyses.studies.study import run_study
from analyses.tuning.objectives import paired_interval
from analyses.tuning.search import Prepared, check_seed, configured


@dataclasses.dataclass(frozen=True)
class Checked:
    """The paired check: losses, their difference and intervals, and both runs' frames."""

    baseline: float
    tuned: float
    difference: float
    difference_interval: tuple[float, float]
    baseline_interval: tuple[float, float]
    tuned_interval: tuple[float, float]
    games: int
    seed: int
    frames: tuple[StudyFrames, StudyFrames]
    configs: tuple[Any, Any]
    same: bool = False  # the winner is the starting values: nothing to compare

    @property
    def clear(self) -> bool:
        """Whether the interval of the difference excludes 0 (never when nothing changed)."""
        lo, hi = self.difference_interval
        return not self.same and (hi < 0 or lo > 0)


def check(
    prep: Prepared,
    values: Mapping[str, Any],
    folder: Path,
    *,
    workers: int = 1,
    scheduler: str | None = None,
) -> Checked:
    """Play the starting values and ``values`` on the same fresh seeds (in the study's design:
    in the duplicate design ``check_games`` rounded up to whole deals)."""
    study = prep.run.study
    seed, games = check_seed(study.seed), prep.run.check_games
    if study.design == "duplicate":
        games = whole_deals(games, study.players)
    base = configured(prep, prep.start, folder / "check" / "baseline", games=games, seed=seed)
    tuned = configured(prep, values, folder / "check" / "tuned", games=games, seed=seed)
    both = tuple(run_study(c, workers=workers, scheduler=scheduler) for c in (base, tuned))
    common = np.intersect1d(both[0].games["game"], both[1].games["game"])
    rows, deals = [], None
    for frames in both:
        keep = np.isin(frames.games["game"].to_numpy(), common)
        rows.append([r[keep] for r in prep.objective.rows(frames)])
        deals = frames.games["deal"].to_numpy()[keep]  # the same games, deals, in both
    diff, span, base_span, tuned_span = paired_interval(
        prep.objective, rows[0], rows[1], deals=deals
    )
    return Checked(
        prep.objective.value_of(rows[0]),
        prep.objective.value_of(rows[1]),
        diff,
        span,
        base_span,
        tuned_span,
        len(common),
        seed,
        (both[0], both[1]),
        (base, tuned),
        same=all(values[k] == v for k, v in prep.start.items()),
    )
