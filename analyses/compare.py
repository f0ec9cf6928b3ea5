"""Two rule variants side by side: the same games, seeds and agents, one option changed.

Because both studies play game ``i`` from the same seed, every difference is measured game by
game (a paired difference with its t interval): the variant's effect, not the luck of the
draw, shows. Compared: scores, the first seat's win share, game length, every numeric column of
the game's summary, and how often every event kind happens.

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

import json
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from analyses.frames import GAME_COLUMNS, StudyFrames
from analyses.report import estimate_cell, figure_uri, render, table_html, warnings_of
from analyses.variants import Measure, compared
from models.core import game_info
from models.errors import AtollError
from models.files import write_bytes_atomically


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
    """Each measure in both studies and the variant's paired difference, with intervals."""
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
    table = compared(measures)
    return pd.DataFrame(
        {
            "metric": table["measure"],
            "baseline [95% CI]": table["study"].map(estimate_cell),
            "variant [95% CI]": table["variant"].map(estimate_cell),
            "difference [95% CI]": table["difference"].map(estimate_cell),
            "clear": table["clear"].map({True: "yes", False: ""}),
            "n": table["n"],
            "_diff": table["difference"],
        }
    )


def _forest(table: pd.DataFrame, note: str) -> str:
    clear = table[table["clear"] == "yes"].head(15)
    shown = clear if not clear.empty else table.head(10)
    fig = Figure(figsize=(7, 0.4 * len(shown) + 1.2))
    ax = fig.subplots()
    diffs = list(shown["_diff"])
    y = np.arange(len(diffs))
    centre = [d.value for d in diffs]
    ax.errorbar(
        centre,
        y,
        xerr=[[d.value - d.low for d in diffs], [d.high - d.value for d in diffs]],
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


def write_comparison(base_store: Any, variant_store: Any, path: Path) -> Path:
    """Render the comparison of two stored studies to ``path`` (atomically)."""
    base, variant = base_store.frames(), variant_store.frames()
    rec_a, rec_b = base_store.record, variant_store.record
    changed = {
        k: (rec_a["options"].get(k), v)
        for k, v in rec_b["options"].items()
        if rec_a["options"].get(k) != v
    }
    table = differences(base, variant)
    info = game_info(rec_a["config"]["game"])
    seed = rec_a["config"]["seed"]
    note = f"{len(base.games)} and {len(variant.games)} games, same seeds (study seed {seed})"
    section = {
        "title": "Differences",
        "intro": "Measured game by game on the same seeds; 'clear' marks a difference whose 95% "
        "interval leaves zero.",
        "tables": [("Every measure", table_html(table.drop(columns="_diff"), index=False))],
        "figures": [
            (f"The clear differences (or the first measures); {note}.", _forest(table, note))
        ],
        "notes": [],
    }
    html = render(
        "report.html.j2",
        title=f"{info.title}: variant against baseline",
        subtitle="; ".join(f"{k}: {a!r} → {b!r}" for k, (a, b) in changed.items())
        or "no option differs",
        warnings=warnings_of(rec_a),
        facts=[
            ("baseline options", json.dumps(rec_a["options"], sort_keys=True)),
            ("variant options", json.dumps(rec_b["options"], sort_keys=True)),
            ("agents", ", ".join(rec_a["config"]["agents"])),
            ("games", note),
        ],
        sections=[section],
        version=rec_a.get("atoll", "?"),
    )
    return write_bytes_atomically(path, html.encode("utf-8"))
