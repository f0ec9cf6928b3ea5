"""Brute force for the completability tests: every sequence of tiles from a small stack, each
placed in every legal way, breadth first, so the first depth that completes is the fewest."""

from __future__ import annotations

from collections import Counter

from models.southseas.board import Board
from models.southseas.state import SouthSeasState
from solvers.southseas.features import OpenFeature, supply_of


def complete(board: Board, feature: OpenFeature) -> bool:
    if feature.market is not None:
        return board.missing[feature.market] == 0
    return board.feature_of(feature.root).open == 0


def fewest_by_brute_force(state: SouthSeasState, feature: OpenFeature) -> int | None:
    """The fewest tiles of the stack (and a drawn tile) that complete ``feature`` when placed
    one after another legally (SS-P2, SS-P3) in any order and any way; ``None``: none do."""
    supply = supply_of(state)
    level: dict[frozenset[tuple[str, int, int, int]], Board] = {frozenset(): state.board}
    for depth in range(supply.total + 1):
        if any(complete(board, feature) for board in level.values()):
            return depth
        after: dict[frozenset[tuple[str, int, int, int]], Board] = {}
        for key, board in level.items():
            used = Counter(tile for tile, *_ in key)
            for tile, copies in zip(supply.types, supply.usable, strict=True):
                if copies - used[tile.id] <= 0:
                    continue
                for place in board.legal_placements(tile):
                    grown = key | {(tile.id, place.x, place.y, place.rotation)}
                    if grown not in after:
                        twin = board.clone()
                        twin.place(tile, (place.x, place.y), place.rotation)
                        after[grown] = twin
        level = after
    return None
