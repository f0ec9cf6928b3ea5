"""Each step of a skill trace, deal by deal: does the next budget win more, less, or no
clearly different share on the same deals?

Every budget of a skill trace (:mod:`analyses.reports.skill`) or of the agent ladder
(``benchmarks/agent_strength.py``) plays the same deals, so a budget is compared with the next
**deal by deal** (:func:`steps`): the mean of the per-deal differences of the tested agent's win
share (the higher budget's minus the lower's) with its interval, the sign-flip p of "no
difference", Holm-adjusted over the trace's steps (one family), and the smallest change the
test detects with 80% power at its number of deals (:func:`analyses.statistics.power.detectable`). A
step whose adjusted p is below 0.05 and whose difference is negative is a budget at which more
thinking *loses*; a step without a clear difference says how large a change would not have
gone unseen.

>>> import pandas as pd
>>> from types import SimpleNamespace as Point
>>> low = pd.Series([0.0, 0.25, 0.5, 0.25] * 10)
>>> high = pd.Series([0.25, 0.25, 0.5, 0.5] * 10)
>>> [step] = steps([Point(budget=50, shares=low), Point(budget=100, shares=high)])
>>> step.verdict, round(step.paired.difference.value, 3)
('rises', 0.125)
"""

from __future__ import annotations

import dataclasses
import itertools
import math
from collections.abc import Sequence
from typing import Any, Protocol

import pandas as pd

from analyses.statistics import pergame
from analyses.statistics.pergame import Paired
from analyses.statistics.power import detectable

__all__ = ["Budgeted", "SkillStep", "steps"]


class Budgeted(Protocol):
    """A point of a trace: its budget and the tested agent's win share per deal (``None``
    when it was not kept)."""

    @property
    def budget(self) -> int: ...

    @property
    def shares(self) -> pd.Series | None: ...


@dataclasses.dataclass(frozen=True)
class SkillStep:
    """From budget ``low`` to budget ``high`` on the same deals: the tested agent's per-deal
    win shares compared (``paired.difference`` is high minus low; ``paired.adjusted`` the Holm
    p over the trace's steps) and the smallest difference its test detects with 80% power."""

    low: int
    high: int
    paired: Paired
    detectable: float

    @property
    def loses(self) -> bool:
        """Whether the higher budget is clearly weaker (adjusted p < 0.05, difference < 0)."""
        return self.paired.clear and self.paired.difference.value < 0

    @property
    def verdict(self) -> str:
        """ "rises", "falls" or "no clear change"."""
        return "rises" if self.gains else "falls" if self.loses else "no clear change"

    @property
    def gains(self) -> bool:
        """Whether the higher budget is clearly stronger (adjusted p < 0.05, difference > 0)."""
        return self.paired.clear and self.paired.difference.value > 0

    def line(self, param: str) -> str:
        """One sentence for the console, in words that match the difference's direction."""
        d, n = self.paired.difference, self.paired.difference.n
        a, b = f"{param}={self.low}", f"{param}={self.high}"
        change = f"{d.value:+.3f} [{d.low:+.3f}, {d.high:+.3f}]"
        p = f"adjusted p = {_p(self.paired.adjusted)}"
        if self.gains:
            return f"from {a} to {b} the win share rises: {change} deal by deal (n={n}), {p}"
        if self.loses:
            return f"from {a} to {b} the win share falls: {change} deal by deal (n={n}), {p}"
        if math.isnan(self.detectable):
            could = "too few deals, or too little spread, to say what it could have found"
        else:
            could = (
                f"a change of {self.detectable:.3f} either way would have been found with 80% power"
            )
        return f"from {a} to {b} no clear change: {change} deal by deal (n={n}), {p}; {could}"

    def to_dict(self) -> dict[str, Any]:
        """What skill.json records of the step."""
        d = self.paired.difference
        return {
            "low": self.low,
            "high": self.high,
            "difference": _number(d.value),
            "difference_low": _number(d.low),
            "difference_high": _number(d.high),
            "deals": d.n,
            "p": _number(self.paired.p),
            "adjusted_p": _number(self.paired.adjusted),
            "detectable_at_80_percent_power": _number(self.detectable),
            "verdict": self.verdict,
        }


def steps(points: Sequence[Budgeted]) -> list[SkillStep]:
    """Each of ``points`` (by increasing budget, played on the same deals) against the next,
    deal by deal on the deals both played, Holm-adjusted over the steps (one family); empty
    with fewer than two points or without per-deal shares."""
    pairs = list(itertools.pairwise(points))
    aligned = []
    for a, b in pairs:
        if a.shares is None or b.shares is None:
            return []
        both = a.shares.index.intersection(b.shares.index)
        aligned.append((a.shares.loc[both].to_numpy(float), b.shares.loc[both].to_numpy(float)))
    adjusted = pergame.adjust([pergame.paired(low, high) for low, high in aligned])
    return [
        SkillStep(a.budget, b.budget, result, detectable(high - low, len(pairs)))
        for (a, b), (low, high), result in zip(pairs, aligned, adjusted, strict=True)
    ]


def _p(p: float) -> str:
    return "< 0.001" if p < 0.001 else f"{p:.3f}"


def _number(x: float) -> float | None:
    # JSON has no nan: a figure that could not be made is null
    return x if math.isfinite(x) else None
