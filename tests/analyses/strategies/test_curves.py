"""Score curves (analyses.strategies.curves): a seat's standing carried to later turns once its
game ended, the deal the unit, and the figure, table and report.json data of the section."""

from __future__ import annotations

import pandas as pd
import pytest

from analyses.strategies.curves import curves_section, score_curves, standings


def _trajectory() -> pd.DataFrame:
    # deal 0: a game of 3 turns (a leads); deal 1: a game that ends after turn 1
    rows = [
        (0, 0, 0, 1, 0, "a", 1.0), (0, 0, 0, 1, 1, "b", 0.0),
        (0, 0, 1, 2, 0, "a", 2.0), (0, 0, 1, 2, 1, "b", 1.0),
        (0, 0, 2, 3, 0, "a", 5.0), (0, 0, 2, 3, 1, "b", 1.0),
        (1, 1, 0, 1, 0, "a", 3.0), (1, 1, 0, 1, 1, "b", 4.0),
        (1, 1, 1, 1, 0, "a", 4.0), (1, 1, 1, 1, 1, "b", 6.0),  # its final point, same turn
    ]  # fmt: skip
    frame = pd.DataFrame(
        rows, columns=["game", "deal", "point", "turn", "seat", "entrant", "score"]
    )
    return frame.assign(lineup=0)


def test_a_finished_game_keeps_its_final_score() -> None:
    seats = standings(_trajectory())
    late = seats[(seats["game"] == 1) & (seats["turn"] == 3)].set_index("entrant")["score"]
    assert late.to_dict() == {"a": 4.0, "b": 6.0}  # the last point of turn 1, carried on
    assert sorted(seats["turn"].unique()) == [1, 2, 3]


def test_the_curve_is_a_mean_over_deals_with_a_band() -> None:
    curves = score_curves(_trajectory()).set_index(["entrant", "turn"])
    assert curves.loc[("a", 3.0), "mean"] == pytest.approx((5.0 + 4.0) / 2)
    assert curves.loc[("a", 3.0), "deals"] == 2
    low, high = curves.loc[("a", 3.0), ["low", "high"]]
    assert low < 4.5 < high
    # t interval over 2 deals: 12.71 * sd / sqrt(2), sd of (5, 4)
    assert high - 4.5 == pytest.approx(12.706 * 0.7071 / 1.4142, rel=1e-3)


def test_the_section_draws_tabulates_and_records_every_point() -> None:
    section = curves_section(_trajectory(), ["b", "a"], "2 games", seed=0)
    assert len(section.figures) == 1 and "2 games" in section.figures[0][0]
    (table,) = section.tables
    assert list(table.frame["entrant"]) == ["b", "a"]
    assert [c for c in table.frame.columns if c.startswith("turn")] == [
        "turn 1",
        "turn 2",
        "turn 3",
    ]
    points = section.data["score_curves"]["a"]
    assert [p["turn"] for p in points] == [1.0, 2.0, 3.0] and points[-1]["mean"] == 4.5
    empty = curves_section(_trajectory().iloc[0:0], ["a"], "0 games", seed=0)
    assert not empty.figures and "No score race" in empty.notes[0]
