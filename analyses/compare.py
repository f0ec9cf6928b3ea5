"""Two rule variants side by side: the same games, seeds and agents, one option changed.

Because both studies play game ``i`` from the same seed, every difference is measured game by
game (a paired difference with its interval over games): the variant's effect, not the luck of
the draw, shows; the table's p-values are adjusted by Holm, and one effect is tested once.
Compared: scores, the first seat's win share, game length, every numeric column of the game's
summary, and how often every event kind happens.

>>> import tempfile
>>> from pathlib import Path
>>> from analyses.store import StudyStore
>>> from analyses.study import StudyConfig, run_study
>>> with tempfile.TemporaryDirectory() as tmp:
...     stores = []
...     for name, options in (("a", {}), ("b", {"recall": "never"})):
...         config = StudyConfig("southseas", players=2, games=5, seed=2, options=options)
...         stores.append(StudyStore.create(Path(tmp) / name, config))
...         _ = run_study(config, store=stores[-1])
...     table = differences(stores[0].frames(), stores[1].frames())
...     "score (mean of all seats)" in set(table["metric"])
True
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from analyses.figures import figure_uri
from analyses.frames import GAME_COLUMNS, StudyFrames
from analyses.provenance import command_line, option_rows
from analyses.report import header, write_pages
from analyses.sections import effects_table, variant_findings
from analyses.tables import Section
from analyses.variants import Measure, compared, games_changed
from models.core import game_info
from models.errors import AtollError


def _per_game(frames: StudyFrames) -> pd.DataFrame:
    """One row per game: the measures compared, indexed by game."""
    games = frames.games.set_index("game")
    players = frames.players
    out = pd.DataFrame(index=games.index)
    out["score (mean of all seats)"] = players.groupby("game")["score"].mean()
    out["first seat's win share"] = players[players["seat"] == 0].set_index("game")["win_share"]
    out["moves"] = games["moves"]
    for column in games.columns:
        if column not in GAME_COLUMNS and pd.api.types.is_numeric_dtype(games[column]):
            out[column] = games[column].astype(float)
    counts = frames.events.groupby(["game", "kind"]).size().unstack(fill_value=0)
    for kind in counts.columns:
        out[f"events: {kind}"] = counts[kind]
    return out.fillna(0.0)


def differences(base: StudyFrames, variant: StudyFrames) -> pd.DataFrame:
    """Each measure in both studies and the variant's paired difference, with intervals over
    games, p-values and Holm-adjusted p-values (:func:`analyses.variants.compared`)."""
    a, b = _per_game(base), _per_game(variant)
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
    return compared(measures).rename(columns={"measure": "metric", "study": "baseline"})


def _forest(table: pd.DataFrame, note: str) -> str:
    clear = table[table["clear"] == "yes"].head(15)
    shown = clear if not clear.empty else table.head(10)
    fig = Figure(figsize=(7, 0.4 * len(shown) + 1.2))
    ax = fig.subplots()
    diffs = list(shown["difference"])
    y = np.arange(len(diffs))
    centre = [d.value for d in diffs]
    ax.errorbar(
        centre,
        y,
        xerr=[
            [max(0.0, d.value - d.low) for d in diffs],
            [max(0.0, d.high - d.value) for d in diffs],
        ],
        fmt="o",
        color="#1f5fd6",
        capsize=3,
    )
    ax.axvline(0, color="#c0392b", linestyle="--")
    ax.set_yticks(y, list(shown["metric"]))
    ax.invert_yaxis()
    ax.set_xlabel("variant minus baseline, per game (95% interval)")
    ax.set_title(note, fontsize=9)
    return figure_uri(fig)


def write_comparison(
    base_store: Any, variant_store: Any, path: Path, *, command: str | None = None
) -> Path:
    """Render the comparison of two stored studies to ``path`` and ``report.json`` beside it
    (atomically)."""
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
    table = differences(base, variant)
    seed = rec_a["config"]["seed"]
    note = f"{len(base.games)} and {len(variant.games)} games, same seeds (study seed {seed})"
    section = Section(
        "Differences",
        "Measured game by game on the same seeds: the variant minus the baseline, with a 95% "
        "interval over games; p: sign-flip permutation test of the per-game differences; "
        "adjusted by Holm over the whole table; 'clear' when the adjusted p is below 0.05. A "
        "measure whose differences are another's (the same effect under another name, or its "
        "mirror) is tested once and shown as 'same as ...'.",
        tables=[effects_table("Every measure", table)],
        figures=[(f"The clear differences (or the first measures); {note}.", _forest(table, note))],
    )
    label = "; ".join(changed) or "no option differs"
    variant_findings(section, label, table.rename(columns={"metric": "measure"}))
    changed_games, shared = games_changed(base, variant)
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
        sections=[section],
        top=top,
        record=rec_a,
        extra_warnings=warnings,
    )
