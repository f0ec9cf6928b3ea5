"""The ``balance`` objective (issue 39): unbiased under even seats — its mean over many null
samples is 0 where the old ``seats`` gap sits well above it — also in the duplicate design,
whose rotations of a deal share their chance; a planted seat effect is found at its size; and
a tuning with it finds the toy's planted bonus with a clear check."""

from __future__ import annotations

import types
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from analyses.studies.study import StudyConfig
from analyses.tuning.check import check
from analyses.tuning.objectives import parse_objective
from analyses.tuning.search import TuneRun, best, prepare, search
from tests.analyses.tuning import toy

SAMPLES = 300  # null samples per check: the mean's standard error is about 1/17 of the spread


def _frames(winners: np.ndarray, seats: int, deals: np.ndarray) -> types.SimpleNamespace:
    """Study-like frames of games won outright by ``winners`` (a seat per game)."""
    games = np.arange(len(winners))
    players = pd.DataFrame(
        {
            "game": np.repeat(games, seats),
            "seat": np.tile(np.arange(seats), len(games)),
            "win_share": (
                np.tile(np.arange(seats), len(games)) == np.repeat(winners, seats)
            ).astype(float),
        }
    )
    return types.SimpleNamespace(
        players=players, games=pd.DataFrame({"game": games, "deal": deals})
    )


def _null_means(seats: int, games: int, rotations: int) -> tuple[float, float, float]:
    """Mean and standard error of ``balance``, and the mean ``seats`` gap, over null samples:
    every deal's winner drawn evenly and kept in all its rotations (chance decides)."""
    rng = np.random.default_rng(7)
    balance, gap = parse_objective("balance"), parse_objective("seats")
    found, gaps = [], []
    for _ in range(SAMPLES):
        deals = np.repeat(np.arange(games // rotations), rotations)
        winners = rng.integers(0, seats, games // rotations)[deals]
        frames = _frames(winners, seats, deals)
        found.append(balance.value(frames))  # type: ignore[arg-type]
        gaps.append(gap.value(frames))  # type: ignore[arg-type]
    values = np.array(found)
    return float(values.mean()), float(values.std(ddof=1) / np.sqrt(SAMPLES)), float(np.mean(gaps))


@pytest.mark.parametrize(("seats", "rotations"), [(3, 1), (2, 2), (4, 4)])
def test_balance_is_zero_on_average_for_even_seats(seats: int, rotations: int) -> None:
    mean, error, gap = _null_means(seats, 480, rotations)
    assert abs(mean) < 4 * error, (mean, error)
    assert gap > 10 * max(error, 1e-4)  # the old gap: biased well above 0 on the same games


def test_a_planted_seat_effect_is_found_at_its_size() -> None:
    rng = np.random.default_rng(3)
    winners = (rng.random(20_000) >= 0.6).astype(int)  # seat 0 wins 60%
    frames = _frames(winners, 2, np.arange(len(winners)))
    value = parse_objective("balance").value(frames)  # type: ignore[arg-type]
    assert value == pytest.approx(2 * 0.1**2, abs=0.003)


def test_tune_with_balance_finds_the_planted_bonus_with_a_clear_check(tmp_path: Path) -> None:
    toy.register()
    config = StudyConfig("handicap", 2, games=300, seed=3, rotate=False)
    prep = prepare(TuneRun(config, ("option:bonus=0..30",), "balance", trials=24,
                           check_games=600))  # fmt: skip
    winner = best(search(prep, tmp_path))
    assert abs(winner.params["option:bonus"] - 10) <= 3
    checked = check(prep, winner.params, tmp_path)
    assert checked.baseline > 0.01 and checked.clear and checked.difference < 0
    assert checked.tuned < 0.01
