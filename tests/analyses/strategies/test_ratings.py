"""Ratings (analyses.strategies.ratings): the Plackett–Luce fit recovers a planted order, its
resampled fits are choix's own on the games written out, two seats are Bradley–Terry, ties are
broken by a seeded coin, and the intervals resample deals, not games."""

from __future__ import annotations

import math

import choix
import numpy as np
import pandas as pd
import pytest

from analyses.strategies.ratings import ELO, Ranked, fit, fit_counts, fit_ratings, rankings
from tests.analyses.strategies.planted import BEST, PLANTED, WORST, planted, register

register()  # the template game, for this module's tests (collected after the reports')


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    return planted(tmp_path_factory.mktemp("planted"))


def test_the_ratings_recover_the_planted_order(played) -> None:  # type: ignore[no-untyped-def]
    seats = played.seats()
    ranked = rankings(seats, played.entrants, np.random.default_rng(0))
    ratings = fit_ratings(ranked, played.entrants, np.random.default_rng(1), resamples=300)
    assert [ratings.entrants[i] for i in ratings.order()] == PLANTED
    best, worst = (played.entrants.index(e) for e in (BEST, WORST))
    assert ratings.estimate(worst).high < ratings.estimate(best).low  # told apart
    assert ratings.ahead(best, worst).value > 0.9 and ratings.estimate(best).n == 50
    assert ratings.elo(best).value == pytest.approx(ELO * ratings.rating[best])
    assert abs(float(ratings.rating.sum())) < 1e-9  # centred: the field's mean is 0
    low, high = ratings.estimate(best).low, ratings.estimate(best).high
    assert low <= ratings.rating[best] <= high and high - low > 0.05


def test_a_resample_is_choix_on_its_games_written_out() -> None:
    """fit_counts (counted distinct rankings) equals choix.ilsr_rankings on the same games
    one by one — entrants holding two seats of a game included."""
    rng = np.random.default_rng(4)
    strength = np.array([1.0, 0.3, -0.2, -1.1])
    orders = []
    for _ in range(300):
        seats = rng.choice(4, size=4, replace=True)
        orders.append(seats[np.argsort(-(strength[seats] + rng.gumbel(size=4)))])
    orders = np.array(orders)
    distinct, kind = np.unique(orders, axis=0, return_inverse=True)
    counts = np.bincount(kind.ravel(), minlength=len(distinct)).astype(float)
    ours = fit_counts(distinct, counts, 4)
    theirs = choix.ilsr_rankings(4, orders.tolist(), alpha=0.01, tol=1e-8)
    assert np.allclose(ours, theirs - theirs.mean(), atol=1e-6)
    assert np.allclose(fit(orders, 4), ours, atol=1e-6)
    doubled = fit_counts(distinct, 2 * counts, 4)  # the same games twice: nearly the same fit
    assert np.allclose(doubled, ours, atol=0.02) and not np.allclose(doubled, ours, atol=1e-9)
    assert ours[0] > ours[1] > ours[2] > ours[3]


def test_two_seats_are_bradley_terry() -> None:
    """a ahead in 30 games of 40: a rating 0.5 log(3) above 0 and b as far below."""
    orders = np.array([[0, 1]] * 30 + [[1, 0]] * 10)
    ranked = Ranked(orders, np.arange(40) // 2, 0)
    ratings = fit_ratings(ranked, ["a", "b"], np.random.default_rng(0), resamples=200)
    assert ratings.rating[0] == pytest.approx(0.5 * math.log(3), abs=0.01)
    assert ratings.ahead(0, 1).value == pytest.approx(0.75, abs=0.002)
    assert ratings.ahead(0, 1).n == 20  # the deals, not the 40 games


def _tied(games: int) -> pd.DataFrame:
    return pd.DataFrame(
        {
            "lineup": 0,
            "game": np.repeat(np.arange(games), 2),
            "deal": np.repeat(np.arange(games), 2),
            "entrant": ["a", "b"] * games,
            "score": 5.0,
            "win": True,
        }
    )


def test_ties_are_broken_by_a_seeded_coin() -> None:
    seats = _tied(200)
    one = rankings(seats, ["a", "b"], np.random.default_rng(7))
    again = rankings(seats, ["a", "b"], np.random.default_rng(7))
    other = rankings(seats, ["a", "b"], np.random.default_rng(8))
    assert one.ties == 200 and (one.orders == again.orders).all()
    assert not (one.orders == other.orders).all()
    first = np.mean(one.orders[:, 0] == 0)
    assert 0.4 < first < 0.6  # a fair coin: neither is favoured
    untied = seats.assign(score=np.tile([5.0, 4.0], 200))
    assert rankings(untied, ["a", "b"], np.random.default_rng(7)).ties == 0
    # equal points, one winner (a tie-break): the winner is ahead, no coin
    broken = seats.assign(win=np.tile([False, True], 200))
    ranked = rankings(broken, ["a", "b"], np.random.default_rng(7))
    assert ranked.ties == 0 and (ranked.orders[:, 0] == 1).all()


def test_the_intervals_resample_deals_not_games(played) -> None:  # type: ignore[no-untyped-def]
    """Each deal's games played four times over: the deals, the unit, are the same, so the
    intervals hardly change (resampling games would halve them)."""
    seats = played.seats()
    ranked = rankings(seats, played.entrants, np.random.default_rng(0))
    once = fit_ratings(ranked, played.entrants, np.random.default_rng(3), resamples=300)
    four = Ranked(np.repeat(ranked.orders, 4, axis=0), np.repeat(ranked.deals, 4), 0)
    again = fit_ratings(four, played.entrants, np.random.default_rng(3), resamples=300)
    for i in range(len(played.entrants)):
        a, b = once.estimate(i), again.estimate(i)
        assert b.high - b.low == pytest.approx(a.high - a.low, rel=0.1), i
