"""The open features of a South Seas position: where each is open, and which tiles fit there.

A feature (bridge, island, sea region) is open while some port of it faces an empty position;
those positions must all hold tiles before it can be complete (SS-E2..E4). A market is open
while one of its 8 neighbours is empty (SS-M1); those empty neighbours must all be filled. One
pass over the frontier (the empty positions next to tiles) finds every feature's open ports at
once, so asking about all features costs one scan, not one per feature.

The tiles usable in a completion (:class:`Supply`) are the stack's, plus the tile drawn and not
yet placed when the position waits for its placement.

>>> from models.core import load_game, make_rng, random_playout
>>> state = load_game("southseas", 2).new_initial_state()
>>> moves = random_playout(state, make_rng(3), max_moves=30)
>>> found = open_features(state.board)
>>> all(f.needs for f in found), sorted({f.kind.value for f in found}) <= [
...     "bridge", "island", "market", "sea"]
(True, True)
>>> supply = supply_of(state)
>>> sum(supply.stack) == state.tiles_left
True
"""

from __future__ import annotations

import dataclasses
import functools
from typing import Any

from models.southseas.board import Board
from models.southseas.components import Kind, TileType
from models.southseas.finishable import fits_any, usable_of
from models.southseas.geometry import AROUND, STEP, Position, facing_port

#: (x, y, piece index): a piece on the board, the way the log and the CLI name it.
PieceAt = tuple[int, int, int]


@dataclasses.dataclass(frozen=True)
class Supply:
    """The tile types of the game with their copies: ``stack`` face down (what the next draws
    come from) and ``usable`` for a completion (the stack plus a drawn tile not yet placed)."""

    types: tuple[TileType, ...]
    stack: tuple[int, ...]
    usable: tuple[int, ...]

    @property
    def total(self) -> int:
        """How many tiles a completion may use at most."""
        return sum(self.usable)

    def index(self) -> dict[str, int]:
        return {t.id: i for i, t in enumerate(self.types)}


def supply_of(state: Any) -> Supply:
    """The supply of a South Seas state (its game's draw types, ``left``, ``drawn``)."""
    return Supply(tuple(state.game.draw_types), tuple(state.left), usable_of(state))


@dataclasses.dataclass(frozen=True)
class OpenFeature:
    """An open feature: its union-find root, kind, first piece, tiles so far, its open ports
    (empty position, the port there that faces the feature) and the positions it needs filled
    (for a market: its empty neighbours)."""

    root: int
    kind: Kind
    at: PieceAt
    tiles: int
    ports: tuple[tuple[Position, int], ...]
    needs: tuple[Position, ...]
    market: Position | None = None

    def describe(self) -> str:
        x, y, piece = self.at
        return f"{self.kind.value} at ({x},{y}) piece {piece}"


def open_features(board: Board) -> list[OpenFeature]:
    """Every open feature of ``board``, ordered by its first piece (one frontier scan)."""
    ports: dict[int, list[tuple[Position, int]]] = {}
    tiles = board.tiles
    for q in board.frontier:
        x, y = q
        for side, (dx, dy) in enumerate(STEP):
            placed = tiles.get((x + dx, y + dy))
            if placed is None:
                continue
            back = (side + 2) % 4
            pieces = placed.tile.side_pieces[placed.rotation][back]
            for k in range(3):
                piece = pieces[k]
                root = board.root(placed.first_node + piece)
                ports.setdefault(root, []).append((q, facing_port(3 * back + k)))
    found: list[OpenFeature] = []
    for root, open_ports in ports.items():
        feature = board.features[root]
        if feature.closed:
            continue
        needs = tuple(dict.fromkeys(q for q, _ in open_ports))
        found.append(
            OpenFeature(root, feature.kind, _first(board, feature.nodes), len(feature.tiles),
                        tuple(open_ports), needs)
        )  # fmt: skip
    for market, node in board.markets.items():
        root = board.root(node)
        feature = board.features[root]
        if feature.closed:
            continue
        x, y = market
        empty = tuple((x + dx, y + dy) for dx, dy in AROUND if (x + dx, y + dy) not in tiles)
        found.append(
            OpenFeature(root, Kind.MARKET, _first(board, feature.nodes), 1, (), empty, market)
        )
    found.sort(key=lambda f: (f.at[1], f.at[0], f.at[2]))
    return found


def _first(board: Board, nodes: list[int]) -> PieceAt:
    (x, y), piece = board.node_place[min(nodes)]
    return (x, y, piece)


def feature_at(board: Board, at: PieceAt) -> int | None:
    """The root of the feature of piece ``at`` = (x, y, piece index); ``None`` when there is
    no tile there or it has no such piece."""
    x, y, piece = at
    placed = board.tiles.get((x, y))
    if placed is None or not 0 <= piece < len(placed.tile.pieces):
        return None
    return board.root(placed.node(piece))


def fitting(
    board: Board, supply: Supply, position: Position, counts: tuple[int, ...]
) -> list[tuple[int, tuple[int, ...]]]:
    """(type index, rotations) of every type with ``counts`` > 0 that fits ``position`` now
    against every placed neighbour (SS-P3); any distinct rotation off the frontier."""
    code = board.frontier.get(position, 0)
    return [
        (i, _ROTATIONS[t.table[code]])
        for i, t in enumerate(supply.types)
        if counts[i] and t.table[code]
    ]


_ROTATIONS = tuple(tuple(r for r in range(4) if mask >> r & 1) for mask in range(16))


@functools.lru_cache(maxsize=4096)
def port_groups(tile: TileType, rotation: int, kind: Kind) -> tuple[tuple[int, ...], ...]:
    """The ports (turned by ``rotation``) of each piece of ``tile`` of ``kind``: the ports of
    one piece belong to the same feature."""
    table = tile.port_piece[rotation]
    groups = []
    for i, piece in enumerate(tile.pieces):
        if piece.kind is kind and piece.ports:
            groups.append(tuple(p for p in range(12) if table[p] == i))
    return tuple(groups)


def dead_position(board: Board, supply: Supply, position: Position) -> bool:
    """Whether no usable tile fits ``position`` in any rotation (proof (a) of a ``no``)."""
    return not fits_any(board, supply.types, supply.usable, position)
