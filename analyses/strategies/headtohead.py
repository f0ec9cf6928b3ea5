"""Head to head: for every two entrants, the share of the games both played in which the first
finished ahead of the second, tested at the deal level, all pairs one family.

* **Ahead.** Seat for seat: in a game, every seat of ``A`` is compared with every seat of ``B``
  (1 when it finished ahead — more points, or equal points and the game's win — 1/2 when level,
  0 behind) and the game's value is their mean.
* **The unit is the deal.** Every line-up plays the same deals (common random numbers), so the
  games of one deal — every rotation in every line-up that holds both — are one observation:
  their mean. The share is the mean over deals with its 95% interval over deals
  (:func:`analyses.statistics.pergame.share`), tested against the even 1/2 by the exact sign-flip
  test of the per-deal values (:mod:`analyses.statistics.signflip`).
* **One family.** Every pair's test is a :class:`~analyses.reports.tables.Finding` of the report,
  adjusted with all its other tests together (Holm, :mod:`analyses.reports.family`). A pair that
  survives is stated as "A beats B" (A the one ahead more often); one that does not as "A and B
  cannot be told apart", with the smallest difference its test would most likely have found
  (:func:`analyses.statistics.power.detectable`).

>>> seats = pd.DataFrame({"lineup": 0, "game": [0, 0, 1, 1], "deal": [0, 0, 0, 0],
...     "entrant": ["a", "b", "a", "b"], "score": [3, 1, 2, 2], "win": [1, 0, 1, 1]})
>>> per_deal(seats)[("a", "b")].tolist()
[0.75]
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from analyses.reports.figures import figure_uri
from analyses.reports.tables import Finding, Section, Table, estimate_text, p_text
from analyses.statistics import pergame
from analyses.statistics.power import detectable
from analyses.statistics.signflip import SignFlip
from analyses.statistics.stats import Estimate
from analyses.strategies.ratings import Ratings

__all__ = ["HeadToHead", "Pair", "Untold", "head_to_head", "per_deal"]


def per_deal(seats: pd.DataFrame) -> dict[tuple[str, str], pd.Series]:
    """For every ordered pair of entrants that shared a game, the share of their seat pairs in
    which the first finished ahead (ties half), per game and then averaged per deal (indexed
    by deal). ``seats``: one row per seat with ``lineup``, ``game``, ``deal``, ``entrant``,
    ``score`` and ``win``."""
    cols = ["lineup", "game", "deal", "entrant", "score", "win"]
    left = seats[cols].reset_index(drop=True).assign(row=lambda f: np.arange(len(f)))
    pairs = left.merge(left, on=["lineup", "game", "deal"], suffixes=("_a", "_b"))
    pairs = pairs[pairs["entrant_a"] != pairs["entrant_b"]]
    sa, sb = pairs["score_a"].to_numpy(float), pairs["score_b"].to_numpy(float)
    wa, wb = pairs["win_a"].astype(bool).to_numpy(), pairs["win_b"].astype(bool).to_numpy()
    ahead = (sa > sb) | ((sa == sb) & wa & ~wb)
    level = (sa == sb) & (wa == wb)
    pairs = pairs.assign(value=ahead + 0.5 * level)
    games = pairs.groupby(["entrant_a", "entrant_b", "lineup", "game", "deal"])["value"].mean()
    deals = games.groupby(level=["entrant_a", "entrant_b", "deal"]).mean()
    return {
        (str(a), str(b)): part.droplevel([0, 1])
        for (a, b), part in deals.groupby(level=["entrant_a", "entrant_b"])
    }


@dataclasses.dataclass(eq=False)
class Untold(Finding):
    """The statement that a test found nothing ("A and B cannot be told apart"): a plain
    statement, said when its ``test`` does not survive the report's correction (its ``unless``),
    with that test's adjusted p."""

    test: Finding | None = None

    def sentence(self) -> str:
        adjusted = self.test.adjusted if self.test is not None else math.nan
        return f"{self.text} (adjusted {p_text(adjusted)})."


@dataclasses.dataclass(eq=False)
class Pair:
    """Two entrants head to head: ``first`` is the higher rated; ``values`` the per-deal shares
    of ``first`` finishing ahead; the ``model``'s probability of the same from the ratings."""

    first: str
    second: str
    values: pd.Series
    share: Estimate
    test: SignFlip
    model: Estimate
    games: int
    beats: Finding
    untold: Untold

    @property
    def winner(self) -> str:
        return self.first if self.share.value >= 0.5 else self.second


def _flipped(e: Estimate) -> Estimate:
    """The share of the other entrant of a pair (1 minus it, the interval turned round)."""
    return dataclasses.replace(e, value=1 - e.value, low=1 - e.high, high=1 - e.low)


def _pair(first: str, second: str, values: pd.Series, model: Estimate, games: int) -> Pair:
    share = pergame.share(values.to_numpy(float))
    test = pergame.sign_flip_test(values.to_numpy(float) - 0.5)
    ahead = share if share.value >= 0.5 else _flipped(share)
    lead, trail = (first, second) if share.value >= 0.5 else (second, first)
    units = f"the {games} games both played, ties half"
    beats = Finding(
        f"{lead} beats {trail}: it finishes ahead in {estimate_text(ahead, 'deals')} of {units}",
        ahead,
        test.p,
    )
    untold = Untold(
        f"{lead} and {trail} cannot be told apart: {lead} finishes ahead in "
        f"{estimate_text(ahead, 'deals')} of {units}",
        unless=(beats,),
        test=beats,
    )
    return Pair(first, second, values, share, test, model, games, beats, untold)


@dataclasses.dataclass
class HeadToHead:
    """Every pair of entrants (the higher rated first), their table and their statements; once
    the report's family is adjusted, :meth:`settle` writes each pair's verdict, what its test
    could resolve and the matrix figure."""

    pairs: list[Pair]
    order: list[str]
    deals: int
    table: Table
    matrix: Table
    section: Section

    def settle(self, tests: int) -> None:
        """After :func:`analyses.reports.family.adjust`: each pair's verdict in words, the
        smallest difference from 1/2 its test would most likely find at the level of the
        report's ``tests`` tests together, the summary of those in the report's resolution,
        and the matrix figure (the pairs that hold marked)."""
        frame = self.table.frame
        smallest = []
        for k, pair in enumerate(self.pairs):
            held = pair.beats.holds
            frame.loc[k, "verdict"] = (
                f"{pair.winner} beats {pair.second if pair.winner == pair.first else pair.first}"
                if held
                else "cannot be told apart"
            )
            resolves = detectable(pair.values.to_numpy(float) - 0.5, tests)
            frame.loc[k, "resolves ±"] = resolves
            if not math.isnan(resolves):
                smallest.append(resolves)
        if not smallest and self.pairs:
            self.section.resolution.append(
                f"Head to head, over {self.deals} deals: every pair's share was the same in "
                "every deal, so its test sees any difference from it."
            )
        if smallest:
            self.section.resolution.append(
                f"Head to head, over {self.deals} deals: a share ahead that differs from the "
                f"even 0.50 by ±{min(smallest):.3f} (the steadiest pair) to ±{max(smallest):.3f} "
                f"(the least steady) would most likely be found (80% power at the level of the "
                f"report's {tests} tests together, from the observed spread); smaller "
                "differences could go unseen."
            )
        self.section.figures.append(
            (
                f"Head to head: the share of the games both played in which the row's entrant "
                f"finished ahead of the column's (ties half; {self.deals} deals). Bold: the "
                "difference from 0.50 survives the report's correction.",
                figure_uri(_matrix_figure(self)),
            )
        )


def head_to_head(seats: pd.DataFrame, ratings: Ratings) -> HeadToHead:
    """The head-to-head section of a tournament's ``seats`` (see :func:`per_deal`), its pairs
    ordered by ``ratings`` (the higher rated first)."""
    order = [ratings.entrants[i] for i in ratings.order()]
    index = {e: i for i, e in enumerate(ratings.entrants)}
    shares = per_deal(seats)
    games = _games_together(seats)
    pairs = []
    for i, first in enumerate(order):
        for second in order[i + 1 :]:
            values = shares.get((first, second))
            if values is None or values.empty:
                continue
            model = ratings.ahead(index[first], index[second])
            pairs.append(_pair(first, second, values, model, games.get((first, second), 0)))
    deals = int(seats["deal"].nunique())
    table = _pairs_table(pairs)
    matrix = _matrix_table(pairs, order)
    section = Section(
        "Head to head",
        "For every two entrants, the share of the games both played in which the first (the "
        "higher rated) finished ahead of the second: seat for seat (every seat of one against "
        "every seat of the other; ahead = more points, or equal points and the win; level counts "
        "half), averaged over each deal's games in every line-up and rotation that held both, "
        "then over deals, with a 95% interval over deals; beside it the probability the ratings "
        "give the same. p: the exact sign-flip test of the per-deal shares against 0.50, adjusted "
        "with all the report's tests together (Holm); 'resolves ±': the smallest difference from "
        "0.50 the test would most likely find.",
        tables=[table, matrix],
    )
    for pair in pairs:
        section.findings.extend([pair.beats, pair.untold])
    for k, pair in enumerate(pairs):
        pair.beats.row = (table.frame, k)
    section.data["head_to_head"] = [_record(p) for p in pairs]
    return HeadToHead(pairs, order, deals, table, matrix, section)


def _games_together(seats: pd.DataFrame) -> dict[tuple[str, str], int]:
    """How many games each two entrants both played."""
    held = seats.groupby(["lineup", "game"])["entrant"].agg(lambda e: sorted(set(e)))
    counts: dict[tuple[str, str], int] = {}
    for names in held:
        for i, a in enumerate(names):
            for b in names[i + 1 :]:
                counts[(a, b)] = counts.get((a, b), 0) + 1
                counts[(b, a)] = counts.get((b, a), 0) + 1
    return counts


def _pairs_table(pairs: Sequence[Pair]) -> Table:
    rows = [
        {
            "pair": f"{p.first} against {p.second}",
            "first ahead": p.share,
            "the ratings' P(first ahead)": p.model,
            "games": p.games,
            "deals": len(p.values),
            "resolves ±": math.nan,
            **pergame.test_columns(p.test),
            "adjusted p": math.nan,
            "verdict": "",
        }
        for p in pairs
    ]
    columns = ["pair", "first ahead", "the ratings' P(first ahead)", "games", "deals",
               "resolves ±", "p", "p method", "p error", "adjusted p", "verdict"]  # fmt: skip
    return Table(
        "Every pair (the higher rated first)",
        pd.DataFrame(rows, columns=columns),
        over="deals (each the mean of its games in every line-up and rotation)",
        tested="first ahead",
    )


def _matrix_table(pairs: Sequence[Pair], order: Sequence[str]) -> Table:
    cells: dict[tuple[str, str], Estimate] = {}
    for p in pairs:
        cells[(p.first, p.second)] = p.share
        cells[(p.second, p.first)] = _flipped(p.share)
    rows = [{"entrant": a, **{b: cells.get((a, b), math.nan) for b in order}} for a in order]
    return Table(
        "The matrix: the row's entrant ahead of the column's",
        pd.DataFrame(rows, columns=["entrant", *order]),
        over="deals",
    )


def _record(p: Pair) -> dict[str, Any]:
    return {
        "first": p.first,
        "second": p.second,
        "games": p.games,
        "deals": len(p.values),
        "first_ahead": p.share.value,
        "low": p.share.low,
        "high": p.share.high,
        "model": p.model.value,
        "p": p.test.p,
        "p_method": p.test.method,
    }


def _matrix_figure(h2h: HeadToHead) -> Figure:
    order = h2h.order
    size = len(order)
    grid = np.full((size, size), np.nan)
    bold = np.zeros((size, size), dtype=bool)
    at = {e: i for i, e in enumerate(order)}
    for p in h2h.pairs:
        i, j = at[p.first], at[p.second]
        grid[i, j], grid[j, i] = p.share.value, 1 - p.share.value
        bold[i, j] = bold[j, i] = p.beats.holds
    fig = Figure(figsize=(1.1 * size + 2.6, 0.8 * size + 1.4))
    ax = fig.subplots()
    image = ax.imshow(grid, cmap="RdBu", vmin=0, vmax=1)
    for i in range(size):
        for j in range(size):
            if not np.isnan(grid[i, j]):
                weight = "bold" if bold[i, j] else "normal"
                ink = "white" if abs(grid[i, j] - 0.5) > 0.3 else "black"  # readable on dark
                ax.text(j, i, f"{grid[i, j]:.2f}", ha="center", va="center", fontsize=9,
                        fontweight=weight, color=ink)  # fmt: skip
    labels = [_short(e) for e in order]
    ax.set_xticks(range(size), labels, rotation=30, ha="right", fontsize=8)
    ax.set_yticks(range(size), labels, fontsize=8)
    ax.set_xlabel("against")
    fig.colorbar(image, ax=ax, label="share ahead")
    fig.tight_layout()
    return fig


def _short(name: str, width: int = 24) -> str:
    return name if len(name) <= width else name[: width - 1] + "…"
