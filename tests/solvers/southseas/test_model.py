"""The CP-SAT region model: what its statuses promise."""

from __future__ import annotations

from models.southseas.board import Board
from models.southseas.geometry import STEP
from models.southseas.tilefile import load_tiles
from solvers.southseas.features import Supply, open_features
from solvers.southseas.model import solve_region


def start_position() -> tuple[Board, Supply]:
    tiles = load_tiles()
    counts = tuple(t.count for t in tiles.types)
    return Board(tiles.start), Supply(tiles.types, counts, counts)


def around(board: Board, radius: int) -> set[tuple[int, int]]:
    """Every empty position within ``radius`` steps of the board's tiles."""
    found = set(board.frontier)
    for _ in range(radius - 1):
        found |= {(x + dx, y + dy) for x, y in found for dx, dy in STEP}
    return found - set(board.tiles)


def test_a_completion_is_called_the_fewest_only_when_it_was_minimised() -> None:
    board, supply = start_position()
    ports = {f.root: f.ports for f in open_features(board)}
    region = around(board, 3)
    for feature in open_features(board):
        fewest = solve_region(board, feature, region, supply, ports, time_limit=30)
        anyone = solve_region(board, feature, region, supply, ports, time_limit=30, fewest=False)
        bounded = solve_region(board, feature, region, supply, ports, time_limit=30, effort=10.0)
        assert fewest.status == "optimal", feature.describe()
        assert anyone.status == "feasible" and len(anyone.placements) >= len(fewest.placements)
        assert bounded.status == "optimal", feature.describe()
        assert len(bounded.placements) == len(fewest.placements), feature.describe()


def test_an_effort_too_small_for_any_completion_still_gives_one() -> None:
    """When the effort runs out before a completion is found, any completion is looked for:
    an answer, never called the fewest."""
    board, supply = start_position()
    ports = {f.root: f.ports for f in open_features(board)}
    region = around(board, 3)
    for feature in open_features(board):
        found = solve_region(board, feature, region, supply, ports, time_limit=30, effort=1e-9)
        fewest = solve_region(board, feature, region, supply, ports, time_limit=30)
        assert found.placements, feature.describe()
        assert found.status == "feasible" and len(found.placements) >= len(fewest.placements)
