"""Confidence intervals, seat advantage and win matrices against known or independent answers."""

from __future__ import annotations

import doctest
import math

import numpy as np
import pandas as pd
import pytest
from scipy import stats as sps

from analyses.statistics import stats
from analyses.statistics.stats import (
    Estimate,
    clopper_pearson,
    describe,
    difference_of_means,
    difference_of_rates,
    games_needed,
    games_needed_for_difference,
    holm,
    mean,
    poisson_zero,
    rate,
)

Z95 = sps.norm.ppf(0.975)


def test_docstring_examples() -> None:
    assert doctest.testmod(stats, optionflags=doctest.ELLIPSIS).failed == 0


# --- Estimate ---------------------------------------------------------------------------------


def test_estimate_prints_value_interval_and_sample_size() -> None:
    e = Estimate(0.3124, 0.2712, 0.3561, n=500)
    assert str(e) == "0.31 [0.27, 0.36] (n=500)"
    assert f"{e:.3f}" == "0.312 [0.271, 0.356] (n=500)"
    assert e.margin == pytest.approx((0.3561 - 0.2712) / 2)
    assert e.confidence == 0.95


@pytest.mark.parametrize("confidence", [0, 1, 1.5, -0.1, True, "0.95", math.nan])
def test_confidence_outside_zero_one_is_rejected(confidence: object) -> None:
    with pytest.raises(ValueError, match="confidence"):
        Estimate(0.5, 0.4, 0.6, n=10, confidence=confidence)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="confidence"):
        rate(5, 10, confidence)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="confidence"):
        mean([1.0, 2.0], confidence)  # type: ignore[arg-type]


# --- rate (Wilson) ----------------------------------------------------------------------------


def test_wilson_seven_of_ten_matches_the_textbook_value() -> None:
    e = rate(7, 10)
    assert (e.value, e.n) == (0.7, 10)
    assert e.low == pytest.approx(0.3968, abs=1e-4)
    assert e.high == pytest.approx(0.8922, abs=1e-4)


@pytest.mark.parametrize("confidence", [0.8, 0.95, 0.99])
@pytest.mark.parametrize(("k", "n"), [(0, 5), (1, 1), (3, 17), (50, 100), (99, 100), (20, 20)])
def test_wilson_agrees_with_scipy(k: int, n: int, confidence: float) -> None:
    expected = sps.binomtest(k, n).proportion_ci(confidence_level=confidence, method="wilson")
    e = rate(k, n, confidence)
    assert (e.low, e.high) == pytest.approx((expected.low, expected.high), abs=1e-12)
    assert e.confidence == confidence


def test_fractional_successes_sit_between_whole_counts() -> None:
    lower, shared, upper = rate(2, 10), rate(2.5, 10), rate(3, 10)
    assert shared.value == 0.25
    assert lower.low < shared.low < upper.low
    assert lower.high < shared.high < upper.high


def test_no_games_means_nothing_is_known() -> None:
    e = rate(0, 0)
    assert math.isnan(e.value)
    assert (e.low, e.high, e.n) == (0.0, 1.0, 0)


def test_extreme_rates_stay_inside_zero_one() -> None:
    assert rate(0, 30).low == 0.0
    assert rate(30, 30).high == 1.0


@pytest.mark.parametrize(
    ("successes", "n", "message"),
    [(11, 10, "successes"), (-1, 10, "successes"), (math.nan, 10, "successes"),
     (1, -1, "n must"), (1, 2.5, "n must"), (1, True, "n must")],
)  # fmt: skip
def test_rate_rejects_impossible_counts(successes: float, n: int, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        rate(successes, n)


def test_wilson_covers_the_true_rate_about_95_percent_of_the_time() -> None:
    rng = np.random.default_rng(20240611)
    for p, n in [(0.3, 50), (0.5, 200), (0.1, 120)]:
        hits = rng.binomial(n, p, size=2000)
        interval = {k: rate(k, n) for k in set(hits.tolist())}  # one interval per count seen
        covered = np.mean([interval[k].low <= p <= interval[k].high for k in hits.tolist()])
        assert 0.93 <= covered <= 0.97, (p, n, covered)


# --- means ------------------------------------------------------------------------------------


def test_t_interval_by_hand() -> None:
    # mean 5, sd sqrt(2.5), se sqrt(2.5 / 5); t(0.975, 4 dof) = 2.776445
    e = mean([3, 4, 5, 6, 7])
    half = 2.776445 * math.sqrt(0.5)
    assert (e.value, e.n) == (5.0, 5)
    assert (e.low, e.high) == pytest.approx((5 - half, 5 + half), abs=1e-5)


def test_t_interval_agrees_with_scipy() -> None:
    values = pd.Series([12.0, 15.5, 9.0, 20.0, 14.0, 11.5, 18.0])
    low, high = sps.t.interval(0.9, len(values) - 1, loc=values.mean(), scale=sps.sem(values))
    e = mean(values, confidence=0.9)
    assert (e.low, e.high) == pytest.approx((low, high))


def test_mean_of_few_or_constant_values() -> None:
    one, none, flat = mean([4.0]), mean([]), mean([3, 3, 3])
    assert one.value == 4.0 and math.isnan(one.low) and math.isnan(one.high)
    assert none.n == 0 and math.isnan(none.value)
    assert (flat.low, flat.value, flat.high) == (3.0, 3.0, 3.0)


@pytest.mark.parametrize("values", [[1.0, math.nan], [[1.0, 2.0], [3.0, 4.0]], [1.0, math.inf]])
def test_mean_rejects_unusable_values(values: object) -> None:
    with pytest.raises(ValueError, match="values"):
        mean(values)  # type: ignore[arg-type]


A = [31.0, 28.0, 35.0, 40.0, 22.0, 30.0, 33.0, 29.0]
B = [27.0, 30.0, 31.0, 33.0, 20.0, 26.0, 35.0, 24.0]


def test_paired_difference_agrees_with_scipy_ttest_rel() -> None:
    expected = sps.ttest_rel(A, B).confidence_interval(0.95)
    e = difference_of_means(A, B, paired=True)
    assert e.value == pytest.approx(np.mean(A) - np.mean(B))
    assert (e.low, e.high) == pytest.approx((expected.low, expected.high))
    assert e.n == len(A)


def test_welch_difference_agrees_with_scipy_ttest_ind() -> None:
    b = [*B[:5], 50.0]
    expected = sps.ttest_ind(A, b, equal_var=False).confidence_interval(0.99)
    e = difference_of_means(A, b, paired=False, confidence=0.99)
    assert (e.low, e.high) == pytest.approx((expected.low, expected.high))
    assert e.n == len(A) + len(b)


def test_difference_of_means_edge_cases() -> None:
    with pytest.raises(ValueError, match="length"):
        difference_of_means([1, 2, 3], [1, 2], paired=True)
    small = difference_of_means([1.0], [2.0, 3.0], paired=False)
    assert small.value == -1.5 and math.isnan(small.low)
    flat = difference_of_means([2, 2, 2], [1, 1], paired=False)
    assert (flat.low, flat.value, flat.high) == (1.0, 1.0, 1.0)


# --- difference of rates (Newcombe) -----------------------------------------------------------

# Newcombe (1998), Statistics in Medicine 17:873-890, Table II, method 10.
NEWCOMBE = [
    ((56, 70, 48, 80), (0.0524, 0.3339)),
    ((9, 10, 3, 10), (0.1705, 0.8090)),
    ((6, 7, 2, 7), (0.0582, 0.8062)),
    ((5, 56, 0, 29), (-0.0381, 0.1926)),
    ((0, 10, 0, 20), (-0.1611, 0.2775)),
    ((0, 10, 0, 10), (-0.2775, 0.2775)),
    ((10, 10, 0, 20), (0.6791, 1.0000)),
    ((10, 10, 0, 10), (0.6075, 1.0000)),
]


@pytest.mark.parametrize(("counts", "bounds"), NEWCOMBE)
def test_newcombe_matches_the_published_table(counts: tuple[int, ...], bounds: tuple) -> None:
    e = difference_of_rates(*counts)
    assert e.value == pytest.approx(counts[0] / counts[1] - counts[2] / counts[3])
    assert (e.low, e.high) == pytest.approx(bounds, abs=5e-5)
    assert e.n == counts[1] + counts[3]


def test_newcombe_from_the_two_wilson_intervals() -> None:
    a, b = rate(40.5, 90, 0.9), rate(30, 110, 0.9)
    e = difference_of_rates(40.5, 90, 30, 110, confidence=0.9)
    d = a.value - b.value
    assert e.low == pytest.approx(d - math.sqrt((a.value - a.low) ** 2 + (b.high - b.value) ** 2))
    assert e.high == pytest.approx(d + math.sqrt((a.high - a.value) ** 2 + (b.value - b.low) ** 2))
    swapped = difference_of_rates(30, 110, 40.5, 90, confidence=0.9)
    assert (swapped.low, swapped.high) == pytest.approx((-e.high, -e.low))


def test_difference_of_rates_with_an_empty_sample() -> None:
    e = difference_of_rates(3, 10, 0, 0)
    assert math.isnan(e.value) and (e.low, e.high, e.n) == (-1.0, 1.0, 10)
    with pytest.raises(ValueError, match="successes"):
        difference_of_rates(3, 10, 5, 4)


# --- planning ---------------------------------------------------------------------------------


def test_games_needed_known_values() -> None:
    assert games_needed(0.05) == 385  # 1.96^2 / (4 * 0.05^2) = 384.1
    assert games_needed(0.03, confidence=0.99) == math.ceil(sps.norm.ppf(0.995) ** 2 / 4 / 9e-4)
    assert games_needed_for_difference(0.05) == 769
    assert games_needed(0.6) == 3  # 1.96^2 / (4 * 0.36) = 2.7
    assert games_needed(1.0) == 1


@pytest.mark.parametrize("margin", [0.1, 0.05, 0.02])
@pytest.mark.parametrize("p", [0.0, 0.02, 0.1, 0.25, 0.5, 0.8, 1.0])
def test_games_needed_round_trip(margin: float, p: float) -> None:
    n = games_needed(margin, p=p)
    assert rate(p * n, n).margin <= margin
    assert Z95 * math.sqrt(p * (1 - p) / n) <= margin
    if n > 1:  # and one game fewer is not enough
        fewer = n - 1
        assert max(rate(p * fewer, fewer).margin, Z95 * math.sqrt(p * (1 - p) / fewer)) > margin


@pytest.mark.parametrize("margin", [0.1, 0.05, 0.03])
@pytest.mark.parametrize("p", [0.3, 0.5])
def test_games_needed_for_difference_round_trip(margin: float, p: float) -> None:
    n = games_needed_for_difference(margin, p=p)
    assert Z95 * math.sqrt(2 * p * (1 - p) / n) <= margin
    assert difference_of_rates(p * n, n, p * n, n).margin <= margin
    assert Z95 * math.sqrt(2 * p * (1 - p) / (n - 1)) > margin


@pytest.mark.parametrize(
    ("margin", "p", "message"), [(0, 0.5, "margin"), (-0.1, 0.5, "margin"), (0.05, 1.5, "p must")]
)
def test_planning_rejects_bad_arguments(margin: float, p: float, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        games_needed(margin, p=p)
    with pytest.raises(ValueError, match=message):
        games_needed_for_difference(margin, p=p)


# --- describe ---------------------------------------------------------------------------------


def test_describe_agrees_with_pandas() -> None:
    scores = pd.Series([41, 55, 38, 62, 47, 51, 44, 58, 39, 60], dtype=float)
    d, expected = describe(scores), scores.describe()
    assert d["n"] == 10 and d["mean"].n == 10
    assert d["mean"].value == pytest.approx(expected["mean"])
    assert d["sd"] == pytest.approx(expected["std"])
    assert (d["q1"], d["median"], d["q3"]) == pytest.approx(
        (expected["25%"], expected["50%"], expected["75%"])
    )
    assert (d["min"], d["max"]) == (expected["min"], expected["max"])


def test_describe_nothing() -> None:
    d = describe([])
    assert d["n"] == 0 and math.isnan(d["median"]) and math.isnan(d["sd"])


# --- exact intervals and adjusted p-values -------------------------------------------------------


@pytest.mark.parametrize(("k", "n"), [(0, 10), (3, 10), (10, 10), (120, 120), (7, 200)])
def test_clopper_pearson_agrees_with_scipy(k: int, n: int) -> None:
    mine = clopper_pearson(k, n)
    theirs = sps.binomtest(k, n).proportion_ci(method="exact")
    assert (mine.low, mine.high) == pytest.approx((theirs.low, theirs.high), abs=1e-12)
    assert mine.high > mine.low  # never a zero-width "certainty"


def test_poisson_zero_is_the_exact_bound_of_no_event() -> None:
    e = poisson_zero(200)
    assert e.value == e.low == 0 and e.high == pytest.approx(sps.chi2.ppf(0.975, 2) / 2 / 200)


def test_holm_agrees_with_the_step_down_by_hand() -> None:
    p = [0.01, 0.04, 0.03, 0.005, math.nan]
    # sorted 0.005 0.01 0.03 0.04 times 4 3 2 1, made monotone: 0.02 0.03 0.06 0.06
    assert holm(p)[:4].tolist() == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert math.isnan(holm(p)[4])


def test_holm_keeps_the_family_wise_error_rate() -> None:
    rng = np.random.default_rng(3)
    false_alarms = sum(bool((holm(rng.random(20)) < 0.05).any()) for _ in range(4000))
    assert false_alarms / 4000 < 0.06  # at most 5%, up to simulation noise


def test_holm_is_statsmodels_holm() -> None:
    # atoll keeps its ten lines (statsmodels collects garbage on every call), checked here
    from statsmodels.stats.multitest import multipletests

    rng = np.random.default_rng(7)
    for _ in range(200):
        p = rng.uniform(0, 1, size=rng.integers(1, 40)) ** rng.uniform(0.5, 4)
        p[rng.uniform(size=len(p)) < 0.1] = np.nan
        kept = ~np.isnan(p)
        ours = stats.holm(p)
        assert np.isnan(ours[~kept]).all()
        if kept.any():
            theirs = multipletests(p[kept], method="holm")[1]
            assert np.allclose(ours[kept], theirs)


def test_the_bootstrap_interval_agrees_with_scipys() -> None:
    # atoll's percentile bootstrap over games (it also resamples ratios of sums, which scipy's
    # does not do for per-game weights) against scipy.stats.bootstrap on a plain mean
    from analyses.statistics import pergame

    rng = np.random.default_rng(3)
    values = rng.poisson(3.0, size=120).astype(float)
    ours = pergame.mean(values, bounds=(0, np.inf))
    theirs = sps.bootstrap(
        (values,), np.mean, n_resamples=20000, method="percentile", random_state=rng
    ).confidence_interval
    assert ours.method == "bootstrap"
    assert abs(ours.low - theirs.low) < 0.06 and abs(ours.high - theirs.high) < 0.06
