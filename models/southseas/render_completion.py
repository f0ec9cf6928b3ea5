"""Draw a South Seas board with extra tiles on it, outlined: a completion a solver found.

The tiles are placed on a copy of the position's board (the position itself is left alone; no
feature is evaluated, no islander moves) and drawn by :func:`~models.southseas.render.draw_board`;
each extra tile gets a thick outline (gid ``added tiles``) so the picture shows what was added.

>>> from models.core import load_game
>>> state = load_game("southseas", 2).new_initial_state()
>>> state.apply(state.chance_outcomes()[0][0]); state.apply(state.chance_outcomes()[0][0])
>>> cap = next(t for t in state.game.tiles.types if t.edges == "ISSS")
>>> figure = draw_with_tiles(state, [(cap.id, 0, -1, 2)], title="A cap")
>>> [a.get_gid() for a in figure.axes[0].collections if a.get_gid() == "added tiles"]
['added tiles']
>>> len(state.board.tiles)
1
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from matplotlib.collections import PolyCollection
from matplotlib.figure import Figure

from models.errors import AtollError
from models.southseas.position import SouthSeasPosition
from models.southseas.render import draw_board

#: (tile id, x, y, rotation) of a tile to add.
Added = tuple[str, int, int, int]
_SQUARE = np.array(((-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5)))


def draw_with_tiles(
    state: SouthSeasPosition,
    tiles: Sequence[Added],
    *,
    title: str | None = None,
    note: str | None = None,
    colour: str = "#d62728",
) -> Figure:
    """The board of ``state`` with ``tiles`` placed on a copy (in order; each must fit when
    placed, else :class:`AtollError`), the added ones outlined in ``colour``."""
    twin: Any = state.clone()  # type: ignore[attr-defined]
    by_id = twin.game.tiles.by_id()
    for tile_id, x, y, rotation in tiles:
        tile = by_id.get(tile_id)
        if tile is None or not twin.board.fits(tile, (x, y), rotation):
            raise AtollError(f"tile {tile_id!r} does not fit at ({x},{y}) r{rotation}")
        twin.board.place(tile, (x, y), rotation)
    figure = draw_board(twin, title=title, note=note)
    squares = [_SQUARE * 0.94 + (x, y) for _, x, y, _ in tiles]
    outline = PolyCollection(squares, fc="none", ec=colour, lw=2.5, zorder=6, gid="added tiles")
    figure.axes[0].add_collection(outline)
    return figure
