"""One family of tests per report (analyses/reports/family.py): every test of every section is
adjusted together, the adjusted p is written where the test is shown, a finding that another says
instead is not stated twice, and a plain statement is always stated."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from analyses.reports import family
from analyses.reports.tables import Finding, Section, Table
from analyses.statistics.stats import holm


def _tested(p: list[float]) -> tuple[pd.DataFrame, list[Finding]]:
    frame = pd.DataFrame({"row": range(len(p)), "p": p, "adjusted p": [float("nan")] * len(p)})
    return frame, [Finding(f"claim {i}", p=x, row=(frame, i)) for i, x in enumerate(p)]


def test_every_test_of_a_report_is_adjusted_with_all_the_others() -> None:
    seats, seat_tests = _tested([0.004, 0.3])
    agents, agent_tests = _tested([0.011, 0.02])
    variants = pd.DataFrame(
        {"measure": ["a", "b"], "p": [0.001, float("nan")], "adjusted p": [0.0, 0.0],
         "clear": ["", "same as a"]}
    )  # fmt: skip
    variant_tests = [Finding("variant a", p=0.001, row=(variants, 0))]
    sections = [
        Section("Seats", tables=[Table("Seats", seats)], findings=seat_tests),
        Section("Agents", tables=[Table("Agents", agents)], findings=agent_tests),
        Section("Variants", findings=[Finding("A plain statement."), *variant_tests]),
    ]
    family.adjust(sections)
    expected = holm([0.004, 0.3, 0.011, 0.02, 0.001])  # five tests, one family
    assert seats["adjusted p"].tolist() + agents["adjusted p"].tolist() == pytest.approx(
        list(expected[:4])
    )
    assert variants.loc[0, "adjusted p"] == pytest.approx(expected[4])
    assert variants["clear"].tolist() == ["yes", "same as a"]  # a twin stays a twin
    assert family.stated(sections) == [
        "claim 0, adjusted p = 0.016.",
        "claim 0, adjusted p = 0.033.",  # 0.011 * 3: alone in its table it would be 0.022
        "claim 1, adjusted p = 0.040.",
        "A plain statement.",
        "variant a, adjusted p = 0.005.",
    ]


def test_a_finding_said_by_another_is_stated_once() -> None:
    interaction = Finding("Seat 2's advantage is greedy's, not random's", p=0.001)
    seat = Finding("Seat 2 wins more often", p=0.002, unless=(interaction,))
    other = Finding("Seat 0 wins less often", p=0.003, unless=(Finding("weak", p=0.9),))
    section = Section("Seats", findings=[seat, interaction, other])
    family.adjust([section])
    assert seat.holds and not seat.stated
    assert [s.split(",")[0] for s in family.stated([section])] == [
        "Seat 2's advantage is greedy's",
        "Seat 0 wins less often",
    ]


def test_the_resolution_is_at_the_level_the_family_demands() -> None:
    from analyses.reports.findings import resolution
    from analyses.reports.tables import Power
    from analyses.statistics.power import detectable

    values = np.resize([0.0, 0.25, 0.5, 1.0], 120)
    power = Power("seat 0's win share", values, "deals", "the even 0.25")
    alone = Section("Seats", findings=[Finding("a", p=0.5)], powers=[power])
    crowded = Section("More", findings=[Finding(str(k), p=0.5) for k in range(9)])
    one, ten = resolution([alone]), resolution([alone, crowded])
    assert f"±{detectable(values, 1):.3f}" in one[0] and "the report's only test" in one[0]
    assert f"±{detectable(values, 10):.3f}" in ten[0] and "report's 10 tests" in ten[0]
    assert detectable(values, 10) > detectable(values, 1)
