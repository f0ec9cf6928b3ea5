"""Estimates with the game as the unit: what a study's report may say about its games.

The games of a study are independent draws; the seats, turns, events or cards of one game are
not (they share its deck, its agents, its course). So every estimate here is made from one
value per game — an agent's share of the game's win, a seat's win share, a game's count of an
event, a game's events with and without some property — and its interval is over games:

* a per-game share that is 0 or 1 in every game: the exact Clopper–Pearson interval;
* a count that is 0 in every game: the exact Poisson bound (never below 0);
* a value that is the same in every game otherwise: no interval (``method="constant"``; the
  report says "the same in all N games", never [x, x]);
* otherwise, below :data:`BOOTSTRAP_BELOW` games a seeded percentile bootstrap over games
  (it never leaves the values' range: no count below 0, no share above 1), from there on
  Student's t (clipped to the range: the normal approximation is good at that size);
* a ratio of per-game sums (ties won per tie contested, say): the same, resampling games, with
  a cluster-robust (linearised) variance for t.

Paired comparisons of two studies on the same seeds test the per-game differences with a
seeded sign-flip permutation test (t from :data:`BOOTSTRAP_BELOW` games on); whether the seat
matters given the agents is :func:`analyses.statistics.seating.seat_test`. Every random choice
comes from a generator seeded by ``seed``.

Below :data:`MIN_GAMES` games a report says its sample is too small to resolve anything.

>>> print(share([1, 0, 1, 1]))
0.75 [0.19, 0.99] (n=4)
>>> share([0.5] * 120).method, count([0, 0, 0]).high > 0
('constant', True)
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd
from numpy.typing import ArrayLike
from scipy import stats as sps

from analyses.statistics.signflip import SignFlip, sign_flip
from analyses.statistics.stats import Estimate, clopper_pearson, holm, poisson_zero

#: Below this many games, intervals come from the bootstrap and p-values from permutations.
BOOTSTRAP_BELOW = 500
#: Resamples of a bootstrap, permutations of a seat or label test, and sign flips of a paired
#: test (more: a report adjusts dozens of them together, so the smallest p must be small).
RESAMPLES = 2000
PERMUTATIONS = 1999
SIGN_FLIPS = 9999
#: Fewer games than this and a report says the sample is too small for its findings.
MIN_GAMES = 30


def _values(values: ArrayLike) -> np.ndarray:
    data = np.asarray(values, dtype=float)
    if data.ndim != 1 or not np.isfinite(data).all():
        raise ValueError("per-game values must be one finite number per game")
    return data


def generator(seed: int) -> np.random.Generator:
    """The seeded generator of a bootstrap or a permutation test."""
    return np.random.default_rng(seed)


def _resampled_means(data: np.ndarray, rng: np.random.Generator, weights: np.ndarray | None):
    """The means (or ratios of sums, with ``weights`` as denominators) of bootstrap resamples
    of the games, made in slices so that memory stays small."""
    n = len(data)
    out = np.empty(RESAMPLES)
    step = max(1, 1_000_000 // n)
    for start in range(0, RESAMPLES, step):
        k = min(step, RESAMPLES - start)
        pick = rng.integers(0, n, size=(k, n))
        if weights is None:
            out[start : start + k] = data[pick].mean(axis=1)
        else:
            den = weights[pick].sum(axis=1)
            with np.errstate(invalid="ignore", divide="ignore"):
                out[start : start + k] = data[pick].sum(axis=1) / den
    return out[np.isfinite(out)]


def _interval(
    value: float,
    spread: tuple[np.ndarray | None, float],
    n: int,
    bounds: tuple[float, float],
    confidence: float,
) -> Estimate:
    """From bootstrap replicates (below BOOTSTRAP_BELOW games) or a standard error."""
    replicates, se = spread
    lo, hi = bounds
    if replicates is not None:
        alpha = 1 - confidence
        low, high = np.quantile(replicates, [alpha / 2, 1 - alpha / 2])
        return Estimate(value, float(low), float(high), n, confidence, "bootstrap")
    half = float(sps.t.ppf(0.5 + confidence / 2, n - 1)) * se
    return Estimate(value, max(lo, value - half), min(hi, value + half), n, confidence, "t")


def mean(
    values: ArrayLike,
    *,
    bounds: tuple[float, float] = (-math.inf, math.inf),
    confidence: float = 0.95,
    seed: int = 0,
) -> Estimate:
    """The mean of one value per game, with an interval over games that stays in ``bounds``
    (the range the values can take).

    >>> print(mean([3, 4, 5, 6, 7]))
    5.00 [3.80, 6.20] (n=5)
    >>> mean([2, 2, 2]).method
    'constant'
    """
    data = _values(values)
    n = len(data)
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0, confidence, "none")
    value = float(data.mean())
    if n == 1 or np.all(data == data[0]):
        return Estimate(value, value, value, n, confidence, "constant")
    if n < BOOTSTRAP_BELOW:
        return _interval(
            value, (_resampled_means(data, generator(seed), None), 0), n, bounds, confidence
        )
    se = float(data.std(ddof=1)) / math.sqrt(n)
    return _interval(value, (None, se), n, bounds, confidence)


def share(values: ArrayLike, *, confidence: float = 0.95, seed: int = 0) -> Estimate:
    """The mean of a share in [0, 1] per game (a win share, 1/k for k tied winners): exact
    when every value is 0 or 1.

    >>> print(share([1] * 120))
    1.00 [0.97, 1.00] (n=120)
    """
    data = _values(values)
    if len(data) and np.isin(data, (0.0, 1.0)).all():
        return clopper_pearson(int(data.sum()), len(data), confidence)
    return mean(data, bounds=(0.0, 1.0), confidence=confidence, seed=seed)


def count(values: ArrayLike, *, confidence: float = 0.95, seed: int = 0) -> Estimate:
    """How often something happens per game (one count per game): never below 0; a count
    that was 0 in every game gets the exact Poisson bound.

    >>> print(count([0] * 50))
    0.00 [0.00, 0.07] (n=50)
    """
    data = _values(values)
    if len(data) and not data.any():
        return poisson_zero(len(data), confidence)
    return mean(data, bounds=(0.0, math.inf), confidence=confidence, seed=seed)


def ratio(
    numerators: ArrayLike,
    denominators: ArrayLike,
    *,
    is_share: bool = True,
    confidence: float = 0.95,
    seed: int = 0,
) -> Estimate:
    """A ratio of per-game sums (events with a property over events, per game) with an
    interval over games: the games are resampled, or its variance is cluster-robust. ``n`` is
    the number of games that have any event (a game without any says nothing).

    >>> print(ratio([1, 2, 0, 3], [2, 2, 1, 4]))
    0.67 [0.33, 0.88] (n=4)
    """
    y, x = _values(numerators), _values(denominators)
    if len(y) != len(x):
        raise ValueError("one numerator and one denominator per game")
    keep = x > 0
    y, x = y[keep], x[keep]
    n = len(x)
    bounds = (0.0, 1.0) if is_share else (-math.inf, math.inf)
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0, confidence, "none")
    value = float(y.sum() / x.sum())
    if is_share and (np.all(y == 0) or np.all(y == x)):  # never, or always: exact, over games
        return clopper_pearson(n if value else 0, n, confidence)
    if n == 1 or np.allclose(y / x, value):
        return Estimate(value, value, value, n, confidence, "constant")
    if n < BOOTSTRAP_BELOW:
        replicates = _resampled_means(y, generator(seed), x)
        est = _interval(value, (replicates, 0), n, bounds, confidence)
        return dataclasses.replace(est, method="bootstrap")
    residual = y - value * x
    se = math.sqrt(n / (n - 1) * float((residual**2).sum())) / float(x.sum())
    return dataclasses.replace(_interval(value, (None, se), n, bounds, confidence), method="ratio")


# -- paired comparisons ----------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Paired:
    """A measure in a study and in a variant played on the same seeds: both means, the mean
    of the per-game differences (variant minus study) with its interval, and the p-value of
    "no difference" (``adjusted`` once a table's family of tests is known)."""

    study: Estimate
    variant: Estimate
    difference: Estimate
    p: float
    changed: int  # games in which the measure differs at all
    adjusted: float = math.nan
    #: How ``p`` was computed and its Monte Carlo error
    #: (:class:`analyses.statistics.signflip.SignFlip`).
    test: SignFlip | None = None

    @property
    def clear(self) -> bool:
        """Whether the difference survives the table's correction (adjusted p < 0.05)."""
        return bool(self.adjusted < 0.05)


def paired(study: ArrayLike, variant: ArrayLike, *, seed: int = 0) -> Paired:
    """Compare one value per game in two studies played on the same seeds (by position).

    >>> result = paired([1, 2, 3, 4, 5, 6], [2, 3, 4, 5, 6, 7])
    >>> result.difference.value, result.difference.method, result.p < 0.05
    (1.0, 'constant', True)
    """
    a, b = _values(study), _values(variant)
    if len(a) != len(b):
        raise ValueError("paired values differ in length")
    d = b - a
    changed = int(np.count_nonzero(d))
    test = sign_flip(d, seed=seed)
    return Paired(
        mean(a, seed=seed), mean(b, seed=seed), mean(d, seed=seed), test.p, changed, test=test
    )


def sign_flip_p(differences: ArrayLike, *, seed: int = 0) -> float:
    """Two-sided p-value of "the per-game differences are centred on 0": the sign-flip test of
    :func:`analyses.statistics.signflip.sign_flip` (exact where the differences lie on a grid, t
    from 500 games otherwise, else Monte Carlo refined until a finding cannot turn on its error)."""
    return sign_flip_test(differences, seed=seed).p


def sign_flip_test(differences: ArrayLike, *, seed: int = 0) -> SignFlip:
    """:func:`sign_flip_p` with how the p was computed and its Monte Carlo error."""
    return sign_flip(_values(differences), seed=seed)


def test_columns(test: SignFlip | None) -> dict[str, Any]:
    """A table row's test: its ``p``, and how that p was computed and its Monte Carlo error
    (``p method``, ``p error``: not drawn on the page, given beside the p in report.json);
    all empty for a row that is not tested (``None``).

    >>> test_columns(sign_flip([1.0, 1.0, 1.0]))
    {'p': 0.25, 'p method': 'exact', 'p error': 0.0}
    """
    if test is None:
        return {"p": math.nan, "p method": None, "p error": math.nan}
    return {"p": test.p, "p method": test.method, "p error": test.error}


def adjust(results: Sequence[Paired]) -> list[Paired]:
    """The table's p-values adjusted by Holm (a family-wise 5%)."""
    adjusted = holm([r.p for r in results])
    return [
        dataclasses.replace(r, adjusted=float(a)) for r, a in zip(results, adjusted, strict=True)
    ]


# -- agents and seats ----------------------------------------------------------------------------


def agent_shares(players: pd.DataFrame, agent: str) -> pd.Series:
    """Per game the agent played in: its share of the game's win per seat it held (a win
    shared by k counts 1/k; an agent in two seats that won once has 1/2), by game.

    >>> frame = pd.DataFrame({"game": [0, 0, 1, 1], "agent": ["a", "a", "a", "b"],
    ...                       "win_share": [1.0, 0.0, 0.0, 1.0]})
    >>> agent_shares(frame, "a").tolist()
    [0.5, 0.0]
    """
    mine = players[players["agent"] == agent]
    return mine.groupby("game")["win_share"].mean()


def deal_shares(players: pd.DataFrame, games: pd.DataFrame, agent: str) -> pd.Series:
    """Per deal the agent played in (a duplicate design's unit: its games share one deal's
    luck), the mean over the deal's games of :func:`agent_shares`, by deal in deal order;
    ``games`` gives each game's ``deal``.

    >>> players = pd.DataFrame({"game": [0, 0, 1, 1, 2, 2], "agent": ["a", "b"] * 3,
    ...                         "win_share": [1.0, 0.0, 0.0, 1.0, 0.5, 0.5]})
    >>> games = pd.DataFrame({"game": [2, 0, 1], "deal": [0, 1, 1]})
    >>> deal_shares(players, games, "a").tolist()
    [0.5, 0.5]
    """
    by_game = agent_shares(players, agent)
    deal_of = games.set_index("game")["deal"].reindex(by_game.index)
    return by_game.groupby(deal_of).mean().sort_index()


def head_to_head(players: pd.DataFrame, a: str, b: str) -> pd.Series:
    """Per game where agents ``a`` and ``b`` both sat: every pair of an ``a`` seat and a ``b``
    seat counts once (1 when ``a`` scored more, 1/2 when equal, 0 when less), averaged over the
    game's pairs — seat by seat, not best seat against best seat.

    >>> frame = pd.DataFrame({"game": [0, 0, 0], "agent": ["a", "a", "b"],
    ...                       "score": [10.0, 2.0, 5.0]})
    >>> head_to_head(frame, "a", "b").tolist()
    [0.5]
    """
    left = players.loc[players["agent"] == a, ["game", "score"]]
    right = players.loc[players["agent"] == b, ["game", "score"]]
    pairs = left.merge(right, on="game", suffixes=("_a", "_b"))
    outcome = (pairs["score_a"] > pairs["score_b"]) + 0.5 * (pairs["score_a"] == pairs["score_b"])
    return outcome.groupby(pairs["game"]).mean()


# -- per-game values from a study's tables --------------------------------------------------------


def seat_means(players: pd.DataFrame, column: str, agent: str | None = None) -> pd.Series:
    """Per game: the mean of a players column over its seats (one agent's seats when named),
    indexed by game."""
    chosen = players if agent is None else players[players["agent"] == agent]
    return chosen.groupby("game")[column].mean()


def per_game_sums(rows: pd.DataFrame, games: Sequence[int], value: str | None = None) -> np.ndarray:
    """Per game of ``games`` (in that order): how many rows it has, or the sum of their
    ``value`` column; 0 for a game without any."""
    grouped = rows.groupby("game")
    totals = grouped.size() if value is None else grouped[value].sum()
    return totals.reindex(list(games), fill_value=0).to_numpy(float)


def rows_ratio(
    rows: pd.DataFrame,
    games: Sequence[int],
    numerator: str,
    denominator: str | None = None,
    *,
    is_share: bool = True,
) -> Estimate:
    """A ratio over the events (rows, each with a ``game``) of the listed games: the sum of
    ``numerator`` over the sum of ``denominator`` (or the number of rows), with the games as
    the unit (:func:`ratio`)."""
    return ratio(
        per_game_sums(rows, games, numerator),
        per_game_sums(rows, games, denominator),
        is_share=is_share,
    )
