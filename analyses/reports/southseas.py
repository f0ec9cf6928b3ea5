"""The South Seas sections of a study report: the tile draw, features, and where points come from.

Everything is read from the study's tables (the games and players summaries, and the event log
of :mod:`models.southseas.events`), never from a game object.
"""

from __future__ import annotations

import json
from typing import Any

import pandas as pd
from matplotlib.figure import Figure

from analyses import stats
from analyses.frames import StudyFrames
from analyses.report import Section, estimate_cell, figure_uri, sample_note, table_html

KINDS = ("bridge", "island", "sea", "market")
#: Where wares come from: (event kind, feature kind) -> source name.
SOURCES = {
    ("complete", "bridge"): "completed bridges (shells)",
    ("complete", "island"): "completed islands (bananas)",
    ("complete", "sea"): "completed sea regions (fish)",
    ("boat", "sea"): "fishing boats (fish)",
    ("end", "bridge"): "unfinished bridges at the end (shells)",
    ("end", "island"): "unfinished islands at the end (bananas)",
    ("end", "sea"): "unfinished sea regions at the end (fish)",
}


def _events(frames: StudyFrames, *kinds: str) -> pd.DataFrame:
    chosen = frames.events[frames.events["kind"].isin(kinds)]
    return chosen.assign(data=chosen["data"].map(json.loads))


def _bucket(turns: pd.Series) -> pd.Series:
    return (turns - 1) // 10 * 10 + 1


def tile_draw(frames: StudyFrames, record: dict[str, Any]) -> Section:
    draws = _events(frames, "draw", "unplaceable")
    draws = draws.assign(bucket=_bucket(draws["turn"]))
    rows = []
    for bucket, group in draws.groupby("bucket"):
        stuck = int((group["kind"] == "unplaceable").sum())
        placements = group.loc[group["kind"] == "draw", "data"].map(lambda d: d["placements"])
        rows.append(
            {
                "turns": f"{bucket}-{bucket + 9}",
                "tiles drawn": len(group),
                "unplaceable [95% CI]": estimate_cell(stats.rate(stuck, len(group)), 4),
                "legal placements [95% CI]": estimate_cell(
                    stats.mean(placements.to_numpy(float)), 1
                ),
            }
        )
    table = pd.DataFrame(rows)
    fig = Figure(figsize=(6.5, 3))
    ax = fig.subplots()
    per_turn = (
        draws[draws["kind"] == "draw"]
        .assign(placements=lambda f: f["data"].map(lambda d: d["placements"]))
        .groupby("turn")["placements"]
    )
    ax.plot(per_turn.mean().index, per_turn.mean().to_numpy(), color="#5d7f94")
    ax.set_xlabel("turn")
    ax.set_ylabel("legal placements of the drawn tile")
    holes = _events(frames, "place")
    holes = holes.assign(
        tile=holes["data"].map(lambda d: d["tile"]), holes=holes["data"].map(lambda d: d["holes"])
    )
    by_tile = holes.groupby("tile").agg(placed=("holes", "size"), holes=("holes", "sum"))
    by_tile = by_tile[by_tile["holes"] > 0].sort_values("holes", ascending=False)
    by_tile["holes per placement [95% CI]"] = [
        estimate_cell(stats.rate(min(h, p), p), 3)
        for h, p in zip(by_tile["holes"], by_tile["placed"], strict=True)
    ]
    section = Section(
        "The tile draw",
        "How often a drawn tile has no legal placement (SS-P4; the source texts call it rare), "
        "and how many placements a drawn tile has, by turn.",
        tables=[("Draws by turn", table_html(table, index=False))],
        figures=[
            (f"Mean legal placements by turn; {sample_note(frames, record)}.", figure_uri(fig))
        ],
    )
    if by_tile.empty:
        section.notes.append("No placement left a hole that no tile of the set can fill.")
    else:
        section.tables.append(("Tiles that leave holes no tile can fill", table_html(by_tile)))
    return section


def features(frames: StudyFrames, record: dict[str, Any]) -> Section:
    games = frames.games
    rows = []
    sizes = _events(frames, "complete")
    for kind in KINDS:
        total = int(games[f"features_{kind}"].sum())
        done = int(games[f"completed_{kind}"].sum())
        size = sizes[sizes["data"].map(lambda d: d.get("feature")) == kind]["data"].map(
            lambda d: d["tiles"]
        )
        rows.append(
            {
                "feature": kind,
                "per game": total / len(games),
                "completed [95% CI]": estimate_cell(stats.rate(done, total), 3),
                "tiles when completed [95% CI]": estimate_cell(stats.mean(size.to_numpy(float)), 1)
                if len(size)
                else "–",
            }
        )
    stranded = stats.mean(games["stranded_islanders"].to_numpy(float))
    return Section(
        "Features",
        "How many features of each kind a game makes and how often they are completed (a "
        "market: all 8 neighbours filled). Features of one game are not independent, so the "
        "completion intervals are on the narrow side.",
        tables=[("Features by kind", table_html(pd.DataFrame(rows), index=False))],
        notes=[
            f"Islanders stranded in features never completed, per game: {stranded}. "
            f"Holes at the end, per game: {stats.mean(games['holes'].to_numpy(float))}."
        ],
    )


def scoring(frames: StudyFrames, record: dict[str, Any]) -> Section:
    paid = _events(frames, "complete", "boat", "end")
    totals: dict[tuple[int, int, str], float] = {}
    for game, kind, data in zip(paid["game"], paid["kind"], paid["data"], strict=True):
        source = SOURCES.get((kind, data.get("feature")))
        if source is None:
            continue
        for player, amount in data["paid"].items():
            key = (game, int(player), source)
            totals[key] = totals.get(key, 0) + amount
    seats = frames.players[["game", "seat"]]
    rows = []
    for source in SOURCES.values():
        per_seat = [
            totals.get((g, s, source), 0) for g, s in zip(seats["game"], seats["seat"], strict=True)
        ]
        rows.append(
            {
                "source": source,
                "wares per player per game [95% CI]": estimate_cell(stats.mean(per_seat)),
            }
        )
    players = frames.players
    fig = Figure(figsize=(5, 4))
    ax = fig.subplots()
    ax.scatter(players["ware_points"], players["ship_points"], s=8, alpha=0.4, color="#1f5fd6")
    ax.set_xlabel("ware points (one per three wares left)")
    ax.set_ylabel("ship points")
    means = {
        "ship points": stats.mean(players["ship_points"].to_numpy(float)),
        "ware points": stats.mean(players["ware_points"].to_numpy(float)),
        "ships from markets": stats.mean(players["market_ships"].to_numpy(float)),
    }
    return Section(
        "Where the points come from",
        "Wares by source (SS-E1, SS-B, SS-F1), and ship points against the points of wares "
        "left over (SS-F3).",
        tables=[
            ("Wares by source", table_html(pd.DataFrame(rows), index=False)),
            (
                "Points per player",
                table_html(
                    pd.DataFrame(
                        [{"what": k, "mean [95% CI]": estimate_cell(v)} for k, v in means.items()]
                    ),
                    index=False,
                ),
            ),
        ],
        figures=[
            (
                "Ship points against ware points, one dot per player and game; "
                f"{sample_note(frames, record)}.",
                figure_uri(fig),
            )
        ],
    )


def sections(frames: StudyFrames, record: dict[str, Any]) -> list[Section]:
    return [tile_draw(frames, record), features(frames, record), scoring(frames, record)]
