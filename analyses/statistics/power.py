"""How large an effect a test would most likely find: the smallest mean difference a
two-sided test of per-unit values (per game, or per deal of a duplicate design) detects with
80% power, at the observed spread and number of units and at the level the report's family
correction may demand (:func:`detectable`). Reports state it beside tests that found nothing,
and the skill trace beside each budget step.
"""

from __future__ import annotations

import math

import numpy as np
import scipy.stats as sps
from numpy.typing import ArrayLike
from scipy.optimize import brentq

__all__ = ["POWER", "detectable"]


#: The power at which :func:`detectable` states the smallest effect a test would see.
POWER = 0.8


def detectable(differences: ArrayLike, tests: int = 1, power: float = POWER) -> float:
    """The smallest mean per-deal difference a two-sided paired test at level 0.05 / ``tests``
    (Holm's first step over a family of ``tests``: the strictest level a step may face) detects
    with ``power``, at the observed spread of ``differences`` and their number (the paired t
    test's power, from the noncentral t; the sign-flip test run has about the same from a few
    dozen deals on). nan below 2 deals or without spread.

    >>> round(detectable([0.5, -0.5, 0.25, 0.0], tests=40), 1)  # 4 deals, 40 tests: huge
    3.2

    >>> round(detectable([0.25, -0.25] * 50), 3)  # sd 0.25, 100 deals: about 2.8 sd / 10
    0.071
    """
    d = np.asarray(differences, dtype=float)
    n = len(d)
    sd = float(d.std(ddof=1)) if n > 1 else math.nan
    if n < 2 or not sd > 0:
        return math.nan
    alpha, df = 0.05 / max(1, tests), n - 1
    crit = float(sps.t.ppf(1 - alpha / 2, df))

    def shortfall(effect: float) -> float:
        nc = effect * math.sqrt(n)
        upper, lower = float(sps.nct.sf(crit, df, nc)), float(sps.nct.cdf(-crit, df, nc))
        # scipy's nct gives nan far in a tail: the wrong-side tail is then negligible, and an
        # upper tail beyond reach is all or nothing
        lower = 0.0 if math.isnan(lower) else lower
        upper = (1.0 if nc > crit else 0.0) if math.isnan(upper) else upper
        return upper + lower - power

    # bracket the answer: from a noncentrality of crit + 4 (enough from a few dozen units on),
    # doubled while the power falls short (heavy tails of few units)
    high = (crit + 4) / math.sqrt(n)
    while shortfall(high) < 0 and high < 1e6:
        high *= 2
    if shortfall(high) < 0:
        return math.nan
    return float(brentq(shortfall, 0.0, high)) * sd
