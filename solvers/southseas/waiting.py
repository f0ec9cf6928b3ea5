"""What an open feature waits for: the tiles that fit each position it needs, and the exact
chance that one of the next draws is one of them.

For each empty position a feature needs filled (a port of it faces there; for a market, each
empty neighbour on the frontier — one with no placed neighbour cannot take a tile yet), the tile
types left in the stack that fit there now (SS-P3, every rotation that fits), how many copies of
them are left (``m`` of the stack's ``N``), and the chance that at least one of the next ``k``
draws is one of them: hypergeometric, ``1 - C(N - m, k) / C(N, k)``, as an exact fraction. A
tile already drawn and not yet placed is not in the stack and not counted.

>>> chance_within(4, 1, 2)  # one fitting tile among 4, two draws
Fraction(1, 2)
>>> chance_within(5, 0, 3), chance_within(5, 2, 4)
(Fraction(0, 1), Fraction(1, 1))
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from math import comb

from models.southseas.board import Board
from models.southseas.geometry import Position
from solvers.southseas.features import OpenFeature, Supply, fitting


def chance_within(stack: int, fitting_copies: int, draws: int) -> Fraction:
    """The chance that at least one of the next ``draws`` of a stack of ``stack`` tiles is one
    of ``fitting_copies`` given tiles (draws past the stack's end count as not drawn)."""
    k = min(draws, stack)
    if k <= 0:
        return Fraction(0)
    return 1 - Fraction(comb(stack - fitting_copies, k), comb(stack, k))


@dataclasses.dataclass(frozen=True)
class Wanted:
    """One position a feature needs: what fits there now and the chance of drawing it."""

    position: Position
    fits: tuple[tuple[str, tuple[int, ...]], ...]  # (tile id, rotations)
    copies: int
    chance: Fraction


@dataclasses.dataclass(frozen=True)
class Waiting:
    """What a feature waits for: per position, and any of them (``copies`` of the union)."""

    draws: int
    stack: int
    positions: tuple[Wanted, ...]
    copies: int
    chance: Fraction


def waiting_for(board: Board, feature: OpenFeature, supply: Supply, draws: int) -> Waiting:
    """The tiles each position ``feature`` needs waits for, and the chance within ``draws``."""
    n = sum(supply.stack)
    wanted, union = [], set()
    for q in feature.needs:
        if q not in board.frontier:
            continue
        found = fitting(board, supply, q, supply.stack)
        copies = sum(supply.stack[i] for i, _ in found)
        union |= {i for i, _ in found}
        fits = tuple((supply.types[i].id, rotations) for i, rotations in found)
        wanted.append(Wanted(q, fits, copies, chance_within(n, copies, draws)))
    copies = sum(supply.stack[i] for i in union)
    return Waiting(draws, n, tuple(wanted), copies, chance_within(n, copies, draws))
