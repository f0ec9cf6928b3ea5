"""Recipes recomputing the South Seas tables of a study report
(:mod:`tests.analyses.reports.recompute`).

Every table here is over games (the game is the unit, also in a duplicate design), and every
value is recomputed from the stored Parquet tables with pandas and numpy alone; the definitions
are those of ``analyses/southseas/report.py`` and the event data of
``models/southseas/events.py`` (and the ``stranded`` rows of ``analyses/southseas/stranding.py``):

* "Draws by turn": the ``draw`` and ``unplaceable`` events in buckets of ten turns (1-10,
  11-20, ...): per game the drawn tiles (a count over all games), the share of them removed
  unplaceable (SS-P4) and the legal placements per placed tile (ratios of per-game sums over
  the games with a draw in the bucket).
* "Tiles that leave holes no tile can fill": per tile whose ``place`` events ever left a hole:
  its placements per game (a count) and holes per placement (a ratio of per-game sums).
* "Features by kind": per feature kind, the features on the board at the end per game (a
  count), the share completed (completed / made, a ratio of per-game sums) and the tiles of a
  completed feature (the ``complete`` events' ``tiles``; markets never have such events).
* "Left over": stranded islanders and holes at the end per game (the games table).
* "Stranded islanders": the ``stranded`` rows' islanders split by when (if ever) their feature
  was shown unfinishable, as a share of the game's turns: counts per game and shares of the
  game's stranded islanders (ratios of sums); and its note's share of the game from which
  such islanders stood in a feature shown unfinishable (its estimate to the decimals printed,
  and its n; an ``AssertionError`` when it differs).
* "Wares by source": the wares paid by ``complete``, ``boat`` and ``end`` events, by source,
  summed per game and divided by the game's seats (a count per game).
* "Points per player" (ship and ware points) and "Ships per player" (ships taken, ships from
  markets): the players column's mean over each game's seats (a count per game), in points
  and in ships.

A ratio of per-game sums is a :class:`Ratio` (over the games whose denominator is not 0). A
row the report has and these do not is left without an expectation (``verify`` reports it);
a row these have and the report lacks, or a number in the wrong unit, is an
``AssertionError``.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from typing import Any

import numpy as np
import pandas as pd

from tests.analyses.reports.recompute import Expectation, Ratio, Recipe, Tables, Units

__all__ = ["RECIPES"]

COUNT = (0.0, math.inf)
KINDS = ("bridge", "island", "sea", "market")
#: Where wares come from (report.py's SOURCES, the spec): (event kind, feature) -> row.
SOURCES = {
    ("complete", "bridge"): "completed bridges (shells)",
    ("complete", "island"): "completed islands (bananas)",
    ("complete", "sea"): "completed sea regions (fish)",
    ("boat", "sea"): "fishing boats (fish)",
    ("end", "bridge"): "unfinished bridges at the end (shells)",
    ("end", "island"): "unfinished islands at the end (bananas)",
    ("end", "sea"): "unfinished sea regions at the end (fish)",
}

#: A table's expectations by (row, column).
Cells = dict[tuple[str, str], Expectation]


# -- reading ----------------------------------------------------------------------------------


def _games(tables: Tables) -> pd.Index:
    return pd.Index(tables.games["game"].to_numpy())


def _events(tables: Tables, *kinds: str) -> pd.DataFrame:
    """The events of ``kinds`` with their JSON details parsed into ``data`` (dicts)."""
    events = tables.events
    chosen = events[events["kind"].isin(kinds)].copy()
    chosen["data"] = [json.loads(d) for d in chosen["data"]]
    return chosen


def _field(events: pd.DataFrame, read: Callable[[dict[str, Any]], Any]) -> list[Any]:
    return [read(d) for d in events["data"]]


def _sums(values: pd.Series, games: pd.Index) -> np.ndarray:
    """Per game of ``games`` (in order) the sum of ``values`` (indexed by game); 0 without."""
    return values.groupby(level=0).sum().reindex(games, fill_value=0).to_numpy(float)


def _rows_per_game(frame: pd.DataFrame, games: pd.Index) -> np.ndarray:
    return frame.groupby("game").size().reindex(games, fill_value=0).to_numpy(float)


# -- expectations -----------------------------------------------------------------------------


def _count(values: Any) -> Units:
    return Units(np.asarray(values, dtype=float), kind="count", bounds=COUNT)


def _ratio(numerator: Any, denominator: Any, *, share: bool) -> Ratio:
    """A ratio of per-game sums over the games (those without a denominator say nothing)."""
    return Ratio(np.asarray(numerator, dtype=float), np.asarray(denominator, dtype=float), share)


def _match(records: list[dict[str, Any]], cells: Cells) -> dict[str, Expectation]:
    """Each record's expectation by its (row, column); the rows recomputed must all be there."""
    shown = {str(r["row"]) for r in records}
    missing = sorted({row for row, _ in cells} - shown)
    if missing:
        raise AssertionError(f"{records[0]['table']}: rows {missing} recomputed, not in the report")
    out: dict[str, Expectation] = {}
    for record in records:
        want = cells.get((str(record["row"]), record["column"]))
        if want is not None:
            out[record["name"]] = want
    return out


# -- the tile draw ----------------------------------------------------------------------------


def draws_by_turn(tables: Tables, records: list[dict[str, Any]]) -> dict[str, Expectation]:
    games = _games(tables)
    draws = _events(tables, "draw", "unplaceable")
    bucket = (draws["turn"].astype(int) - 1) // 10 * 10 + 1
    placed = (draws["kind"] == "draw").astype(float)
    stuck = (draws["kind"] == "unplaceable").astype(float)
    placements = pd.Series(_field(draws, lambda d: d.get("placements", 0)), index=draws.index)
    cells: Cells = {}
    for start in sorted(bucket.unique()):
        mine = bucket == start
        row = f"{start}-{start + 9}"
        by_game = draws.loc[mine, "game"]
        drawn = _rows_per_game(draws[mine], games)
        cells[row, "tiles drawn per game"] = _count(drawn)
        cells[row, "unplaceable (SS-P4)"] = _ratio(
            _sums(stuck[mine].set_axis(by_game), games), drawn, share=True
        )
        cells[row, "legal placements"] = _ratio(
            _sums(placements[mine].astype(float).set_axis(by_game), games),
            _sums(placed[mine].set_axis(by_game), games),
            share=False,
        )
    return _match(records, cells)


def holes_by_tile(tables: Tables, records: list[dict[str, Any]]) -> dict[str, Expectation]:
    games = _games(tables)
    placed = _events(tables, "place")
    tile = pd.Series(_field(placed, lambda d: d["tile"]), index=placed.index)
    holes = pd.Series(_field(placed, lambda d: d["holes"]), index=placed.index, dtype=float)
    cells: Cells = {}
    for name in sorted(tile.unique()):
        mine = tile == name
        if holes[mine].sum() <= 0:
            continue
        count = _rows_per_game(placed[mine], games)
        cells[name, "placed per game"] = _count(count)
        cells[name, "holes per placement"] = _ratio(
            _sums(holes[mine].set_axis(placed.loc[mine, "game"]), games), count, share=False
        )
    return _match(records, cells)


# -- features ---------------------------------------------------------------------------------


def features_by_kind(tables: Tables, records: list[dict[str, Any]]) -> dict[str, Expectation]:
    frame = tables.games
    games = _games(tables)
    done = _events(tables, "complete")
    feature = pd.Series(_field(done, lambda d: d.get("feature")), index=done.index, dtype=object)
    size = pd.Series(_field(done, lambda d: d.get("tiles", 0)), index=done.index, dtype=float)
    cells: Cells = {}
    for kind in KINDS:
        made = frame[f"features_{kind}"].to_numpy(float)
        cells[kind, "per game"] = _count(made)
        cells[kind, "completed"] = _ratio(frame[f"completed_{kind}"], made, share=True)
        mine = feature == kind
        count = _rows_per_game(done[mine], games)
        tiles = _sums(size[mine].set_axis(done.loc[mine, "game"]), games)
        # markets have no "complete" event: no game has a denominator, no estimate
        cells[kind, "tiles when completed"] = _ratio(tiles, count, share=False)
    return _match(records, cells)


def left_over(tables: Tables, records: list[dict[str, Any]]) -> dict[str, Expectation]:
    frame = tables.games
    cells: Cells = {
        ("islanders stranded in features never completed", "per game"): _count(
            frame["stranded_islanders"]
        ),
        ("holes at the end", "per game"): _count(frame["holes"]),
    }
    return _match(records, cells)


def stranded(tables: Tables, records: list[dict[str, Any]]) -> dict[str, Expectation]:
    """The stranded islanders by when their feature was shown unfinishable: ``at`` is the turn
    it was (``impossible_since``) as a share of the game's turns."""
    games = _games(tables)
    rows = _events(tables, "stranded")
    islanders = np.array(_field(rows, lambda d: d["islanders"]), dtype=float)
    since = np.array(_field(rows, lambda d: d["impossible_since"]), dtype=float)  # None: nan
    turns = np.array(_field(rows, lambda d: d["turns"]), dtype=float)
    shown = ~np.isnan(since)
    at = np.where(shown, since, 0.0) / np.where(turns > 0, turns, 1.0)
    index = rows["game"].to_numpy()

    def per_game(mask: np.ndarray) -> np.ndarray:
        return _sums(pd.Series(islanders * mask, index=index), games)

    total = per_game(np.ones(len(rows), dtype=bool))
    parts = {
        "in features shown unfinishable before the tiles ran out": shown,
        "... shown so in the first half of the game": shown & (at < 0.5),
        "... shown so only in the last tenth of the game": shown & (at >= 0.9),
        "in features not shown unfinishable when the tiles ran out": ~shown,
    }
    cells: Cells = {}
    for row, mask in parts.items():
        mine = per_game(mask)
        cells[row, "per game"] = _count(mine)
        cells[row, "share of the stranded"] = _ratio(mine, total, share=True)
    _check_since(tables, per_game(shown * at), per_game(shown))
    return _match(records, cells)


def _check_since(tables: Tables, weighted: np.ndarray, shown: np.ndarray) -> None:
    """The note's "stood in an unfinishable feature from X [low, high] (n=N) of the game on":
    the share of the game at which the islanders' features were shown unfinishable, a ratio
    of per-game sums over the games with such islanders (X to its printed decimals)."""
    notes = [n for s in tables.report.get("notes", []) for n in s["notes"]]
    found = [m for n in notes if (m := _SINCE.search(n))]
    if len(found) != 1:
        raise AssertionError(f"Stranded islanders: {len(found)} notes say since when, not 1")
    text, n = found[0].group(1), int(found[0].group(2))
    keep = shown > 0
    if n != int(keep.sum()):
        raise AssertionError(f"Stranded islanders note: n={n}, recomputed {int(keep.sum())}")
    if not n:
        return
    value = weighted[keep].sum() / shown[keep].sum()
    places = len(text.partition(".")[2])
    if abs(float(text) - value) > 0.5 * 10**-places + 1e-9:
        raise AssertionError(f"Stranded islanders note: from {text}, recomputed {value}")


_SINCE = re.compile(
    r"stood in an unfinishable feature from (\S+)(?: \[[^\]]*\])? \((?:the same in all )?"
    r"n=(\d+)"
)


# -- where the points come from ---------------------------------------------------------------


def wares_by_source(tables: Tables, records: list[dict[str, Any]]) -> dict[str, Expectation]:
    """Per game, the wares a source paid all players over the game's seats."""
    games = _games(tables)
    seats = tables.players.groupby("game").size().reindex(games).to_numpy(float)
    paid = _events(tables, "complete", "boat", "end")
    source = _field(paid, lambda d: None)
    amounts = []
    for i, (kind, data) in enumerate(zip(paid["kind"], paid["data"], strict=True)):
        source[i] = SOURCES.get((kind, data.get("feature")))
        amounts.append(float(sum(data.get("paid", {}).values())))
    frame = pd.DataFrame({"game": paid["game"].to_numpy(), "source": source, "wares": amounts})
    cells: Cells = {}
    for row in SOURCES.values():
        mine = frame[frame["source"] == row]
        cells[row, "wares per player per game"] = _count(
            _sums(mine.set_index("game")["wares"], games) / seats
        )
    return _match(records, cells)


def _per_player(
    tables: Tables, records: list[dict[str, Any]], rows: dict[str, str], unit: str
) -> dict[str, Expectation]:
    """Players columns (``rows``: row -> column) as the mean over each game's seats, a count
    per game; every number of the table counted in ``unit``."""
    wrong = sorted({r["row"] for r in records if r["unit"] != unit})
    if wrong:
        raise AssertionError(f"{records[0]['table']}: rows {wrong} not in {unit}")
    by_game = tables.players.groupby("game")
    cells: Cells = {
        (row, "per player per game"): _count(by_game[column].mean()) for row, column in rows.items()
    }
    return _match(records, cells)


def points_per_player(tables: Tables, records: list[dict[str, Any]]) -> dict[str, Expectation]:
    rows = {"ship points": "ship_points", "ware points": "ware_points"}
    return _per_player(tables, records, rows, "points")


def ships_per_player(tables: Tables, records: list[dict[str, Any]]) -> dict[str, Expectation]:
    rows = {"ships taken": "ships", "ships from markets": "market_ships"}
    return _per_player(tables, records, rows, "ships")


RECIPES: dict[str, Recipe] = {
    r"Draws by turn$": draws_by_turn,
    r"Tiles that leave holes no tile can fill$": holes_by_tile,
    r"Features by kind$": features_by_kind,
    r"Left over$": left_over,
    r"Stranded islanders$": stranded,
    r"Wares by source$": wares_by_source,
    r"Points per player$": points_per_player,
    r"Ships per player$": ships_per_player,
}
