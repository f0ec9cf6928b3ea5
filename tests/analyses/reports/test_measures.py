"""The measures every report has (analyses/reports/measures.py, analyses/reports/lengths.py,
analyses/studies/trace.py): the score race and branching factor a study records agree with the
games, lead changes and decisiveness are counted as defined, length outliers are listed with their
seeds."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from analyses.reports import metrics
from analyses.reports.lengths import events_section, outliers
from analyses.studies.study import StudyConfig, run_study
from tests.games import installed_games


@pytest.fixture(scope="module", params=installed_games())
def frames(request: pytest.FixtureRequest):  # type: ignore[no-untyped-def]
    config = StudyConfig(request.param, players=3, games=6, seed=4, agents=("greedy", "random"))
    return run_study(config)


def test_the_score_race_ends_with_the_final_scores(frames) -> None:  # type: ignore[no-untyped-def]
    last = frames.trajectory[frames.trajectory["final"]]
    final = last.set_index(["game", "seat"])["score"].sort_index()
    scores = frames.players.set_index(["game", "seat"])["score"].sort_index()
    pd.testing.assert_series_equal(final, scores, check_names=False, check_dtype=False)
    points = frames.trajectory.groupby("game")["point"].nunique()
    assert (points > 3).all()  # a point after every turn, not just the end


def test_the_branching_table_counts_every_decision(frames) -> None:  # type: ignore[no-untyped-def]
    decisions = frames.branching.groupby("game")["decisions"].sum()
    moves = frames.games.set_index("game")["moves"]
    pd.testing.assert_series_equal(decisions, moves, check_names=False, check_dtype=False)
    assert (frames.branching["actions"] >= 1).all()
    assert set(frames.branching["part"]) <= set(range(10))


def test_lead_changes_count_changes_of_the_sole_leader() -> None:
    # seat scores per point: 0 leads, tie, 1 leads, 1 leads, 0 leads: two changes
    scores = [(1, 0), (1, 1), (1, 3), (2, 4), (9, 4)]
    rows = [
        {"game": 0, "point": p, "turn": p + 1, "seat": s, "score": float(v)}
        for p, pair in enumerate(scores)
        for s, v in enumerate(pair)
    ]
    races = pd.DataFrame(rows)
    assert metrics.lead_changes(races).tolist() == [2]
    share = metrics.led_for_good(races, {0: (0,)})
    assert share.tolist() == [1.0]  # seat 0 took the lead for good at the last point
    assert metrics.led_for_good(races, {0: (0, 1)}).empty  # a shared win: not counted


def test_margins_are_the_winner_over_the_runner_up() -> None:
    class Frames:
        players = pd.DataFrame(
            {"game": [0, 0, 0, 1, 1, 1], "seat": [0, 1, 2] * 2, "score": [10, 6, 2, 5, 5, 1.0]}
        )

    got = metrics.margins(Frames())  # type: ignore[arg-type]
    assert got["points"].tolist() == [4.0, 0.0] and got["share"].tolist() == [0.4, 0.0]


def test_far_longer_games_are_listed() -> None:
    games = pd.DataFrame({"game": range(6), "seed": range(6), "turns": [10] * 5 + [35]})
    assert outliers(games, "turns").tolist() == [5]
    limit = games.assign(ended=["deck"] * 5 + ["the turn limit (3000) was reached"])
    limit.loc[5, "turns"] = 12
    assert outliers(limit, "turns").tolist() == [5]


def test_a_study_without_outliers_lists_no_game_as_far_longer() -> None:
    # the longest 1% of a study is not far longer by construction: normal lengths list none,
    # one planted game three times as long is listed
    rng = np.random.default_rng(2)
    turns = np.round(rng.normal(60, 6, size=2000))
    games = pd.DataFrame({"game": range(2000), "seed": range(2000), "turns": turns})
    assert outliers(games, "turns").tolist() == []
    games.loc[77, "turns"] = 180
    assert outliers(games, "turns").tolist() == [77]


@pytest.mark.parametrize("colours", ["by_seat", "dealt"])
def test_an_event_the_options_rule_out_is_not_warned_of_as_never_happened(colours: str) -> None:
    # GI-R1's "deal" happens only when chance deals the colours: under by_seat its row says
    # why it is 0 and the warning leaves it out; under dealt it is counted
    options = {"colours": colours}
    config = StudyConfig("gloryislands", 2, ("random",), 3, 1, options=options)
    record = {"config": {"game": "gloryislands", "players": 2, "seed": 1, "options": options}}
    section = events_section(run_study(config), record)
    rows = section.tables[0].frame.set_index("event")
    warned = " ".join(section.warnings)
    if colours == "by_seat":
        assert "cannot happen with colours = by_seat" in rows.loc["deal", "what it counts"]
        assert np.isnan(rows.loc["deal", "per game"])  # no rate bound for the impossible
        assert "deal" not in warned.split(": ")[-1].rstrip(".").split(", ")
    else:
        assert rows.loc["deal", "per game"].value == 1.0
        assert "cannot happen" not in rows.loc["deal", "what it counts"]
