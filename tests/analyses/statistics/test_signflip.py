"""The sign-flip test (:mod:`analyses.statistics.signflip`): exact where the differences lie on a
grid (checked against scipy's exact permutation test), Monte Carlo refined near the thresholds so
that a p-value does not move with the seed by more than its stated error."""

from __future__ import annotations

import numpy as np
import pytest
import scipy.stats as sps

from analyses.statistics.signflip import FIRST_FLIPS, RELATIVE_ERROR, on_grid, sign_flip


def scipy_exact(d: np.ndarray) -> float:
    result = sps.permutation_test(
        (d,),
        np.sum,
        permutation_type="samples",
        n_resamples=np.inf,
        alternative="two-sided",
    )
    return float(result.pvalue)


@pytest.mark.parametrize("seed", range(6))
def test_the_exact_test_agrees_with_scipys_exact_enumeration(seed: int) -> None:
    rng = np.random.default_rng(seed)
    # per-deal win-share differences of a 4-rotation deal: multiples of 1/48
    d = rng.integers(-12, 13, size=13) / 48 + (0.05 if seed % 2 else 0)
    d = d[d != 0]
    if abs(d.sum()) < 1e-9:  # a sum of exactly 0 has p = 1: scipy's float tolerance differs
        d = d[1:]
    ours = sign_flip(d)
    assert ours.method == "exact"
    # equal up to the pattern scipy's float tolerance may miscount (its two-sided p doubles the
    # smaller one-sided count: 2 patterns); we count whole numbers on the grid
    assert abs(ours.p - scipy_exact(d)) <= 2.01 * 2.0 ** -len(d)


def test_large_studies_on_a_grid_are_exact_too() -> None:
    rng = np.random.default_rng(1)
    d = rng.choice(
        [-1, -0.5, -1 / 3, 0, 1 / 3, 0.5, 1], size=800, p=[0.13, 0.1, 0.1, 0.3, 0.1, 0.12, 0.15]
    )
    result = sign_flip(d)
    assert result.method == "exact" and result.error == 0
    # at this size the normal approximation is close to the exact answer
    assert result.p == pytest.approx(sps.ttest_1samp(d[d != 0], 0).pvalue, rel=0.15)


def test_grids_are_found_and_off_grid_values_are_not_forced_onto_one() -> None:
    assert on_grid(np.array([1 / 48, -5 / 12, 2.0])).tolist() == [1, -20, 96]
    assert on_grid(np.array([0.1234567, 1.0])) is None


def test_a_monte_carlo_p_near_the_threshold_does_not_move_with_the_seed() -> None:
    # off any grid (continuous differences), fewer than 500 games: Monte Carlo, refined until
    # its error is within 2% of it where a finding could turn on it
    rng = np.random.default_rng(1)
    d = rng.normal(0.27, 1.0, size=60) * np.pi
    results = [sign_flip(d, seed=s) for s in range(3)]
    assert {r.method for r in results} == {"monte carlo"}
    first = results[0]
    assert 0.01 < first.p < 0.1  # the case that matters: near 0.05
    assert first.flips > FIRST_FLIPS and first.error <= RELATIVE_ERROR * first.p * 1.0001
    spread = max(r.p for r in results) - min(r.p for r in results)
    assert spread < 6 * first.error
    # and what it estimates is the exact answer's neighbourhood (t as a reference here)
    assert first.p == pytest.approx(sps.ttest_1samp(d, 0).pvalue, rel=0.25)
