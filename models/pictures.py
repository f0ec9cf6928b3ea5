"""Writing a game's picture: a matplotlib figure as PNG bytes or as a file written atomically.

The games draw (each game's ``render.py``); this module only writes, so it imports no
matplotlib itself.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from models.files import atomic_write

__all__ = ["figure_png", "save_figure"]


def figure_png(figure: Any, *, dpi: int = 100) -> bytes:
    """The figure as PNG bytes on white (what a notebook shows)."""
    buffer = io.BytesIO()
    figure.savefig(buffer, dpi=dpi, format="png", facecolor="white")
    return buffer.getvalue()


def save_figure(figure: Any, path: str | Path, *, dpi: int = 100) -> Path:
    """Write the figure as a PNG (making folders), atomically: an interrupted write leaves any
    earlier picture intact. Returns the path."""
    with atomic_write(path) as handle:
        figure.savefig(handle, dpi=dpi, format="png", facecolor="white")
    return Path(path)
