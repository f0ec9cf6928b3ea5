"""The lower bounds the exhaustive search (:mod:`solvers.southseas.exhaust`) cuts with, at a
board where the feature is open at some positions: the new positions their tiles must open
(:func:`growth`), and whether each can get its own fitting copy at all (:func:`all_fit`).

>>> growth({1: ((5, 6), [2, 1]), 2: ((6,), [1]), 3: ((7,), [0, 3])})  # 1 and 2 share 6
1
>>> all_fit({1: [0], 2: [0]}, [1]), all_fit({1: [0], 2: [0, 1]}, [1, 1])
(False, True)
"""

from __future__ import annotations

from models.southseas.finishable import matching


def growth(spread: dict[int, tuple[tuple[int, ...], list[int]]]) -> int:
    """New positions a completion must fill besides those the feature is open at, at least:
    a position's tile opens at least its least ``spread``, and positions with no empty
    neighbour in common open different ones, so theirs add up (picked greedily, largest
    first). Every completion fills those too: a lower bound on the tiles to add."""
    total, taken = 0, set[int]()
    for least, near in sorted(((min(g, default=0), near) for near, g in spread.values()),
                              reverse=True):  # fmt: skip
        if least and not taken.intersection(near):
            taken.update(near)
            total += least
    return total


def all_fit(shapes_at: dict[int, list[int]], copies: list[int]) -> bool:
    """Whether every position can get its own copy of a shape that fits it (``shapes_at``:
    per position, the shapes with a copy left that fit it; a matching of positions to copies
    covering all positions, shapes playing the part of types). When each position has as many
    fitting copies as there are positions, it can (Hall's condition)."""
    n = len(shapes_at)
    if all(sum(copies[j] for j in found) >= n for found in shapes_at.values()):
        return True
    ordered = dict(sorted(shapes_at.items(), key=lambda item: len(item[1])))
    return matching(ordered, copies) == n
