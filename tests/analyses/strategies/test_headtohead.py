"""Head to head (analyses.strategies.headtohead): seat for seat with ties half and the
tie-break's winner ahead, the deal the unit, every pair one family with the report's other tests,
and statements in words that follow the direction of the estimate."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from analyses.reports import family
from analyses.reports.tables import Finding, Section
from analyses.statistics.stats import holm
from analyses.strategies.headtohead import head_to_head, per_deal
from analyses.strategies.ratings import fit_ratings, rankings


def _games(results: list[tuple[str, str, float, float]], deals: int) -> pd.DataFrame:
    """Every deal plays each (a, b, score of a, score of b) once, in line-up 0."""
    rows = []
    game = 0
    for deal in range(deals):
        for a, b, sa, sb in results:
            top = max(sa, sb)
            rows.append((game, deal, a, sa, sa == top))
            rows.append((game, deal, b, sb, sb == top))
            game += 1
    frame = pd.DataFrame(rows, columns=["game", "deal", "entrant", "score", "win"])
    return frame.assign(lineup=0)


def test_seat_for_seat_ties_half_and_the_tie_break_ahead() -> None:
    seats = pd.DataFrame(
        {
            "lineup": 0,
            "game": [0, 0, 0, 1, 1, 2, 2],
            "deal": [0, 0, 0, 0, 0, 1, 1],
            # game 0: a holds two seats (4 and 1 points) against b's 2: a ahead in one of two
            "entrant": ["a", "a", "b", "a", "b", "a", "b"],
            "score": [4, 1, 2, 3, 3, 6, 6],
            "win": [True, False, False, True, True, False, True],  # game 2: b wins the tie-break
        }
    )
    shares = per_deal(seats)
    assert shares[("a", "b")].tolist() == [0.5, 0.0]  # deal 0: (1/2 + 1/2) / 2; deal 1: 0
    assert shares[("b", "a")].tolist() == [0.5, 1.0]


def _settled(seats: pd.DataFrame, extra: list[Finding] = ()):  # type: ignore[no-untyped-def]
    entrants = sorted(seats["entrant"].unique())
    ranked = rankings(seats, entrants, np.random.default_rng(0))
    ratings = fit_ratings(ranked, entrants, np.random.default_rng(1), resamples=100)
    h2h = head_to_head(seats, ratings)
    sections = [h2h.section, Section("other", findings=list(extra))]
    family.adjust(sections)
    h2h.settle(len(family.members(sections)))
    return h2h, family.stated(sections)


def test_a_clear_pair_beats_and_an_even_one_cannot_be_told_apart() -> None:
    results = [("a", "b", 3.0, 1.0), ("b", "c", 2.0, 1.0), ("b", "c", 1.0, 2.0)]
    h2h, stated = _settled(_games(results, 30))
    rows = h2h.table.frame[["pair", "verdict"]].values
    verdicts = {frozenset(p.split(" against ")): v for p, v in rows}
    assert verdicts[frozenset("ab")] == "a beats b" and frozenset("ac") not in verdicts  # never met
    assert verdicts[frozenset("bc")] == "cannot be told apart"
    assert any(s.startswith("a beats b: it finishes ahead in 1.00") for s in stated), stated
    assert any(s.startswith(("b and c cannot", "c and b cannot")) for s in stated), stated
    assert not any(s.startswith(("b beats c", "c beats b")) for s in stated), stated
    (line,) = h2h.section.resolution  # no pair varied from deal to deal
    assert "over 30 deals" in line and "the same in every deal" in line
    assert h2h.section.figures  # the matrix, drawn once the verdicts are known


def test_the_words_follow_the_estimate_not_the_rating() -> None:
    """Rock, paper, scissors: equal ratings, yet each pair has a clear winner, stated as it is
    (a pair listed a against c, c ahead in every game: "c beats a")."""
    results = [("a", "b", 1.0, 0.0), ("b", "c", 1.0, 0.0), ("c", "a", 1.0, 0.0)]
    h2h, stated = _settled(_games(results, 20))
    assert {"a beats b", "b beats c", "c beats a"} == set(h2h.table.frame["verdict"])
    for s in stated:
        assert "finishes ahead in 1.00" in s, s


def test_every_pair_is_one_family_with_the_reports_other_tests() -> None:
    results = [("a", "b", 2.0, 1.0), ("a", "b", 2.0, 1.0), ("a", "b", 1.0, 2.0),
               ("a", "c", 3.0, 1.0), ("b", "c", 2.0, 1.0)]  # fmt: skip
    seats = _games(results, 12)
    other = Finding("Something else", p=0.004)
    h2h, _ = _settled(seats, [other])
    frame = h2h.table.frame
    raw = [*frame["p"], other.p]
    assert list(frame["adjusted p"]) == pytest.approx(list(holm(raw)[:-1]))
    alone, _ = _settled(seats)
    assert (frame["adjusted p"] >= alone.table.frame["adjusted p"]).all()
    assert (frame["adjusted p"] > alone.table.frame["adjusted p"]).any()  # one more test
    assert set(frame["p method"]) == {"exact"}
