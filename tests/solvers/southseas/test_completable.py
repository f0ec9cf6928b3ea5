"""Completability of South Seas features against brute force, on boards built from the test
tiles (tests/models/southseas/scenario_tiles.toml).

The start tile at (0, 0): an island cap to the north (piece 0), a bridge west-east (piece 1),
a sea strip between them (piece 2) and the sea to the south (piece 3)::

        (0,-1)
    +----------+
    | ######## |  island (piece 0)
    |~~~~~~~~~~|  sea strip (piece 2)
    ============  bridge (piece 1)
    |~~~ <>< ~~|  sea (piece 3)
    +----------+
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from analyses.southseas.cli_completable import completable_cmd
from models.core import make_rng
from models.errors import AtollError
from models.southseas.actions import PASS, Place
from models.southseas.board import Board
from models.southseas.components import Kind
from models.southseas.state import SouthSeasState
from models.southseas.tilefile import load_tiles
from solvers.southseas.completable import Completability, all_completable, completable
from solvers.southseas.exhaust import Exhausted, exhaust
from solvers.southseas.features import Supply, open_features, supply_of
from solvers.southseas.model import Placement
from tests.models.southseas.helpers import draw, small_game, step
from tests.solvers.southseas.brute import complete, fewest_by_brute_force


def build(counts: dict[str, int], moves: list[dict[str, Any]]) -> SouthSeasState:
    """A 2-player game on ``counts`` copies of the test tiles after ``moves``."""
    state = small_game(counts)
    for move in moves:
        step(state, move)
    return state


def answer_at(state: SouthSeasState, x: int, y: int, piece: int) -> Completability:
    return completable(state, (x, y, piece), time_limit=30)


def replay_in_engine(state: SouthSeasState, completion: tuple[Placement, ...]) -> None:
    """Draw and place each tile of ``completion`` through the protocol, passing every other
    decision (the first option when passing is not one)."""
    for p in completion:
        draw(state, p.tile)
        state.apply(Place(p.x, p.y, p.rotation))
        while not state.is_terminal() and not state.is_chance_node():
            options = state.legal_actions()
            state.apply(PASS if PASS in options else options[0])


def check_against_brute_force(state: SouthSeasState) -> list[Completability]:
    """Every open feature's answer (and the exhaustive search's) equals brute force's."""
    answers = all_completable(state, time_limit=30)
    supply = supply_of(state)
    for a in answers:
        fewest = fewest_by_brute_force(state, a.feature)
        assert a.answer == ("no" if fewest is None else "yes"), (a, fewest)
        if fewest is not None:
            assert a.minimal and a.fewest == fewest, (a, fewest)
        if a.feature.kind is not Kind.MARKET:
            found = exhaust(state.board, a.feature, supply, nodes=100_000)
            assert (None if found is None else len(found)) == fewest
    return answers


def test_SS_E3_an_island_completes_and_the_completion_replays_in_the_engine() -> None:
    state = build({"band": 2, "cap": 1, "sea": 1}, [{"tile": "band", "at": [0, -1]}])
    answer = answer_at(state, 0, 0, 0)
    assert answer.answer == "yes" and answer.minimal
    assert answer.completion == (Placement("cap", 0, -2, 2),)
    check_against_brute_force(state)
    root = answer.feature.root
    replay_in_engine(state, answer.completion)
    feature = state.board.feature_of(root)
    assert feature.open == 0 and feature.evaluated == "complete"


# Two islands face the empty (0,-1): the start's cap from the south, a cap at (0,-2) from the
# north. Only a band (island north and south) fits there, and it closes both at once.
AROUND_THE_GAP: list[dict[str, Any]] = [
    {"tile": "bridge", "at": [1, 0]},
    {"tile": "sea", "at": [1, -1]},
    {"tile": "sea", "at": [1, -2]},
]


def test_SS_E3_an_island_closes_only_through_a_tile_that_closes_another() -> None:
    moves = [*AROUND_THE_GAP, {"tile": "cap", "at": [0, -2], "rotation": 2}]
    state = build({"bridge": 1, "sea": 3, "cap": 2, "band": 1}, moves)
    first, second = answer_at(state, 0, 0, 0), answer_at(state, 0, -2, 0)
    for answer in (first, second):
        assert answer.answer == "yes" and answer.fewest == 1
        assert [(p.tile, p.x, p.y) for p in answer.completion] == [("band", 0, -1)]
    check_against_brute_force(state)
    replay_in_engine(state, first.completion)
    assert state.board.feature_of(first.feature.root).open == 0
    assert state.board.feature_of(second.feature.root).open == 0


def test_SS_E3_a_merged_island_must_close_too() -> None:
    # a band at (0,-2) is open to the north: the band that joins it must be followed by a cap
    moves = [*AROUND_THE_GAP, {"tile": "band", "at": [0, -2]}]
    state = build({"bridge": 1, "sea": 2, "band": 3, "cap": 1}, moves)
    answer = answer_at(state, 0, 0, 0)
    assert answer.answer == "yes" and answer.minimal and answer.fewest == 2
    assert {(p.tile, p.x, p.y) for p in answer.completion} == {("band", 0, -1), ("cap", 0, -3)}
    check_against_brute_force(state)
    replay_in_engine(state, answer.completion)
    assert state.board.feature_of(answer.feature.root).open == 0


def test_SS_E3_without_the_cap_the_merged_island_cannot_close() -> None:
    moves = [*AROUND_THE_GAP, {"tile": "band", "at": [0, -2]}]
    state = build({"bridge": 1, "sea": 3, "band": 3}, moves)
    answer = answer_at(state, 0, 0, 0)
    assert answer.answer == "no" and answer.proof == "exhausted"
    # CP-SAT alone proves it on a region shown to hold every completion
    alone = completable(state, (0, 0, 0), time_limit=30, max_nodes=0)
    assert alone.answer == "no" and alone.proof == "region-infeasible"
    check_against_brute_force(state)


def test_SS_M1_a_market_whose_hole_no_tile_fits_is_proven_no() -> None:
    # (1,1) must show a bridge to the north (the curve at (1,0)), island to the east (the cap at
    # (2,1)) and sea to the west (the market): no test tile has island and bridge sides.
    moves: list[dict[str, Any]] = [
        {"tile": "market", "at": [0, 1]},
        {"tile": "bridge-curve", "at": [1, 0], "rotation": 1},
        {"tile": "sea", "at": [2, 0]},
        {"tile": "cap", "at": [2, 1], "rotation": 3},
    ]
    state = build({"market": 1, "bridge-curve": 1, "sea": 3, "cap": 1, "bridge": 1}, moves)
    answer = answer_at(state, 0, 1, 0)
    assert answer.feature.kind is Kind.MARKET
    assert answer.answer == "no" and answer.proof == "no-tile-fits"
    assert "(1,1)" in answer.reason
    assert fewest_by_brute_force(state, answer.feature) is None


def test_SS_M1_a_market_is_completed_by_filling_its_neighbours() -> None:
    state = build({"market": 1, "bridge-end": 2, "sea": 6}, [{"tile": "market", "at": [0, 1]}])
    answer = answer_at(state, 0, 1, 0)
    assert answer.answer == "yes" and answer.minimal and answer.fewest == 7
    market = answer.feature.market
    replay_in_engine(state, answer.completion)
    assert market is not None and state.board.missing[market] == 0
    assert market not in state.board.markets  # evaluated as complete


def test_SS_M1_a_market_with_too_few_tiles_left() -> None:
    state = build({"market": 1, "bridge-end": 2, "sea": 3}, [{"tile": "market", "at": [0, 1]}])
    answer = answer_at(state, 0, 1, 0)
    assert answer.answer == "no" and answer.proof == "too-few-tiles"


def test_SS_E2_a_bridge_whose_ends_need_two_tiles_of_which_one_is_left() -> None:
    state = build({"bridge-end": 1, "sea": 2}, [])
    answer = answer_at(state, 0, 0, 1)
    assert answer.answer == "no" and answer.proof == "too-few-fitting"
    assert fewest_by_brute_force(state, answer.feature) is None


def test_SS_E2_a_bridge_closed_by_two_ends_matches_brute_force() -> None:
    state = build({"bridge-end": 2, "bridge": 1, "sea": 1}, [])
    answer = answer_at(state, 0, 0, 1)
    assert answer.answer == "yes" and answer.fewest == 2
    check_against_brute_force(state)


def test_SS_E2_a_bridge_loop_completes() -> None:
    state = build({"bridge-curve": 4, "bridge": 1}, [])
    answer = answer_at(state, 0, 0, 1)
    assert answer.answer == "yes" and answer.minimal and answer.fewest == 5
    replay_in_engine(state, answer.completion)
    assert state.board.feature_of(answer.feature.root).open == 0


def test_SS_P3_a_drawn_tile_counts_as_usable() -> None:
    state = build({"cap": 1}, [])
    draw(state, "cap")
    answer = answer_at(state, 0, 0, 0)
    assert answer.answer == "yes" and answer.fewest == 1
    assert answer.waiting is not None and answer.waiting.stack == 0


def test_a_piece_that_is_not_on_the_board_is_an_error() -> None:
    from models.errors import AtollError

    state = build({"cap": 1}, [])
    with pytest.raises(AtollError, match="no tile piece at"):
        completable(state, (3, 3, 0))


def test_max_positions_0_through_the_python_api_is_refused_as_on_the_cli() -> None:
    """``max_positions=0`` once meant the default, 40; the CLI refuses ``--max-positions 0``
    (the largest region searched holds at least one position), and so does the API, as it
    refuses a negative ``max_nodes`` (``--max-nodes`` is 0 or more)."""
    state = build({"cap": 1}, [])
    scenario = str(Path(__file__).parents[3] / "examples" / "southseas" / "close-island.toml")
    assert CliRunner().invoke(completable_cmd, [scenario, "--max-positions", "0"]).exit_code == 2
    with pytest.raises(AtollError, match=r"^max_positions: must be 1 or more"):
        completable(state, (0, 0, 0), max_positions=0)
    with pytest.raises(AtollError, match=r"^max_positions: must be 1 or more"):
        all_completable(state, max_positions=0)
    with pytest.raises(AtollError, match=r"^max_nodes: must be 0 or more"):
        all_completable(state, max_nodes=-1)
    assert completable(state, (0, 0, 0), max_positions=1).answer == "yes"


TYPES = ["cap", "cap-bare", "band", "sea", "bridge", "bridge-end", "bridge-curve", "full"]


@pytest.mark.parametrize("seed", range(8))
def test_SS_P3_every_answer_equals_brute_force_on_random_small_positions(seed: int) -> None:
    rng = make_rng(seed)
    built = [rng.choice(TYPES) for _ in range(3)]
    left = [rng.choice(TYPES) for _ in range(3)]
    counts: dict[str, int] = {}
    for t in built + left:
        counts[t] = counts.get(t, 0) + 1
    state = small_game(counts)
    for tile in built:
        draw(state, tile)
        if state.is_chance_node():  # unplaceable: removed (SS-P4)
            continue
        state.apply(rng.choice(state.legal_actions()))
        while not state.is_terminal() and not state.is_chance_node():
            options = state.legal_actions()
            state.apply(PASS if PASS in options else options[0])
    if state.is_terminal():
        pytest.skip("the game ended")
    answers = check_against_brute_force(state)
    assert all(a.answer != "unknown" for a in answers)
    for a in answers:
        if a.answer == "yes":
            twin = state.clone()
            replay_in_engine(twin, a.completion)
            assert complete(twin.board, a.feature)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_small_search_budget_says_no_more_than_it_knows(seed: int) -> None:
    """Cut short, the exhaustive search proves nothing false: the least tiles it reports is at
    most the fewest found with a large budget, and a completion it hands back replays."""
    from models.southseas.components import Kind as K
    from solvers.southseas.completable import replay_completion
    from solvers.southseas.exhaust import Exhausted
    from tests.models.southseas.helpers import random_state

    state = random_state(4, seed, 120)
    supply = supply_of(state)
    for answer in all_completable(state, time_limit=30):
        if answer.feature.kind is K.MARKET or answer.answer == "unknown":
            continue
        try:
            found = exhaust(state.board, answer.feature, supply, nodes=40)
        except Exhausted as exc:
            if answer.answer == "yes":
                assert exc.at_least <= (answer.fewest or 0) or not answer.minimal
            if exc.completion:
                replay_completion(state.board, answer.feature, exc.completion, supply)
                assert answer.answer == "yes"
                assert len(exc.completion) >= (answer.fewest or 0) or not answer.minimal
            continue
        assert (found is None) == (answer.answer == "no")
        if found is not None and answer.minimal:
            assert len(found) == answer.fewest


@pytest.mark.parametrize(("seed", "moves"), [(1, 200), (3, 150)])
def test_CP_SAT_after_a_search_that_ran_out_answers_as_CP_SAT_alone(seed: int, moves: int) -> None:
    """After an exhaustive search that ran out, CP-SAT starts at the radius where completions
    of as many tiles as that search showed every one needs are looked for: its answers, and
    the fewest tiles where both prove them, are those of CP-SAT from radius 0."""
    from tests.models.southseas.helpers import random_state

    state = random_state(4, seed, moves)  # several features whose search runs out at 600
    cut = all_completable(state, time_limit=30, max_nodes=600)
    alone = all_completable(state, time_limit=30, max_nodes=0)
    compared = 0
    for a, b in zip(cut, alone, strict=True):
        assert a.feature == b.feature
        if "unknown" in (a.answer, b.answer) or a.feature.kind is Kind.MARKET:
            continue
        compared += 1
        assert a.answer == b.answer, a.feature.describe()
        if a.minimal and b.minimal:
            assert a.fewest == b.fewest
        for proven, other in ((a, b), (b, a)):
            if proven.minimal and other.answer == "yes":
                assert (other.fewest or 0) >= (proven.fewest or 0)
            if other.at_least is not None and proven.minimal:
                assert other.at_least <= (proven.fewest or 0)
    assert compared


def test_the_search_budget_counts_each_board_once_per_position_it_is_open_at() -> None:
    """A board where the feature is open at two positions costs two of the budget: a budget
    of one runs out on the very first board."""
    tiles = load_tiles()
    counts = tuple(t.count for t in tiles.types)
    board = Board(tiles.start)
    wide = next(f for f in open_features(board) if len(f.needs) == 2)
    supply = Supply(tiles.types, counts, counts)
    with pytest.raises(Exhausted):
        exhaust(board, wide, supply, nodes=1)
    assert exhaust(board, wide, supply, nodes=10_000) is not None
