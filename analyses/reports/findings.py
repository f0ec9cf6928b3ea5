"""The findings box at the top of a report: what the study shows, what it cannot resolve, and
what to be wary of.

* **Findings**: each effect that survives the correction for all the report's tests together
  (Holm, :mod:`analyses.reports.family`), in one sentence with estimate, interval, n and adjusted p.
* **The agents' measured strength**: each agent's entries of the agent ladder for the game and
  player count, or "not measured" (:func:`analyses.reports.agents.agent_strength`) — beside the
  findings, since every number here is about games those agents played.
* **Resolution**: what each test could find at all, from the test actually run: the smallest
  difference it detects with 80% power at the family's level, at its n and observed spread
  ("seat 0's win share: a difference of ±0.090 from the even 0.25 would most likely be
  found ...": :func:`resolution`).
* **Warnings**: a sample below :data:`analyses.statistics.pergame.MIN_GAMES` games, games far
longer than
  the rest or at the turn limit (with their seeds), rule events that never happened, a variant
  that changed no game, failed games — gathered from the sections.

>>> from analyses.reports.tables import Section, Finding, Power
>>> power = Power("seat 3's win share", [0, 1, 0, 0] * 50, "games", "the even 0.25")
>>> seats = Section("Seats", findings=[Finding("Seat 3 wins more.")], powers=[power])
>>> box = findings_box([seats], games=200, players=4)
>>> box["findings"], box["resolution"][0][:56]
(['Seat 3 wins more.'], "seat 3's win share: a difference of ±0.086 from the even")
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from analyses.reports.family import members, stated
from analyses.reports.tables import Section
from analyses.statistics.pergame import MIN_GAMES
from analyses.statistics.power import detectable


def resolution(sections: Sequence[Section]) -> list[str]:
    """What the report's tests could find: for each :class:`~analyses.reports.tables.Power` of the
    sections, the smallest difference from the value of no effect its test detects with 80%
    power at the level Holm may demand of it in the report's family (0.05 / the number of
    tests), at its number of units and observed spread
    (:func:`analyses.statistics.power.detectable`)."""
    tests = max(1, len(members(sections)))
    level = (
        "at the 5% level, the report's only test"
        if tests == 1
        else f"at the level of the report's {tests} tests together"
    )
    lines = []
    for power in (p for s in sections for p in s.powers):
        values = np.asarray(power.values, dtype=float)
        smallest = detectable(values, tests)
        if len(values) >= 2 and np.all(values == values[0]):
            lines.append(
                f"{power.what}: the same in every one of the {len(values)} {power.units}, so "
                "its test sees any difference from it."
            )
            continue
        if math.isnan(smallest):
            lines.append(f"{power.what}: too few {power.units} to say what its test could find.")
            continue
        lines.append(
            f"{power.what}: a difference of ±{smallest:.3f} from {power.against} would most "
            f"likely be found (80% power {level}, n = {len(values)} {power.units}, from their "
            "observed spread); smaller ones could go unseen."
        )
    return lines


def findings_box(sections: Sequence[Section], *, games: int, players: int) -> dict[str, Any]:
    """The box's lists, from the sections' findings (those :func:`analyses.reports.family.stated`
    gives: run :func:`analyses.reports.family.adjust` first), warnings, resolution lines and the
    agents'
    measured strength, and the sample size."""
    found = stated(sections)
    warnings = [w for s in sections for w in s.warnings]
    lines = resolution(sections) + [line for s in sections for line in s.resolution]
    strength = [line for s in sections for line in s.strength]
    if games < MIN_GAMES:
        warnings.insert(
            0,
            f"Only {games} games: below {MIN_GAMES} games the intervals are wide and the tests "
            "rarely find anything; treat every number here as a first look.",
        )
    if not found:
        found = ["No effect survives the correction for many tests at this sample size."]
    return {
        "findings": found,
        "strength": strength,
        "resolution": lines,
        "warnings": warnings,
    }
