"""Tobago: where the long games come from — stretches of turns in which nothing moves.

A stall is a run of turns in which no hint is laid and no treasure raised (drives, exchanges
and passes only). For each game the longest stall is found from the event log, with how many
fixed treasures lay waiting, unraised, during it: a waiting treasure means the *agents* chose
not to raise it (the rules allow it at any time). A stall without one is a stretch in which
only hints could move the game and none was laid: no card in the hands could narrow a treasure
(when the deck cannot separate the last candidates, the *rules and the deck* leave nothing to
do but drive), or the agents chose to drive.
"""

from __future__ import annotations

import json
from itertools import pairwise
from typing import Any

import pandas as pd

from analyses.reports.tables import Section, Table, estimate_text
from analyses.statistics import pergame
from analyses.studies.frames import StudyFrames

#: A stall of this many turns or more is listed.
LONG_STALL = 30


def stalls(frames: StudyFrames) -> pd.DataFrame:
    """Per game: its longest stall (turns), when it began, and how many fixed treasures waited
    unraised during it (the most at any time; one fixed long before and still unraised counts).

    >>> from types import SimpleNamespace
    >>> log = pd.DataFrame({"game": 0, "kind": ["hint", "fixed", "hint", "raise"],
    ...                     "turn": [1, 1, 2, 50], "data": ['{}', '{"treasure": 0}', '{}',
    ...                                                     '{"treasure": 0}']})
    >>> frames = SimpleNamespace(events=log, games=pd.DataFrame({"game": [0], "turns": [60]}))
    >>> stalls(frames).loc[0, ["stall", "from turn", "fixed waiting"]].tolist()
    [47, 3, 1]
    """
    events = frames.events[frames.events["kind"].isin(("hint", "raise", "fixed", "exchange"))]
    turns = frames.games.set_index("game")["turns"]
    rows = []
    for game, group in events.groupby("game"):
        moving = sorted(set(group.loc[group["kind"].isin(("hint", "raise")), "turn"]))
        edges = [0, *moving, int(turns.get(game, 0)) + 1]
        gaps = [(b - a - 1, a + 1) for a, b in pairwise(edges)]
        length, start = max(gaps, default=(0, 0))
        # the treasures fixed and not raised at any time of the stall: the state carried into
        # it from before (a treasure fixed long ago and still waiting counts), then its own;
        # not a passing state of the turn before it (fixed and raised within that turn)
        fixed: set[Any] = set()
        waiting = 0
        for kind, turn, data in zip(group["kind"], group["turn"], group["data"], strict=True):
            if turn >= start + length:
                break
            if turn >= start:  # the state the stall begins with, and during it
                waiting = max(waiting, len(fixed))
            treasure = json.loads(data).get("treasure")
            if kind == "fixed":
                fixed.add(treasure)
            elif kind == "raise":
                fixed.discard(treasure)
        if length:
            waiting = max(waiting, len(fixed))
        exchanges = int((group["kind"] == "exchange").sum())
        rows.append(
            {
                "game": game,
                "stall": length,
                "from turn": start,
                "fixed waiting": waiting,
                "exchanges": exchanges,
            }
        )
    return pd.DataFrame(rows, columns=["game", "stall", "from turn", "fixed waiting", "exchanges"])


def stalls_section(frames: StudyFrames, record: dict[str, Any]) -> Section:
    found = stalls(frames)
    games = frames.games.set_index("game")
    section = Section(
        "Stalls: turns in which nothing moves",
        "The longest run of turns in each game with no hint laid and no treasure raised. "
        "When fixed treasures lay waiting during it, the agents chose not to raise them; "
        "otherwise only a hint could move the game and none was laid: no card in the hands "
        "could narrow a treasure (the deck cannot separate the last candidates) or the agents "
        "chose to drive.",
    )
    if found.empty:
        return section
    longest = pergame.count(found["stall"].to_numpy(float))
    long = found[found["stall"] >= LONG_STALL].sort_values("stall", ascending=False)
    table = long.assign(
        seed=[games.loc[g, "seed"] for g in long["game"]],
        turns=[games.loc[g, "turns"] for g in long["game"]],
    )
    section.notes.append(f"Longest stall per game: {estimate_text(longest)}.")
    if long.empty:
        section.notes.append(f"No game stalled for {LONG_STALL} turns or more.")
        return section
    agents = int((long["fixed waiting"] > 0).sum())
    section.tables.append(
        Table(f"Games with a stall of {LONG_STALL} turns or more", table.head(20), over="games")
    )
    section.warnings.append(
        f"{len(long)} of {len(found)} games stalled for {LONG_STALL} turns or more: in "
        f"{agents} of them fixed treasures lay unraised (the agents declined to raise them), in "
        f"{len(long) - agents} no treasure was fixed and no hint laid (no card could narrow "
        "one, or the agents chose to drive); see 'Stalls' for their seeds."
    )
    return section
