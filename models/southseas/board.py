"""The South Seas board: tile placement (SS-P1..P4) and features kept incrementally.

Nothing here scans the board. The frontier (empty positions next to tiles) is kept with the sides
each position requires; each legality class of tiles (equal sides and symmetry) keeps its legal
placements, updated at the few positions a placement changes. Features are connected tile
pieces: each placed piece is a node of a union-find (union by size, path halving; nodes are
consecutive integers, so two lists hold it, which copies and looks up faster than
:class:`networkx.utils.UnionFind`'s dicts); the root of each set holds the :class:`Feature` with
its open-port count, symbols, fish groups, boats and islanders. A piece that touches an existing
feature joins it without a feature of its own; joining two features merges the smaller into the
larger and closes two ports per touching port pair, so a placement costs the same on turn 70 as
on turn 2. :meth:`Board.feature_graph` gives the same features as a networkx graph for analysis.

Completion: an island, sea region or bridge is complete when no port of it faces an empty
position (a bridge's inner ends never open; a loop has no ports left); a market when all 8
positions around it hold tiles.

>>> from models.southseas.tilefile import load_tiles
>>> tiles = load_tiles()
>>> board = Board(tiles.start)
>>> len(board.tiles), len(board.frontier)
(1, 4)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import chain
from typing import NamedTuple

import networkx as nx

from models.southseas.actions import Place, place
from models.southseas.components import Kind, Piece, TileType
from models.southseas.geometry import AROUND, STEP, Position, requirement
from models.southseas.legality import OFFERS, ROTATIONS, Placements, Transition, transitions_of

#: A fish group named by where it lies: (x, y, piece index, index of the group on the piece).
FishKey = tuple[int, int, int, int]


class Feature:
    """A bridge, island, sea region or market: what its pieces add up to."""

    __slots__ = (
        "bananas",
        "boats",
        "closed",
        "evaluated",
        "fish",
        "islanders",
        "kind",
        "nodes",
        "open",
        "shells",
        "tiles",
    )

    def __init__(self, kind: Kind, node: int, piece: Piece, position: Position, index: int) -> None:
        self.kind = kind
        self.open = len(piece.ports)
        self.bananas = piece.bananas
        self.shells = piece.shells
        x, y = position
        #: (fish group, number of fish) of every fish group of the feature.
        self.fish: list[tuple[FishKey, int]] = [
            ((x, y, index, g), n) for g, n in enumerate(piece.fish)
        ]
        self.boats = int(piece.boat)
        self.islanders: list[tuple[int, int]] = []  # (player, node)
        self.nodes = [node]
        self.tiles = {position}
        self.closed = False  # never evaluated again (completed, or the game is over)
        self.evaluated: str | None = None  # "complete" or "end": how it was scored, if it was

    def add(self, node: int, piece: Piece, position: Position, index: int) -> None:
        """Take in one more piece (a piece joining an existing feature needs no feature of
        its own)."""
        self.open += len(piece.ports)
        self.bananas += piece.bananas
        self.shells += piece.shells
        if piece.fish:
            x, y = position
            self.fish.extend(((x, y, index, g), n) for g, n in enumerate(piece.fish))
        self.boats += piece.boat
        self.nodes.append(node)
        self.tiles.add(position)

    def absorb(self, other: Feature) -> None:
        self.open += other.open
        self.bananas += other.bananas
        self.shells += other.shells
        self.fish.extend(other.fish)
        self.boats += other.boats
        self.islanders.extend(other.islanders)
        self.nodes.extend(other.nodes)
        self.tiles |= other.tiles

    def copy(self) -> Feature:
        twin = object.__new__(Feature)
        twin.kind, twin.open, twin.closed, twin.evaluated = (
            self.kind,
            self.open,
            self.closed,
            self.evaluated,
        )
        twin.bananas, twin.shells, twin.boats = self.bananas, self.shells, self.boats
        twin.fish, twin.islanders = self.fish.copy(), self.islanders.copy()
        twin.nodes, twin.tiles = self.nodes.copy(), self.tiles.copy()
        return twin

    @property
    def complete(self) -> bool:
        return self.kind is not Kind.MARKET and self.open == 0


class PlacedTile(NamedTuple):
    """A tile on the board: its type, rotation, and the node of its first piece."""

    tile: TileType
    rotation: int
    first_node: int

    def node(self, piece_index: int) -> int:
        return self.first_node + piece_index


class Board:
    """Tiles on a grid with their features; starts with the start tile at (0, 0)."""

    def __init__(self, start: TileType, tiles: Iterable[TileType] = ()) -> None:
        """``tiles``: the tiles that will be drawn, so their placements are kept from the
        start (others are added when first asked about)."""
        self.tiles: dict[Position, PlacedTile] = {}
        #: Empty positions next to tiles, with the sides each requires as a code (two bits a
        #: side, N first: 0 free, 1 island, 2 bridge, 3 sea; see :func:`requirement`).
        self.frontier: dict[Position, int] = {}
        #: The placement cache of each legality class, and where it is in ``_caches``.
        self._caches: list[Placements] = []
        self._index: dict[tuple[str, tuple[int, ...]], int] = {}
        for t in tiles:
            if t.legality not in self._index:
                self._index[t.legality] = len(self._caches)
                self._caches.append(Placements(t.legality))
        self._transitions = transitions_of(self._caches)
        self._stale: set[int] = set()  # caches whose action tuple must be rebuilt
        #: Union-find over piece nodes (consecutive integers): parent and set size per node;
        #: the root of each set holds its :class:`Feature` in ``features``.
        self.parent: list[int] = []
        self.size: list[int] = []
        self.features: dict[int, Feature] = {}
        #: Roots whose Feature this board may change in place; a copy shares the others
        #: (copy on write: see :meth:`writable`).
        self._owned: set[int] = set()
        self.node_place: list[tuple[Position, int]] = []  # node -> (position, piece index)
        self.joins: list[tuple[int, int]] = []
        self.markets: dict[Position, int] = {}  # position -> market node, while incomplete
        self.missing: dict[Position, int] = {}  # market position -> empty neighbours left
        self.awaited: dict[Position, tuple[Position, ...]] = {}  # empty position -> markets
        self.finished: list[Position] = []  # markets the last placement completed (SS-M1)
        self.place(start, (0, 0), 0)

    # -- placement ------------------------------------------------------------------------------
    def legal_placements(self, tile: TileType) -> tuple[Place, ...]:
        """Every placement of ``tile``: SS-P2 (a shared side) and SS-P3 (every touching side
        continues bridge, island or sea), one rotation per distinct picture.

        Tiles with the same sides and symmetry share one cache, updated at the few frontier
        positions each placement changes, so the cost does not grow with the board.
        """
        index = self._index.get(tile.legality)
        if index is None:  # a tile of a class not announced: start keeping it now
            index = len(self._caches)
            self._index = {**self._index, tile.legality: index}  # copies share the old one
            cache = Placements(tile.legality)
            self._caches.append(cache)
            for position, code in self.frontier.items():
                mask = cache.table[code]
                if mask:
                    x, y = position
                    cache.by_position[position] = tuple(place(x, y, r) for r in ROTATIONS[mask])
            self._transitions = transitions_of(self._caches)
        cache = self._caches[index]
        if index in self._stale or cache.actions is None:
            self._stale.discard(index)
            cache.actions = tuple(chain.from_iterable(cache.by_position.values()))
        return cache.actions

    def fits(self, tile: TileType, position: Position, rotation: int) -> bool:
        """Whether ``tile`` may go at ``position`` turned ``rotation`` (any of 0..3)."""
        code = self.frontier.get(position)
        if code is None:
            return False
        return bool(tile.table[code] >> tile.canonical[rotation] & 1)

    def requirement(self, position: Position) -> tuple[str | None, ...] | None:
        """The side letters (N, E, S, W) an empty position requires, ``None`` where free;
        ``None`` for a position off the frontier."""
        code = self.frontier.get(position)
        return None if code is None else requirement(code)

    def place(self, tile: TileType, position: Position, rotation: int) -> list[int]:
        """Put a tile down (legality is the caller's check) and merge features.

        Returns the feature roots of the new tile's pieces (deduplicated, in piece order).
        """
        first = len(self.node_place)
        self.tiles[position] = PlacedTile(tile, rotation, first)
        pieces = tile.pieces
        parent, size = self.parent, self.size
        for i in range(len(pieces)):
            self.node_place.append((position, i))
            parent.append(first + i)
            size.append(1)
        loose = [True] * len(pieces)  # pieces that belong to no feature yet
        mine = tile.side_pieces[rotation]
        x, y = position
        for side in range(4):
            dx, dy = STEP[side]
            other = self.tiles.get((x + dx, y + dy))
            if other is None:
                continue
            theirs = other.tile.side_pieces[other.rotation][(side + 2) % 4]
            a, b = mine[side], theirs
            if a[0] == a[1] == a[2] and b[0] == b[1] == b[2]:  # one piece each: one join
                self._join(tile, position, first, a[0], loose, other.first_node + b[0], 6)
            else:  # port k meets the neighbour's port 2 - k on the facing side
                for k in range(3):
                    self._join(tile, position, first, a[k], loose, other.first_node + b[2 - k], 2)
        features = self.features
        for i, piece in enumerate(pieces):
            if loose[i]:
                features[first + i] = Feature(piece.kind, first + i, piece, position, i)
                self._owned.add(first + i)
        self._track_markets(tile, position, first)
        self._update_frontier(position, tile.side_codes[rotation])
        roots: list[int] = []
        for i in range(len(pieces)):
            root = first + i
            while parent[root] != root:
                root = parent[root]
            if root not in roots:
                roots.append(root)
        return roots

    def _join(
        self,
        tile: TileType,
        position: Position,
        first: int,
        index: int,
        loose: list[bool],
        b: int,
        ports: int,
    ) -> None:
        """Piece ``index`` of the new tile touches node ``b`` across ``ports`` / 2 port pairs:
        merge their features (union by size) and close those ports."""
        parent, size = self.parent, self.size
        a, rb = first + index, b
        while parent[rb] != rb:  # find b's root, halving the path
            parent[rb] = rb = parent[parent[rb]]
        if loose[index]:  # the piece joins b's feature as it is
            loose[index] = False
            feature = self.writable(rb)
            feature.add(a, tile.pieces[index], position, index)
            parent[a] = rb
            size[rb] += 1
            self.joins.append((a, b))
            feature.open -= ports
            return
        ra = a
        while parent[ra] != ra:
            parent[ra] = ra = parent[parent[ra]]
        if ra != rb:
            if size[ra] < size[rb]:
                ra, rb = rb, ra
            parent[rb] = ra
            size[ra] += size[rb]
            self.writable(ra).absorb(self.features.pop(rb))
            self._owned.discard(rb)
            self.joins.append((a, b))
        self.writable(ra).open -= ports

    def writable(self, root: int) -> Feature:
        """The feature at ``root``, made this board's own first if a copy shares it: every
        change to a feature goes through here (copy on write keeps :meth:`clone` cheap)."""
        feature = self.features[root]
        if root not in self._owned:
            feature = self.features[root] = feature.copy()
            self._owned.add(root)
        return feature

    def _update_frontier(self, position: Position, codes: tuple[int, ...]) -> None:
        """The frontier after a tile was placed at ``position``; ``codes`` are what its sides
        ask of the neighbours (see :attr:`TileType.side_codes`)."""
        frontier, tiles = self.frontier, self.tiles
        caches, stale = self._caches, self._stale
        old = frontier.pop(position, None)
        if old is not None:
            _, withdraw, touched = self._changes(old, None)
            for i in withdraw:
                del caches[i].by_position[position]
            stale |= touched
        x, y = position
        transitions = self._transitions
        for side, (dx, dy) in enumerate(STEP):
            n = (x + dx, y + dy)
            if n in tiles:
                continue
            # the neighbour's facing side must show what this side shows
            old = frontier.get(n)
            new = frontier[n] = (old or 0) | codes[side]
            offer, withdraw, touched = transitions.get((old, new)) or self._changes(old, new)
            if offer:
                slots = OFFERS.get(n)
                if slots is None:
                    slots = OFFERS[n] = [None] * 16
                for i, mask in offer:
                    found = slots[mask]
                    if found is None:
                        found = slots[mask] = tuple(place(*n, r) for r in ROTATIONS[mask])
                    caches[i].by_position[n] = found
            for i in withdraw:
                del caches[i].by_position[n]
            stale |= touched

    def _changes(self, old: int | None, new: int | None) -> Transition:
        """When a position's requirement goes from ``old`` to ``new`` (``None``: off the
        frontier): the caches whose rotations there change, with the new ones, the caches that
        no longer fit, and both together (by index; shared by every board with the same
        classes)."""
        found = self._transitions.get((old, new))
        if found is None:
            offer, withdraw = [], []
            for i, cache in enumerate(self._caches):
                before = 0 if old is None else cache.table[old]
                after = 0 if new is None else cache.table[new]
                if after and after != before:
                    offer.append((i, after))
                elif before and not after:
                    withdraw.append(i)
            touched = frozenset(i for i, _ in offer) | frozenset(withdraw)
            found = self._transitions[(old, new)] = (offer, withdraw, touched)
        return found

    # -- features -------------------------------------------------------------------------------
    def feature_of(self, node: int) -> Feature:
        return self.features[self.root(node)]

    def root(self, node: int) -> int:
        """The node that holds the feature of ``node`` (union-find with path halving)."""
        parent = self.parent
        while parent[node] != node:
            parent[node] = node = parent[parent[node]]
        return node

    def piece(self, node: int) -> Piece:
        position, index = self.node_place[node]
        return self.tiles[position].tile.pieces[index]

    def node_at(self, position: Position, piece_index: int) -> int:
        return self.tiles[position].node(piece_index)

    def _track_markets(self, tile: TileType, position: Position, first: int) -> None:
        """SS-M1: count down the empty neighbours of each open market; note those finished."""
        finished: list[Position] = []
        for market in self.awaited.pop(position, ()):
            self.missing[market] -= 1
            if not self.missing[market]:
                finished.append(market)
        if tile.market:
            self.markets[position] = first + next(
                i for i, p in enumerate(tile.pieces) if p.kind is Kind.MARKET
            )
            x, y = position
            empty = [(x + dx, y + dy) for dx, dy in AROUND if (x + dx, y + dy) not in self.tiles]
            self.missing[position] = len(empty)
            for q in empty:
                self.awaited[q] = (*self.awaited.get(q, ()), position)
            if not empty:
                finished.append(position)
        self.finished = finished

    def completed_markets(self, position: Position) -> list[Position]:
        """Markets (still open) whose 8 neighbours the tile just placed at ``position``
        completed, itself included."""
        return [m for m in self.finished if m in self.markets]

    def open_features(self) -> Iterator[tuple[int, Feature]]:
        """(root, feature) of every feature not yet closed by an evaluation."""
        for root, feature in self.features.items():
            if not feature.closed:
                yield root, feature

    def feature_graph(self) -> nx.Graph:
        """Pieces as nodes (attributes: position, piece, kind, feature root), edges where pieces
        touch across tile sides; its connected components are the features."""
        g = nx.Graph()
        for node, (position, index) in enumerate(self.node_place):
            piece = self.tiles[position].tile.pieces[index]
            g.add_node(
                node, position=position, piece=index, kind=piece.kind.value, feature=self.root(node)
            )
        g.add_edges_from(self.joins)
        return g

    def clone(self) -> Board:
        twin = object.__new__(Board)
        twin.tiles = dict(self.tiles)
        twin.frontier = dict(self.frontier)
        twin._caches = [c.copy() for c in self._caches]
        twin._stale = set(self._stale)
        twin._index, twin._transitions = self._index, self._transitions  # never changed in place
        twin.parent, twin.size = list(self.parent), list(self.size)
        twin.features = dict(self.features)  # shared until one side changes one
        twin._owned = set()
        self._owned = set()
        twin.node_place = list(self.node_place)
        twin.joins = list(self.joins)
        twin.markets = dict(self.markets)
        twin.missing, twin.awaited = dict(self.missing), dict(self.awaited)
        twin.finished = list(self.finished)
        return twin
