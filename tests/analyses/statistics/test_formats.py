"""The display rules (:mod:`analyses.statistics.formats`): an interval shows its width, no "-0.00",
one precision per table column, p-values below 0.001 as "< 0.001"."""

from __future__ import annotations

import re

import numpy as np
import pandas as pd
import pytest

from analyses.reports.tables import Table, estimate_cell, estimate_text, table_html
from analyses.statistics import formats
from analyses.statistics.stats import Estimate


@pytest.mark.parametrize(
    ("value", "low", "high", "shown"),
    [
        (0.9992, 0.9975, 1.0, "0.999 [0.998, 1.000]"),  # was "1.00 [1.00, 1.00]"
        (0.00067, 0.0, 0.002, "0.001 [0.000, 0.002]"),  # was "0.00 [0.00, 0.00]"
        (0.57, 0.50, 0.65, "0.57 [0.50, 0.65]"),  # two decimals where they suffice
        (-0.0004, -0.003, 0.002, "0.000 [-0.003, 0.002]"),  # never "-0.000"
    ],
)
def test_an_interval_is_printed_with_the_digits_that_show_its_width(
    value: float, low: float, high: float, shown: str
) -> None:
    assert formats.interval(value, low, high) == shown
    assert estimate_cell(Estimate(value, low, high, 500)) == shown
    assert f"{Estimate(value, low, high, 500)}" == f"{shown} (n=500)"


def test_equal_ends_only_when_the_interval_is_certain() -> None:
    rng = np.random.default_rng(5)
    for _ in range(2000):
        low, high = np.sort(rng.uniform(0, 1, 2) ** rng.integers(1, 8))
        value = (low + high) / 2
        text = formats.interval(value, low, high)
        a, b = re.findall(r"-?\d+\.\d+", text)[1:]
        if high - low >= 10**-formats.MOST:
            assert a != b, text
        assert "-" not in text  # every number here is 0 or more
    assert formats.interval(0.25, 0.25, 0.25) == "0.25 [0.25, 0.25]"  # exactly certain


def test_no_minus_zero_anywhere() -> None:
    assert formats.fixed(-0.0001, 2) == "0.00" and formats.fixed(-0.0, 3) == "0.000"
    html = table_html(pd.DataFrame({"variant": ["a"], "change": [-0.0]}))
    assert "-0" not in html


def test_a_table_column_reads_with_one_precision() -> None:
    frame = pd.DataFrame(
        {
            "seat": [0, 1],
            "win share": [Estimate(0.5, 0.4, 0.6, 100), Estimate(0.9992, 0.9975, 1.0, 100)],
        }
    )
    html = table_html(Table("Seats", frame))
    assert "0.500\u00a0[0.400,\u00a00.600]" in html and "0.999\u00a0[0.998,\u00a01.000]" in html


def test_p_values_and_constants() -> None:
    assert formats.p_value(0.0004) == "< 0.001" and formats.p_value(float("nan")) == "–"
    assert formats.p_value(0.05) == "0.050"
    assert estimate_text(Estimate(-0.0, -0.0, -0.0, 40, method="constant"), "deals") == (
        "0.00 in every one of 40 deals"
    )


def test_a_column_of_plain_numbers_reads_with_one_precision() -> None:
    # milliseconds per move of two agents: one precision, the tiny one not printed as 0
    html = table_html(pd.DataFrame({"agent": ["greedy", "random"], "ms": [8.77, 0.00219]}))
    assert '<td class="num">8.77</td>' in html and '<td class="num">&lt; 0.01</td>' in html
    mixed = table_html(pd.DataFrame({"x": ["a", "b", "c"], "v": [0.3, 0.236, 0.0818]}))
    assert all(f'"num">{v}<' in mixed for v in ("0.300", "0.236", "0.082"))
