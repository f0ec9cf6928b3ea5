"""The sign-flip test of paired per-game differences, with a p-value that does not move with
the permutation seed where it matters.

Under "no difference", each game's difference is as likely to have had the other sign, so the
p-value is the share of the 2^n sign patterns whose sum lies at least as far from 0 as the one
observed. How it is computed (:func:`sign_flip`):

* **exact**, for any number of games, when the differences lie on a grid (all of them whole
  multiples of 1/q for some q up to :data:`MAX_DENOMINATOR`: win shares, 1/k for k tied
  winners, averaged over the rotations of a deal; counts; points): the distribution of the
  sum over all 2^n sign patterns is computed exactly (a subset-sum convolution, while the grid
  is small enough: :data:`MAX_CELLS`), so the p-value has no Monte Carlo error at all;
* otherwise from :data:`~analyses.statistics.pergame.BOOTSTRAP_BELOW` games on, Student's t (no
Monte
  Carlo error either);
* otherwise by Monte Carlo, seeded: :data:`FIRST_FLIPS` sign patterns, then more, doubling,
  while the p-value is in the range where a finding could turn on it
  (:data:`UNSETTLED`) and its Monte Carlo standard error is above :data:`RELATIVE_ERROR` of
  it, up to :data:`MOST_FLIPS`; the error is returned with it (``error``), for report.json.

>>> result = sign_flip([1, 1, 1, 1, 1, -1, 1, 1, 0, 1] * 3)
>>> result.method, round(result.p, 6), result.error
('exact', 4.9e-05, 0.0)
"""

from __future__ import annotations

import dataclasses
import math

import numpy as np
from numpy.typing import ArrayLike
from scipy import stats as sps

__all__ = ["FIRST_FLIPS", "MOST_FLIPS", "SignFlip", "on_grid", "sign_flip"]

#: The largest q of a grid of multiples of 1/q the exact test looks for (lcm of 1..6 is 60;
#: a 4-rotation deal of shares 1/k, k <= 4, is on the grid of 1/48).
MAX_DENOMINATOR = 720
#: The most cells (games times the sum of the differences on the grid) the exact distribution
#: may take: about a second of numpy work.
MAX_CELLS = 60_000_000
#: Sign patterns of a Monte Carlo test at first, and at most.
FIRST_FLIPS = 9_999
MOST_FLIPS = 639_999
#: Where a p-value could decide a finding (a family of up to a few hundred tests, Holm): a
#: Monte Carlo p-value in this range is refined until its error is small relative to it.
UNSETTLED = (1e-4, 0.2)
RELATIVE_ERROR = 0.02
#: From this many games on, a difference that is not on a grid is tested by Student's t (the
#: size from which :mod:`analyses.statistics.pergame` gives t intervals too).
T_FROM = 500
#: Up to this many games that differ, differences off any grid get all 2^n sign patterns.
ENUMERATE_UP_TO = 14


@dataclasses.dataclass(frozen=True)
class SignFlip:
    """A sign-flip p-value, how it was computed (``exact``, ``t``, ``monte carlo`` or
    ``none`` when every difference is 0), its Monte Carlo standard error (0 unless Monte
    Carlo) and the sign patterns drawn (0 unless Monte Carlo)."""

    p: float
    method: str
    error: float = 0.0
    flips: int = 0


def on_grid(differences: np.ndarray) -> np.ndarray | None:
    """The differences as whole numbers on the smallest grid of multiples of 1/q (q up to
    :data:`MAX_DENOMINATOR`) they all lie on, or None.

    >>> on_grid(np.array([0.25, -0.5, 1 / 3])).tolist(), on_grid(np.array([0.1234567]))
    ([3, -6, 4], None)
    """
    for q in range(1, MAX_DENOMINATOR + 1):
        scaled = differences * q
        whole = np.round(scaled)
        if np.all(np.abs(scaled - whole) < 1e-9):
            return whole.astype(np.int64)
    return None


def _exact(steps: np.ndarray) -> float:
    """P(|sum of s_i * steps_i| >= |sum of steps_i observed|) over uniform signs s_i, where the
    observed signs are those of ``steps`` (whole numbers, none 0)."""
    sizes = np.abs(steps)
    total = int(sizes.sum())
    # the sum with signs is total - 2T, T the sum of the sizes whose sign is flipped to minus
    dist = np.zeros(total + 1)
    dist[0] = 1.0
    reach = 0
    for size in sizes.tolist():
        shifted = dist[: reach + 1].copy()
        dist[: reach + 1] *= 0.5
        dist[size : size + reach + 1] += 0.5 * shifted
        reach += size
    sums = total - 2 * np.arange(total + 1)
    observed = abs(int(steps.sum()))
    return float(min(1.0, dist[np.abs(sums) >= observed].sum()))


def _monte_carlo(d: np.ndarray, seed: int) -> SignFlip:
    rng = np.random.default_rng(seed)
    observed, n = abs(d.sum()), len(d)
    extreme, drawn, target = 0, 0, FIRST_FLIPS
    chunk = max(1, 2_000_000 // n)
    while True:
        while drawn < target:
            k = min(chunk, target - drawn)
            flips = rng.integers(0, 2, size=(k, n), dtype=np.uint8)
            extreme += int(np.sum(np.abs(d.sum() - 2 * (flips @ d)) >= observed - 1e-9))
            drawn += k
        p = (1 + extreme) / (1 + drawn)
        error = math.sqrt(p * (1 - p) / drawn)
        low, high = UNSETTLED
        settled = not low < p < high or error <= RELATIVE_ERROR * p
        if settled or drawn >= MOST_FLIPS:
            return SignFlip(p, "monte carlo", error, drawn)
        target = min(MOST_FLIPS, 2 * drawn + 1)


def sign_flip(differences: ArrayLike, *, seed: int = 0) -> SignFlip:
    """Two-sided sign-flip test of "the per-game differences are centred on 0" (module doc).

    >>> sign_flip([0.0, 0.0]).method, sign_flip([0.5] * 600).p < 1e-100
    ('none', True)
    """
    d = np.asarray(differences, dtype=float)
    d = d[d != 0]
    n = len(d)
    if n == 0:
        return SignFlip(1.0, "none")
    steps = on_grid(d)
    if steps is not None and n * int(np.abs(steps).sum()) <= MAX_CELLS:
        return SignFlip(_exact(steps), "exact")
    if n <= ENUMERATE_UP_TO:  # every sign pattern, one by one
        signs = 1 - 2 * ((np.arange(2**n)[:, None] >> np.arange(n)) & 1)
        return SignFlip(float(np.mean(np.abs(signs @ d) >= abs(d.sum()) - 1e-9)), "exact")
    if n >= T_FROM:
        if np.all(d == d[0]):
            return SignFlip(0.0, "t")
        return SignFlip(float(sps.ttest_1samp(d, 0.0).pvalue), "t")
    return _monte_carlo(d, seed)
