"""The colour test with ``colours = dealt`` in a duplicate design: a deal's rotations share its
chance seed and so the colours dealt, so the deal is the unit and its colours are dealt again
once for all its rotations (not once per game, as if the rotations were independent deals)."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from analyses.gloryislands.colours import colour_units
from analyses.statistics import seating
from analyses.studies.frames import StudyFrames

COLOURS = ("red", "blue", "green", "yellow")


def _study(deals: int, *, design: str = "duplicate", mixed: bool = False) -> tuple[Any, Any]:
    """Two seats, agents a and b rotated over them in each deal; the colours dealt per deal
    (``mixed``: the second rotation of deal 0 dealt others); seat 0 always wins."""
    deal_colours = list(itertools.permutations(COLOURS, 2))
    games, players = [], []
    for deal in range(deals):
        for rotation in range(2):
            game = 2 * deal + rotation
            games.append({"game": game, "deal": deal, "rotation": rotation})
            colours = deal_colours[(deal + (rotation if mixed and deal == 0 else 0)) % 12]
            for seat in range(2):
                agent = "ab"[(seat + rotation) % 2]
                won = float(seat == 0)
                row = {"game": game, "seat": seat, "agent": agent, "colour": colours[seat]}
                players.append({**row, "win_share": won})
    frames = StudyFrames.from_rows({"games": games, "players": players})
    return frames, {"config": {"design": design, "rotate": True}}


def test_the_deal_is_the_unit_of_the_colour_test() -> None:
    frames, record = _study(12)
    units, over = colour_units(frames, record)
    assert over.startswith("deals")
    assert len(units) == 12 * 2  # one row per deal and seat
    assert units.groupby("seat")["win_share"].mean().to_dict() == {0: 1.0, 1: 0.0}
    test = seating.label_test(units, "colour")
    assert {e.n for e in test.shares.values()} <= set(range(1, 13))  # deals, not games
    assert sum(e.n for e in test.shares.values()) == 12 * 2


def test_a_fixed_study_tests_game_by_game() -> None:
    frames, record = _study(6, design="fixed")
    units, over = colour_units(frames, record)
    assert over.startswith("games") and len(units) == len(frames.players)


def test_rotations_dealt_other_colours_are_refused() -> None:
    frames, record = _study(4, mixed=True)
    with pytest.raises(ValueError, match="different colours"):
        colour_units(frames, record)
