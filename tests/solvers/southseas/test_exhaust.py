"""The exhaustive search's growth bound (``exhaust.py``): what its "no" proofs rest on.

Answers against brute force are in ``test_completable.py``; this checks the bound itself on
boards too large for brute force, where a bound that claims too much would prune completions.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterator

import pytest

from models.core import CHANCE, load_game, make_rng
from models.southseas.components import Kind
from models.southseas.state import SouthSeasState
from solvers.southseas.exhaust import _Node, _Search
from solvers.southseas.features import open_features, supply_of


def random_positions(turn: int, games: int) -> Iterator[SouthSeasState]:
    """The state of each seeded random 4-player game when turn ``turn`` begins."""
    game = load_game("southseas", 4)
    for seed in range(games):
        state = game.new_initial_state()
        rng = make_rng(seed)
        while not state.is_terminal() and not (state.turn >= turn and state.phase == "draw"):
            if state.current_player() == CHANCE:
                state.apply(state.sample_chance(rng))
            else:
                state.apply(rng.choice(state.legal_actions()))
        assert isinstance(state, SouthSeasState)
        yield state


def searches(turn: int, games: int) -> Iterator[Callable[[int, float], _Search]]:
    """For every open feature but markets of :func:`random_positions`: a maker of a fresh
    search for it, given its budget and the time to stop at."""
    for state in random_positions(turn, games):
        board, supply = state.board, supply_of(state)
        features = open_features(board)
        ports = {f.root: f.ports for f in features}
        for feature in features:
            if feature.kind is not Kind.MARKET:
                yield functools.partial(_Search, board, feature, supply, ports)


@pytest.mark.parametrize("turn", [15, 35])
def test_a_tile_opens_a_feature_at_no_fewer_new_positions_than_the_bound_says(turn: int) -> None:
    """For every open feature, on the board and after each tile the search could place first:
    at every position it is open at with empty neighbours, every tile that fits there leaves
    it open at no fewer new positions than ``spread`` counts for that tile, and at exactly as
    many when it merges no other feature."""
    checked = 0
    for make in searches(turn, games=3):
        search = make(0, math.inf)
        root = _Node(len(search.board.parent))
        nodes = [root]  # the board, and a tile on it the search could place first
        first = min(search.opened(root, root.find(search.feature.root)))
        nodes += [search.place(root, first, j, r) for j, r in search.options(root, first)]
        for node in nodes:
            checked += check_growth(search, node)
    assert checked > 1000


def check_growth(search: _Search, node: _Node) -> int:
    """The bound's promise at ``node`` (see the test); how many tiles it was checked for."""
    target = search.feature.root
    positions = set(search.opened(node, node.find(target)))
    if not positions:
        return 0
    options = {q: search.options(node, q) for q in positions}
    # the groups of the feature's kind: the board's open features, the pieces placed so far
    before = {node.find(g) for g in (*search.board_open, *node.pieces.values())}
    checked = 0
    for q, (_, grows) in search.spread(node, positions, options).items():
        for (j, r), least in zip(options[q], grows, strict=True):
            after = search.place(node, q, j, r)
            new = set(search.opened(after, after.find(target))) - positions
            assert len(new) >= least, (search.feature.describe(), q, j, r)
            joined = {g for g in before if after.find(g) == after.find(target)}
            if joined == {node.find(target)}:  # it merged no other feature into this one
                assert len(new) == least, (search.feature.describe(), q, j, r)
            checked += 1
    return checked
