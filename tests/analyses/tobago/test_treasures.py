"""The treasures of 'How fast a treasure is found and raised' (analyses.tobago.report): a
treasure whose first hint is laid in a turn (nobody laid the new treasure's first hint, TB-G6)
is begun by that hint, not left out."""

from __future__ import annotations

import json

from analyses.studies.frames import StudyFrames
from analyses.tobago import report


def _event(index: int, turn: int, kind: str, **data: object) -> dict[str, object]:
    return {"game": 0, "index": index, "turn": turn, "player": 0, "kind": kind,
            "data": json.dumps({"treasure": 1, **data})}  # fmt: skip


def test_a_new_treasure_first_hinted_in_a_turn_is_begun_by_that_hint() -> None:
    rows = [
        _event(0, 0, "start-hint"),
        _event(1, 3, "fixed", turns=3),
        _event(2, 5, "raise"),
        _event(3, 9, "hint", new=False),  # nobody laid the new treasure's first hint
        _event(4, 12, "fixed", turns=3),
        _event(5, 14, "raise"),
    ]
    times = report.treasure_times(StudyFrames.from_rows({"events": rows}))
    assert times[["begun", "fixed", "raised"]].values.tolist() == [[0, 3, 5], [9, 3, 5]]
