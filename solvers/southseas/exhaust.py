"""Every completion of a feature, searched exhaustively: the fewest tiles, or a proof of none.

Every completion puts a tile on each position the feature is open at, so a search that picks
one such position (the one the fewest tiles left fit) and tries every usable tile shape and
rotation that fits it, then repeats for the feature as it has grown (merged features
included), meets every completion; it needs no region.

The search does not copy boards. A node is the set of tiles placed so far over the board as it
stands, with only what the question needs: the side requirements those tiles add, and a small
union-find over the feature's kind whose groups are the open features of the board (with the
positions each is open at) and the pieces of the new tiles. Placing a tile links each of its
pieces of the kind to the groups its ports face, and the groups that were open where it lies are
open there no more; the feature is complete when its group is open nowhere.

Iterative deepening on the number of tiles makes the first completion found the fewest: the
limit starts at the positions the feature needs and grows by one. A branch stops when the
feature is open at more positions than the limit (or the tiles left) allows, at a position no
tile left fits, or when the open positions cannot each get their own fitting copy (a matching).
A set of tiles met again (in another order, or in a later round) is not searched again below
the limit it already failed at. A round that never stopped for the limit searched everything:
no completion exists. Within its budget ``nodes`` it proves ``no`` or the fewest tiles;
otherwise it raises :class:`Exhausted`, which says how many tiles a completion needs at least.
The budget counts the boards tried, each once per position the feature is open at there: a
board of a large open feature costs more to look at (its options, bounds and matching).

:class:`_Search` says this in Python, the reference; past :data:`PROBE_WORK`, :func:`exhaust`
runs it compiled (:mod:`~solvers.southseas.exhaust_arrays`: the same boards in the same order,
the same answers, 12 to 18 times faster on hard features; cached on disk; the reference
answers while a fresh installation builds it elsewhere: :mod:`~solvers.southseas.exhaust_ready`).

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

import math
import time
from collections.abc import Callable, Mapping, Sequence, Set

from models.southseas.board import Board
from models.southseas.components import Kind
from models.southseas.geometry import Position
from solvers.southseas import exhaust_arrays, exhaust_ready
from solvers.southseas.exhaust_bounds import all_fit as _all_fit
from solvers.southseas.exhaust_bounds import growth as _growth
from solvers.southseas.features import OpenFeature, Supply, open_features
from solvers.southseas.kind_tables import FACING as _FACING
from solvers.southseas.kind_tables import kind_tables
from solvers.southseas.model import Placement, shapes_of
from solvers.southseas.packing import D as _D
from solvers.southseas.packing import pack as _pack
from solvers.southseas.packing import unpack as _unpack

#: The most of the budget the rounds of growing limits get (a quarter of it below that): they
#: find the fewest tiles at once where a completion is small, and are spent on a feature that
#: has none. With 100 000 the benchmark's turn 60 (benchmarks/southseas_completability.py)
#: took 0.76 of the time it took with a quarter of 16 million, with the same answers (every
#: fewest still proven the fewest).
ROUNDS_NODES = 100_000


def rounds_budget(budget: int) -> int:
    """The budget of the rounds of growing limits, of a search's whole ``budget``."""
    return min(budget // 4, ROUNDS_NODES)


_ROTATIONS = tuple(tuple(r for r in range(4) if mask >> r & 1) for mask in range(16))
_NO_LIMIT = 1 << 30


class Exhausted(Exception):
    """The node budget or the time ran out before the answer was proven: every completion has
    at least ``at_least`` tiles, and ``completion`` is one found (not proven the fewest) or
    empty."""

    def __init__(self, at_least: int, completion: tuple[Placement, ...] = ()) -> None:
        self.at_least, self.completion = at_least, completion
        super().__init__(f"search budget exhausted; a completion needs at least {at_least} tiles")


Step = tuple[int, int, int]  # packed position, shape, rotation


class _Node:
    """Tiles placed over the board (by shape and rotation), the side codes they add to empty
    positions, and the union-find of the feature's kind (groups: open board features by root,
    new pieces by ids from ``board`` size up) with the positions each group is open at.
    Positions are packed (:func:`_pack`); a new piece is keyed ``position * 16 + index``."""

    __slots__ = ("codes", "next_id", "opened", "parent", "pieces", "tiles")

    def __init__(self, next_id: int) -> None:
        self.tiles: dict[int, tuple[int, int]] = {}
        self.codes: dict[int, int] = {}
        self.pieces: dict[int, int] = {}  # position * 16 + piece index -> group
        self.parent: dict[int, int] = {}
        self.opened: dict[int, Set[int]] = {}  # a group's positions: never changed once kept
        self.next_id = next_id

    def child(self) -> _Node:
        twin = object.__new__(_Node)
        twin.tiles, twin.codes = self.tiles.copy(), self.codes.copy()
        twin.pieces, twin.parent = self.pieces.copy(), self.parent.copy()
        twin.opened, twin.next_id = self.opened.copy(), self.next_id
        return twin

    def find(self, group: int) -> int:
        parent = self.parent
        while group in parent:
            group = parent[group]
        return group


class _Search:
    def __init__(
        self,
        board: Board,
        feature: OpenFeature,
        supply: Supply,
        ports: Mapping[int, Sequence[tuple[Position, int]]],
        budget: int,
        stop: float,
    ) -> None:
        kind = self.kind = feature.kind
        self.board, self.supply, self.feature = board, supply, feature
        self.shapes = shapes_of(supply)
        self.left = [sum(supply.usable[i] for i in s.members) for s in self.shapes]
        #: per shape and rotation: (piece index, its ports turned) of each piece of the kind
        tables = [kind_tables(s.tile, kind) for s in self.shapes]
        self.kind_pieces = [pieces for pieces, _, _ in tables]
        #: per shape and rotation: for each port, the sides the piece of the kind there reaches
        self.reach = [reach for _, reach, _ in tables]
        #: per shape, rotation and side of a position it lies across: (piece, ports faced)
        self.facing = [facing for _, _, facing in tables]
        #: the board as packed positions: its tiles, and the frontier's side codes
        self.placed = frozenset(_pack(q) for q in board.tiles)
        self.frontier = {_pack(q): code for q, code in board.frontier.items()}
        self.board_port: dict[tuple[int, int], int] = {}
        self.board_open: dict[int, frozenset[int]] = {}
        for root, found in ports.items():
            if board.features[root].kind is kind:
                self.board_open[root] = frozenset(_pack(q) for q, _ in found)
                for q, port in found:
                    self.board_port[(_pack(q), port)] = root
        #: per position next to the board: (port, board root) of each port facing the board
        self.board_entry: dict[int, tuple[tuple[int, int], ...]] = {}
        for (at, port), root in self.board_port.items():
            self.board_entry[at] = (*self.board_entry.get(at, ()), (port, root))
        self.failed: dict[frozenset[Step], int] = {}
        self.nodes, self.work, self.budget, self.stop = 0, 0, budget, stop
        self.probe: float = math.inf  # past this much work, :class:`_Probe` (:func:`exhaust`)
        self.ready: Callable[[], bool] = lambda: False  # asked every 256 boards; True: _Probe
        #: the shapes with a copy left, a bit each; and per (frontier code, that) the options
        self.avail = sum(1 << j for j, c in enumerate(self.left) if c)
        self._options: dict[tuple[int, int], list[tuple[int, int]]] = {}
        #: per options list (by identity: each is kept in ``_options``), its shapes in order
        self._shapes: dict[int, list[int]] = {}
        #: per (frontier code, shapes left, ports the feature enters by, sides facing empty
        #: positions it is not open at): how many of those each option opens it at
        self._grown: dict[tuple[int, int, int, int], list[int]] = {}

    def run(self) -> tuple[Placement, ...] | None:
        """Rounds of growing limits (the first completion is the fewest) on a quarter of the
        budget, at most :data:`ROUNDS_NODES` (:func:`rounds_budget`); then one search to any
        size, and from a completion found, rounds of falling limits until one finds none (the
        last is the fewest)."""
        root, room = _Node(len(self.board.parent)), sum(self.left)
        limit, budget = len(self.feature.needs), self.budget
        self.budget = rounds_budget(budget)
        try:
            while limit <= room:
                found = self.grow(root, frozenset(), limit)
                if isinstance(found, tuple):
                    return self.placements(found)
                if not found:  # nothing was cut by the limit: no completion at all
                    return None
                limit += 1
        except _Stop:
            pass
        self.budget = budget
        best: tuple[Step, ...] = ()
        try:
            found = self.grow(root, frozenset(), room)
            if not isinstance(found, tuple):
                return None
            while True:
                best = found
                found = self.grow(root, frozenset(), len(best) - 1)
                if not isinstance(found, tuple):
                    return self.placements(best)
        except _Stop:
            raise Exhausted(limit, self.placements(best)) from None

    def opened(self, node: _Node, root: int) -> Set[int]:
        found = node.opened.get(root)
        return self.board_open[root] if found is None else found

    def place(self, node: _Node, q: int, j: int, r: int) -> _Node:
        """``node`` with shape ``j`` turned ``r`` on ``q``."""
        placed, board_port = self.placed, self.board_port
        after = node.child()
        tiles, codes, pieces, opened = after.tiles, after.codes, after.pieces, after.opened
        tiles[q] = (j, r)
        codes.pop(q, None)
        tile = self.shapes[j].tile
        for d, code in zip(_D, tile.side_codes[r], strict=True):
            n = q + d
            if n not in placed and n not in tiles:
                codes[n] = codes.get(n, 0) | code
        parent, board_open = after.parent, self.board_open
        for i, ports in self.kind_pieces[j][r]:
            group = after.next_id
            after.next_id += 1
            pieces[q * 16 + i] = group
            opens: set[int] = set()
            merged: list[int] = []  # the roots of the groups its ports face
            for p in ports:
                n = q + _D[p // 3]
                if n in placed:
                    other = board_port[(q, p)]
                elif n in tiles:
                    jn, rn = tiles[n]
                    other = pieces[n * 16 + self.shapes[jn].tile.port_piece[rn][_FACING[p]]]
                else:
                    opens.add(n)
                    continue
                while other in parent:
                    other = parent[other]
                if other not in merged:
                    merged.append(other)
            # each group it faces was open at q, and is open now where it or the piece is
            for other in merged:
                parent[other] = group
                found = opened.pop(other, None)
                opens |= board_open[other] if found is None else found
            opens.discard(q)
            opened[group] = opens
        return after

    def options(self, node: _Node, q: int) -> list[tuple[int, int]]:
        """The (shape, rotation) of every shape with a copy left that fits ``q``."""
        key = (self.frontier.get(q, 0) | node.codes.get(q, 0), self.avail)
        found = self._options.get(key)
        if found is None:
            code = key[0]
            found = self._options[key] = [
                (j, r)
                for j, shape in enumerate(self.shapes)
                if self.left[j]
                for r in _ROTATIONS[shape.table[code]]
            ]
            self._shapes[id(found)] = sorted({j for j, _ in found})
        return found

    def take(self, j: int, step: int) -> None:  # a copy of shape j used (-1) or given back
        left = self.left[j] = self.left[j] + step
        if left == 0 or (left == 1 and step == 1):
            self.avail ^= 1 << j

    def grow(self, node: _Node, path: frozenset[Step], limit: int) -> tuple[Step, ...] | bool:
        """A completion of at most ``limit`` more tiles from ``node`` (its steps, in order);
        else whether the limit cut the search somewhere below (``True``) or not (``False``:
        nothing below completes it, whatever the limit). Tiles that open the feature at the
        fewest new positions are tried first."""
        self.nodes += 1
        positions = self.opened(node, node.find(self.feature.root))
        if not positions:
            return ()
        self.work += len(positions)
        if self.work > self.probe or (self.nodes % 256 == 0 and self.ready()):
            raise _Probe
        if self.work > self.budget or (self.nodes % 256 == 0 and time.perf_counter() > self.stop):
            raise _Stop
        room = sum(self.left)
        if len(positions) > room:
            return False
        if len(positions) > limit:
            return True
        failed = self.failed.get(path, -1)
        if failed >= limit:  # searched before, to this limit or further
            return failed != _NO_LIMIT
        # the options of each position (:meth:`options`, its cache read here first)
        kept, frontier, codes, avail = self._options, self.frontier, node.codes, self.avail
        options = {}
        for q in positions:
            listed = kept.get((frontier.get(q, 0) | codes.get(q, 0), avail))
            options[q] = self.options(node, q) if listed is None else listed
        spread = self.spread(node, positions, options)
        least = len(positions) + _growth(spread)
        if least > room or not _all_fit(
            {q: self._shapes[id(found)] for q, found in options.items()}, self.left
        ):
            self.failed[path] = _NO_LIMIT
            return False
        if least > limit:
            return True
        cut = False
        q = min(positions, key=lambda p: (len(options[p]), p))  # ties: the lowest position
        grows = spread[q][1] if q in spread else [0] * len(options[q])
        # a tile on q leaves the feature open at the other positions and the new ones it
        # reaches (``grows``: merges only add more), so past a bound the branch is cut or dead
        # without placing it; options come by growth, so every later one is too
        # (each counted in the budget as the board it would have been, at least)
        dead, over = room - len(positions), limit - len(positions)
        tried = sorted(zip(grows, options[q], strict=True), key=lambda o: o[0])
        for k, (g, (j, r)) in enumerate(tried):
            if g > over:
                cut = cut or g <= dead
                rest = tried[k:]
                self.nodes += len(rest)
                self.work += sum(len(positions) - 1 + h for h, _ in rest)
                break
            step = (q, j, r)
            self.take(j, -1)
            try:
                found = self.grow(self.place(node, q, j, r), path | {step}, limit - 1)
            finally:
                self.take(j, 1)
            if isinstance(found, tuple):
                return (step, *found)
            cut = cut or found
        self.failed[path] = limit if cut else _NO_LIMIT
        return cut

    def spread(
        self,
        node: _Node,
        positions: Set[int],
        options: dict[int, list[tuple[int, int]]],
    ) -> dict[int, tuple[tuple[int, ...], list[int]]]:
        """Per position of ``positions`` with empty neighbours it is not open at: those, and
        how many of them each option opens it at (its pieces entered by the feature's ports)."""
        find = node.find
        target = find(self.feature.root)
        placed, tiles, pieces, codes = self.placed, node.tiles, node.pieces, node.codes
        board_entry, facing, grown = self.board_entry, self.facing, self._grown
        frontier = self.frontier
        found = {}
        for q in positions:
            empty = 0
            near = []
            for side in range(4):
                n = q + _D[side]
                if n not in tiles and n not in placed and n not in positions:
                    empty |= 1 << side
                    near.append(n)
            if not empty:
                continue
            entry = 0  # the ports of q that face the feature
            for side in range(4):
                n = q + _D[side]
                if n in tiles:
                    jn, rn = tiles[n]
                    for i, ports in facing[jn][rn][side]:
                        if find(pieces[n * 16 + i]) == target:
                            entry |= ports
            for port, root in board_entry.get(q, ()):
                if find(root) == target:
                    entry |= 1 << port
            key = (frontier.get(q, 0) | codes.get(q, 0), self.avail, entry, empty)
            grows = grown.get(key)
            if grows is None:
                grows = grown[key] = self._grows(options[q], entry, empty)
            found[q] = (tuple(near), grows)
        return found

    def _grows(self, options: list[tuple[int, int]], entry: int, empty: int) -> list[int]:
        """For each option: how many sides of ``empty`` its pieces entered by ``entry`` reach."""
        grows = []
        for j, r in options:
            table = self.reach[j][r]
            reached = 0
            for p in range(12):
                if entry >> p & 1:
                    reached |= table[p]
            grows.append((reached & empty).bit_count())
        return grows

    def placements(self, steps: tuple[Step, ...]) -> tuple[Placement, ...]:
        """The steps as tiles of types with a copy usable for each."""
        left, types = list(self.supply.usable), self.supply.types
        found = []
        for q, j, r in steps:
            i = next(i for i in self.shapes[j].members if left[i])
            left[i] -= 1
            found.append(Placement(types[i].id, *_unpack(q), r))
        return tuple(found)


class _Stop(Exception):
    pass


class _Probe(Exception):  # the compiled search takes over
    pass


#: The work within which :func:`exhaust` lets the reference answer: most features take less,
#: and then it is faster than laying the search out as arrays for the compiled one.
PROBE_WORK = 100


def exhaust(
    board: Board,
    feature: OpenFeature,
    supply: Supply,
    *,
    nodes: int,
    seconds: float = 60.0,
    ports: Mapping[int, Sequence[tuple[Position, int]]] | None = None,
) -> tuple[Placement, ...] | None:
    """The fewest tiles completing ``feature`` (not a market), in an order they can be placed,
    and ``None`` when none does, both proven; raises :class:`Exhausted` past a budget of
    ``nodes`` (boards tried, each counted once per position the feature is open at there) or
    ``seconds``. ``ports``: the open ports of every open feature by root (as
    :func:`~solvers.southseas.features.open_features` finds them; found again if not given)."""
    assert feature.kind is not Kind.MARKET
    ports = {f.root: f.ports for f in open_features(board)} if ports is None else ports
    search = _Search(board, feature, supply, ports, nodes, time.perf_counter() + seconds)
    # the same search, so the same answer, as the compiled one (which takes at most
    # :data:`~solvers.southseas.exhaust_arrays.MOST_TILES` tiles, more than a tile file has)
    search.probe = PROBE_WORK if sum(search.left) <= exhaust_arrays.MOST_TILES else math.inf
    try:
        return search.run()
    except _Probe:
        pass
    tables = exhaust_arrays.tables(search)
    if not exhaust_ready.ready(tables):  # the reference answers while it is built elsewhere
        search = _Search(board, feature, supply, ports, nodes, search.stop)
        search.ready = exhaust_ready.build_elsewhere(tables)
        try:
            return search.run()
        except _Probe:  # built meanwhile: the same search, compiled, from its start
            pass
    result, at_least, steps, _, _ = exhaust_arrays.run(
        tables, nodes, rounds_budget(nodes), search.stop
    )
    found = search.placements(steps)
    if result == exhaust_arrays.STOP:
        raise Exhausted(at_least, found)
    return found if result == exhaust_arrays.FOUND else None
