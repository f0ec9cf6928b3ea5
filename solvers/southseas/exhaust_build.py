"""``python -m solvers.southseas.exhaust_build``: compile the exhaustive search into numba's
disk cache and end (exit status 0 also when another build holds the lock and this one leaves
it to that one).

:func:`~solvers.southseas.exhaust_ready.build_elsewhere` starts it in the background on the
first call that needs the compiled search (:mod:`~solvers.southseas.exhaust_ready`); run by
hand after an installation, it spares even that. It searches a feature of the start tile
alone with a budget of one board: what it compiles is what every search calls, for its
arrays have the same types whatever the board.
"""

from __future__ import annotations

import math
import sys

from models.southseas.board import Board
from models.southseas.components import Kind
from models.southseas.tilefile import load_tiles
from solvers.southseas import exhaust_arrays
from solvers.southseas.exhaust import _Search
from solvers.southseas.exhaust_ready import hold_lock
from solvers.southseas.features import Supply, open_features


def example() -> _Search:
    """A search of the bundled start tile's first open feature (not a market), not run."""
    tiles = load_tiles()
    counts = tuple(t.count for t in tiles.types)
    board = Board(tiles.start)
    features = open_features(board)
    feature = next(f for f in features if f.kind is not Kind.MARKET)
    ports = {f.root: f.ports for f in features}
    return _Search(board, feature, Supply(tiles.types, counts, counts), ports, 1, math.inf)


def build() -> None:
    """Compile the search in this process, or load it from numba's cache (what a benchmark
    does before it measures)."""
    exhaust_arrays.run(exhaust_arrays.tables(example()), 1, 1, math.inf)


def main() -> int:
    if hold_lock() is None:
        return 0  # another process is building it
    build()
    return 0


if __name__ == "__main__":
    sys.exit(main())
