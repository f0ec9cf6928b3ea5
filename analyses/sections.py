"""The sections every game's report has, read from a study's tables through the protocol's
columns only: who sat where, outcome by seat, the agents and their head-to-head results, scores,
game length, rule events, failed games, and what a variant of the rules is worth.

Every estimate has the game as its unit (:mod:`analyses.pergame`): an agent's win rate is its
share of each game's win per seat it held; head to head counts every pair of the two agents'
seats in a game once; counts per game never go below 0; a table of several tests shows Holm-
adjusted p-values. A section that finds something says it in a :class:`~analyses.tables.
Finding` for the box at the top of the report.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from itertools import combinations
from typing import Any

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from analyses import pergame, seating, stats
from analyses.figures import bars, figure_uri
from analyses.frames import StudyFrames
from analyses.lengths import integer_bins
from analyses.plugin import VariantReport
from analyses.tables import Finding, Section, Table, estimate_cell, estimate_text, p_cell, p_text
from analyses.variants import VariantRun, compared, effect_measures, games_changed


def sample_note(frames: StudyFrames, record: dict[str, Any]) -> str:
    """What every figure caption says: how many games, which seed."""
    return f"{len(frames.games)} games, study seed {record['config']['seed']}"


#: The shared layout of the variants section (a game's plug-in may give its own).
GENERIC_VARIANTS = VariantReport()


def _sentence(what: str, e: Any, against: str, adjusted: float) -> str:
    return f"{what} {estimate_text(e)}{against}, adjusted {p_text(adjusted)}."


# -- lineups and seats ---------------------------------------------------------------------------


def lineup_section(frames: StudyFrames, record: dict[str, Any]) -> Section:
    config = record["config"]
    agents, size = list(config["agents"]), int(config["players"])
    notes = []
    if len(agents) < size:
        seats = [agents[i % len(agents)] for i in range(size)]
        twice = sorted({a for a in seats if seats.count(a) > 1})
        notes.append(
            f"{len(agents)} agents for {size} seats: the lineup repeats them ({', '.join(seats)}), "
            f"so {' and '.join(twice)} sit in more than one seat of every game."
        )
    rotation = "rotated by one seat each game" if config["rotate"] else "in fixed seats"
    return Section(
        "Who sat where",
        f"The agents {rotation}. Every lineup the games used, and how many games used it.",
        tables=[Table("Lineups", seating.lineups(frames.players), over="games")],
        notes=notes,
    )


def small_sample(section: Section, games: int) -> None:
    """Say so in ``section`` when its games are too few for its tests."""
    if games < pergame.MIN_GAMES and not any(n.startswith("Only ") for n in section.notes):
        section.notes.insert(
            0,
            f"Only {games} games (fewer than {pergame.MIN_GAMES}): too few for these tests to "
            "find any but the largest effects, and the intervals are wide.",
        )


def outcome_section(frames: StudyFrames, record: dict[str, Any]) -> Section:
    players = frames.players
    test = seating.seat_test(players)
    even = 1 / test.players
    rows = []
    for seat in sorted(test.shares):
        scores = players.loc[players["seat"] == seat].set_index("game")["score"]
        rows.append(
            {
                "seat": seat,
                "win share": test.shares[seat],
                "mean score": pergame.mean(scores.to_numpy(float)),
                "p": test.p[seat],
                "adjusted p": test.adjusted[seat],
            }
        )
    table = pd.DataFrame(rows)
    section = Section(
        "Outcome by seat",
        "Each seat's share of the games' wins (a win shared by k tied players counts 1/k), with "
        "an interval over games. Does the seat matter, given who sat there? The rotations of "
        "the lineup are permuted among the games (a permutation test that counts shared wins "
        f"as played); p-values are per seat, Holm-adjusted over the {test.players} seats.",
        tables=[Table("Seats", table, over="games", units={"mean score": "points"})],
        figures=[
            (
                f"Win share by seat with 95% intervals over games; {sample_note(frames, record)}.",
                figure_uri(
                    bars(
                        [f"seat {s}" for s in test.shares],
                        list(test.shares.values()),
                        even=even,
                        ylabel="win share",
                    )
                ),
            )
        ],
    )
    small_sample(section, test.games)
    if not test.testable:
        section.notes.append(
            "The seat effect cannot be told apart from the agents': every game seated the same "
            "agents in the same seats (fixed seats). Rotate the agents to test it."
        )
        return section
    section.notes.append(f"All seats together: permutation p = {p_cell(test.overall)}.")
    for seat in sorted(test.shares):
        if test.adjusted[seat] < 0.05:
            row = {
                "win share": test.shares[seat],
                "p": test.p[seat],
                "adjusted p": test.adjusted[seat],
            }
            against = f" of the games against the even {even:.2f}"
            section.findings.append(_finding(f"Seat {seat} wins", row, "win share", against))
    return section


# -- agents ---------------------------------------------------------------------------------------


def agents_section(frames: StudyFrames, record: dict[str, Any]) -> Section:
    players, timings = frames.players, frames.timings
    size = int(record["config"]["players"])
    even = 1 / size
    merged = players.merge(timings, on=["game", "seat"], how="left")
    rows = []
    for agent, group in merged.groupby("agent", sort=False):
        shares = pergame.agent_shares(players, agent)
        diff = shares.to_numpy(float) - even
        moves = group["moves"].sum()
        rows.append(
            {
                "agent": agent,
                "games": shares.size,
                "seats per game": len(group) / shares.size,
                "win share per seat": pergame.share(shares.to_numpy(float)),
                "mean score": pergame.mean(group.groupby("game")["score"].mean().to_numpy(float)),
                "ms per move": 1000 * group["seconds"].sum() / moves if moves else math.nan,
                "p": pergame.sign_flip_p(diff),
            }
        )
    table = pd.DataFrame(rows)
    section = Section(
        "Agents",
        f"How strong each agent is: its share of each game's win per seat it held (the even "
        f"share is 1/{size} = {even:.2f}), averaged over the games it played, with an interval "
        "over games; its mean score per seat. p: a sign-flip test of the per-game shares against "
        "the even share, adjusted by Holm over the agents.",
    )
    if len(table) > 1:
        table["adjusted p"] = stats.holm(table["p"].to_numpy(float))
        for row in table.to_dict("records"):
            if row["adjusted p"] < 0.05:
                what = f"{row['agent']} wins"
                against = f" per seat against the even {even:.2f}"
                section.findings.append(_finding(what, row, "win share per seat", against))
    else:
        table = table.drop(columns="p")
    section.tables.append(
        Table("Agents", table, over="games the agent played", units={"mean score": "points"})
    )
    agents = list(dict.fromkeys(players["agent"]))
    if len(agents) > 1:
        section.tables.append(_head_to_head(players, agents, section))
    small_sample(section, players["game"].nunique())
    return section


def _finding(what: str, row: dict[str, Any], column: str, against: str) -> Finding:
    e = row[column]
    return Finding(_sentence(what, e, against, row["adjusted p"]), e, row["p"], row["adjusted p"])


def _head_to_head(players: pd.DataFrame, agents: list[str], section: Section) -> Table:
    rows = []
    for a, b in combinations(agents, 2):
        values = pergame.head_to_head(players, a, b)
        if values.empty:
            continue
        rows.append(
            {
                "pair": f"{a} against {b}",
                "first ahead": pergame.share(values.to_numpy(float)),
                "games": values.size,
                "p": pergame.sign_flip_p(values.to_numpy(float) - 0.5),
            }
        )
    table = pd.DataFrame(rows, columns=["pair", "first ahead", "games", "p"])
    table["adjusted p"] = stats.holm(table["p"].to_numpy(float)) if len(table) else []
    for row in table.to_dict("records"):
        if row["adjusted p"] < 0.05:
            first, second = row["pair"].split(" against ")
            what = f"Seat for seat, {first} is ahead of {second} in"
            against = " of their pairs of seats (even: 0.50)"
            section.findings.append(_finding(what, row, "first ahead", against))
    return Table(
        "Head to head, seat by seat (every pair of the two agents' seats in a game counts once; "
        "ahead = more points, equal counts half)",
        table,
        over="games where both played",
    )


def scores_section(frames: StudyFrames, record: dict[str, Any]) -> Section:
    players = frames.players
    groups = list(players.groupby("agent", sort=False))
    fig = Figure(figsize=(3.2 * len(groups) + 0.6, 2.8))
    axes = fig.subplots(1, len(groups), sharex=True, sharey=True, squeeze=False)[0]
    bins = integer_bins(players["score"].to_numpy(float))
    rows = []
    for ax, (agent, group) in zip(axes, groups, strict=True):
        ax.hist(group["score"], bins=bins, density=True, color="#5d7f94", edgecolor="white")
        ax.set_title(f"{agent} ({len(group)} seats)", fontsize=9)
        ax.set_xlabel("final score")
        values = group["score"].to_numpy(float)
        rows.append(
            {
                "agent": agent,
                "mean per seat": pergame.mean(
                    group.groupby("game")["score"].mean().to_numpy(float)
                ),
                "sd over seats": float(values.std(ddof=1)) if len(values) > 1 else math.nan,
                "median": float(np.median(values)),
                "q1": float(np.quantile(values, 0.25)),
                "q3": float(np.quantile(values, 0.75)),
                "min": float(values.min()),
                "max": float(values.max()),
            }
        )
    axes[0].set_ylabel("share of the agent's seats")
    fig.tight_layout()
    return Section(
        "Scores",
        "Final scores by agent: the mean per seat with an interval over games; the spread and "
        "quartiles describe all of the agent's seats.",
        tables=[
            Table(
                "Final scores by agent",
                pd.DataFrame(rows),
                over="games",
                units={"mean per seat": "points"},
            )
        ],
        figures=[
            (
                f"Final score distribution of each agent's seats (densities: groups of unequal "
                f"size compare); {sample_note(frames, record)}.",
                figure_uri(fig),
            )
        ],
    )


# -- length, events, failures -------------------------------------------------------------------


def planning_section(frames: StudyFrames, record: dict[str, Any]) -> Section:
    rows = [
        {
            "margin (±)": m,
            "games for a rate": stats.games_needed(m),
            "games per variant to compare two rates": stats.games_needed_for_difference(m),
        }
        for m in (0.10, 0.05, 0.02, 0.01)
    ]
    return Section(
        "How many games a margin needs",
        "For a rate near 50% (the worst case), at 95% confidence.",
        tables=[Table("Games needed", pd.DataFrame(rows), over="planning")],
    )


def errors_section(frames: StudyFrames, record: dict[str, Any]) -> Section | None:
    if frames.errors.empty:
        return None
    shown = frames.errors[["game", "seed", "error"]].head(20)
    return Section(
        "Games that failed",
        f"{len(frames.errors)} games raised; they are recorded with their seed and traceback "
        "(errors table) and left out of every figure above.",
        tables=[Table("Failures", shown, over="games")],
        warnings=[f"{len(frames.errors)} games failed: see 'Games that failed'."],
    )


GENERIC = (lineup_section, outcome_section, agents_section, scores_section)


# -- rule variants --------------------------------------------------------------------------------


def effects_table(caption: str, table: pd.DataFrame) -> Table:
    """Paired comparisons (:func:`analyses.variants.compared`) as a report table (the games
    column said once in the caption when it is the same in every row)."""
    if len(table) and table["games"].nunique() == 1:
        caption = f"{caption}; {int(table['games'].iloc[0])} games paired"
        table = table.drop(columns="games")
    return Table(caption, table, over="games played in both, paired by seed")


def variant_findings(section: Section, label: str, table: pd.DataFrame) -> None:
    """A finding for every difference of ``table`` that survives its correction."""
    for row in table.to_dict("records"):
        if row["clear"] == "yes":
            e = row["difference"]
            change = (
                f"by {e.value:.2f} in every one of the {e.n} games"
                if e.constant
                else f"by {estimate_cell(e)} per game (n = {e.n} games)"
            )
            text = (
                f"{label}: {row['measure']} changes {change}, paired by seed, adjusted "
                f"{p_text(row['adjusted p'])}."
            )
            section.findings.append(Finding(text, e, row["p"], row["adjusted p"]))


def unchanged_warning(section: Section, label: str, frames: StudyFrames, run: VariantRun) -> None:
    changed, shared = games_changed(frames, run.frames)
    if shared and not changed:
        section.warnings.append(
            f"{label} changed none of {shared} games: the situation its rule is about never "
            "arose, so the study says nothing about it."
        )


def variants_section(
    frames: StudyFrames,
    record: dict[str, Any],
    variants: Mapping[str, VariantRun],
    layout: VariantReport = GENERIC_VARIANTS,
) -> Section:
    """What each rule variant changes, game by game on the same seeds: one table per variant
    (its measures: ``layout.measures`` or the shared ones), a second of the game's own measures
    when ``layout.extra`` names them, and the game's notes (the one mechanism behind every
    game's report of variants; :class:`~analyses.plugin.VariantReport`)."""
    section = Section(layout.title, layout.intro)
    for slug, run in variants.items():
        label = run.variant.label
        table = compared((layout.measures or effect_measures)(frames, run.frames))
        unchanged_warning(section, label, frames, run)
        if layout.notes is not None:
            section.notes.extend(layout.notes(slug, frames, run))
        if table.empty:
            section.notes.append(f"{label}: fewer than 2 games to pair.")
            continue
        if layout.small_sample_note:
            small_sample(section, int(table["games"].max()))
        section.tables.append(
            effects_table(f"{label} ({_options_text(run.variant.options)})", table)
        )
        variant_findings(section, label, table)
        if layout.extra is not None:
            extra = compared(layout.extra(frames, run.frames))
            if not extra.empty:
                section.tables.append(effects_table(f"{label}: {layout.extra_title}", extra))
                variant_findings(section, label, extra)
    return section


def _options_text(options: Mapping[str, Any]) -> str:
    from analyses.provenance import plain

    return ", ".join(f"{k} = {plain(v)}" for k, v in options.items())


__all__ = ["GENERIC", "effects_table", "sample_note", "variants_section"]
