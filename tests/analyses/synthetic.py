"""Synthetic studies for the report's seat and agent sections: the tables a study stores, with
the winner of every game drawn by a rule the test states, in a fixed or a duplicate design.

A duplicate design plays deal ``d`` once per rotation ``r`` of the lineup (game ``d * players +
r``), the lineup shifted by ``r`` seats as :class:`analyses.studies.study.StudyConfig` shifts it; a
fixed design plays each game as its own deal, rotated by one seat a game or not at all.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from analyses.studies.frames import StudyFrames

#: A rule for one game: (generator, deal, agent of each seat) -> each seat's win share.
Rule = Callable[[np.random.Generator, int, list[str]], Sequence[float]]


def seated(lineup: Sequence[str], shift: int) -> list[str]:
    """The agent of each seat when the lineup is shifted by ``shift`` seats."""
    size = len(lineup)
    return [lineup[(seat - shift) % size] for seat in range(size)]


def study(
    lineup: Sequence[str],
    units: int,
    rule: Rule,
    *,
    design: str = "duplicate",
    rotate: bool = True,
    seed: int = 0,
) -> tuple[StudyFrames, dict[str, Any]]:
    """The frames and study record of ``units`` deals (duplicate) or games (fixed)."""
    size = len(lineup)
    rng = np.random.default_rng(seed)
    games, players, timings = [], [], []
    plan = (
        [(d * size + r, d, r) for d in range(units) for r in range(size)]
        if design == "duplicate"
        else [(g, g, g % size if rotate else 0) for g in range(units)]
    )
    for game, deal, rotation in plan:
        agents = seated(lineup, rotation)
        shares = [float(x) for x in rule(rng, deal, agents)]
        best = max(shares)
        winners = [s for s in range(size) if shares[s] == best]
        games.append(
            {
                "game": game,
                "seed": game,
                "config": "synthetic",
                "winners": winners,
                "tied": len(winners) > 1,
                "moves": 10,
                "deal": deal,
                "rotation": rotation,
            }
        )
        for seat in range(size):
            players.append(
                {
                    "game": game,
                    "seat": seat,
                    "agent": agents[seat],
                    "score": 10.0 * shares[seat],
                    "win": seat in winners,
                    "win_share": shares[seat],
                    "rank": 1 + sum(x > shares[seat] for x in shares),
                }
            )
            timings.append({"game": game, "seat": seat, "moves": 5, "seconds": 0.01})
    frames = StudyFrames.from_rows({"games": games, "players": players, "timings": timings})
    record = {
        "config": {
            "game": "gloryislands",
            "players": size,
            "agents": list(lineup),
            "games": len(plan),
            "seed": seed,
            "rotate": rotate,
            "design": design,
        }
    }
    return frames, record


def winner(size: int, seat: int) -> list[float]:
    """Win shares with ``seat`` the sole winner."""
    return [float(s == seat) for s in range(size)]
