"""The report's seats (analyses/reports/seats.py): a seat effect is stated as the game's only from
alike agents or a duplicate design; unlike agents in a fixed design are said to be confounded with
their seats and shown seat by agent; a seat effect that differs by agent is stated as that
interaction, in words that follow its direction; the deal is the unit of a duplicate design."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from analyses.plugin import Variant
from analyses.reports import family
from analyses.reports.seats import lineup_section, outcome_section
from analyses.reports.sections import variants_section
from analyses.reports.tables import Section
from analyses.reports.variants import VariantRun
from analyses.statistics import seating
from analyses.statistics.balance import design_of
from analyses.statistics.stats import holm
from tests.analyses.synthetic import study, winner


def _table(section: Section, caption: str) -> pd.DataFrame:
    return next(t.frame for t in section.tables if t.caption.startswith(caption))


def _stated(section: Section) -> list[str]:
    family.adjust([section])
    return family.stated([section])


def _seat_one_wins(p: float):  # type: ignore[no-untyped-def]
    """Seat 1 wins with probability ``p`` whoever sits there (2 players)."""
    return lambda rng, deal, agents: winner(2, 1 if rng.random() < p else 0)


@pytest.mark.parametrize("rotate", [False, True])
def test_seat_effect_with_unlike_fixed_agents_is_reported_as_confounded(rotate: bool) -> None:
    frames, record = study(
        ["greedy", "random"], 120, _seat_one_wins(0.8), design="fixed", rotate=rotate
    )
    section = outcome_section(frames, record)
    assert "Seat and agent are confounded" in section.intro
    assert any("confounded" in w for w in section.warnings)  # in the box at the top too
    assert not section.findings and _stated(section) == []  # no seat test joins the family
    seats = _table(section, "Seats")
    assert "p" not in seats.columns and seats["win share"].iloc[1].value > 0.7
    cross = _table(section, "Seat × agent")
    assert list(cross.columns) == [
        "seat",
        "greedy: win share",
        "greedy: games",
        "random: win share",
        "random: games",
    ]
    if rotate:
        assert cross["greedy: games"].tolist() == [60, 60]
        e = cross["greedy: win share"].iloc[1]
        assert e.n == 60 and e.low < e.value < e.high and e.value > 0.6  # an interval, its n
    else:  # random never held seat 0: nothing to show there
        assert cross["random: games"].tolist() == [0, 120]
        assert math.isnan(cross["random: win share"].iloc[0].value)


def test_seat_effect_with_alike_agents_is_stated_as_the_games() -> None:
    frames, record = study(["random", "random"], 200, _seat_one_wins(0.7), design="fixed")
    section = outcome_section(frames, record)
    stated = _stated(section)
    assert len(stated) == 1 and stated[0].startswith("Seat 1 wins more often than the even 0.50")
    assert "(n = 200 games)" in stated[0]
    assert not any(t.caption.startswith("Seat × agent") for t in section.tables)


def test_duplicate_design_uses_deal_as_unit() -> None:
    frames, record = study(["greedy", "random"], 60, _seat_one_wins(0.75))
    design = design_of(frames, record)
    assert design.paired and design.count == 60 and design.units == "deals"
    section = outcome_section(frames, record)
    seats = _table(section, "Seats")
    assert [e.n for e in seats["win share"]] == [60, 60]
    assert section.tables[0].over.startswith("deals")
    cross = _table(section, "Seat × agent")
    assert cross["greedy: deals"].tolist() == [60, 60]
    stated = _stated(section)
    assert any(s.startswith("Seat 1 wins more often") and "(n = 60 deals)" in s for s in stated)
    assert "two players" in " ".join(section.notes)  # no interaction to test with 2 players
    lineups = lineup_section(frames, record)
    assert "design duplicate: 60 deals of 2 games" in lineups.intro


def test_duplicate_design_permutes_rotations_within_deals() -> None:
    # 9 deals where seat 1 wins both rotations, 51 decided by an agent (it wins both): the
    # agent-decided deals say nothing about the seat, and permuting within deals knows it
    def rule(rng: np.random.Generator, deal: int, agents: list[str]) -> list[float]:
        if deal < 9:
            return winner(2, 1)
        strong = "greedy" if deal % 2 else "random"
        return winner(2, agents.index(strong))

    frames, record = study(["greedy", "random"], 60, rule)
    deals = design_of(frames, record).deal
    paired = seating.seat_test(frames.players, deals=deals, seed=1)
    unpaired = seating.seat_test(frames.players, seed=1)
    assert paired.overall < 0.01 < 0.05 < unpaired.overall
    assert paired.shares[1].n == 60 and unpaired.shares[1].n == 120


def test_deals_that_lack_a_rotation_are_left_out_and_said() -> None:
    frames, record = study(["greedy", "random"], 40, _seat_one_wins(0.5))
    frames.games = frames.games[frames.games["game"] != 7]  # deal 3 lost its rotation 1
    frames.players = frames.players[frames.players["game"] != 7]
    design = design_of(frames, record)
    assert design.count == 39 and design.left_out == 1
    assert "1 games belong to deals that lack a rotation" in " ".join(
        lineup_section(frames, record).notes
    )


def _seat_two_for_greedy(random_there: float):  # type: ignore[no-untyped-def]
    """3 players: greedy wins whenever it holds seat 2; otherwise seat 2 (a random agent)
    wins with probability ``random_there`` and seats 0 and 1 share the rest."""

    def rule(rng: np.random.Generator, deal: int, agents: list[str]) -> list[float]:
        if agents[2] == "greedy":
            return winner(3, 2)
        if rng.random() < random_there:
            return winner(3, 2)
        return winner(3, int(rng.integers(0, 2)))

    return rule


def test_seat_agent_interaction_is_reported_as_interaction() -> None:
    frames, record = study(["greedy", "random", "random"], 60, _seat_two_for_greedy(0.3))
    section = outcome_section(frames, record)
    stated = _stated(section)
    interaction = _table(section, "Seat × agent interaction")
    seat_two = interaction[interaction["contrast"] == "seat 2: greedy against random"].iloc[0]
    assert seat_two["adjusted p"] < 0.05 and seat_two["difference"].value > 0.2
    seats = _table(section, "Seats")
    assert seats["adjusted p"].iloc[2] < 0.05  # seat 2 wins more overall, but it is greedy's:
    assert not any(s.startswith("Seat 2 wins") for s in stated)  # not stated as the game's
    said = [s for s in stated if s.startswith("Seat 2 helps greedy more than random")]
    assert len(said) == 1 and "(n = 60 deals)" in said[0] and "adjusted p" in said[0]


def test_interaction_words_follow_its_direction() -> None:
    frames, record = study(["greedy", "random", "random"], 60, _seat_two_for_greedy(0.0))
    stated = _stated(outcome_section(frames, record))
    assert any(s.startswith("Seat 2's advantage is greedy's, not random's") for s in stated)

    def greedy_loses_in_seat_two(rng: np.random.Generator, deal: int, agents: list[str]):  # type: ignore[no-untyped-def]
        seats = [0, 1] if agents[2] == "greedy" else [0, 1, 2]
        return winner(3, int(rng.choice(seats)))

    frames, record = study(["greedy", "random", "random"], 80, greedy_loses_in_seat_two)
    stated = _stated(outcome_section(frames, record))
    assert any(s.startswith("Seat 2 costs greedy more than random") for s in stated), stated


def test_no_interaction_is_found_where_the_seat_helps_every_agent_alike() -> None:
    def seat_two(rng: np.random.Generator, deal: int, agents: list[str]) -> list[float]:
        return winner(3, 2 if rng.random() < 0.6 else int(rng.integers(0, 2)))

    frames, record = study(["greedy", "random", "random"], 60, seat_two)
    section = outcome_section(frames, record)
    stated = _stated(section)
    assert any(s.startswith("Seat 2 wins more often than the even 0.33") for s in stated)
    assert not any("advantage is" in s or "helps" in s or "costs" in s for s in stated)


def test_variants_of_a_duplicate_design_are_paired_deal_by_deal() -> None:
    frames, record = study(["greedy", "random"], 30, _seat_one_wins(0.5), seed=1)
    other, _ = study(["greedy", "random"], 30, _seat_one_wins(0.9), seed=2)
    run = VariantRun(Variant("seat 1 stronger", {"x": 1}), other, {})
    section = variants_section(frames, record, {"x": run})
    table = section.tables[0]
    assert table.caption.endswith("; 30 deals paired") and table.over.startswith("deals")
    assert "deals changed" in table.frame.columns
    tested = [f for f in section.findings if f.tested]
    assert tested and all(f.estimate is not None and f.estimate.n == 30 for f in tested)


def test_the_interaction_test_keeps_its_false_alarm_rate() -> None:
    # seat 2 favoured and greedy stronger, each adding to the win share alike for every agent:
    # no interaction on the win-share scale the report speaks in
    def additive(rng: np.random.Generator, deal: int, agents: list[str]) -> list[float]:
        if rng.random() < 0.3:
            return winner(3, 2)
        if rng.random() < 0.4:
            return winner(3, agents.index("greedy"))
        return winner(3, int(rng.integers(0, 3)))

    alarms = 0
    for trial in range(60):
        frames, record = study(["greedy", "random", "random"], 40, additive, seed=trial)
        found = seating.interactions(frames.players, design_of(frames, record).deal, seed=trial)
        alarms += min(holm([i.p for i in found])) < 0.05
    assert alarms / 60 < 0.12  # about 5%, up to simulation noise


def test_a_repeating_lineup_tests_each_interaction_once() -> None:
    # greedy, random, greedy, random: seat 2's contrast is seat 0's mirrored in every deal
    from analyses.reports.seats import _interactions
    from analyses.reports.tables import Section
    from analyses.statistics.balance import design_of
    from analyses.studies.study import StudyConfig, run_study

    config = StudyConfig("tobago", 4, ("greedy", "random"), games=16, seed=3, design="duplicate")
    frames = run_study(config)
    record = {"config": {"game": "tobago", "players": 4, "design": "duplicate", "seed": 3}}
    design = design_of(frames, record)
    section = Section("Outcome by seat")
    held = _interactions(section, design.used(frames.players), design)
    table = section.tables[0].frame
    assert len(table) == 4 and table["p"].notna().sum() == 2
    assert len(section.findings) == 2 and set(held) == {0, 1, 2, 3}
    assert held[2] == held[0] and held[3] == held[1]
    assert sum("mirrored in every deal" in note for note in section.notes) == 2
