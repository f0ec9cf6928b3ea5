"""What a tuning concludes, in words, and where its files go (issue 39, "After").

The check (:mod:`analyses.tuning.check`) plays the starting and the tuned values on the same
fresh seeds; its difference of the objective (tuned − starting, lower is better) with its 95%
interval gives the verdict:

* **better**: the interval lies below 0 (``better: 0.20 → 0.01 (difference -0.19 [-0.24,
  -0.14], 600 fresh games)``);
* **not better**: the interval lies above 0 (the tuned values are worse), or the tuned values
  are the starting ones, or they play the very same games (a difference of 0 in every game);
* **cannot be told apart**: the interval holds 0.

The tuned files (component copies, ``options.toml``) are written into ``OUT/tuned/`` only when
the verdict is *better*; otherwise into ``OUT/candidate/``, with ``VERDICT.txt`` (the verdict
line) beside them, so that nobody loads an unproven setting by mistake
(:func:`analyses.tuning.report.deliver`).

>>> verdict_words(-0.19, (-0.24, -0.14)), verdict_words(0.05, (0.01, 0.09))
('better', 'not better')
>>> verdict_words(-0.01, (-0.03, 0.02)), verdict_words(0.0, (0.0, 0.0))
('cannot be told apart', 'not better')
"""

from __future__ import annotations

import dataclasses

from analyses.statistics import formats
from analyses.tuning.check import Checked

__all__ = [
    "BETTER",
    "CANNOT_TELL",
    "NOT_BETTER",
    "Verdict",
    "verdict",
    "verdict_words",
]

BETTER = "better"
NOT_BETTER = "not better"
CANNOT_TELL = "cannot be told apart"
#: The folders of the tuned files: proven better, or not.
TUNED, CANDIDATE = "tuned", "candidate"
#: The verdict line beside the files of a setting not proven better.
VERDICT_FILE = "VERDICT.txt"


def verdict_words(difference: float, interval: tuple[float, float]) -> str:
    """The verdict of a difference of the objective (tuned − starting) and its interval."""
    lo, hi = interval
    if hi < 0:
        return BETTER
    if lo > 0 or (difference == 0 and lo == hi == 0):
        return NOT_BETTER  # worse, or the very same games
    return CANNOT_TELL


@dataclasses.dataclass(frozen=True)
class Verdict:
    """The verdict (:data:`BETTER`, :data:`NOT_BETTER`, :data:`CANNOT_TELL`) and its line."""

    words: str
    line: str

    @property
    def better(self) -> bool:
        return self.words == BETTER

    @property
    def folder(self) -> str:
        """The folder the tuned files go into: ``tuned`` when better, else ``candidate``."""
        return TUNED if self.better else CANDIDATE


def verdict(checked: Checked) -> Verdict:
    """The check's verdict and its line (the CLI's last line starts with it)."""
    b, t, n = checked.baseline, checked.tuned, checked.games
    if checked.same:
        lo, hi = checked.baseline_interval
        held = formats.interval(b, lo, hi, places=formats.width_places((lo, hi)))
        return Verdict(
            NOT_BETTER,
            f"{NOT_BETTER}: the best trial is the starting values, nothing changed "
            f"(objective {held} on {n} fresh games)",
        )
    lo, hi = checked.difference_interval
    words = verdict_words(checked.difference, (lo, hi))
    places = formats.width_places((lo, hi))
    diff = formats.interval(checked.difference, lo, hi, places=places)
    moved = f"{formats.fixed(b, places)} → {formats.fixed(t, places)}"
    if words == NOT_BETTER and lo == hi == 0:
        return Verdict(
            words,
            f"{words}: the tuned values play the same games as the starting ones ({moved}, a "
            f"difference of 0 in every one of {n} fresh games)",
        )
    what = {BETTER: "", NOT_BETTER: "worse, ", CANNOT_TELL: ""}[words]
    holds = ", which holds 0" if words == CANNOT_TELL else ""
    return Verdict(words, f"{words}: {what}{moved} (difference {diff}{holds}, {n} fresh games)")
