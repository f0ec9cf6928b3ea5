"""Two rule variants side by side: the same games, seeds and agents, one option changed.

Because both studies play game ``i`` from the same seed, every difference is measured game by
game (a paired difference with its interval over games): the variant's effect, not the luck of
the draw, shows; the table's p-values are adjusted by Holm, and one effect is tested once.
Compared: every measure of :mod:`analyses.reports.metrics` that has a compare table (each agent's
and each seat's win share, scores, decisions per game, every numeric column of the game's summary,
how often every event kind happens) and the game's own.

>>> import tempfile
>>> from pathlib import Path
>>> from analyses.studies.store import StudyStore
>>> from analyses.studies.study import StudyConfig, run_study
>>> with tempfile.TemporaryDirectory() as tmp:
...     stores = []
...     for name, options in (("a", {}), ("b", {"recall": "never"})):
...         config = StudyConfig("southseas", players=2, games=5, seed=2, options=options)
...         stores.append(StudyStore.create(Path(tmp) / name, config))
...         _ = run_study(config, store=stores[-1])
...     table = differences(stores[0].frames(), stores[1].frames())
...     "score (mean of all seats)" in set(table["metric"]), set(table["unit"]) <= set(UNITS)
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from analyses import plugins
from analyses.reports.agents import agent_strength
from analyses.reports.figures import figure_uri
from analyses.reports.metrics import COMPARED, Metric, MetricSet, definitions, metrics, table
from analyses.reports.pages import header, write_pages
from analyses.reports.provenance import command_line, option_rows
from analyses.reports.sections import by_deal, effects_table, variant_findings
from analyses.reports.tables import Section, estimate_text
from analyses.reports.variants import Measure, compared, direct_effects, games_changed
from analyses.statistics.balance import Design, design_of
from analyses.studies.frames import StudyFrames
from models.core import game_info
from models.errors import AtollError

#: The units measures are grouped by on a compare page, in the order shown.
UNITS = COMPARED


def _per_game(
    frames: StudyFrames, own: Sequence[Metric | MetricSet] = ()
) -> tuple[pd.DataFrame, dict[str, str]]:
    """One row per game: the measures compared (every :mod:`analyses.reports.metrics` metric with a
    compare table, the game's own ``own`` too), indexed by game, and each measure's table."""
    found = [m for m in metrics(frames, own) if m.family is not None]
    return table(found, frames), {m.name: str(m.family) for m in found}


def differences(
    base: StudyFrames,
    variant: StudyFrames,
    design: Design | None = None,
    direct: Sequence[str] = (),
    own: Sequence[Metric | MetricSet] = (),
) -> pd.DataFrame:
    """Each measure (:mod:`analyses.reports.metrics`; ``own``: the game's) in both studies and the
    variant's paired difference, with intervals over games, p-values and Holm-adjusted p-values
    (:func:`analyses.reports.variants.compared`, one family for the whole page), and the measure's
    ``unit`` (:data:`UNITS`). Under a duplicate ``design`` the deal is the unit: each measure
    is the mean over a deal's rotations, paired deal by deal (the columns ``games`` and ``games
    changed`` then count deals). ``direct`` names the rule change's direct effects
    (:func:`analyses.reports.variants.direct_effects`): shown, not tested."""
    (a, unit_a), (b, unit_b) = _per_game(base, own), _per_game(variant, own)
    units = {**unit_a, **unit_b}
    shared = a.index.intersection(b.index)
    if len(shared) < 2:
        raise AtollError("the two studies share fewer than 2 games: nothing to compare")
    zero = pd.Series(0.0, index=shared)
    measures: list[Measure] = []
    for metric in dict.fromkeys([*a.columns, *b.columns]):
        x = a[metric].reindex(shared, fill_value=0).astype(float) if metric in a else zero
        y = b[metric].reindex(shared, fill_value=0).astype(float) if metric in b else zero
        if x.any() or y.any():
            measures.append((metric, x, y))
    if design is not None:
        measures = by_deal(measures, design)
    table = compared(measures, direct).rename(columns={"measure": "metric", "study": "baseline"})
    return table.assign(unit=table["metric"].map(units))


def _forest(table: pd.DataFrame, note: str, unit: str, units: str = "games") -> str:
    """The unit's differences as a forest plot, the largest effects first."""
    own = ~table["clear"].astype(str).str.startswith(("same as", "direct effect"))
    order = table[own].assign(size=table[own]["difference"].map(lambda d: abs(d.value)))
    shown = order.sort_values("size", ascending=False).head(15)
    fig = Figure(figsize=(7.5, 0.36 * len(shown) + 1.3))
    ax = fig.subplots()
    diffs = list(shown["difference"])
    y = np.arange(len(diffs))
    colours = [
        "#c0392b" if c == "yes" else "#e08a00" if d.low > 0 or d.high < 0 else "#1f5fd6"
        for c, d in zip(shown["clear"], shown["difference"], strict=True)
    ]
    for k, d in enumerate(diffs):
        low, high = max(0.0, d.value - d.low), max(0.0, d.high - d.value)
        ax.errorbar([d.value], [k], xerr=[[low], [high]], fmt="o", color=colours[k], capsize=3)
    ax.axvline(0, color="#777777", linestyle="--")
    ax.set_yticks(y, list(shown["metric"]), fontsize=8)
    ax.invert_yaxis()
    per = "per deal" if units == "deals" else "per game"
    ax.set_xlabel(
        f"variant minus baseline, {per} ({unit}; red: clear after the correction for all the "
        "page's tests; orange: the 95% interval excludes 0, not clear after it; blue: neither)",
        fontsize=8,
    )
    ax.set_title(note, fontsize=9)
    fig.tight_layout()
    return figure_uri(fig)


def _summary(
    table: pd.DataFrame, label: str, changed: int, shared: int, units: str = "games"
) -> str:
    clear = table[table["clear"] == "yes"]
    still = table[table[f"{units} changed"] == 0]
    parts = [
        f"The variant ({label}) changed {changed} of the {shared} games played on the same "
        f"seeds. Of {len(table)} measures, {len(clear)} differ clearly after the correction "
        "for many tests"
    ]
    if len(clear):
        top = clear.assign(size=clear["difference"].map(lambda d: abs(d.value)))
        top = top.sort_values("size", ascending=False).head(3)
        parts.append(
            ": "
            + "; ".join(
                f"{m} {estimate_text(d, units)}"
                for m, d in zip(top["metric"], top["difference"], strict=True)
            )
        )
    parts.append(f". {len(still)} did not change in any game.")
    return "".join(parts)


def write_comparison(
    base_store: Any, variant_store: Any, path: Path, *, command: str | None = None
) -> Path:
    """Render the comparison of two stored studies to ``path`` and ``report.json`` beside it
    (atomically): a summary, then the measures by unit (rates, points, per-game counts), each
    with its forest plot, those that never changed in a footnote."""
    base, variant = base_store.frames(), variant_store.frames()
    rec_a, rec_b = base_store.record, variant_store.record
    info = game_info(rec_a["config"]["game"])
    options_a = option_rows(info.options, rec_a["options"])
    options_b = option_rows(info.options, rec_b["options"])
    changed = [
        f"{b['option']}: {a['value']} → {b['value']}"
        for a, b in zip(options_a, options_b, strict=True)
        if a["value"] != b["value"]
    ]
    label = "; ".join(changed) or "no option differs"
    design = design_of(base, rec_a)
    units = design.units
    declared = [
        word
        for v in plugins.declared(rec_a["config"]["game"]).values()
        if all(rec_b["options"].get(k) == value for k, value in v.options.items())
        for word in v.direct
    ]
    direct = direct_effects(rec_a["config"]["game"], rec_a["options"], rec_b["options"], declared)
    own = plugins.plugin(rec_a["config"]["game"]).metrics
    table = differences(base, variant, design, direct, own).rename(
        columns={"games": units, "games changed": f"{units} changed"}
    )
    seed = rec_a["config"]["seed"]
    note = f"{len(base.games)} and {len(variant.games)} games, same seeds (study seed {seed})"
    if design.paired:
        note += f", {int(table[units].max())} deals"
    changed_games, shared = games_changed(base, variant)
    sections = [
        Section(
            "Summary",
            _summary(table, label, changed_games, shared, units)
            + (
                " The study's design is duplicate: a deal's rotations are one unit, so each "
                "difference is the mean over a deal's rotations, paired deal by deal"
                if design.paired
                else " Every difference is measured game by game on the same seeds"
            )
            + f" (the variant minus the baseline) with a 95% interval over {units}; p: "
            "sign-flip permutation test; adjusted by Holm over the whole page; "
            "'clear' when the adjusted p is below 0.05. A measure whose differences are "
            "another's (its mirror, or the same effect under another name) is tested once and "
            "shown as 'same as ...'.",
        )
    ]
    strength = agent_strength(rec_a)
    sections[0].strength = [s["text"] for s in strength.values()]
    sections[0].data["agent_strength"] = list(strength.values())
    moved = table[table[f"{units} changed"] > 0]
    about = definitions(base, own)
    for unit in UNITS:
        part = moved[moved["unit"] == unit].drop(columns="unit")
        if part.empty:
            continue
        section = Section(unit.capitalize())
        caption = f"{unit.capitalize()}: every measure that changed"
        shown = effects_table(caption, part, units, about)
        section.tables.append(shown)
        section.figures.append(
            (
                f"{unit.capitalize()}, the largest differences first; {note}.",
                _forest(part, note, unit, units),
            )
        )
        variant_findings(section, label, shown, name="metric", units=units)
        sections.append(section)
    mechanical = table[table["clear"] == "direct effect"]["metric"].tolist()
    if mechanical:
        sections[0].notes.append(
            "Direct effects of the rule change (by construction: shown in the tables, not "
            "tested as findings): " + ", ".join(mechanical) + "."
        )
    still = table[table[f"{units} changed"] == 0]["metric"].tolist()
    if still:
        sections[0].notes.append("Unchanged in every game: " + ", ".join(still) + ".")
    warnings = []
    if shared and not changed_games:
        warnings.append(
            f"The variant ({label}) changed none of {shared} games: the situation its rule is "
            "about never arose, so this comparison says nothing about it."
        )
    top = header(rec_a, base, command or command_line())
    top["study"]["games"] = min(len(base.games), len(variant.games))
    top["option_tables"] = {"Baseline options": options_a, "Variant options": options_b}
    top["study"]["games changed by the variant"] = f"{changed_games} of {shared}"
    return write_pages(
        path,
        title=f"{info.title}: variant against baseline",
        subtitle=label,
        sections=sections,
        top=top,
        record=rec_a,
        extra_warnings=warnings,
    )
