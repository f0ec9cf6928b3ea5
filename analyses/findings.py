"""The findings box at the top of a report: what the study shows, what it cannot resolve, and
what to be wary of.

* **Findings**: each effect that survives the correction for all the report's tests together
  (Holm, :mod:`analyses.family`), in one sentence with estimate, interval, n and adjusted p.
* **The agents' measured strength**: each agent's entries of the agent ladder for the game and
  player count, or "not measured" (:func:`analyses.agents.agent_strength`) — beside the
  findings, since every number here is about games those agents played.
* **Resolution**: what the sample size lets one see at all ("with 200 games a seat's win share
  within ±0.09 of the even 0.25 would most likely go unseen").
* **Warnings**: a sample below :data:`analyses.pergame.MIN_GAMES` games, games far longer than
  the rest or at the turn limit (with their seeds), rule events that never happened, a variant
  that changed no game, failed games — gathered from the sections.

>>> from analyses.tables import Section, Finding
>>> box = findings_box([Section("Seats", findings=[Finding("Seat 3 wins more.")])], games=200,
...                    players=4)
>>> box["findings"], box["resolution"][0][:16]
(['Seat 3 wins more.'], 'With 200 games, ')
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from analyses.family import stated
from analyses.pergame import MIN_GAMES
from analyses.tables import Section

#: z for a two-sided 5% test plus z for 80% power: the smallest difference a study sees.
DETECTABLE = 1.96 + 0.84


def detectable(p: float, games: int) -> float:
    """The smallest difference from a rate ``p`` that ``games`` games would most likely see
    (80% power, 5% two-sided, before any correction).

    >>> round(detectable(0.25, 200), 3)
    0.086
    """
    return DETECTABLE * math.sqrt(p * (1 - p) / games) if games else math.inf


def findings_box(sections: Sequence[Section], *, games: int, players: int) -> dict[str, Any]:
    """The box's lists, from the sections' findings (those :func:`analyses.family.stated`
    gives: run :func:`analyses.family.adjust` first), warnings, resolution lines and the agents'
    measured strength, and the sample size."""
    found = stated(sections)
    warnings = [w for s in sections for w in s.warnings]
    even = 1 / players
    resolution = [
        f"With {games} games, a seat's win share within ±{detectable(even, games):.2f} of the "
        f"even {even:.2f}, or an agent's win share per seat within ±"
        f"{detectable(even, games):.2f} of another's, would most likely go unseen (80% power "
        "at the 5% level, before the correction for many tests)."
    ]
    resolution += [line for s in sections for line in s.resolution]
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
        "resolution": resolution,
        "warnings": warnings,
    }
