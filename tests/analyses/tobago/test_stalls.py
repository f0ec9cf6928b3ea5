"""The fixed treasures waiting during a stall (analyses.tobago.stalls): counted from the state
the stall begins with, not from a passing state of the turn before it."""

from __future__ import annotations

import json

from analyses.studies.frames import StudyFrames
from analyses.tobago.stalls import stalls


def _event(index: int, turn: int, kind: str, treasure: int) -> dict[str, object]:
    data = json.dumps({"treasure": treasure})
    return {"game": 0, "index": index, "turn": turn, "player": 0, "kind": kind, "data": data}


def test_a_treasure_fixed_and_raised_in_the_turn_before_a_stall_does_not_wait_in_it() -> None:
    rows = [
        _event(0, 1, "hint", 1),
        _event(1, 1, "fixed", 1),  # treasure 1 waits from turn 1 on
        _event(2, 5, "hint", 2),
        _event(3, 5, "fixed", 2),
        _event(4, 5, "raise", 2),  # treasure 2 fixed and raised in turn 5: it never waits
        _event(5, 50, "raise", 1),
    ]
    games = [{"game": 0, "seed": 5, "turns": 52}]
    found = stalls(StudyFrames.from_rows({"events": rows, "games": games})).iloc[0]
    assert (found["stall"], found["from turn"]) == (44, 6)  # turns 6..49
    assert found["fixed waiting"] == 1  # treasure 1 only
