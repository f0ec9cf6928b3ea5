"""The South Seas board: tile placement (SS-P1..P4) and features kept incrementally.

Nothing here scans the board. The frontier (empty positions next to tiles) is kept with the side
letters each position requires, so finding a tile's legal placements is a lookup per frontier
position and rotation, cached by (requirement, side pattern). Features are connected tile pieces:
each placed piece is a node of a :class:`networkx.utils.UnionFind`; the root of each set holds the
:class:`Feature` with its open-port count, symbols, fish groups, boats and islanders. Joining two
tiles merges features (small into large) and closes two ports per touching port pair, so a
placement costs the same on turn 70 as on turn 2.

Completion: an island, sea region or bridge is complete when no port of it faces an empty
position (a bridge's inner ends never open; a loop has no ports left); a market when all 8
positions around it hold tiles.

>>> from models.southseas.components import load_tiles
>>> tiles = load_tiles()
>>> board = Board(tiles.start)
>>> len(board.tiles), len(board.frontier)
(1, 4)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import networkx as nx
from networkx.utils import UnionFind

from models.southseas.components import Kind, Piece, TileType
from models.southseas.geometry import AROUND, STEP, Position, facing_port

#: A fish group: (piece node, index of the group on that piece, number of fish).
FishGroup = tuple[int, int, int]


class Feature:
    """A bridge, island, sea region or market: what its pieces add up to."""

    __slots__ = (
        "bananas",
        "boats",
        "closed",
        "fish",
        "islanders",
        "kind",
        "nodes",
        "open",
        "shells",
        "tiles",
    )

    def __init__(self, kind: Kind, node: int, piece: Piece, position: Position) -> None:
        self.kind = kind
        self.open = len(piece.ports)
        self.bananas = piece.bananas
        self.shells = piece.shells
        self.fish: list[FishGroup] = [(node, i, n) for i, n in enumerate(piece.fish)]
        self.boats = int(piece.boat)
        self.islanders: list[tuple[int, int]] = []  # (player, node)
        self.nodes = [node]
        self.tiles = {position}
        self.closed = False  # evaluated as complete: never evaluated again

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
        for slot in Feature.__slots__:
            value = getattr(self, slot)
            setattr(twin, slot, value.copy() if isinstance(value, (list, set)) else value)
        return twin

    @property
    def complete(self) -> bool:
        return self.kind is not Kind.MARKET and self.open == 0


@dataclasses.dataclass(frozen=True)
class PlacedTile:
    tile: TileType
    rotation: int
    first_node: int

    def node(self, piece_index: int) -> int:
        return self.first_node + piece_index


class Board:
    """Tiles on a grid with their features; starts with the start tile at (0, 0)."""

    def __init__(self, start: TileType) -> None:
        self.tiles: dict[Position, PlacedTile] = {}
        #: Empty positions next to tiles, with the side letters (N, E, S, W) each requires.
        self.frontier: dict[Position, tuple[str | None, ...]] = {}
        #: The same positions grouped by requirement (dicts as ordered sets).
        self.by_need: dict[tuple[str | None, ...], dict[Position, None]] = {}
        self.uf = UnionFind()
        self.features: dict[int, Feature] = {}
        self.node_place: list[tuple[Position, int]] = []  # node -> (position, piece index)
        self.joins: list[tuple[int, int]] = []
        self.markets: dict[Position, int] = {}  # position -> market node, while incomplete
        self.place(start, (0, 0), 0)

    # -- placement ------------------------------------------------------------------------------
    def legal_placements(self, tile: TileType) -> list[tuple[Position, int]]:
        """Every (position, rotation) where ``tile`` may go: SS-P2 (a shared side) and SS-P3
        (every touching side continues bridge, island or sea). Symmetric rotations once."""
        out: list[tuple[Position, int]] = []
        rotations = tile.rotations
        fits = _FITS
        for need, positions in self.by_need.items():
            for r in rotations:
                pattern = tile.patterns[r]
                key = (need, pattern)
                ok = fits.get(key)
                if ok is None:
                    ok = fits[key] = all(
                        n is None or n == p for n, p in zip(need, pattern, strict=True)
                    )
                if ok:
                    out.extend((position, r) for position in positions)
        return out

    def place(self, tile: TileType, position: Position, rotation: int) -> list[int]:
        """Put a tile down (legality is the caller's check) and merge features.

        Returns the feature roots of the new tile's pieces (deduplicated, in piece order).
        """
        first = len(self.node_place)
        placed = PlacedTile(tile, rotation, first)
        self.tiles[position] = placed
        uf, features = self.uf, self.features
        for i, piece in enumerate(tile.pieces):
            node = first + i
            self.node_place.append((position, i))
            uf[node]
            features[node] = Feature(piece.kind, node, piece, position)
            if piece.kind is Kind.MARKET:
                self.markets[position] = node
        table = tile.port_piece[rotation]
        x, y = position
        for side in range(4):
            dx, dy = STEP[side]
            other = self.tiles.get((x + dx, y + dy))
            if other is None:
                continue
            other_table = other.tile.port_piece[other.rotation]
            for k in range(3):
                port = 3 * side + k
                a = first + table[port]
                b = other.first_node + other_table[facing_port(port)]
                self._join(a, b)
        self._update_frontier(position, tile.patterns[rotation])
        roots: list[int] = []
        for i in range(len(tile.pieces)):
            root = uf[first + i]
            if root not in roots:
                roots.append(root)
        return roots

    def _join(self, a: int, b: int) -> None:
        uf = self.uf
        ra, rb = uf[a], uf[b]
        if ra != rb:
            uf.union(ra, rb)
            root = uf[ra]
            gone = rb if root == ra else ra
            self.features[root].absorb(self.features.pop(gone))
            self.joins.append((a, b))
        self.features[uf[a]].open -= 2

    def _update_frontier(self, position: Position, pattern: tuple[str, ...]) -> None:
        old = self.frontier.pop(position, None)
        if old is not None:
            self._ungroup(position, old)
        x, y = position
        for side in range(4):
            dx, dy = STEP[side]
            n = (x + dx, y + dy)
            if n in self.tiles:
                continue
            need = self.frontier.get(n)
            new: list[str | None] = [None, None, None, None]
            if need is not None:
                self._ungroup(n, need)
                new = list(need)
            new[(side + 2) % 4] = pattern[side]
            key = self.frontier[n] = tuple(new)
            self.by_need.setdefault(key, {})[n] = None

    def _ungroup(self, position: Position, need: tuple[str | None, ...]) -> None:
        group = self.by_need[need]
        del group[position]
        if not group:
            del self.by_need[need]

    # -- features -------------------------------------------------------------------------------
    def feature_of(self, node: int) -> Feature:
        return self.features[self.uf[node]]

    def root(self, node: int) -> int:
        return self.uf[node]

    def piece(self, node: int) -> Piece:
        position, index = self.node_place[node]
        return self.tiles[position].tile.pieces[index]

    def node_at(self, position: Position, piece_index: int) -> int:
        return self.tiles[position].node(piece_index)

    def completed_markets(self, position: Position) -> list[Position]:
        """Markets (still open) around or at ``position`` whose 8 neighbours all hold tiles."""
        x, y = position
        found = []
        for dx, dy in ((0, 0), *AROUND):
            m = (x + dx, y + dy)
            if m in self.markets and all((m[0] + ax, m[1] + ay) in self.tiles for ax, ay in AROUND):
                found.append(m)
        return found

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
                node, position=position, piece=index, kind=piece.kind.value, feature=self.uf[node]
            )
        g.add_edges_from(self.joins)
        return g

    def copy(self) -> Board:
        twin = object.__new__(Board)
        twin.tiles = dict(self.tiles)
        twin.frontier = dict(self.frontier)
        twin.by_need = {k: dict(v) for k, v in self.by_need.items()}
        twin.uf = UnionFind()
        twin.uf.parents = dict(self.uf.parents)
        twin.uf.weights = dict(self.uf.weights)
        twin.features = {r: f.copy() for r, f in self.features.items()}
        twin.node_place = list(self.node_place)
        twin.joins = list(self.joins)
        twin.markets = dict(self.markets)
        return twin


#: Whether a side pattern meets a frontier requirement, shared by all boards (few keys).
_FITS: dict[tuple[tuple[str | None, ...], tuple[str, ...]], bool] = {}
