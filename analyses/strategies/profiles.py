"""What each entrant actually does: the share of its decisions that chose each kind of action,
early, in the middle and late in the game.

Read from the studies' ``choices`` table (:mod:`analyses.studies.trace`: decisions counted per
game, seat, decision kind, third of the game by turn, and the kind of action chosen — the words
of the game's strategy files where it has a vocabulary). A share is a ratio of sums: the
entrant's decisions of a kind over all its decisions in that part of the game, with the deal as
the unit (every game of a deal, in every line-up and rotation, summed) and a 95% interval over
deals (:func:`analyses.statistics.pergame.ratio`).

>>> choices = pd.DataFrame({"lineup": 0, "game": 0, "deal": [0, 0, 1], "seat": 0,
...     "kind": "turn", "part": [0, 0, 2], "action": ["dive", "rest", "dive"],
...     "decisions": [3, 1, 2], "entrant": "a"})
>>> table = profile_table(choices, ["a"], seed=0)
>>> table.frame[["entrant", "phase", "decisions"]].values.tolist()
[['a', 'early', 4], ['a', 'late', 2]]
>>> table.frame["dive"].iloc[0].value
0.75
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from analyses.reports.figures import figure_uri
from analyses.reports.tables import Section, Table
from analyses.statistics import pergame
from analyses.studies.trace import PHASES

__all__ = ["profile_table", "profiles_section"]


def profile_table(choices: pd.DataFrame, order: Sequence[str], seed: int) -> Table:
    """One row per entrant (in ``order``) and part of the game it made decisions in: its
    decisions there, and the share of each kind of action with its interval over deals."""
    kinds = list(choices.groupby("action")["decisions"].sum().sort_values(ascending=False).index)
    deals = sorted(choices["deal"].unique())
    rows = []
    for entrant in order:
        mine = choices[choices["entrant"] == entrant]
        for part, phase in enumerate(PHASES):
            here = mine[mine["part"] == part]
            if here.empty:
                continue
            total = here.groupby("deal")["decisions"].sum().reindex(deals, fill_value=0)
            row: dict[str, object] = {
                "entrant": entrant,
                "phase": phase,
                "decisions": int(here["decisions"].sum()),
            }
            for kind in kinds:
                chosen = here[here["action"] == kind].groupby("deal")["decisions"].sum()
                counts = chosen.reindex(deals, fill_value=0).to_numpy(float)
                row[str(kind)] = pergame.ratio(counts, total.to_numpy(float), seed=seed)
            rows.append(row)
    return Table(
        "The share of its decisions that chose each kind of action, by part of the game",
        pd.DataFrame(rows, columns=["entrant", "phase", "decisions", *map(str, kinds)]),
        over="deals (each entrant's decisions in every game of the deal summed)",
    )


def profiles_section(
    choices: pd.DataFrame, order: Sequence[str], sample: str, seed: int
) -> Section:
    """The profiles of the entrants (``order``: the strongest first): the table, a figure of
    stacked shares per part of the game, and a note on where the kinds come from."""
    section = Section(
        "What each entrant does",
        "The share of each entrant's decisions that chose each kind of action, in the first, "
        "middle and last third of the game (by turn), from every game it played: the kinds of "
        "action are the words of the game's strategy files where it has them (the action's "
        "class otherwise). Intervals: 95%, over deals.",
    )
    if choices.empty:
        section.notes.append(
            "No choices were recorded: the studies were stored before atoll recorded them (or "
            "played without the recording); play the tournament into a new folder to see them."
        )
        return section
    table = profile_table(choices, order, seed)
    section.tables.append(table)
    section.figures.append(
        (
            f"The share of each kind of action among each entrant's decisions, early, in the "
            f"middle and late ({sample}).",
            figure_uri(_figure(table, order)),
        )
    )
    return section


def _figure(table: Table, order: Sequence[str]) -> Figure:
    frame = table.frame
    kinds = [c for c in frame.columns if c not in ("entrant", "phase", "decisions")]
    width = max(1, len(order))
    fig = Figure(figsize=(min(2.2 * width + 1.8, 16), 3.2))
    axes = fig.subplots(1, width, sharey=True, squeeze=False)[0]
    colours = {kind: f"C{k % 10}" for k, kind in enumerate(kinds)}
    for ax, entrant in zip(axes, order, strict=True):
        mine = frame[frame["entrant"] == entrant]
        phases = list(mine["phase"])
        bottom = np.zeros(len(phases))
        for kind in kinds:
            shares = np.array([_value(e) for e in mine[kind]])
            ax.bar(phases, shares, bottom=bottom, color=colours[kind], label=kind, width=0.7)
            bottom += shares
        ax.set_title(_short(entrant), fontsize=8)
        ax.tick_params(axis="x", labelsize=7)
    axes[0].set_ylabel("share of its decisions")
    axes[0].set_ylim(0, 1)
    handles, labels = axes[0].get_legend_handles_labels()  # every panel has every kind
    axes[-1].legend(
        handles, labels, loc="upper left", bbox_to_anchor=(1.02, 1.0), frameon=False, fontsize=7
    )
    fig.tight_layout()
    return fig


def _value(e: object) -> float:
    value = getattr(e, "value", math.nan)
    return 0.0 if value is None or math.isnan(value) else float(value)


def _short(name: str, width: int = 22) -> str:
    return name if len(name) <= width else name[: width - 1] + "…"
