"""The compiled exhaustive search's Python side: the reference's tables laid out as arrays,
the buffers the search works in, and its rounds (:mod:`~solvers.southseas.exhaust_kernel` is
the compiled part: one board, and the tree below it).

:class:`~solvers.southseas.exhaust._Search` is the reference: it says what is searched, in
which order, what is cut and what counts in the budget. :func:`tables` lays its tables out as
arrays, the board as a grid around the tiles (a position's neighbour is an index plus a
step, a position within reach of every completion inside it); :func:`run` runs its rounds
(growing limits on part of the budget, then any size, then falling limits) over the compiled
search, which returns what the reference would after the same boards, counted the same way
(``tests/solvers/southseas/test_exhaust_arrays.py`` compares both on every open feature of
random positions).
"""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np
from numba.typed import List

from solvers.southseas.exhaust_kernel import CUT, DEAD, FOUND, MOST_TILES, STOP, grow
from solvers.southseas.kind_tables import FACING
from solvers.southseas.packing import pack, unpack

__all__ = ["DEAD", "FOUND", "MOST_TILES", "STOP", "Tables", "arguments", "run", "tables"]


#: The arguments of the compiled ``grow`` before the limit (:func:`arguments`).
Arguments = tuple[Any, Any, Any, Any, Any, Any, Any, Any, Any]


@dataclasses.dataclass(frozen=True)
class Tables:
    """What :func:`run` reads (see :func:`tables`): the arrays the compiled search takes, in
    its order, and the grid's origin and height (to tell positions), the board features of
    the kind, the feature's, the copies left per shape, room for its open positions, and the
    positions it needs."""

    arrays: tuple[np.ndarray, ...]
    x0: int
    y0: int
    height: int
    nboard: int
    target: int
    left: np.ndarray
    maxpos: int
    needs: int


def tables(search: Any) -> Tables:
    """The arrays :func:`run` reads, from a reference search ``search``
    (:class:`~solvers.southseas.exhaust._Search` as set up, not run), with at most
    :data:`MOST_TILES` tiles left (the limits its memo holds; no tile file has as many)."""
    if sum(search.left) > MOST_TILES:
        raise ValueError(f"{sum(search.left)} tiles left: the compiled search takes {MOST_TILES}")
    shapes = search.shapes
    nshapes = len(shapes)
    board_cells = [unpack(p) for p in search.placed]
    xs = [x for x, _ in board_cells]
    ys = [y for _, y in board_cells]
    margin = sum(search.left) + 3
    x0, y0 = min(xs) - margin, min(ys) - margin
    width, height = max(xs) - x0 + margin + 1, max(ys) - y0 + margin + 1

    def cell(packed: int) -> int:
        x, y = unpack(packed)
        return (x - x0) * height + (y - y0)

    ncells = width * height
    step = np.array([-1, height, 1, -height], np.int64)
    placed = np.zeros(ncells, np.bool_)
    for p in search.placed:
        placed[cell(p)] = True
    fcode = np.zeros(ncells, np.int64)
    for p, code in search.frontier.items():
        fcode[cell(p)] = code
    # board groups of the kind: 0.. in the order of ``board_open``; new groups after them
    roots = list(search.board_open)
    index = {root: i for i, root in enumerate(roots)}
    nboard = len(roots)
    open_start = np.zeros(nboard + 1, np.int64)
    open_cells: list[int] = []
    for i, root in enumerate(roots):
        open_cells.extend(sorted(cell(p) for p in search.board_open[root]))
        open_start[i + 1] = len(open_cells)
    bport = np.full(ncells * 12, -1, np.int64)
    for (p, port), root in search.board_port.items():
        bport[cell(p) * 12 + port] = index[root]
    fit = np.zeros((nshapes, 256), np.int64)
    side_code = np.zeros((nshapes, 4, 4), np.int64)
    port_piece = np.full((nshapes, 4, 12), -1, np.int64)
    reach = np.zeros((nshapes, 4, 12), np.int64)
    kp_n = np.zeros((nshapes, 4), np.int64)
    kp_piece = np.zeros((nshapes, 4, 12), np.int64)
    kp_nports = np.zeros((nshapes, 4, 12), np.int64)
    kp_ports = np.zeros((nshapes, 4, 12, 12), np.int64)
    fac_n = np.zeros((nshapes, 4, 4), np.int64)
    fac_piece = np.zeros((nshapes, 4, 4, 12), np.int64)
    fac_mask = np.zeros((nshapes, 4, 4, 12), np.int64)
    for j, shape in enumerate(shapes):
        fit[j] = shape.table
        tile = shape.tile
        for r in range(4):
            side_code[j, r] = tile.side_codes[r]
            port_piece[j, r] = tile.port_piece[r]
            reach[j, r] = search.reach[j][r]
            kp_n[j, r] = len(search.kind_pieces[j][r])
            for k, (i, ports) in enumerate(search.kind_pieces[j][r]):
                kp_piece[j, r, k] = i
                kp_nports[j, r, k] = len(ports)
                kp_ports[j, r, k, : len(ports)] = ports
            for s in range(4):
                found = search.facing[j][r][s]
                fac_n[j, r, s] = len(found)
                for k, (i, mask) in enumerate(found):
                    fac_piece[j, r, s, k], fac_mask[j, r, s, k] = i, mask
    arrays = (
        step, placed, fcode, open_start, np.array(open_cells, np.int64), bport, fit, side_code,
        port_piece, reach, kp_n, kp_piece, kp_nports, kp_ports, fac_n, fac_piece, fac_mask,
        np.array(FACING, np.int64),
    )  # fmt: skip
    return Tables(
        arrays, x0, y0, height, nboard, index[search.feature.root],
        np.array(search.left, np.int64), len(search.frontier) + 4 * sum(search.left) + 4,
        len(search.feature.needs),
    )  # fmt: skip


def run(
    t: Tables, budget: int, rounds: int, stop: float
) -> tuple[int, int, tuple[tuple[int, int, int], ...], int, int]:
    """The reference's ``run`` on the arrays, ``rounds`` of the ``budget`` for the rounds of
    growing limits, ``stop`` the :func:`time.perf_counter` to stop at: (result, lower bound,
    steps as the reference's (packed position, shape, rotation), boards tried, work).
    ``result``: :data:`FOUND` (the fewest, its steps), :data:`DEAD` (no completion),
    :data:`STOP` (the budget or the time ran out: the lower bound, the completion found if
    any)."""
    given = arguments(t, rounds, stop)
    state, counters, bound = given[1], given[6], given[7]
    room = int(t.left.sum())

    def grown(limit: int) -> int:
        return int(grow(*given, limit))

    def found() -> np.ndarray:  # the steps of the completion found last
        return state[12][: state[11][3]].copy()

    result, limit, steps = STOP, t.needs, np.zeros((0, 3), np.int64)
    while limit <= room:
        result = grown(limit)
        if result != CUT:  # not cut by the limit: the fewest, none, or out of budget
            break
        limit += 1
    if result == FOUND:
        steps = found()
    elif result != DEAD:
        bound[0] = budget
        result = grown(room)
        while result == FOUND:  # falling limits from a completion until one finds none
            steps = found()
            result = grown(len(steps) - 1)
        if result != STOP:  # the last completion is the fewest; without one there is none
            result = FOUND if len(steps) else DEAD
    at = tuple((pack((int(q // t.height + t.x0), int(q % t.height + t.y0))), int(j), int(r))
               for q, j, r in steps)  # fmt: skip
    return result, limit, at, int(counters[0]), int(counters[1])


def arguments(t: Tables, rounds: int, stop: float) -> Arguments:
    """The arguments of the compiled ``grow`` before the limit: the tables, fresh buffers,
    the counters of boards and work, and the bound (``rounds`` of work, the time ``stop``)."""
    state, frames, scratch, memo = _buffers(t)
    counters = np.zeros(2, np.int64)  # boards, work
    bound = np.array([rounds, stop], np.float64)  # the work allowed, the time to stop at
    return t.arrays, state, scratch, memo, t.target, t.nboard, counters, bound, frames


def _buffers(t: Tables) -> tuple[Any, Any, Any, Any]:
    """The arrays the compiled search changes: the board state, a frame per depth, scratch
    for one board, and the table of sets of tiles met before."""
    ncells, nshapes, room = t.arrays[1].shape[0], t.left.shape[0], int(t.left.sum())
    groups, depths, rows, width = t.nboard + 16 * (room + 1), room + 2, room + 1, 4 * nshapes
    state = (
        np.zeros(ncells, np.bool_),  # 0 a new tile lies there
        np.zeros(ncells, np.int64),  # 1 its shape
        np.zeros(ncells, np.int64),  # 2 its rotation
        np.zeros(ncells, np.int64),  # 3 the side codes the new tiles add
        np.full(ncells * 16, -1, np.int64),  # 4 the group of a new piece
        np.full(groups, -1, np.int64),  # 5 union-find parents (-1: a root)
        np.zeros((depths, 3), np.int64),  # 6 the steps so far
        np.zeros(ncells, np.int64),  # 7 marks (a stamp per use)
        np.zeros(groups, np.int64),  # 8 the trail of links made
        np.zeros((depths, 4), np.int64),  # 9 per depth: the neighbours' codes before
        np.zeros((depths, 2), np.int64),  # 10 per depth: trail length, next group before
        np.array([t.nboard, 0, 0, 0], np.int64),  # 11 next group, stamp, trail length, found
        np.zeros((depths, 3), np.int64),  # 12 the completion found
        t.left.copy(),  # 13 copies left per shape
    )
    frames = (  # per depth: position, options, positions, room, limit, hashes, next, cut;
        np.zeros((depths, 9), np.int64),  # and the options' shapes, rotations and growths
        *(np.zeros((depths, width), np.int64) for _ in range(3)),  # in the order tried
    )
    scratch = (  # past the check on the tiles left, a board is open at most at ``rows``
        np.zeros(t.maxpos, np.int64),  # the positions the feature is open at
        np.zeros((rows, width), np.int64),  # per position: its options' shapes,
        np.zeros((rows, width), np.int64),  # rotations,
        np.zeros(rows, np.int64),  # how many
        np.zeros((rows, nshapes), np.int64),  # the distinct shapes,
        np.zeros(rows, np.int64),  # how many
        np.zeros((rows, width), np.int64),  # how many new positions each option opens
        np.zeros((rows, 4), np.int64),  # the empty neighbours it is not open at,
        np.zeros(rows, np.int64),  # how many
        np.zeros(rows, np.int64),  # the least an option opens
        np.zeros(rows, np.bool_),  # taken by the growth bound
        np.zeros(12, np.int64),  # the groups a new piece joins
        np.zeros(width, np.int64),  # the order the options are tried in
    )
    memo = List([np.zeros(1 << 12, np.int64), np.zeros(1 << 12, np.int64),
                 np.zeros(1, np.int64)])  # fmt: skip
    return state, frames, scratch, memo
