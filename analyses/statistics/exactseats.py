"""The seat test's per-seat p-values computed exactly, where the design allows it.

The seat test (:func:`analyses.statistics.seating.seat_test`) permutes the rotations of a lineup
among the games of one *stratum* (a deal of the duplicate design, with one lineup up to rotation)
and turns a lineup that some rotation maps onto itself. The strata are permuted independently,
so a seat's total win share under the permutations is a sum of independent per-stratum
contributions: its exact distribution is the convolution of each stratum's, and each
stratum's comes from enumerating its arrangements (its games' rotations in every order, each
turned by every multiple of its period: 3! = 6 for a 3-player deal, 4! x 2^4 = 384 for a
4-player deal of two agents alternating). Win shares lie on a grid (1/k for k tied winners),
so the totals do too. The p-value of a seat is then the exact probability that its total lies
at least as far from its expectation as the one observed — no Monte Carlo error, so a finding
cannot turn on the permutation seed.

Where a stratum has too many arrangements (the fixed design's strata are whole lineup classes
of many games) or the shares lie on no grid, :func:`exact_seat_ps` returns None and the seat
test samples permutations as before.

>>> # 2 seats, 4 deals of 2 rotations; seat 1 won both rotations of deals 1-3
>>> slots = np.array([[1.0, 0.0]] * 2 + [[0.0, 1.0], [1.0, 0.0]] * 3)
>>> classes = {d: [2 * d, 2 * d + 1] for d in range(4)}
>>> shift, period = np.array([0, 1] * 4), np.array([2] * 8)
>>> exact_seat_ps(classes, shift, period, slots, np.array([1.0, 7.0]), np.array([4.0, 4.0]))
array([0.25, 0.25])
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from analyses.statistics.signflip import MAX_CELLS, on_grid

__all__ = ["MOST_ARRANGEMENTS", "exact_seat_ps"]

#: The most arrangements of one stratum that are enumerated (a larger one is sampled).
MOST_ARRANGEMENTS = 50_000


def exact_seat_ps(
    classes: Mapping[Any, Sequence[int]],
    shift: np.ndarray,
    period: np.ndarray,
    slots: np.ndarray,
    observed: np.ndarray,
    expected: np.ndarray,
) -> np.ndarray | None:
    """Each seat's exact two-sided p-value under the seat test's permutations, or None.

    ``classes`` maps each stratum to its games (rows of ``slots``: each game's win shares in
    the order of its lineup's least rotation); game g's slot 0 sits on seat ``shift[g]``, and
    its lineup repeats after ``period[g]`` seats; ``observed`` and ``expected`` are each
    seat's total win share and its exact expectation under the permutations.
    """
    size = slots.shape[1]
    scaled = on_grid(np.append(slots.ravel(), 1.0))
    if scaled is None or scaled.min() < 0:
        return None
    q = int(scaled[-1])
    ints = scaled[:-1].reshape(slots.shape)
    pmfs = [np.ones(1) for _ in range(size)]
    for members in classes.values():
        contributions = _arrangements(np.asarray(members), shift, period, ints)
        if contributions is None:
            return None
        for seat in range(size):
            counts = np.bincount(contributions[:, seat])
            if len(pmfs[seat]) * len(counts) > MAX_CELLS:
                return None
            pmfs[seat] = np.convolve(pmfs[seat], counts / len(contributions))
    ps = np.empty(size)
    for seat, pmf in enumerate(pmfs):
        totals = np.arange(len(pmf))
        centre = expected[seat] * q
        far = np.abs(totals - centre) >= abs(observed[seat] * q - centre) - 1e-7
        ps[seat] = min(1.0, float(pmf[far].sum()))
    return ps


def _arrangements(
    games: np.ndarray, shift: np.ndarray, period: np.ndarray, ints: np.ndarray
) -> np.ndarray | None:
    """Each seat's total (on the grid) in every arrangement of one stratum's games
    (arrangements x seats), all equally likely; None when there are too many."""
    size = ints.shape[1]
    m = len(games)
    turns = [range(0, size, int(period[g])) for g in games]
    if math.factorial(m) * math.prod(len(t) for t in turns) > MOST_ARRANGEMENTS:
        return None
    orders = np.array(list(itertools.permutations(range(m))), dtype=int).reshape(-1, m)
    spins = np.array(list(itertools.product(*turns)), dtype=int).reshape(-1, m)
    placed = (shift[games][orders][:, None, :] + spins[None, :, :]) % size  # slot 0's seat
    placed = placed.reshape(-1, m)
    # seat j receives slot (j - placed) % size of each game
    slot_of = (np.arange(size)[None, None, :] - placed[:, :, None]) % size
    rows = np.arange(m)[None, :, None]
    return np.asarray(ints[games][rows, slot_of].sum(axis=1), dtype=np.int64)
