"""The figures of a tuning's page: the objective by trial, the objective against each parameter,
and each seat's win share before and after the tuning.

Drawn on matplotlib's object API (no pyplot: nothing global, safe headless and in workers).
optuna's ``plot_slice`` draws the second through pyplot and colours by trial number; here each
panel also marks the starting and the best trial's values, which is what a designer reads it
for.

>>> from analyses.statistics.stats import Estimate
>>> ax = trials_figure([0.3, 0.1, 0.2]).axes[0]
>>> low, high = ax.get_xlim()
>>> [float(t) for t in ax.get_xticks() if low <= t <= high]  # trials are whole numbers
[1.0, 2.0, 3.0]
>>> before = {0: Estimate(0.6, 0.55, 0.65, 300), 1: Estimate(0.4, 0.35, 0.45, 300)}
>>> len(seats_figure(before, before, 0.5).axes[0].patches)
4
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from analyses.reports.figures import legend_outside
from analyses.statistics.stats import Estimate
from analyses.tuning.params import Param

__all__ = ["seats_figure", "slices_figure", "trials_figure"]

POINT, BEST, START = "#5d7f94", "#c0392b", "#e08a00"


def trials_figure(values: Sequence[float]) -> Figure:
    """The objective of each trial (numbered from 1, whole-number ticks) and the best so far."""
    fig = Figure(figsize=(6.5, 3))
    ax = fig.subplots()
    trials = np.arange(1, len(values) + 1)
    ax.plot(trials, values, "o", color=POINT, markersize=4, label="trial")
    ax.step(trials, np.fmin.accumulate(np.asarray(values, float)), where="post", color=BEST,
            label="best so far")  # fmt: skip
    ax.xaxis.set_major_locator(MaxNLocator(integer=True, min_n_ticks=1))
    ax.set_xlim(0.5, len(values) + 0.5)
    ax.set_xlabel("trial")
    ax.set_ylabel("objective (lower is better)")
    legend_outside(ax)
    fig.tight_layout()
    return fig


def slices_figure(
    params: Sequence[Param],
    trials: Sequence[Mapping[str, Any]],
    values: Sequence[float],
    start: Mapping[str, Any],
    chosen: Mapping[str, Any],
) -> Figure:
    """One panel per parameter: each trial's objective against the parameter's value (a choice
    on a row of its own), the starting value and the best trial's marked."""
    count = len(params)
    columns = min(count, 3)
    rows = -(-count // columns)
    fig = Figure(figsize=(3.2 * columns + 0.4, 2.7 * rows))
    axes = np.atleast_1d(fig.subplots(rows, columns, squeeze=False).ravel())
    for ax, p in zip(axes, params, strict=False):
        shown = [(t[p.name], v) for t, v in zip(trials, values, strict=True) if p.name in t]
        xs: list[float]
        if p.kind == "choice":
            labels = [str(c) for c in p.choices]
            ax.set_xticks(range(len(labels)), labels, fontsize=8)
            where = {str(c): k for k, c in enumerate(p.choices)}
            xs = [float(where.get(str(x), -1)) for x, _ in shown]
            mark_start, mark_best = (
                where.get(str(start.get(p.name))),
                where.get(str(chosen.get(p.name))),
            )
        else:
            xs = [float(x) for x, _ in shown]
            mark_start, mark_best = start.get(p.name), chosen.get(p.name)
            if p.low is not None and p.high is not None:  # the whole range searched
                pad = 0.04 * (p.high - p.low)
                ax.set_xlim(p.low - pad, p.high + pad)
            if p.kind == "int":
                ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ys = [v for _, v in shown]
        ax.plot(xs, ys, "o", color=POINT, markersize=4, alpha=0.75, label="trial")
        if mark_start is not None:
            ax.axvline(float(mark_start), color=START, linestyle=":", label="start")
        if mark_best is not None:
            ax.axvline(float(mark_best), color=BEST, linestyle="--", label="best trial")
        ax.set_xlabel(p.name, fontsize=8)
        ax.tick_params(labelsize=8)
    for ax in axes[count:]:
        ax.set_visible(False)
    axes[0].set_ylabel("objective", fontsize=8)
    axes[min(count, columns) - 1].legend(frameon=False, fontsize=7, loc="best")
    fig.tight_layout()
    return fig


def seats_figure(
    before: Mapping[int, Estimate], after: Mapping[int, Estimate], even: float
) -> Figure:
    """Each seat's win share under the starting and the tuned values side by side, with 95%
    intervals, and the even share as a dashed line."""
    seats = sorted(before)
    fig = Figure(figsize=(6.5, 3))
    ax = fig.subplots()
    x = np.arange(len(seats))
    for shift, label, shares, colour in (
        (-0.2, "starting", before, "#9bb3c2"),
        (0.2, "tuned", after, POINT),
    ):
        es = [shares[s] for s in seats]
        heights = [e.value for e in es]
        low = [0.0 if e.constant else max(0.0, e.value - e.low) for e in es]
        high = [0.0 if e.constant else max(0.0, e.high - e.value) for e in es]
        ax.bar(x + shift, heights, 0.4, color=colour, label=label)
        ax.errorbar(x + shift, heights, yerr=[low, high], fmt="none", color="black", capsize=3)
    ax.axhline(even, color=BEST, linestyle="--", label=f"even share {even:.2f}")
    ax.set_xticks(x, [f"seat {s}" for s in seats])
    ax.set_ylabel("win share")
    legend_outside(ax)
    fig.tight_layout()
    return fig
