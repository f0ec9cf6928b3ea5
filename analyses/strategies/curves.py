"""Each entrant's score curve: its mean standing turn by turn, with a band, as the Dominion
simulators plot points per turn by bot.

Read from the studies' ``trajectory`` table (each seat's standing after every turn, and the
final scores: :mod:`analyses.studies.trace`). A seat's standing at turn ``t`` is the last point
recorded at or before ``t``; a game that has ended keeps its final score for the later turns
(so every curve ends at the entrant's mean final score). Per turn, the games of one deal (every
line-up and rotation) are averaged first — the deal is the unit, as everywhere in a tournament —
and the band is the 95% t interval over deals.

>>> trajectory = pd.DataFrame({"lineup": 0, "game": [0, 0, 0, 0], "deal": 0, "point": [0, 0, 1, 1],
...     "turn": [1, 1, 2, 2], "seat": [0, 1, 0, 1], "score": [1.0, 0.0, 3.0, 2.0],
...     "entrant": ["a", "b", "a", "b"]})
>>> curves = score_curves(trajectory)
>>> curves[curves["entrant"] == "a"][["turn", "mean"]].values.tolist()
[[1.0, 1.0], [2.0, 3.0]]
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import pandas as pd
from matplotlib.figure import Figure
from scipy import stats as sps

from analyses.reports.figures import figure_uri, legend_outside
from analyses.reports.tables import Section, Table
from analyses.statistics import pergame

__all__ = ["curves_section", "score_curves", "standings"]

#: The turns the table shows: these shares of the longest game (the figure shows every turn).
MARKS = (0.25, 0.5, 0.75, 1.0)


def standings(trajectory: pd.DataFrame) -> pd.DataFrame:
    """Every seat's standing at every turn from the first recorded to the last of any game
    (``trajectory`` with ``lineup``, ``deal`` and ``entrant``): one row per seat and turn."""
    last = trajectory.sort_values(["lineup", "game", "seat", "turn", "point"]).drop_duplicates(
        ["lineup", "game", "seat", "turn"], keep="last"
    )
    turns = np.arange(int(last["turn"].min()), int(last["turn"].max()) + 1)
    wide = last.pivot_table(
        index=["lineup", "game", "deal", "seat", "entrant"], columns="turn", values="score"
    )
    wide = wide.reindex(columns=turns).ffill(axis=1)  # a finished game keeps its final score
    long = wide.stack(future_stack=True).rename("score").reset_index()
    return long.dropna(subset=["score"])


def score_curves(trajectory: pd.DataFrame) -> pd.DataFrame:
    """Per entrant and turn: the mean standing over deals (each deal the mean of its games'
    seats), its 95% t interval over deals, and the number of deals."""
    if trajectory.empty:
        return pd.DataFrame(columns=["entrant", "turn", "mean", "low", "high", "deals"])
    seats = standings(trajectory)
    by_deal = seats.groupby(["entrant", "turn", "deal"])["score"].mean()
    grouped = by_deal.groupby(level=["entrant", "turn"])
    out = grouped.agg(["mean", "std", "count"]).reset_index()
    n = out["count"].to_numpy(float)
    crit = np.where(n > 1, sps.t.ppf(0.975, np.maximum(n - 1, 1)), np.nan)
    half = crit * out["std"].fillna(0.0).to_numpy(float) / np.sqrt(n)
    return pd.DataFrame(
        {
            "entrant": out["entrant"],
            "turn": out["turn"].astype(float),
            "mean": out["mean"],
            "low": out["mean"] - half,
            "high": out["mean"] + half,
            "deals": out["count"].astype(int),
        }
    )


def curves_section(
    trajectory: pd.DataFrame, order: Sequence[str], sample: str, seed: int
) -> Section:
    """The score curves of the entrants (``order``: the strongest first) as a figure, a table
    at a few turns (:data:`MARKS`) and every point in report.json."""
    curves = score_curves(trajectory)
    section = Section(
        "Score curves",
        "Each entrant's mean standing turn by turn: a seat's points so far (or the game's own "
        "estimate of its final score, where most of the score comes at the end), a finished "
        "game keeping its final score; averaged over each deal's games, then over deals, with "
        "a 95% interval over deals.",
    )
    if curves.empty:
        section.notes.append("No score race was recorded (the studies were played without it).")
        return section
    section.figures.append(
        (
            f"Mean standing per turn by entrant, with its 95% band over deals ({sample}).",
            figure_uri(_figure(curves, order)),
        )
    )
    section.tables.append(_marks_table(trajectory, order, seed))
    section.data["score_curves"] = {
        entrant: [
            {k: _plain(v) for k, v in row.items() if k != "entrant"}
            for row in part.to_dict("records")
        ]
        for entrant, part in curves.groupby("entrant", sort=False)
    }
    return section


def _marks_table(trajectory: pd.DataFrame, order: Sequence[str], seed: int) -> Table:
    seats = standings(trajectory)
    first, last = int(seats["turn"].min()), int(seats["turn"].max())
    marks = sorted({max(first, round(last * m)) for m in MARKS})
    rows = []
    for entrant in order:
        mine = seats[seats["entrant"] == entrant]
        row: dict[str, object] = {"entrant": entrant}
        for turn in marks:
            values = mine[mine["turn"] == turn].groupby("deal")["score"].mean()
            row[f"turn {turn}"] = pergame.mean(values.to_numpy(float), seed=seed)
        rows.append(row)
    return Table(
        "Mean standing at a quarter, half, three quarters and the end of the longest game",
        pd.DataFrame(rows),
        over="deals (each the mean of its games' seats)",
        units={f"turn {t}": "points" for t in marks},
    )


def _figure(curves: pd.DataFrame, order: Sequence[str]) -> Figure:
    fig = Figure(figsize=(8, 4))
    ax = fig.subplots()
    colours = [f"C{k % 10}" for k in range(len(order))]
    for entrant, colour in zip(order, colours, strict=True):
        part = curves[curves["entrant"] == entrant]
        ax.plot(part["turn"], part["mean"], color=colour, label=entrant)
        ax.fill_between(part["turn"], part["low"], part["high"], color=colour, alpha=0.18, lw=0)
    ax.set_xlabel("turn")
    ax.set_ylabel("mean standing (points)")
    ax.grid(alpha=0.3)
    legend_outside(ax)
    fig.tight_layout()
    return fig


def _plain(value: object) -> object:
    if isinstance(value, float | np.floating):
        return None if math.isnan(float(value)) else float(value)
    if isinstance(value, np.integer):
        return int(value)
    return value
