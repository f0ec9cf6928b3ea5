"""The compiled part of the exhaustive search (numba): the reference's ``grow``
(:class:`~solvers.southseas.exhaust._Search`) on the arrays of
:mod:`~solvers.southseas.exhaust_arrays`, board for board, changing them in place and taking
the change back when a branch returns, where the reference copies dictionaries per board.

The tiles placed so far and the side codes they add lie on a grid; the union-find of the
feature's kind keeps a trail of the links made; the recursion is a stack of frames (numba
cannot cache a function that calls itself); the sets of tiles met before are in an
open-addressing table keyed by two 64-bit hashes of the set (the exclusive or of a mixed key
per tile, the same on every run), 112 bits of which are compared. The positions the feature is
open at are found again at each board from its pieces (those of the board features joined to
it and of the new tiles): a group is open exactly at the empty positions its ports face, since
a tile laid there joins it, so these are the reference's sets.

All compiled code is in this one file on purpose: numba caches it on disk (next to this file,
or in the user's cache where that cannot be written) and finds a cache stale only when the
function's own file changed, not a file it calls into. A fresh installation builds it in a
background process while the reference answers (:mod:`~solvers.southseas.exhaust_ready`).
"""

from __future__ import annotations

import time

import numpy as np
from numba import njit, objmode

#: Results of :func:`grow`: a completion found, the limit cut somewhere below, nothing
#: below completes it, the budget or the time ran out.
FOUND, CUT, DEAD, STOP, EXPAND = 2, 1, 0, -1, 3
NO_LIMIT = 1 << 30
#: The memo keeps a limit in the low bits of a value: the limit plus one, all ones for
#: :data:`NO_LIMIT`; so the search takes at most :data:`MOST_TILES` tiles left.
LIMIT_BITS, NO_LIMIT_FIELD = 16, (1 << 16) - 1
MOST_TILES = NO_LIMIT_FIELD - 2


@njit(cache=True)
def _now() -> float:
    with objmode(t="float64"):
        t = time.perf_counter()
    return t


@njit(cache=True)
def _key(q: int, j: int, r: int, nshapes: int, seed: int) -> int:
    """A 64-bit key of a step (splitmix64 of the step and ``seed``): a set of steps hashes
    to the exclusive or of its keys, the same on every run. Steps are numbered one to one
    (position, then each of the ``nshapes`` shapes, then rotation) before they are mixed."""
    z = np.uint64(((q * nshapes + j) * 4 + r) * 8 + seed) * np.uint64(0x9E3779B97F4A7C15)
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return int(np.int64(z ^ (z >> np.uint64(31))))


@njit(cache=True)
def _recall(memo, h1: int, h2: int) -> int:
    """The limit the set of tiles of hashes ``h1``, ``h2`` failed at before (-1: not met).

    ``memo`` is an open-addressing table (linear probing) in two arrays, keys and values, and
    a count: a value holds the rest of ``h2`` above its :data:`LIMIT_BITS` low bits, which
    hold the limit plus one (:data:`NO_LIMIT_FIELD`: :data:`NO_LIMIT`; never 0, so a value
    of 0 is a free slot); a set is told by 112 bits. Every limit the search uses fits
    (:data:`MOST_TILES`, checked where the search is laid out)."""
    keys, values = memo[0], memo[1]
    mask = keys.shape[0] - 1
    at = h1 & mask
    while values[at] != 0:
        if keys[at] == h1:
            value = values[at]
            if (value ^ h2) >> LIMIT_BITS != 0:
                return -1
            low = value & NO_LIMIT_FIELD
            return NO_LIMIT if low == NO_LIMIT_FIELD else low - 1
        at = (at + 1) & mask
    return -1


@njit(cache=True)
def _keep(memo, h1: int, h2: int, limit: int) -> None:
    """Keep (or replace) the limit of the set of hashes ``h1``, ``h2`` (see :func:`_recall`);
    the table doubles when half full."""
    keys, values, count = memo[0], memo[1], memo[2]
    mask = keys.shape[0] - 1
    at = h1 & mask
    while values[at] != 0 and keys[at] != h1:
        at = (at + 1) & mask
    if values[at] == 0:
        count[0] += 1
    keys[at], field = h1, NO_LIMIT_FIELD if limit == NO_LIMIT else limit + 1
    values[at] = (h2 >> LIMIT_BITS << LIMIT_BITS) | field
    if 2 * count[0] > keys.shape[0]:
        bigger_keys = np.zeros(2 * keys.shape[0], np.int64)
        bigger_values = np.zeros(2 * keys.shape[0], np.int64)
        mask = bigger_keys.shape[0] - 1
        for old in range(keys.shape[0]):
            if values[old] != 0:
                at = keys[old] & mask
                while bigger_values[at] != 0:
                    at = (at + 1) & mask
                bigger_keys[at], bigger_values[at] = keys[old], values[old]
        memo[0], memo[1] = bigger_keys, bigger_values


@njit(cache=True)
def _find(parent: np.ndarray, g: int) -> int:
    while parent[g] >= 0:
        g = parent[g]
    return g


@njit(cache=True)
def _all_fit(npos, opt, nopt, copies) -> bool:
    """Whether every position gets its own copy of a shape that fits it (``opt[i]``: the
    distinct shapes fitting position ``i``): Hall's condition when each has enough fitting
    copies, else a largest matching (augmenting paths found breadth first; its size is that
    of :func:`~models.southseas.finishable.matching`)."""
    for i in range(npos):
        total = 0
        for k in range(nopt[i]):
            total += copies[opt[i, k]]
        if total < npos:
            break
    else:
        return True
    nshapes = copies.shape[0]
    holder = np.zeros((nshapes, npos), np.int64)  # the positions holding copies of a shape
    nheld = np.zeros(nshapes, np.int64)
    seen = np.zeros(nshapes, np.int64)  # a stamp per search
    reached_from = np.zeros(nshapes, np.int64)  # the position a shape was reached from
    came_by = np.zeros(npos, np.int64)  # the shape a position holds, the way it was reached
    queued = np.zeros(npos, np.int64)
    queue = np.zeros(npos, np.int64)
    for start in range(npos):
        stamp = start + 1
        queue[0], head, tail = start, 0, 1
        queued[start], came_by[start] = stamp, -1
        free = -1
        while head < tail and free < 0:
            p = queue[head]
            head += 1
            for k in range(nopt[p]):
                j = opt[p, k]
                if seen[j] == stamp:
                    continue
                seen[j], reached_from[j] = stamp, p
                if nheld[j] < copies[j]:
                    free = j
                    break
                for m in range(nheld[j]):
                    other = holder[j, m]
                    if queued[other] != stamp:
                        queued[other], came_by[other] = stamp, j
                        queue[tail] = other
                        tail += 1
        if free < 0:
            return False  # this position gets no copy: the matching is smaller
        j = free
        while True:  # each position on the path moves to the shape it reached
            p = reached_from[j]
            holder[j, nheld[j]] = p
            nheld[j] += 1
            held = came_by[p]
            if held < 0:
                break
            for m in range(nheld[held]):
                if holder[held, m] == p:
                    holder[held, m] = holder[held, nheld[held] - 1]
                    nheld[held] -= 1
                    break
            j = held
    return True


@njit(cache=True)
def _above(least, near, nnear, i: int, b: int) -> bool:
    """Whether position ``i`` comes before ``b`` in the growth bound's order: by the least an
    option opens, then by the empty neighbours (as tuples of positions), both falling."""
    if least[i] != least[b]:
        return least[i] > least[b]
    for t in range(min(nnear[i], nnear[b])):
        if near[i, t] != near[b, t]:
            return near[i, t] > near[b, t]
    return nnear[i] > nnear[b]


@njit(cache=True)
def _place(tabs, state, scratch, q, j, r, depth):
    step, placed, bport, side_code, port_piece = tabs[0], tabs[1], tabs[5], tabs[7], tabs[8]
    kp_n, kp_piece, kp_nports, kp_ports, facing = tabs[10], tabs[11], tabs[12], tabs[13], tabs[17]
    occ, tj, tr, ncode, pid, parent = state[0], state[1], state[2], state[3], state[4], state[5]
    path, trail, saved, marks, misc = state[6], state[8], state[9], state[10], state[11]
    occ[q] = True
    tj[q], tr[q] = j, r
    path[depth, 0], path[depth, 1], path[depth, 2] = q, j, r
    for side in range(4):
        n = q + step[side]
        saved[depth, side] = ncode[n]
        if not placed[n] and not occ[n]:
            ncode[n] |= side_code[j, r, side]
    marks[depth, 0], marks[depth, 1] = misc[2], misc[0]
    merged = scratch[11]
    for k in range(kp_n[j, r]):
        g = misc[0]
        misc[0] += 1
        pid[q * 16 + kp_piece[j, r, k]] = g
        nm = 0
        for m in range(kp_nports[j, r, k]):
            p = kp_ports[j, r, k, m]
            n = q + step[p // 3]
            if placed[n]:
                other = bport[q * 12 + p]
            elif occ[n]:
                other = pid[n * 16 + port_piece[tj[n], tr[n], facing[p]]]
            else:
                continue
            other = _find(parent, other)
            if other not in merged[:nm]:
                merged[nm] = other
                nm += 1
        # the new piece and the other groups join the first group it faces (chains stay short)
        for t in range(nm):
            child, root = (g, merged[0]) if t == 0 else (merged[t], merged[0])
            parent[child] = root
            trail[misc[2]] = child
            misc[2] += 1


@njit(cache=True)
def _unplace(tabs, state, q, depth):
    step, occ, ncode, parent = tabs[0], state[0], state[3], state[5]
    trail, saved, marks, misc = state[8], state[9], state[10], state[11]
    occ[q] = False
    for side in range(4):
        ncode[q + step[side]] = saved[depth, side]
    while misc[2] > marks[depth, 0]:
        misc[2] -= 1
        parent[trail[misc[2]]] = -1
    misc[0] = marks[depth, 1]


@njit(cache=True)
def _enter(
    tabs, state, scratch, memo, target0, nboard, counters, bound, frames, depth, h1, h2, limit
):
    """The reference's ``grow`` up to its loop over the options: a result, or :data:`EXPAND`
    with the frame at ``depth`` set (the position, its options in the order tried)."""
    (step, placed, fcode, open_start, open_cells, bport, fit, _codes, _ports, reach,
     kp_n, kp_piece, kp_nports, kp_ports, fac_n, fac_piece, fac_mask, _facing) = tabs  # fmt: skip
    occ, tj, tr, ncode, pid, parent, path, mark = state[:8]
    misc, left = state[11], state[13]
    nshapes = left.shape[0]
    counters[0] += 1
    target = _find(parent, target0)
    # the positions the feature is open at: faced by its board features' and new pieces' ports
    misc[1] += 1
    stamp = misc[1]
    pos, opt_j, opt_r, nopt, shp, nshp, grows, near, nnear, least, used, _, order = scratch
    npos = 0
    trail = state[8]
    for t in range(-1, 2 * misc[2]):  # a board feature joins it only by a link on the trail
        b = target0 if t < 0 else trail[t // 2] if t % 2 == 0 else parent[trail[t // 2]]
        if b >= nboard or (t >= 0 and b == target0) or _find(parent, b) != target:
            continue
        for c in open_cells[open_start[b] : open_start[b + 1]]:
            if not occ[c] and mark[c] != stamp:
                mark[c] = stamp
                pos[npos] = c
                npos += 1
    for d in range(depth):
        q, j, r = path[d, 0], path[d, 1], path[d, 2]
        for k in range(kp_n[j, r]):
            if _find(parent, pid[q * 16 + kp_piece[j, r, k]]) != target:
                continue
            for m in range(kp_nports[j, r, k]):
                n = q + step[kp_ports[j, r, k, m] // 3]
                if not placed[n] and not occ[n] and mark[n] != stamp:
                    mark[n] = stamp
                    pos[npos] = n
                    npos += 1
    if npos == 0:
        misc[3] = depth
        state[12][:depth] = path[:depth]
        return FOUND
    counters[1] += npos
    if counters[1] > bound[0] or (counters[0] % 256 == 0 and _now() > bound[1]):
        return STOP
    room = 0
    for j in range(nshapes):
        room += left[j]
    if npos > room:
        return DEAD
    if npos > limit:
        return CUT
    failed = _recall(memo, h1, h2)
    if failed >= limit:
        return CUT if failed != NO_LIMIT else DEAD
    # the options of each position: shapes with a copy left, in order, each rotation in order
    for i in range(npos):
        nopt[i], nshp[i] = 0, 0
        code = fcode[pos[i]] | ncode[pos[i]]
        for j in range(nshapes):
            if left[j] == 0:
                continue
            mask = fit[j, code]
            if mask:
                shp[i, nshp[i]] = j
                nshp[i] += 1
                for r in range(4):
                    if mask >> r & 1:
                        opt_j[i, nopt[i]], opt_r[i, nopt[i]] = j, r
                        nopt[i] += 1
    # spread: per position with empty neighbours it is not open at, what each option opens
    for i in range(npos):
        q = pos[i]
        empty = 0
        nnear[i], least[i] = 0, 0
        for side in range(4):
            n = q + step[side]
            if not occ[n] and not placed[n] and mark[n] != stamp:
                empty |= 1 << side
                near[i, nnear[i]] = n
                nnear[i] += 1
        if not empty:
            grows[i, : nopt[i]] = 0
            continue
        entry = 0
        for side in range(4):
            n = q + step[side]
            if occ[n]:
                jn, rn = tj[n], tr[n]
                for k in range(fac_n[jn, rn, side]):
                    if _find(parent, pid[n * 16 + fac_piece[jn, rn, side, k]]) == target:
                        entry |= fac_mask[jn, rn, side, k]
        if placed[q + step[0]] or placed[q + step[1]] or placed[q + step[2]] or placed[q + step[3]]:
            for p in range(12):
                root = bport[q * 12 + p]
                if root >= 0 and _find(parent, root) == target:
                    entry |= 1 << p
        lo = 99
        for k in range(nopt[i]):
            reached = 0
            for p in range(12):
                if entry >> p & 1:
                    reached |= reach[opt_j[i, k], opt_r[i, k], p]
            sides, g = reached & empty, 0
            while sides:
                g += sides & 1
                sides >>= 1
            grows[i, k] = g
            lo = min(lo, g)
        least[i] = lo if nopt[i] else 0
    # the growth bound: greedily, largest first, positions with no empty neighbour in common
    taken_stamp = stamp + 1
    misc[1] += 1
    used[:npos] = False
    growth = 0
    for _ in range(npos):
        best = -1
        for i in range(npos):
            if not used[i] and nnear[i] and (best < 0 or _above(least, near, nnear, i, best)):
                best = i
        if best < 0:
            break
        used[best] = True
        if least[best] == 0:
            continue
        free = True
        for t in range(nnear[best]):
            if mark[near[best, t]] == taken_stamp:
                free = False
        if free:
            for t in range(nnear[best]):
                mark[near[best, t]] = taken_stamp
            growth += least[best]
    if npos + growth > room or not _all_fit(npos, shp, nshp, left):
        _keep(memo, h1, h2, NO_LIMIT)
        return DEAD
    if npos + growth > limit:
        return CUT
    pick = 0
    for i in range(1, npos):
        if nopt[i] < nopt[pick] or (nopt[i] == nopt[pick] and pos[i] < pos[pick]):
            pick = i
    q = pos[pick]
    fi, fj, fr, fg = frames
    nopt_q = nopt[pick]
    for t in range(nopt_q):  # a stable sort by growth
        g = grows[pick, t]
        k = t
        while k > 0 and grows[pick, order[k - 1]] > g:
            order[k] = order[k - 1]
            k -= 1
        order[k] = t
    for t in range(nopt_q):
        k = order[t]
        fj[depth, t], fr[depth, t], fg[depth, t] = opt_j[pick, k], opt_r[pick, k], grows[pick, k]
    fi[depth, 0], fi[depth, 1], fi[depth, 2], fi[depth, 3] = q, nopt_q, npos, room
    fi[depth, 4], fi[depth, 5], fi[depth, 6], fi[depth, 7], fi[depth, 8] = limit, h1, h2, 0, 0
    return EXPAND


@njit(cache=True)
def grow(tabs, state, scratch, memo, target0, nboard, counters, bound, frames, limit):
    """The reference's ``grow`` from the board with ``limit``: :data:`FOUND` (the steps in
    ``state[12]``, as many as ``state[11][3]``), :data:`CUT`, :data:`DEAD` or :data:`STOP`.
    Its recursion is a stack of frames (numba cannot cache a function that calls itself)."""
    fi, fj, fr, fg = frames
    left = state[13]
    depth = 0
    res = _enter(tabs, state, scratch, memo, target0, nboard, counters, bound, frames, 0, 0, 0,
                 limit)  # fmt: skip
    while True:
        if res == EXPAND:
            s, nopt, npos = fi[depth, 7], fi[depth, 1], fi[depth, 2]
            room, lim = fi[depth, 3], fi[depth, 4]
            if s < nopt and fg[depth, s] <= lim - npos:
                q, j, r = fi[depth, 0], fj[depth, s], fr[depth, s]
                fi[depth, 7] = s + 1
                left[j] -= 1
                _place(tabs, state, scratch, q, j, r, depth)
                h1 = fi[depth, 5] ^ _key(q, j, r, left.shape[0], 1)
                h2 = fi[depth, 6] ^ _key(q, j, r, left.shape[0], 2)
                depth += 1
                res = _enter(tabs, state, scratch, memo, target0, nboard, counters, bound, frames,
                             depth, h1, h2, lim - 1)  # fmt: skip
                continue
            # a tile on q opens the feature at more new positions than the limit allows from
            # here on (options come by growth): the rest is cut or dead without placing it
            cut = fi[depth, 8] == 1
            if s < nopt:
                cut = cut or fg[depth, s] <= room - npos
                for t in range(s, nopt):
                    counters[0] += 1
                    counters[1] += npos - 1 + fg[depth, t]
            _keep(memo, fi[depth, 5], fi[depth, 6], lim if cut else NO_LIMIT)
            res = CUT if cut else DEAD
        if depth == 0:
            return res
        depth -= 1
        j = fj[depth, fi[depth, 7] - 1]
        _unplace(tabs, state, fi[depth, 0], depth)
        left[j] += 1
        if res in (FOUND, STOP):
            continue
        if res == CUT:
            fi[depth, 8] = 1
        res = EXPAND
