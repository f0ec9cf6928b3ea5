"""The South Seas sections of a study report: the tile draw, features, and where points come from.

Everything is read from the study's tables (the games and players summaries, and the event log
of :mod:`models.southseas.events`), never from a game object. The game is the unit: a share of
drawn tiles or of features is a ratio of per-game sums with its interval over games
(:mod:`analyses.statistics.pergame`), never the tiles or features counted as independent draws.
"""

from __future__ import annotations

from typing import Any

import pandas as pd
from matplotlib.figure import Figure

from analyses.reports.figures import dot_plot, figure_uri
from analyses.reports.sections import sample_note
from analyses.reports.tables import Section, Table
from analyses.statistics import pergame
from analyses.studies.frames import StudyFrames, detail, events_of

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


def _bucket(turns: pd.Series) -> pd.Series:
    return (turns - 1) // 10 * 10 + 1


def tile_draw(frames: StudyFrames, record: dict[str, Any]) -> Section:
    games = list(frames.games["game"])
    draws = events_of(frames, "draw", "unplaceable")
    draws = draws.assign(
        bucket=_bucket(draws["turn"]),
        stuck=(draws["kind"] == "unplaceable").astype(float),
        placements=detail(draws, lambda d: d.get("placements", 0)),
        placed=(draws["kind"] == "draw").astype(float),
    )
    rows = []
    for bucket, group in draws.groupby("bucket"):
        rows.append(
            {
                "turns": f"{bucket}-{bucket + 9}",
                "tiles drawn per game": pergame.count(pergame.per_game_sums(group, games)),
                "unplaceable (SS-P4)": pergame.rows_ratio(group, games, "stuck"),
                "legal placements": pergame.rows_ratio(
                    group, games, "placements", "placed", is_share=False
                ),
            }
        )
    fig = Figure(figsize=(6.5, 3))
    ax = fig.subplots()
    placed = draws[draws["kind"] == "draw"].groupby("turn")["placements"].mean()
    ax.plot(placed.index, placed.to_numpy(), color="#5d7f94")
    ax.set_xlabel("turn")
    ax.set_ylabel("legal placements of the drawn tile")
    section = Section(
        "The tile draw",
        "How often a drawn tile has no legal placement (SS-P4; the source texts call it rare), "
        "and how many placements a drawn tile has, by turn: ratios of per-game sums, with "
        "intervals over games.",
        tables=[Table("Draws by turn", pd.DataFrame(rows), over="games")],
        figures=[
            (f"Mean legal placements by turn; {sample_note(frames, record)}.", figure_uri(fig))
        ],
    )
    holes = events_of(frames, "place")
    holes = holes.assign(
        tile=detail(holes, lambda d: d["tile"], object),
        holes=detail(holes, lambda d: d["holes"]),
    )
    by_tile = []
    for tile, group in holes.groupby("tile"):
        if group["holes"].sum() > 0:
            by_tile.append(
                {
                    "tile": tile,
                    "placed per game": pergame.count(pergame.per_game_sums(group, games)),
                    "holes per placement": pergame.rows_ratio(
                        group, games, "holes", is_share=False
                    ),
                }
            )
    if by_tile:
        table = pd.DataFrame(by_tile).sort_values("tile")
        holes_of = list(table["holes per placement"])
        section.figures.append(
            (
                "The tiles whose placements most often leave holes, with 95% intervals over "
                "games; the whole table is folded below.",
                figure_uri(dot_plot(list(table["tile"]), holes_of, xlabel="holes per placement")),
            )
        )
        section.tables.append(
            Table("Tiles that leave holes no tile can fill", table, over="games", folded=True)
        )
    else:
        section.notes.append("No placement left a hole that no tile of the set can fill.")
    return section


def features(frames: StudyFrames, record: dict[str, Any]) -> Section:
    games = frames.games
    index = list(games["game"])
    sizes = events_of(frames, "complete")
    sizes = sizes.assign(
        feature=detail(sizes, lambda d: d.get("feature"), object),
        tiles=detail(sizes, lambda d: d.get("tiles", 0)),
    )
    rows = []
    for kind in KINDS:
        made = games[f"features_{kind}"].to_numpy(float)
        done = games[f"completed_{kind}"].to_numpy(float)
        mine = sizes[sizes["feature"] == kind]
        rows.append(
            {
                "feature": kind,
                "per game": pergame.count(made),
                "completed": pergame.ratio(done, made),
                "tiles when completed": pergame.rows_ratio(mine, index, "tiles", is_share=False),
            }
        )
    extra = [
        {
            "measure": "islanders stranded in features never completed",
            "per game": pergame.count(games["stranded_islanders"].to_numpy(float)),
        },
        {"measure": "holes at the end", "per game": pergame.count(games["holes"].to_numpy(float))},
    ]
    section = Section(
        "Features",
        "How many features of each kind a game makes and how often they are completed (a "
        "market: all 8 neighbours filled): shares of each game's features, with intervals over "
        "games (the features of one game are not independent draws).",
        tables=[
            Table("Features by kind", pd.DataFrame(rows), over="games"),
            Table("Left over", pd.DataFrame(extra), over="games"),
        ],
    )
    stranding(frames, section)
    return section


def stranding(frames: StudyFrames, section: Section) -> None:
    """The stranded islanders split by whether their feature had been shown unfinishable
    before the tiles ran out (the ``stranded`` rows of :mod:`analyses.southseas.stranding`)."""
    games = frames.games
    index = list(games["game"])
    rows = events_of(frames, "stranded")
    if rows.empty:
        if games["stranded_islanders"].sum() > 0:
            section.notes.append(
                "This study has no 'stranded' rows (it was played before they were recorded): "
                "stranded islanders are not split by whether their features could still be "
                "finished. Play it again to have them."
            )
        return
    rows = rows.assign(
        islanders=detail(rows, lambda d: d["islanders"]),
        since=detail(rows, lambda d: d["impossible_since"]),  # NaN: never shown
        turns=detail(rows, lambda d: d["turns"]),
    )
    shown = rows["since"].notna()
    at = rows["since"].fillna(0) / rows["turns"].where(rows["turns"] > 0, 1)
    rows = rows.assign(
        shown=rows["islanders"] * shown,
        open=rows["islanders"] * ~shown,
        early=rows["islanders"] * (shown & (at < 0.5)),
        late=rows["islanders"] * (shown & (at >= 0.9)),
        weighted=rows["islanders"] * at * shown,
    )
    total = pergame.per_game_sums(rows, index, "islanders")
    sums = {c: pergame.per_game_sums(rows, index, c) for c in ("shown", "open", "early", "late")}
    table = [
        {
            "stranded islanders": "in features shown unfinishable before the tiles ran out",
            "per game": pergame.count(sums["shown"]),
            "share of the stranded": pergame.ratio(sums["shown"], total),
        },
        {
            "stranded islanders": "... shown so in the first half of the game",
            "per game": pergame.count(sums["early"]),
            "share of the stranded": pergame.ratio(sums["early"], total),
        },
        {
            "stranded islanders": "... shown so only in the last tenth of the game",
            "per game": pergame.count(sums["late"]),
            "share of the stranded": pergame.ratio(sums["late"], total),
        },
        {
            "stranded islanders": "in features not shown unfinishable when the tiles ran out",
            "per game": pergame.count(sums["open"]),
            "share of the stranded": pergame.ratio(sums["open"], total),
        },
    ]
    since = pergame.ratio(pergame.per_game_sums(rows, index, "weighted"), sums["shown"])
    section.tables.append(Table("Stranded islanders", pd.DataFrame(table), over="games"))
    section.notes.append(
        "Stranded islanders: those the end sent home from unfinished features (SS-F1, SS-F2). "
        "A feature counts as shown unfinishable from the first turn a fast proof held (a "
        "position it needs that no tile left fits, fewer tiles left than positions it needs, "
        "or no way to give each needed position its own fitting tile); an impossibility "
        "those cannot see counts on the other side, so the first row is a lower bound. On "
        "average such islanders stood in an unfinishable feature from "
        f"{since} of the game on (share of the game's turns, a ratio over games)."
    )


def scoring(frames: StudyFrames, record: dict[str, Any]) -> Section:
    paid = events_of(frames, "complete", "boat", "end")
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
        per_seat = seats.assign(
            wares=[
                totals.get((g, s, source), 0)
                for g, s in zip(seats["game"], seats["seat"], strict=True)
            ]
        )
        rows.append(
            {
                "source": source,
                "wares per player per game": pergame.count(pergame.seat_means(per_seat, "wares")),
            }
        )
    players = frames.players
    fig = Figure(figsize=(5, 4))
    ax = fig.subplots()
    ax.scatter(players["ware_points"], players["ship_points"], s=8, alpha=0.4, color="#1f5fd6")
    ax.set_xlabel("ware points (one per three wares left)")
    ax.set_ylabel("ship points")

    def per_player(pairs: tuple[tuple[str, str], ...]) -> pd.DataFrame:
        return pd.DataFrame(
            [
                {"what": what, "per player per game": pergame.count(pergame.seat_means(players, c))}
                for what, c in pairs
            ]
        )

    # points and ships apart: a table's unit is its column's, and a ship is not a point
    points = per_player((("ship points", "ship_points"), ("ware points", "ware_points")))
    ships = per_player((("ships taken", "ships"), ("ships from markets", "market_ships")))
    return Section(
        "Where the points come from",
        "Wares by source (SS-E1, SS-B, SS-F1), and ship points against the points of wares "
        "left over (SS-F3): per player, averaged over each game's seats, intervals over games.",
        tables=[
            Table("Wares by source", pd.DataFrame(rows), over="games"),
            Table(
                "Points per player",
                points,
                over="games",
                units={"per player per game": "points"},
            ),
            Table("Ships per player", ships, over="games", units={"per player per game": "ships"}),
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
