"""The South Seas scoring tables: each number carries the unit it is counted in."""

from __future__ import annotations

import pandas as pd

from analyses.southseas.report import scoring
from analyses.studies.frames import StudyFrames


def _players() -> list[dict[str, object]]:
    rows = []
    for game in range(3):
        for seat in range(2):
            rows.append(
                {
                    "game": game,
                    "seat": seat,
                    "agent": "random",
                    "ship_points": 4 * (game + seat),
                    "ware_points": game,
                    "ships": 1 + seat,
                    "market_ships": seat,
                }
            )
    return rows


def test_market_ships_are_counted_in_ships_not_points() -> None:
    games = [{"game": g} for g in range(3)]
    frames = StudyFrames.from_rows({"games": games, "players": _players()})
    tables = {t.caption: t for t in scoring(frames, {"config": {"seed": 0}}).tables}
    points, ships = tables["Points per player"], tables["Ships per player"]
    assert list(points.frame["what"]) == ["ship points", "ware points"]
    assert points.units == {"per player per game": "points"}
    assert list(ships.frame["what"]) == ["ships taken", "ships from markets"]
    assert ships.units == {"per player per game": "ships"}
    per_game = pd.DataFrame(_players()).groupby("game")["market_ships"].mean()
    assert ships.frame["per player per game"].iloc[1].value == per_game.mean()
