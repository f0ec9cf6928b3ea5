"""Profiles (analyses.strategies.profiles): the share of an entrant's decisions that chose each
kind of action, by third of the game, with the deal as the unit."""

from __future__ import annotations

import pandas as pd
import pytest

from analyses.strategies.profiles import profile_table, profiles_section


def _choices() -> pd.DataFrame:
    rows = [
        # deal, entrant, part, action, decisions
        (0, "a", 0, "dive", 3), (0, "a", 0, "rest", 1), (0, "a", 2, "rest", 2),
        (1, "a", 0, "dive", 1), (1, "a", 0, "rest", 3),
        (0, "b", 1, "rest", 5), (1, "b", 1, "rest", 5),
    ]  # fmt: skip
    frame = pd.DataFrame(rows, columns=["deal", "entrant", "part", "action", "decisions"])
    return frame.assign(lineup=0, game=frame["deal"], seat=0, kind="turn")


def test_shares_by_part_of_the_game_over_deals() -> None:
    table = profile_table(_choices(), ["b", "a"], seed=0)
    frame = table.frame.set_index(["entrant", "phase"])
    assert list(frame.index) == [("b", "middle"), ("a", "early"), ("a", "late")]
    dive = frame.loc[("a", "early"), "dive"]
    assert dive.value == pytest.approx(4 / 8) and dive.n == 2  # (3 + 1) of (4 + 4), 2 deals
    assert dive.low < 0.5 < dive.high
    assert (
        frame.loc[("a", "late"), "rest"].value == 1.0 and frame.loc[("a", "late"), "decisions"] == 2
    )
    assert frame.loc[("b", "middle"), "dive"].value == 0.0
    assert list(table.frame.columns[3:]) == ["rest", "dive"]  # the most chosen kind first


def test_the_section_says_when_no_choices_were_recorded() -> None:
    section = profiles_section(_choices(), ["a", "b"], "2 deals", seed=0)
    assert section.tables and len(section.figures) == 1
    empty = profiles_section(_choices().iloc[0:0], ["a", "b"], "0 deals", seed=0)
    assert not empty.tables and "No choices were recorded" in empty.notes[0]
