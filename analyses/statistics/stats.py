"""Numbers designers can trust: every estimate carries its confidence interval and sample size.

Pure functions over plain numbers and pandas objects. Rates: Wilson score interval (Wilson
1927, JASA 22:209). Means: Student t; independent samples: Welch (1947, Biometrika 34:28).
Differences of rates: Newcombe's hybrid score interval (1998, Stat Med 17:873, method 10).

>>> print(rate(155, 500))
0.31 [0.27, 0.35] (n=500)
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from numbers import Integral, Real
from typing import TypedDict

import numpy as np
import pandas as pd
from numpy.typing import ArrayLike
from scipy import stats as sps

from analyses.statistics import formats


@dataclass(frozen=True)
class Estimate:
    """A point estimate with its ``confidence`` interval ``[low, high]`` from ``n`` observations.

    >>> e = Estimate(0.5, 0.4, 0.6, n=100)
    >>> str(e), f"{e:.1f}", round(e.margin, 3)
    ('0.50 [0.40, 0.60] (n=100)', '0.5 [0.4, 0.6] (n=100)', 0.1)
    """

    value: float
    low: float
    high: float
    n: int
    confidence: float = 0.95
    #: How the interval was made (``wilson``, ``clopper-pearson``, ``t``, ``bootstrap``,
    #: ``ratio``, ``poisson``; ``constant`` when every observation was the same, so there is no
    #: spread to make one from).
    method: str = ""

    @property
    def constant(self) -> bool:
        """Whether every observation was the same (the interval is no certainty then)."""
        return self.method == "constant"

    def __post_init__(self) -> None:
        _check_confidence(self.confidence)
        _check_count(self.n, "n")

    @property
    def margin(self) -> float:
        """Half the width of the interval (nan when a bound is unknown)."""
        return (self.high - self.low) / 2

    def __format__(self, spec: str) -> str:
        # ".Nf" is the least number of decimals: more where the interval needs them to show
        # its width (analyses.statistics.formats), never "[x, x]" unless both ends are equal
        fixed = re.fullmatch(r"\.(\d+)f", spec or ".2f")
        if fixed is None:
            spec = spec or ".2f"
            if self.constant:
                return f"{self.value:{spec}} (the same in all n={self.n})"
            return f"{self.value:{spec}} [{self.low:{spec}}, {self.high:{spec}}] (n={self.n})"
        least = int(fixed.group(1))
        if self.constant:  # no spread to make an interval from: never "[x, x]"
            return f"{formats.fixed(self.value, least)} (the same in all n={self.n})"
        if math.isnan(self.low) or math.isnan(self.high):
            return f"{formats.fixed(self.value, least)} (n={self.n}: no interval)"
        return f"{formats.interval(self.value, self.low, self.high, least)} (n={self.n})"

    def __str__(self) -> str:
        return format(self, "")


def _require(ok: bool, message: str) -> None:
    if not ok:
        raise ValueError(message)


def _is_real(x: object) -> bool:
    return isinstance(x, Real) and not isinstance(x, bool)


def _check_confidence(confidence: float) -> float:
    ok = _is_real(confidence) and 0 < confidence < 1
    _require(ok, f"confidence must lie strictly between 0 and 1, got {confidence!r}")
    return float(confidence)


def _check_count(n: int, name: str) -> int:
    ok = isinstance(n, Integral) and not isinstance(n, bool) and n >= 0
    _require(ok, f"{name} must be a whole number >= 0, got {n!r}")
    return int(n)


def _sample(values: ArrayLike, name: str = "values") -> np.ndarray:
    data = np.asarray(values, dtype=float)
    _require(data.ndim == 1, f"{name} must be one-dimensional, got shape {data.shape}")
    _require(bool(np.isfinite(data).all()), f"{name} must be finite numbers (found nan or inf)")
    return data


def _z(confidence: float) -> float:
    return float(sps.norm.ppf(0.5 + _check_confidence(confidence) / 2))


def _columns(frame: pd.DataFrame, *names: str) -> None:
    missing = [c for c in names if c not in frame.columns]
    _require(not missing, f"frame has no column(s) {missing}; it has {list(frame.columns)}")


def rate(successes: float, n: int, confidence: float = 0.95) -> Estimate:
    """The share ``successes / n`` with its Wilson score interval.

    ``successes`` may be fractional (a win shared by k players counts 1/k): the Wilson formula
    is applied to the fractional count as if it were whole. With ``n == 0`` nothing is known:
    the value is nan and the interval is the whole range (0, 1).

    >>> print(rate(7, 10))
    0.70 [0.40, 0.89] (n=10)
    >>> rate(0, 0)
    Estimate(value=nan, low=0.0, high=1.0, n=0, confidence=0.95, method='')
    """
    n = _check_count(n, "n")
    ok = _is_real(successes) and 0 <= successes <= n  # also rejects nan
    _require(ok, f"successes must lie between 0 and n={n}, got {successes!r}")
    z = _z(confidence)
    if n == 0:
        return Estimate(math.nan, 0.0, 1.0, 0, confidence)
    p = float(successes) / n
    shrink = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / shrink
    half = z / shrink * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    low = 0.0 if p == 0 else max(0.0, centre - half)  # exact at the ends, despite rounding
    high = 1.0 if p == 1 else min(1.0, centre + half)
    return Estimate(p, low, high, n, confidence, "wilson")


def clopper_pearson(successes: int, n: int, confidence: float = 0.95) -> Estimate:
    """The share ``successes / n`` with its exact (Clopper–Pearson, 1934) interval: never
    zero-width, also when every observation is a success or none is.

    >>> print(clopper_pearson(120, 120))
    1.00 [0.97, 1.00] (n=120)
    >>> print(clopper_pearson(0, 10))
    0.00 [0.00, 0.31] (n=10)
    """
    n, k = _check_count(n, "n"), _check_count(successes, "successes")
    _require(k <= n, f"successes must be at most n={n}, got {k}")
    _check_confidence(confidence)
    if n == 0:
        return Estimate(math.nan, 0.0, 1.0, 0, confidence, "clopper-pearson")
    interval = sps.binomtest(k, n).proportion_ci(confidence_level=confidence, method="exact")
    return Estimate(k / n, float(interval.low), float(interval.high), n, confidence,
                    "clopper-pearson")  # fmt: skip


def poisson_zero(n: int, confidence: float = 0.95) -> Estimate:
    """A count that was 0 in all ``n`` games, per game: 0 with the exact Poisson upper bound
    (the total's bound ``-ln(alpha / 2)``, shared over the games).

    >>> print(poisson_zero(100))
    0.00 [0.00, 0.04] (n=100)
    """
    n = _check_count(n, "n")
    alpha = 1 - _check_confidence(confidence)
    high = -math.log(alpha / 2) / n if n else math.inf
    return Estimate(0.0, 0.0, high, n, confidence, "poisson")


def holm(pvalues: ArrayLike) -> np.ndarray:
    """Holm's (1979) step-down adjustment: ``adjusted[i] < a`` for the tests a family-wise
    error rate ``a`` rejects (nan stays nan and does not count as a test). The same numbers as
    statsmodels' ``multipletests(method="holm")`` (tested against it), which runs a full garbage
    collection on every call (80 ms in a report's process: reports and tuning adjust often).

    >>> [round(float(p), 3) for p in holm([0.01, 0.04, 0.03, 0.5])]
    [0.04, 0.09, 0.09, 0.5]
    """
    p = np.asarray(pvalues, dtype=float)
    out = np.full(p.shape, np.nan)
    keep = np.flatnonzero(~np.isnan(p))
    order = keep[np.argsort(p[keep], kind="stable")]
    m = len(order)
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p[i]))
        out[i] = running
    return out


def _t_interval(centre: float, se: float, df: float, n: int, confidence: float) -> Estimate:
    if se == 0:  # no spread observed: no interval can be made (not a certainty)
        return Estimate(centre, centre, centre, n, confidence, "constant")
    half = float(sps.t.ppf(0.5 + confidence / 2, df)) * se
    return Estimate(centre, centre - half, centre + half, n, confidence, "t")


def mean(values: ArrayLike, confidence: float = 0.95) -> Estimate:
    """The mean of ``values`` with its Student t interval.

    With fewer than two values the spread is unknown: the bounds are nan (with none, the value).

    >>> print(mean([3, 4, 5, 6, 7]))
    5.00 [3.04, 6.96] (n=5)
    >>> print(mean([4]))
    4.00 (n=1: no interval)
    """
    _check_confidence(confidence)
    data = _sample(values)
    n = len(data)
    if n < 2:
        return Estimate(float(data[0]) if n else math.nan, math.nan, math.nan, n, confidence)
    se = float(data.std(ddof=1)) / math.sqrt(n)
    return _t_interval(float(data.mean()), se, n - 1, n, confidence)


def difference_of_means(
    a: ArrayLike, b: ArrayLike, *, paired: bool, confidence: float = 0.95
) -> Estimate:
    """Mean of ``a`` minus mean of ``b`` with a t interval.

    ``paired=True`` is for games played on the same seeds, ``a[i]`` and ``b[i]`` (by position)
    from seed ``i``: the mean of the per-game differences with its t interval, ``n`` pairs.
    ``paired=False``: independent samples, Welch's interval (Welch-Satterthwaite degrees of
    freedom), ``n = len(a) + len(b)``. Bounds are nan if a sample is too small to show spread.

    >>> print(difference_of_means([5, 7, 9], [4, 5, 6], paired=True))
    2.00 [-0.48, 4.48] (n=3)
    >>> print(difference_of_means([5, 7, 9], [4, 5, 6], paired=False))
    2.00 [-2.16, 6.16] (n=6)
    """
    _check_confidence(confidence)
    xa, xb = _sample(a, "a"), _sample(b, "b")
    if paired:
        _require(len(xa) == len(xb), f"paired samples differ in length: {len(xa)}, {len(xb)}")
        return mean(xa - xb, confidence)
    na, nb = len(xa), len(xb)
    value = float(xa.mean() - xb.mean()) if na and nb else math.nan
    if na < 2 or nb < 2:
        return Estimate(value, math.nan, math.nan, na + nb, confidence)
    va, vb = float(xa.var(ddof=1)) / na, float(xb.var(ddof=1)) / nb
    se = math.sqrt(va + vb)
    df = (va + vb) ** 2 / (va**2 / (na - 1) + vb**2 / (nb - 1)) if se > 0 else 1.0
    return _t_interval(value, se, df, na + nb, confidence)


def difference_of_rates(
    sa: float, na: int, sb: float, nb: int, confidence: float = 0.95
) -> Estimate:
    """Rate ``sa/na`` minus rate ``sb/nb`` with Newcombe's hybrid score interval.

    Newcombe (1998), method 10: from the Wilson intervals ``(la, ua)``, ``(lb, ub)`` of the two
    rates, ``d = pa - pb`` gets ``[d - sqrt((pa-la)^2 + (ub-pb)^2), d + sqrt((ua-pa)^2 +
    (pb-lb)^2)]``, inside [-1, 1] and good for small samples and rates near 0 or 1. Successes
    may be fractional as in :func:`rate`. ``n = na + nb``; an empty sample gives nan in (-1, 1).

    >>> print(difference_of_rates(56, 70, 48, 80))  # Newcombe's example (a): 0.0524, 0.3339
    0.20 [0.05, 0.33] (n=150)
    """
    a, b = rate(sa, na, confidence), rate(sb, nb, confidence)
    if a.n == 0 or b.n == 0:
        return Estimate(math.nan, -1.0, 1.0, a.n + b.n, confidence)
    d = a.value - b.value
    low = d - math.hypot(a.value - a.low, b.high - b.value)
    high = d + math.hypot(a.high - a.value, b.value - b.low)
    return Estimate(d, low, high, a.n + b.n, confidence)


def _planning_z(margin: float, p: float, confidence: float) -> float:
    _require(_is_real(margin) and margin > 0, f"margin must be a number > 0, got {margin!r}")
    _require(_is_real(p) and 0 <= p <= 1, f"p must lie between 0 and 1, got {p!r}")
    return _z(confidence)


def games_needed(margin: float, *, p: float = 0.5, confidence: float = 0.95) -> int:
    """Games needed for a rate's confidence interval to be at most ``margin`` either side.

    The normal approximation ``n = z^2 p (1 - p) / margin^2``, worst case ``p = 0.5`` by
    default. For ``0.15 < p < 0.85`` this also bounds the Wilson interval of :func:`rate`; for
    rarer (or near-certain) events Wilson is wider, so ``n`` is raised to the smallest count
    whose Wilson interval at rate ``p`` is narrow enough (the root of a quadratic in ``n``).

    >>> games_needed(0.05), games_needed(0.02), games_needed(0.05, p=0.25)
    (385, 2401, 289)
    """
    z = _planning_z(margin, p, confidence)
    pq, m2 = p * (1 - p), margin**2
    # Wilson's half-width h falls steadily with n; h^2 (n + z^2)^2 = z^2 (pq n + z^2 / 4) gives
    # the n where it reaches the margin (not positive when margin >= 1/2: any n will do)
    wilson = z * z / (2 * m2) * (pq - 2 * m2 + math.sqrt(m2 * (1 - 4 * pq) + pq * pq))
    return max(1, math.ceil(z * z * pq / m2), math.ceil(wilson))


def games_needed_for_difference(margin: float, *, p: float = 0.5, confidence: float = 0.95) -> int:
    """Games needed *in each of two groups* to estimate a difference of rates within ``margin``.

    Normal approximation for two independent rates near ``p`` (worst case 0.5):
    ``n = 2 z^2 p (1 - p) / margin^2`` per group, e.g. per rule variant.

    >>> games_needed_for_difference(0.05)
    769
    """
    z = _planning_z(margin, p, confidence)
    return max(1, math.ceil(2 * z * z * p * (1 - p) / margin**2))


#: What :func:`describe` returns (a plain dict at run time).
class Description(TypedDict):
    n: int
    mean: Estimate
    sd: float
    median: float
    q1: float
    q3: float
    min: float
    max: float


def describe(values: ArrayLike, confidence: float = 0.95) -> Description:
    """Summary of a score distribution: n, mean with t interval, sd, median, quartiles, range.

    Quartiles use linear interpolation (numpy's and pandas' default); sd uses ``n - 1``.

    >>> d = describe([10, 12, 15, 20, 23])
    >>> d["n"], str(d["mean"]), d["median"], d["q1"], d["q3"], d["min"], d["max"]
    (5, '16.00 [9.26, 22.74] (n=5)', 15.0, 12.0, 20.0, 10.0, 23.0)
    """
    data = _sample(values)
    n = len(data)
    quantiles = np.quantile(data, [0.5, 0.25, 0.75, 0, 1]) if n else [math.nan] * 5
    median, q1, q3, low, high = (float(q) for q in quantiles)
    m, sd = mean(data, confidence), float(data.std(ddof=1)) if n > 1 else math.nan
    return Description(n=n, mean=m, sd=sd, median=median, q1=q1, q3=q3, min=low, max=high)
