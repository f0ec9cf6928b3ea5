"""Sections every game's report has, read from a study's tables through the protocol's
columns only: scores, how many games a margin needs, failed games, and what a variant of the
rules is worth; and the helpers the other sections share (the seats: :mod:`analyses.reports.seats`;
the agents: :mod:`analyses.reports.agents`).

Every estimate has the game as its unit (:mod:`analyses.statistics.pergame`); counts per game never
go
below 0. A section states each of its tests as a :class:`~analyses.reports.tables.Finding` with its
p-value; the report adjusts all of them together (:mod:`analyses.reports.family`) and states those
that survive in the box at its top.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from analyses.plugin import VariantReport
from analyses.reports.figures import figure_uri
from analyses.reports.lengths import integer_bins
from analyses.reports.metrics import definitions
from analyses.reports.tables import Finding, Power, Section, Table, estimate_cell
from analyses.reports.variants import (
    Measure,
    VariantRun,
    compared,
    direct_effects,
    effect_measures,
    games_changed,
)
from analyses.statistics import pergame, stats
from analyses.statistics.balance import Design, design_of
from analyses.studies.frames import StudyFrames


def sample_note(frames: StudyFrames, record: dict[str, Any]) -> str:
    """What every figure caption says: how many games, which seed."""
    return f"{len(frames.games)} games, study seed {record['config']['seed']}"


#: The shared layout of the variants section (a game's plug-in may give its own).
GENERIC_VARIANTS = VariantReport()


# -- shared helpers ------------------------------------------------------------------------------


def small_sample(section: Section, games: int, units: str = "games") -> None:
    """Say so in ``section`` when its games (or deals) are too few for its tests."""
    if games < pergame.MIN_GAMES and not any(n.startswith("Only ") for n in section.notes):
        section.notes.insert(
            0,
            f"Only {games} {units} (fewer than {pergame.MIN_GAMES}): too few for these tests "
            "to find any but the largest effects, and the intervals are wide.",
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
                f"Final score distribution of each agent's seats, as densities (each agent's "
                f"area is 1, so agents holding unequal numbers of seats can be compared); "
                f"{sample_note(frames, record)}.",
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
    return failures_section(frames.errors, ["game", "seed", "error"], "(errors table)")


def failures_section(errors: pd.DataFrame, columns: list[str], where: str) -> Section | None:
    """The games that raised (their ``columns``, the first 20), recorded ``where``; None when
    none did."""
    if errors.empty:
        return None
    return Section(
        "Games that failed",
        f"{len(errors)} games raised; they are recorded with their seed and traceback {where} "
        "and left out of every figure above.",
        tables=[Table("Failures", errors[columns].head(20), over="games")],
        warnings=[f"{len(errors)} games failed: see 'Games that failed'."],
    )


# -- rule variants --------------------------------------------------------------------------------


def effects_table(
    caption: str, table: pd.DataFrame, units: str = "games", about: dict[str, str] | None = None
) -> Table:
    """Paired comparisons (:func:`analyses.reports.variants.compared`) as a report table (the games
    column — or the deals of a duplicate design — said once in the caption when it is the
    same in every row); ``about``: each measure's definition (report.json gives it)."""
    if len(table) and table[units].nunique() == 1:
        caption = f"{caption}; {int(table[units].iloc[0])} {units} paired"
        table = table.drop(columns=units)
    over = "games played in both, paired by seed"
    if units == "deals":
        over = "deals played in both (each the mean of its rotations), paired by seed"
    return Table(caption, table, over=over, about=dict(about or {}))


def variant_findings(
    section: Section, label: str, table: Table, name: str = "measure", units: str = "games"
) -> None:
    """Every difference of ``table`` (a table of :func:`analyses.reports.variants.compared`, its
    measures in the column ``name``, its unit ``units``) as a test of the report's family:
    stated if it survives the correction for all the report's tests
    (:mod:`analyses.reports.family`)."""
    frame, unit = table.frame, units.removesuffix("s")
    for label_of_row, row in frame.iterrows():
        if math.isnan(row["p"]):
            continue  # not a test: another measure's twin, unchanged, or too few games
        e = row["difference"]
        rises = "rises" if e.value > 0 else "falls"
        change = (
            f"{rises} by {abs(e.value):.2f} in every one of the {e.n} {units}"
            if e.constant
            else f"changes by {estimate_cell(e)} per {unit} (n = {e.n} {units})"
        )
        claim = f"{label}: {row[name]} {change}, paired by seed"
        section.findings.append(Finding(claim, e, row["p"], row=(frame, label_of_row)))
    tested = set(frame.loc[frame["p"].notna(), name])  # this table's own tests
    spreads = {m: v for m, v in frame.attrs.get("differences", {}).items() if m in tested}
    if spreads:  # what these paired tests could find: the one of median spread stands for them
        ranked = sorted(spreads, key=lambda m: float(np.std(spreads[m])))
        middle = ranked[len(ranked) // 2]
        section.powers.append(
            Power(
                f"{label}: the paired test of {middle} (the median spread of the "
                f"{len(ranked)} measures tested in '{table.caption}')",
                spreads[middle],
                units,
                "no change",
            )
        )


def by_deal(measures: list[Measure], design: Design) -> list[Measure]:
    """Per-game measures as per-deal ones under a duplicate design (the mean of each deal's
    rotations: the deal is the unit), unchanged otherwise."""
    if not design.paired:
        return measures
    return [(name, design.per_unit(x), design.per_unit(y)) for name, x, y in measures]


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
    design = design_of(frames, record)
    units = design.units
    if design.paired:
        section.notes.append(
            "The study's design is duplicate: a deal's rotations are one unit, so each "
            "difference is the mean over a deal's rotations, paired deal by deal."
        )

    def paired(measures: list[Measure], direct: tuple[str, ...]) -> pd.DataFrame:
        table = compared(by_deal(measures, design), direct)
        return table.rename(columns={"games": units, "games changed": f"{units} changed"})

    game = record["config"]["game"]
    about = definitions(frames)
    for slug, run in variants.items():
        label = run.variant.label
        direct = direct_effects(game, record.get("options", {}), run.options, run.variant.direct)
        table = paired((layout.measures or effect_measures)(frames, run.frames), direct)
        unchanged_warning(section, label, frames, run)
        if layout.notes is not None:
            section.notes.extend(layout.notes(slug, frames, run))
        if table.empty:
            section.notes.append(f"{label}: fewer than 2 {units} to pair.")
            continue
        if layout.small_sample_note:
            small_sample(section, int(table[units].max()), units)
        caption = f"{label} ({_options_text(run.variant.options)})"
        mechanical = table.loc[table["clear"] == "direct effect", "measure"].tolist()
        if mechanical:
            section.notes.append(
                f"{label}: direct effects of the rule change (by construction: shown, not "
                f"tested as findings): {', '.join(mechanical)}."
            )
        shown = effects_table(caption, table, units, about)
        section.tables.append(shown)
        variant_findings(section, label, shown, units=units)
        if layout.extra is not None:
            extra = paired(layout.extra(frames, run.frames), direct)
            if not extra.empty:
                shown = effects_table(f"{label}: {layout.extra_title}", extra, units)
                section.tables.append(shown)
                variant_findings(section, label, shown, units=units)
    return section


def _options_text(options: Mapping[str, Any]) -> str:
    from analyses.reports.provenance import plain

    return ", ".join(f"{k} = {plain(v)}" for k, v in options.items())


__all__ = [
    "by_deal",
    "effects_table",
    "sample_note",
    "small_sample",
    "variant_findings",
    "variants_section",
]
