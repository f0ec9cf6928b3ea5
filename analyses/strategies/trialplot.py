"""The picture of a best-response search: the win share of every trial against the value of
each searched parameter (one panel a parameter), the best trial marked.

>>> import tempfile
>>> trials = [{"k": 0, "values": {"top": 2}, "share": 0.6}, {"k": 1, "values": {"top": 4},
...           "share": 0.4}]
>>> with tempfile.TemporaryDirectory() as tmp:
...     write_trial_plot(trials, Path(tmp) / "t.png", "low-cards").stat().st_size > 1000
True
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from matplotlib.figure import Figure

from models.files import write_bytes_atomically

__all__ = ["write_trial_plot"]


def write_trial_plot(trials: Sequence[Mapping[str, Any]], path: Path, strategy: str) -> Path:
    """Draw the trials (see the module) into ``path`` (PNG, written atomically)."""
    names = sorted({n for t in trials for n in t["values"]})
    fig = Figure(figsize=(4.2 * max(1, len(names)), 3.4))
    best = max(trials, key=lambda t: (t["share"], -t["k"]))
    for i, name in enumerate(names):
        ax = fig.add_subplot(1, max(1, len(names)), i + 1)
        xs = [t["values"][name] for t in trials]
        ys = [t["share"] for t in trials]
        ax.scatter(xs, ys, s=22, color="#4477aa", alpha=0.75, label="trial")
        ax.scatter([best["values"][name]], [best["share"]], s=80, facecolors="none",
                   edgecolors="#cc3311", linewidths=2, label="best")  # fmt: skip
        ax.set_xlabel(name)
        ax.set_ylabel("win share against the field")
        ax.grid(alpha=0.3)
        if i == 0:
            ax.legend(loc="best", fontsize=8)
    fig.suptitle(f"Best response of {strategy}: {len(trials)} trials (same deals each)")
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=100, bbox_inches="tight", facecolor="white")
    return write_bytes_atomically(path, buffer.getvalue())
