"""Ratings from whole games: a Plackett–Luce model of each game's finishing order, fitted with
choix, with intervals from resampling deals.

* **The data.** Each game gives one ranking of its seats, best first: by score, then the win
  (a game's tie-break puts its winner ahead among equal scores), then — where seats are still
  level — a seeded coin (:func:`rankings`: a random order among them, from the generator passed
  in, drawn once before any fit). An entrant that holds several seats of a game (a field smaller
  than the seats) appears once per seat: the model ranks seats, each with its entrant's strength.
* **The model.** Plackett–Luce (Bradley–Terry is its two-seat case): a game's first seat is
  chosen among all with probability proportional to its strength, the second among the rest, and
  so on. Fitted by :func:`choix.ilsr_rankings` (iterative Luce spectral ranking, maximum
  likelihood) with a pseudo-rate of :data:`ALPHA` between every two entrants, which keeps a
  rating finite when an entrant finished ahead of another in every game they shared.
* **The scale.** A rating is the log of an entrant's strength, centred so that the field's mean
  is 0: an entrant rated ``r`` above another finishes ahead of it in a two-seat comparison with
  probability ``1 / (1 + exp(-r))`` (:meth:`Ratings.ahead`). :meth:`Ratings.elo` gives the same
  rating in Elo-like points (``400 / ln 10`` of them per unit: 400 points are odds of 10 to 1).
* **Intervals.** The deal is the unit: every line-up plays the same deals (common random numbers),
  so a resample draws deal numbers with replacement (an explicit seeded numpy generator) and
  takes every game of each drawn deal in every line-up, and the model is fitted again
  (:data:`RESAMPLES` times); a 95% interval is the 2.5th and 97.5th percentile of those fits.
  A resample is the same games counted several times, so it is fitted on its distinct rankings
  and their counts (:func:`fit_counts`: choix's I-LSR iteration, made of choix's own parts,
  over counted rankings; the tests check it equals :func:`choix.ilsr_rankings` on the games
  written out one by one) — a few milliseconds a resample instead of a second.

>>> import numpy as np
>>> seats = pd.DataFrame({"lineup": 0, "game": [0, 0, 1, 1, 2, 2, 3, 3], "deal": [0, 0, 0, 0, 1,
...     1, 1, 1], "entrant": ["a", "b"] * 4, "score": [3, 1, 1, 3, 2, 2, 5, 0],
...     "win": [True, False, False, True, True, True, True, False]})
>>> ranked = rankings(seats, ["a", "b"], np.random.default_rng(0))
>>> ranked.orders.tolist(), ranked.ties
([[0, 1], [1, 0], [0, 1], [0, 1]], 1)
>>> ratings = fit_ratings(ranked, ["a", "b"], np.random.default_rng(1), resamples=50)
>>> ratings.order(), round(float(ratings.ahead(0, 1).value), 2), ratings.estimate(0).n
([0, 1], 0.75, 2)
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence

import choix
import numpy as np
import pandas as pd
from choix.convergence import NormOfDifferenceTest
from choix.utils import exp_transform, log_transform, statdist

from analyses.statistics.stats import Estimate

__all__ = [
    "ALPHA",
    "ELO",
    "RESAMPLES",
    "Ranked",
    "Ratings",
    "fit",
    "fit_counts",
    "fit_ratings",
    "rankings",
]

#: choix's ``alpha``: a pseudo-rate added between every two entrants (a weak prior toward equal
#: strengths, negligible beside a few dozen games, that keeps every rating finite).
ALPHA = 0.01
#: Resamples of the deals for the intervals.
RESAMPLES = 1000
#: Elo-like points per unit of log-strength: 400 points are odds of 10 to 1.
ELO = 400 / math.log(10)
#: choix's convergence test of the iteration (the L1 change of the ratings per entrant).
TOLERANCE = 1e-8
MOST_STEPS = 1000


@dataclasses.dataclass(frozen=True)
class Ranked:
    """Every game's finishing order (one row a game: entrant indices, best first), the deal
    of each game, and how many games had a tie the coin broke."""

    orders: np.ndarray
    deals: np.ndarray
    ties: int


def rankings(seats: pd.DataFrame, entrants: Sequence[str], rng: np.random.Generator) -> Ranked:
    """Each game's ranking of its seats (``seats``: one row per seat with ``lineup``, ``game``,
    ``deal``, ``entrant``, ``score`` and ``win``), as indices into ``entrants``: by score, then
    the win, then a coin from ``rng`` (see the module)."""
    index = {name: k for k, name in enumerate(entrants)}
    frame = seats.assign(
        who=seats["entrant"].map(index).astype(int),
        won=seats["win"].astype(bool),
        coin=rng.random(len(seats)),
    )
    frame = frame.sort_values(
        ["lineup", "game", "score", "won", "coin"],
        ascending=[True, True, False, False, True],
        kind="stable",
    )
    level = frame.duplicated(["lineup", "game", "score", "won"], keep=False)
    ties = int(frame.loc[level, ["lineup", "game"]].drop_duplicates().shape[0])
    grouped = frame.groupby(["lineup", "game"], sort=True)
    orders = np.array(grouped["who"].agg(list).tolist(), dtype=np.int64)
    deals = grouped["deal"].first().to_numpy(np.int64)
    return Ranked(orders.reshape(len(deals), -1), deals, ties)


@dataclasses.dataclass(frozen=True)
class Ratings:
    """Each entrant's rating (log-strength, centred at 0) and its resampled fits."""

    entrants: tuple[str, ...]
    rating: np.ndarray
    replicates: np.ndarray  # (resamples, entrants), each fit centred
    deals: int
    games: int
    ties: int

    def order(self) -> list[int]:
        """The entrants' indices, the highest rating first (ties: field order)."""
        return sorted(range(len(self.entrants)), key=lambda i: (-self.rating[i], i))

    def estimate(self, i: int, scale: float = 1.0) -> Estimate:
        """Entrant ``i``'s rating (times ``scale``) with its 95% interval over resampled
        deals."""
        return self._interval(scale * self.rating[i], scale * self.replicates[:, i])

    def elo(self, i: int) -> Estimate:
        """The rating in Elo-like points (:data:`ELO`)."""
        return self.estimate(i, ELO)

    def ahead(self, i: int, j: int) -> Estimate:
        """The probability the model gives entrant ``i`` of finishing ahead of ``j`` (two seats
        of a game compared), with its 95% interval over resampled deals."""
        value = float(_logistic(self.rating[i] - self.rating[j]))
        draws = np.asarray(_logistic(self.replicates[:, i] - self.replicates[:, j]))
        return self._interval(value, draws)

    def _interval(self, value: float, draws: np.ndarray) -> Estimate:
        if len(draws) == 0 or self.deals < 2:
            return Estimate(float(value), math.nan, math.nan, self.deals, method="none")
        low, high = np.percentile(draws, [2.5, 97.5])
        if high - low < 1e-12:
            return Estimate(float(value), float(value), float(value), self.deals, method="constant")
        low, high = min(float(low), float(value)), max(float(high), float(value))
        return Estimate(float(value), low, high, self.deals, method="bootstrap")

    def to_dict(self) -> dict[str, object]:
        """What report.json holds of the model (besides the tables' numbers)."""
        return {
            "model": "Plackett-Luce (choix.ilsr_rankings)",
            "scale": "log-strength, centred at 0 (the field's mean); Elo-like points = "
            f"{ELO:.2f} x rating",
            "alpha": ALPHA,
            "resamples": len(self.replicates),
            "unit": "deal",
            "deals": self.deals,
            "games": self.games,
            "ties_broken_by_coin": self.ties,
            "ratings": {e: float(r) for e, r in zip(self.entrants, self.rating, strict=True)},
        }


def _logistic(x: np.ndarray | float) -> np.ndarray | float:
    return 1.0 / (1.0 + np.exp(-x))


def fit(orders: np.ndarray, entrants: int) -> np.ndarray:
    """The Plackett–Luce ratings of the games' ``orders`` (rows, best first): choix's I-LSR
    (:func:`choix.ilsr_rankings`, :data:`ALPHA`), centred at 0."""
    params = choix.ilsr_rankings(
        entrants, orders.tolist(), alpha=ALPHA, max_iter=MOST_STEPS, tol=TOLERANCE
    )
    return np.asarray(params - params.mean(), dtype=float)


def fit_counts(
    distinct: np.ndarray, counts: np.ndarray, entrants: int, start: np.ndarray | None = None
) -> np.ndarray:
    """:func:`fit` of games whose rankings are the rows of ``distinct``, row ``u`` played
    ``counts[u]`` times: choix's I-LSR — the Markov chain of :func:`choix.lsr_rankings` (a rate
    ``1 / S`` from each loser to the winner of every choice, ``S`` the chosen-among seats'
    weights, and :data:`ALPHA` between every two entrants), its stationary distribution
    (:func:`choix.utils.statdist`) and choix's convergence test, again until it converges —
    with each ranking's rates added ``count`` times at once. ``start`` is where it begins."""
    weights = np.ones(entrants) if start is None else exp_transform(start)
    seats = distinct.shape[1]
    converged = NormOfDifferenceTest(TOLERANCE, order=1)
    for _ in range(MOST_STEPS):
        chain = np.full((entrants, entrants), ALPHA)
        held = weights[distinct]  # each seat's weight
        left = held[:, ::-1].cumsum(axis=1)[:, ::-1]  # the weights of the seats not yet placed
        for i in range(seats - 1):
            rate = counts / left[:, i]
            for j in range(i + 1, seats):
                np.add.at(chain, (distinct[:, j], distinct[:, i]), rate)
        chain -= np.diag(chain.sum(axis=1))
        params = log_transform(statdist(chain))
        if converged(params):
            return np.asarray(params - params.mean(), dtype=float)
        weights = exp_transform(params)
    raise RuntimeError(f"the ratings did not converge in {MOST_STEPS} steps")


def fit_ratings(
    ranked: Ranked,
    entrants: Sequence[str],
    rng: np.random.Generator,
    *,
    resamples: int = RESAMPLES,
) -> Ratings:
    """The ratings of ``entrants`` from the games' rankings, with ``resamples`` refits on
    deals drawn with replacement by ``rng`` (see the module)."""
    count = len(entrants)
    rating = fit(ranked.orders, count)
    distinct, kind = np.unique(ranked.orders, axis=0, return_inverse=True)
    deals, deal = np.unique(ranked.deals, return_inverse=True)
    per_deal = np.zeros((len(deals), len(distinct)))  # each deal's games, by ranking
    np.add.at(per_deal, (deal, kind.ravel()), 1.0)
    replicates = np.empty((resamples if len(deals) > 1 else 0, count))
    for r in range(len(replicates)):
        drawn = np.bincount(rng.integers(0, len(deals), size=len(deals)), minlength=len(deals))
        counts = drawn @ per_deal
        used = counts > 0
        replicates[r] = fit_counts(distinct[used], counts[used], count, start=rating)
    return Ratings(tuple(entrants), rating, replicates, len(deals), len(ranked.orders), ranked.ties)
