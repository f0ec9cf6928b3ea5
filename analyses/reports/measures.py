"""What every report measures of how the games went, through the protocol's tables only
(after Ludii's evaluation metrics and TAG's GameReport, each with its interval over games):

* **drawishness** — the share of games that end in a shared win;
* **decisiveness** — the winner's margin over the runner-up (in points, and as a share of the
  winning score), and from which point of the game the eventual winner led for good;
* **lead changes** per game, and the score race (median and quartiles of each seat's and each
  agent's standing by share of the game) from the ``trajectory`` table;
* **branching factor** — legal actions per decision by decision kind (mean with its interval
  over games, median and p95 over all decisions) and over the game, from the ``branching`` table.

The per-game values behind these are measures of :mod:`analyses.reports.metrics` (declared there
once, and compared, tuned and judged in variants from there); this module makes the report's
sections of them.

>>> DECISIVENESS[0]
'games ending in a shared win (drawishness)'
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from analyses.reports.figures import figure_uri, legend_outside, log_ticks
from analyses.reports.metrics import estimate, metrics
from analyses.reports.tables import Section, Table
from analyses.statistics import pergame
from analyses.studies.frames import StudyFrames

#: The score race is drawn over this many equal parts of each game.
RACE_BINS = 20


#: The decisiveness table's measures (:mod:`analyses.reports.metrics`), in order; the last two need
#: the score race (the ``trajectory`` table).
DECISIVENESS = (
    "games ending in a shared win (drawishness)",
    "winner's margin over the runner-up",
    "winner's margin, share of the winning score",
    "lead changes per game",
    "share of the game before the winner led for good",
)


def ending_section(frames: StudyFrames, record: dict[str, Any]) -> Section:
    games = frames.games
    races = frames.trajectory
    shown = DECISIVENESS if not races.empty else DECISIVENESS[:3]
    rows = []
    registered = {m.name: m for m in metrics(frames)}
    for name in shown:
        found = registered[name]
        rows.append((name, estimate(found, frames), found.unit))
    table = pd.DataFrame([{"measure": m, "estimate": e, "unit": u} for m, e, u in rows])
    section = Section(
        "How the games end",
        "Drawishness, decisiveness and lead changes (after Ludii's evaluation metrics), one "
        "value per game with an interval over games. The lead is read from the score race: "
        "each seat's standing after every turn (the returns so far, or the game's estimate of "
        "the final score where most of it comes at the end). A shared lead is no leader; the "
        "winner 'led for good' from the first point after which he was always the sole leader.",
        tables=[
            Table(
                "Decisiveness",
                table,
                over="games",
                about={name: registered[name].definition for name in shown},
            )
        ],
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
