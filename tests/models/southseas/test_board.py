"""The board: incremental frontier and features agree with a from-scratch recomputation."""

from __future__ import annotations

import networkx as nx

from models.southseas.actions import Place
from models.southseas.board import Board
from models.southseas.components import Kind
from models.southseas.state import SouthSeasState
from models.southseas.tilefile import load_tiles
from tests.models.southseas.helpers import random_state


def played(seed: int, moves: int) -> SouthSeasState:
    return random_state(3, seed, moves)


def test_feature_graph_components_are_the_union_find_features() -> None:
    for seed in range(5):
        board = played(seed, 120).board
        graph = board.feature_graph()
        components = {frozenset(c) for c in nx.connected_components(graph)}
        features = {frozenset(f.nodes) for f in board.features.values()}
        assert components == features
        for a, b in graph.edges:
            assert graph.nodes[a]["kind"] == graph.nodes[b]["kind"]


def test_frontier_is_every_empty_neighbour_with_its_requirement() -> None:
    board = played(3, 150).board
    expected = {}
    for x, y in board.tiles:
        for side, (dx, dy) in enumerate(((0, -1), (1, 0), (0, 1), (-1, 0))):
            n = (x + dx, y + dy)
            if n not in board.tiles:
                expected.setdefault(n, [None] * 4)
                placed = board.tiles[(x, y)]
                expected[n][(side + 2) % 4] = placed.tile.patterns[placed.rotation][side]
    assert {p: tuple(v) for p, v in expected.items()} == {
        p: board.requirement(p) for p in board.frontier
    }


def test_incremental_placements_match_a_scan_of_every_position_and_rotation() -> None:
    tiles = load_tiles()
    for seed in range(4):
        board = played(seed, 60 + 40 * seed).board
        for tile in tiles.types:
            scan = set()
            for position in board.frontier:
                need = board.requirement(position)
                assert need is not None
                for r in range(4):
                    shown = tile.patterns[r]
                    if all(n is None or n == s for n, s in zip(need, shown, strict=True)):
                        scan.add(Place(*position, tile.canonical[r]))
            assert set(board.legal_placements(tile)) == scan, tile.id
            assert len(board.legal_placements(tile)) == len(scan)  # each picture once


def test_a_copied_board_keeps_its_placements_apart() -> None:
    tiles = load_tiles()
    board = Board(tiles.start, tiles.types)
    twin = board.clone()
    tile = next(t for t in tiles.types if t.id == "bridge-curve")
    before = board.legal_placements(tile)
    first = twin.legal_placements(tile)[0]
    twin.place(tile, (first.x, first.y), first.rotation)
    assert twin.legal_placements(tile) != before
    assert board.legal_placements(tile) == before and len(board.tiles) == 1


def test_open_ports_match_a_recount() -> None:
    board = played(4, 150).board
    for feature in board.features.values():
        if feature.kind is Kind.MARKET:
            continue
        recount = 0
        for node in feature.nodes:
            position, index = board.node_place[node]
            placed = board.tiles[position]
            table = placed.tile.port_piece[placed.rotation]
            for port in range(12):
                if table[port] != index:
                    continue
                dx, dy = ((0, -1), (1, 0), (0, 1), (-1, 0))[port // 3]
                if (position[0] + dx, position[1] + dy) not in board.tiles:
                    recount += 1
        assert recount == feature.open


def _features(state: SouthSeasState) -> dict[int, tuple[object, ...]]:
    return {
        root: (
            f.kind,
            f.open,
            f.closed,
            f.evaluated,
            f.bananas,
            f.shells,
            f.boats,
            tuple(f.fish),
            tuple(f.islanders),
            tuple(f.nodes),
            frozenset(f.tiles),
        )
        for root, f in state.board.features.items()
    }


def test_copies_share_features_until_one_side_changes_them() -> None:
    from models.core import make_rng, random_playout

    for seed in range(6):
        state = played(seed, 100)
        before = _features(state)
        twin = state.clone()
        random_playout(twin, make_rng(seed))  # completions, boats, islanders, end scoring
        assert _features(state) == before, "playing the copy changed the original"
        twin_before = _features(twin)
        random_playout(state, make_rng(seed + 1))
        assert _features(twin) == twin_before, "playing the original changed the copy"
