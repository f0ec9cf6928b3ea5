"""Estimates with the game as the unit (analyses/statistics/pergame.py): intervals that mean what
they say (never below 0 for a count, never a zero-width certainty, exact at the ends), clustered
ratios, paired sign-flip tests, an agent's share per seat and head to head seat by seat."""

from __future__ import annotations

import math
from itertools import product

import numpy as np
import pandas as pd
import pytest
from scipy import stats as sps

from analyses.statistics import pergame


def test_a_share_that_is_0_or_1_in_every_game_is_exact() -> None:
    e = pergame.share([1.0] * 120)
    assert e.method == "clopper-pearson" and e.value == 1 and e.high == 1
    assert e.low == pytest.approx(sps.beta.ppf(0.025, 120, 1))  # about 0.97, not [1, 1]


def test_a_value_that_did_not_vary_says_so() -> None:
    e = pergame.share([0.5] * 120)  # an agent in two seats that won every game
    assert e.method == "constant" and e.constant and e.n == 120


def test_a_count_never_goes_below_zero() -> None:
    rare = [0.0] * 97 + [1.0, 0.0, 2.0]
    for values in (rare, rare * 6):  # bootstrap below 500 games, t (clipped) from there on
        e = pergame.count(values)
        assert e.low >= 0 and e.high > e.value > 0
    assert pergame.count([0.0] * 50).method == "poisson"


def test_a_mean_of_many_games_is_students_t() -> None:
    rng = np.random.default_rng(4)
    values = rng.normal(10, 3, size=800)
    e = pergame.mean(values)
    half = sps.t.ppf(0.975, 799) * values.std(ddof=1) / math.sqrt(800)
    assert e.method == "t" and (e.low, e.high) == pytest.approx(
        (values.mean() - half, values.mean() + half)
    )


def test_the_bootstrap_is_seeded_and_covers_about_95_percent() -> None:
    rng = np.random.default_rng(7)
    assert pergame.mean([1, 4, 2, 8, 5]) == pergame.mean(
        [1, 4, 2, 8, 5]
    )  # same seed, same interval
    covered = 0
    for _ in range(300):
        e = pergame.mean(rng.exponential(2.0, size=60))
        covered += e.low <= 2.0 <= e.high
    assert 0.88 <= covered / 300 <= 0.99


def test_a_ratio_of_clustered_events_has_an_honest_interval() -> None:
    """Events of one game share its course: 40 games, each with 30 events that all go the same
    way more often than not. Counting the 1200 events as independent gives an interval far too
    narrow; the ratio over games does not."""
    rng = np.random.default_rng(11)
    rates = rng.beta(2, 2, size=40)  # each game has its own rate
    hits = rng.binomial(30, rates).astype(float)
    e = pergame.ratio(hits, np.full(40, 30.0))
    naive = 1.96 * math.sqrt(e.value * (1 - e.value) / 1200)
    assert e.value == pytest.approx(hits.sum() / 1200)
    assert (e.high - e.low) / 2 > 2 * naive
    big = pergame.ratio(np.tile(hits, 20), np.full(800, 30.0))
    assert big.method == "ratio" and 0 < big.low < big.value < big.high < 1


def test_a_ratio_that_is_never_or_always_is_exact_over_games() -> None:
    e = pergame.ratio([0, 0, 0], [4, 2, 5])
    assert e.method == "clopper-pearson" and e.value == 0 and e.high > 0 and e.n == 3


def test_sign_flip_p_is_exact_for_few_games() -> None:
    d = np.array([1.0, 2.0, -0.5, 3.0, 1.5])
    signs = np.array(list(product((-1, 1), repeat=5)))
    brute = np.mean(np.abs(signs @ d) >= abs(d.sum()))
    assert pergame.sign_flip_p(d) == pytest.approx(brute)
    assert pergame.sign_flip_p([0.0, 0.0]) == 1.0  # nothing changed: nothing to find


def test_sign_flip_keeps_its_false_alarm_rate() -> None:
    rng = np.random.default_rng(5)
    alarms = sum(pergame.sign_flip_p(rng.normal(size=40), seed=k) < 0.05 for k in range(300))
    assert alarms / 300 < 0.08


def test_paired_counts_the_games_that_changed() -> None:
    result = pergame.paired([1, 2, 3, 4], [1, 2, 5, 6])
    assert result.changed == 2 and result.difference.value == 1.0 and 0 < result.p <= 1


def test_an_agents_share_is_per_seat_it_held() -> None:
    """greedy in two of four seats won all 120 games: 0.50 per seat, in every game."""
    rows = []
    for g in range(120):
        for seat, agent in enumerate(("greedy", "random", "greedy", "ismcts")):
            rows.append({"game": g, "agent": agent, "win_share": float(seat == g % 2 * 2)})
    frame = pd.DataFrame(rows)
    shares = pergame.agent_shares(frame, "greedy")
    assert shares.tolist() == [0.5] * 120 and pergame.share(shares).constant


def test_head_to_head_is_seat_by_seat_not_best_seat() -> None:
    """greedy sits twice: one seat scores most, the other least. Best seat against best seat,
    greedy beats ismcts every game; seat by seat it is ahead in half of the pairs."""
    rows = []
    for g in range(10):
        for agent, score in (("greedy", 30.0), ("random", 20.0), ("greedy", 5.0), ("ismcts", 15.0)):
            rows.append({"game": g, "agent": agent, "score": score})
    values = pergame.head_to_head(pd.DataFrame(rows), "greedy", "ismcts")
    assert values.tolist() == [0.5] * 10
