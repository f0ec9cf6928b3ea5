"""What every report measures of how the games went, through the protocol's tables only
(after Ludii's evaluation metrics and TAG's GameReport, each with its interval over games):

* **drawishness** — the share of games that end in a shared win;
* **decisiveness** — the winner's margin over the runner-up (in points, and as a share of the
  winning score), and from which point of the game the eventual winner led for good;
* **lead changes** per game, and the score race (median and quartiles of each seat's and each
  agent's standing by share of the game) from the ``trajectory`` table;
* **branching factor** — legal actions per decision by decision kind (mean with its interval
  over games, median and p95 over all decisions) and over the game, from the ``branching`` table.

Functions take the study's frames and return plain per-game values (so tests and notebooks can
use them) or report sections.

>>> races = pd.DataFrame({"game": [0] * 6, "point": [0, 0, 1, 1, 2, 2], "seat": [0, 1] * 3,
...                       "turn": [1, 1, 2, 2, 3, 3], "score": [1, 0, 0, 2, 3, 2.0]})
>>> lead_changes(races).tolist(), led_for_good(races, {0: (0,)}).tolist()
([2], [1.0])
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from analyses import pergame
from analyses.figures import figure_uri, legend_outside, log_ticks
from analyses.frames import StudyFrames
from analyses.tables import Section, Table

#: The score race is drawn over this many equal parts of each game.
RACE_BINS = 20


def _leaders(races: pd.DataFrame) -> pd.DataFrame:
    """Per game and point: the sole leader (-1 when the lead is shared) and the point's turn."""
    best = races.groupby(["game", "point"])["score"].transform("max")
    top = races[races["score"] == best]
    counted = top.groupby(["game", "point"]).agg(
        leader=("seat", "first"), tied=("seat", "size"), turn=("turn", "first")
    )
    counted.loc[counted["tied"] > 1, "leader"] = -1
    return counted.reset_index()


def lead_changes(races: pd.DataFrame) -> pd.Series:
    """Per game: how often the sole leader changed (a shared lead in between is no change)."""
    leaders = _leaders(races)
    sole = leaders[leaders["leader"] >= 0]

    def changes(seq: pd.Series) -> int:
        values = seq.to_numpy()
        return int(np.count_nonzero(values[1:] != values[:-1]))

    per_game = sole.groupby("game")["leader"].apply(changes)
    games = races["game"].unique()
    return per_game.reindex(games, fill_value=0).astype(int)


def led_for_good(races: pd.DataFrame, winners: Mapping[int, tuple[int, ...]]) -> pd.Series:
    """Per game with one winner: the share of the game (by turn) from which he was the sole
    leader at every later point — near 0 when he led from the start, 1 when only at the end."""
    leaders = _leaders(races)
    out = {}
    for game, points in leaders.groupby("game"):
        won = winners.get(int(game), ())
        if len(won) != 1:
            continue
        ahead = (points["leader"] == won[0]).to_numpy()
        turns = points["turn"].to_numpy(float)
        lost = np.flatnonzero(~ahead)
        first = 0 if len(lost) == 0 else int(lost[-1]) + 1
        first = min(first, len(ahead) - 1)
        span = turns[-1] - turns[0]
        out[game] = float((turns[first] - turns[0]) / span) if span > 0 else 1.0
    return pd.Series(out, dtype=float)


def margins(frames: StudyFrames) -> pd.DataFrame:
    """Per game: the winner's margin over the runner-up in points and as a share of the
    winning score (0 for a shared win)."""
    scores = frames.players.pivot(index="game", columns="seat", values="score")
    ordered = np.sort(scores.to_numpy(float), axis=1)
    top, second = ordered[:, -1], ordered[:, -2]
    share = np.where(top > 0, (top - second) / np.where(top > 0, top, 1), np.nan)
    return pd.DataFrame({"points": top - second, "share": share}, index=scores.index)


def _winners(frames: StudyFrames) -> dict[int, tuple[int, ...]]:
    return {
        int(g): tuple(int(w) for w in ws)
        for g, ws in zip(frames.games["game"], frames.games["winners"], strict=True)
    }


def ending_section(frames: StudyFrames, record: dict[str, Any]) -> Section:
    games = frames.games
    races = frames.trajectory
    margin = margins(frames)
    rows = [
        (
            "games ending in a shared win (drawishness)",
            pergame.share(games["tied"].astype(float).to_numpy()),
            "share of games",
        ),
        (
            "winner's margin over the runner-up",
            pergame.mean(margin["points"].to_numpy(), bounds=(0, math.inf)),
            "points",
        ),
        (
            "winner's margin, share of the winning score",
            pergame.share(margin["share"].dropna().clip(0, 1).to_numpy()),
            "share",
        ),
    ]
    if not races.empty:
        changes = lead_changes(races)
        good = led_for_good(races, _winners(frames))
        rows += [
            ("lead changes per game", pergame.count(changes.to_numpy(float)), "changes"),
            (
                "share of the game before the winner led for good",
                pergame.share(good.to_numpy()),
                "share of turns",
            ),
        ]
    table = pd.DataFrame([{"measure": m, "estimate": e, "unit": u} for m, e, u in rows])
    section = Section(
        "How the games end",
        "Drawishness, decisiveness and lead changes (after Ludii's evaluation metrics), one "
        "value per game with an interval over games. The lead is read from the score race: "
        "each seat's standing after every turn (the returns so far, or the game's estimate of "
        "the final score where most of it comes at the end). A shared lead is no leader; the "
        "winner 'led for good' from the first point after which he was always the sole leader.",
        tables=[Table("Decisiveness", table, over="games")],
    )
    if not races.empty:
        section.figures.append(
            (
                "The score race: median and quartiles by share of the game; "
                f"{len(games)} games, seed {record['config']['seed']}.",
                figure_uri(race_figure(frames)),
            )
        )
    return section


def race_figure(frames: StudyFrames) -> Figure:
    """Small multiples: each seat's standing, and each agent's, by share of the game (median
    with the quartiles shaded)."""
    races = frames.trajectory.copy()
    last = races.groupby("game")["turn"].transform("max").replace(0, 1)
    races["part"] = np.minimum(RACE_BINS - 1, (races["turn"] / last * RACE_BINS).astype(int))
    agent = frames.players.set_index(["game", "seat"])["agent"]
    races["agent"] = [
        agent.get((g, s), "?") for g, s in zip(races["game"], races["seat"], strict=True)
    ]
    fig = Figure(figsize=(11, 3.4))
    axes = fig.subplots(1, 2, sharey=True)
    for ax, column, title in ((axes[0], "seat", "by seat"), (axes[1], "agent", "by agent")):
        for key, group in races.groupby(column):
            stats = group.groupby("part")["score"].quantile([0.25, 0.5, 0.75]).unstack()
            x = (stats.index + 0.5) / RACE_BINS
            line = ax.plot(x, stats[0.5], label=f"{column} {key}" if column == "seat" else str(key))
            ax.fill_between(x, stats[0.25], stats[0.75], alpha=0.15, color=line[0].get_color())
        ax.set_title(title, fontsize=10)
        ax.set_xlabel("share of the game (by turn)")
        legend_outside(ax)
    axes[0].set_ylabel("standing (median, quartiles)")
    fig.tight_layout()
    return fig


# -- branching factor -----------------------------------------------------------------------------


def branching_section(frames: StudyFrames, record: dict[str, Any]) -> Section:
    table = frames.branching
    section = Section(
        "Branching factor",
        "Legal actions per decision (chance outcomes not counted), by kind of decision: the "
        "mean per decision with an interval over games, the median and p95 over all decisions, "
        "and the decisions of that kind per game.",
    )
    if table.empty:
        section.notes.append("The study recorded no decisions.")
        return section
    games = list(frames.games["game"])
    rows = []
    weighted = table.assign(total=table["actions"] * table["decisions"])
    for kind, group in weighted.groupby("kind"):
        spread = np.repeat(group["actions"].to_numpy(), group["decisions"].to_numpy())
        rows.append(
            {
                "decision": kind.replace("_", " "),
                "actions per decision": pergame.rows_ratio(
                    group, games, "total", "decisions", is_share=False
                ),
                "median": float(np.median(spread)),
                "p95": float(np.quantile(spread, 0.95)),
                "max": int(spread.max()),
                "decisions per game": pergame.count(
                    pergame.per_game_sums(group, games, "decisions")
                ),
            }
        )
    section.tables.append(Table("Legal actions per decision", pd.DataFrame(rows), over="games"))
    fig = Figure(figsize=(6.5, 3))
    ax = fig.subplots()
    plotted: list[float] = []
    for kind, group in weighted.groupby("kind"):
        parts = group.groupby("part")[["total", "decisions"]].sum()
        mean = parts["total"] / parts["decisions"]
        plotted += mean.tolist()
        ax.plot((parts.index + 0.5) / 10, mean, marker="o", ms=3, label=kind)
    ax.set_xlabel("share of the game (by turn)")
    ax.set_ylabel("legal actions per decision")
    ax.set_yscale("log")
    log_ticks(ax, plotted)
    legend_outside(ax)
    section.figures.append(
        (
            f"Legal actions per decision over the game, by kind (log scale); {len(games)} games.",
            figure_uri(fig),
        )
    )
    return section
