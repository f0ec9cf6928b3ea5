"""Figures of a report: estimates drawn with their intervals, embedded as PNG data URIs.

>>> from analyses.statistics.stats import Estimate
>>> fig = bars(["seat 0", "seat 1"], [Estimate(0.6, 0.5, 0.7, 80), Estimate(0.4, 0.3, 0.5, 80)],
...            even=0.5, ylabel="win share")
>>> figure_uri(fig).startswith("data:image/png;base64,")
True
"""

from __future__ import annotations

import base64
import io
from collections.abc import Sequence
from typing import Any

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from analyses.statistics.stats import Estimate


def figure_uri(fig: Figure) -> str:
    """A figure as an embedded PNG (``data:`` URI)."""
    FigureCanvasAgg(fig)
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=100, bbox_inches="tight", facecolor="white")
    return "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode()


def error_bars(
    ax: Any, xs: Sequence[Any], es: Sequence[Estimate], width: float = 0.8, **kw: Any
) -> None:
    """Bars of estimates with their intervals (an estimate that did not vary has none)."""
    values = [e.value for e in es]
    ax.bar(xs, values, width, **kw)
    low = [0.0 if e.constant else max(0.0, e.value - e.low) for e in es]
    high = [0.0 if e.constant else max(0.0, e.high - e.value) for e in es]
    ax.errorbar(xs, values, yerr=[low, high], fmt="none", color="black", capsize=3)


def dot_plot(
    labels: Sequence[str],
    es: Sequence[Estimate],
    *,
    xlabel: str,
    top: int = 15,
    lowest: bool = False,
) -> Figure:
    """The ``top`` estimates (by value) as dots with their intervals, largest first (smallest
    first with ``lowest``): a table of many rows at a glance."""
    order = sorted(range(len(es)), key=lambda i: es[i].value, reverse=not lowest)[:top]
    fig = Figure(figsize=(6.5, 0.32 * len(order) + 1.0))
    ax = fig.subplots()
    y = list(range(len(order)))
    values = [es[i].value for i in order]
    low = [0.0 if es[i].constant else max(0.0, es[i].value - es[i].low) for i in order]
    high = [0.0 if es[i].constant else max(0.0, es[i].high - es[i].value) for i in order]
    ax.errorbar(values, y, xerr=[low, high], fmt="o", color="#1f5fd6", capsize=3)
    ax.set_yticks(y, [labels[i] for i in order], fontsize=8)
    ax.invert_yaxis()
    ax.set_xlabel(xlabel)
    ax.grid(axis="x", alpha=0.3)
    fig.tight_layout()
    return fig


def legend_outside(ax: Any, **kw: Any) -> None:
    """A legend to the right of the axes, where it covers no data."""
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False, fontsize=8, **kw)


def bars(
    labels: Sequence[str], es: Sequence[Estimate], *, even: float | None = None, ylabel: str = ""
) -> Figure:
    """One bar per estimate with its interval, and the even share as a dashed line."""
    fig = Figure(figsize=(6, 3))
    ax = fig.subplots()
    error_bars(ax, list(labels), es, color="#5d7f94")
    if even is not None:
        ax.axhline(even, color="#c0392b", linestyle="--", label=f"even share {even:.2f}")
        legend_outside(ax)
    ax.set_ylabel(ylabel)
    return fig


def log_ticks(ax: Any, values: Sequence[float]) -> None:
    """Numbered ticks on a log-scale y axis, whatever its range: the 1-2-5 numbers within the
    values' range (every whole number 1-9 times a power of ten when that gives fewer than 3),
    written as plain numbers (a range within one decade has no power of ten to number).

    >>> fig = Figure()
    >>> ax = fig.subplots()
    >>> ax.set_yscale("log")
    >>> log_ticks(ax, [2.4, 3.1, 4.2])
    >>> [float(t) for t in ax.get_yticks()]
    [2.0, 3.0, 4.0, 5.0, 6.0]
    """
    import math

    from matplotlib.ticker import FixedLocator, NullFormatter, NullLocator, ScalarFormatter

    finite = [v for v in values if v > 0 and math.isfinite(v)]
    if not finite:
        return
    low, high = min(finite), max(finite)
    ticks: list[float] = []
    for subs in ((1, 2, 5), tuple(range(1, 10))):
        ticks = [
            m * 10.0**k
            for k in range(math.floor(math.log10(low)) - 1, math.ceil(math.log10(high)) + 1)
            for m in subs
            if low / 1.5 <= m * 10.0**k <= high * 1.5
        ]
        if len(ticks) >= 3:
            break
    ax.yaxis.set_major_locator(FixedLocator(ticks))
    ax.yaxis.set_minor_locator(NullLocator())
    ax.yaxis.set_major_formatter(ScalarFormatter())
    ax.yaxis.set_minor_formatter(NullFormatter())
