"""The board: incremental frontier and features agree with a from-scratch recomputation."""

from __future__ import annotations

import random

import networkx as nx

from models.southseas.components import Kind
from models.southseas.rules import SouthSeas


def played(seed: int, moves: int):  # type: ignore[no-untyped-def]
    state = SouthSeas(3).new_initial_state(seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


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
    assert {p: tuple(v) for p, v in expected.items()} == board.frontier
    assert {p for g in board.by_need.values() for p in g} == set(board.frontier)


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
