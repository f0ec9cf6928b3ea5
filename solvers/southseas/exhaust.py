"""Every completion of a feature, searched exhaustively: a proof where regions grow too large.

Every completion puts a tile on each position the feature is open at, so a search that picks
one such position (the one the fewest tiles left fit) and tries every usable tile shape and
rotation that fits it, on a copy of the board, then repeats for the feature as it has grown
(merged features included: the board merges them), meets every completion; it needs no region.
Branches stop when the feature is open at more positions than tiles are left, at a position no
tile left fits, or (for the fewest) at as many tiles as the best completion found. Searched to
the end within ``nodes`` boards, it proves ``no`` or the fewest tiles; otherwise it says
nothing.

>>> from models.southseas.tilefile import load_tiles
>>> from models.southseas.board import Board
>>> from solvers.southseas.features import Supply, open_features
>>> tiles = load_tiles()
>>> counts = tuple(t.count for t in tiles.types)
>>> board = Board(tiles.start)
>>> island = open_features(board)[0]
>>> found = exhaust(board, island, Supply(tiles.types, counts, counts), nodes=1000)
>>> found is not None and len(found)
1
"""

from __future__ import annotations

import time

from models.southseas.board import Board
from models.southseas.components import Kind
from models.southseas.geometry import STEP, Position
from solvers.southseas.features import OpenFeature, Supply
from solvers.southseas.model import Placement, shapes_of

_ROTATIONS = tuple(tuple(r for r in range(4) if mask >> r & 1) for mask in range(16))


class Exhausted(Exception):
    """The node budget ran out: the search proves nothing."""


def exhaust(
    board: Board, feature: OpenFeature, supply: Supply, *, nodes: int, seconds: float = 60.0
) -> tuple[Placement, ...] | None:
    """The fewest tiles completing ``feature`` (not a market) and ``None`` when none does,
    both proven; raises :class:`Exhausted` past ``nodes`` boards or ``seconds``."""
    stop = time.perf_counter() + seconds
    shapes = shapes_of(supply)
    left = list(supply.usable)
    best: list[tuple[Placement, ...]] = []
    seen: set[frozenset[Placement]] = set()
    budget = [nodes]

    def open_at(twin: Board, candidates: set[Position]) -> set[Position]:
        """The positions of ``candidates`` that a port of the feature faces."""
        root = twin.root(feature.root)
        found = set()
        for q in candidates:
            if q in twin.tiles:
                continue
            for side, (dx, dy) in enumerate(STEP):
                placed = twin.tiles.get((q[0] + dx, q[1] + dy))
                if placed is None:
                    continue
                pieces = placed.tile.side_pieces[placed.rotation][(side + 2) % 4]
                if any(twin.root(placed.first_node + i) == root for i in pieces):
                    found.add(q)
                    break
        return found

    def fits(twin: Board, q: Position, usable: list[int]) -> list[tuple[int, int]]:
        """(shape, rotation) of every usable shape that fits ``q`` now."""
        code = twin.frontier.get(q, 0)
        return [(j, r) for j in usable for r in _ROTATIONS[shapes[j].table[code]]]

    def grow(twin: Board, positions: set[Position], path: tuple[Placement, ...]) -> None:
        budget[0] -= 1
        if budget[0] < 0 or (budget[0] % 64 == 0 and time.perf_counter() > stop):
            raise Exhausted
        if not positions:
            if not best or len(path) < len(best[0]):
                best[:] = [path]
            return
        room = sum(left)
        if len(positions) > room or (best and len(path) + len(positions) >= len(best[0])):
            return
        usable = [j for j, shape in enumerate(shapes) if any(left[i] for i in shape.members)]
        options = {q: fits(twin, q, usable) for q in positions}
        copies = {j: sum(left[i] for i in shapes[j].members) for j in usable}
        if not _all_fit(options, copies):
            return
        q = min(sorted(positions), key=lambda p: len(options[p]))
        for j, r in options[q]:
            i = next(i for i in shapes[j].members if left[i])
            step = Placement(supply.types[i].id, q[0], q[1], r)
            key = frozenset((*path, step))
            if key in seen:
                continue
            seen.add(key)
            after = twin.clone()
            after.place(supply.types[i], q, r)
            # the new tile and the tiles of any feature it merged in bring open positions
            grown = after.feature_of(feature.root).tiles - twin.feature_of(feature.root).tiles
            near = positions | {(x + dx, y + dy) for x, y in grown for dx, dy in STEP}
            left[i] -= 1
            grow(after, open_at(after, near), (*path, step))
            left[i] += 1

    assert feature.kind is not Kind.MARKET
    grow(board, set(feature.needs), ())
    return best[0] if best else None


def _all_fit(options: dict[Position, list[tuple[int, int]]], copies: dict[int, int]) -> bool:
    """Whether every position can get its own copy of a shape that fits it (a matching of
    positions to copies covering all positions; Kuhn's augmenting paths)."""
    holders: dict[int, list[Position]] = {}
    shapes_at = {q: sorted({j for j, _ in found}) for q, found in options.items()}

    def assign(q: Position, tried: set[int]) -> bool:
        for j in shapes_at[q]:
            if j in tried:
                continue
            tried.add(j)
            owners = holders.setdefault(j, [])
            if len(owners) < copies[j]:
                owners.append(q)
                return True
            for other in owners:
                if assign(other, tried):
                    owners.remove(other)
                    owners.append(q)
                    return True
        return False

    return all(assign(q, set()) for q in sorted(options, key=lambda p: len(shapes_at[p])))
