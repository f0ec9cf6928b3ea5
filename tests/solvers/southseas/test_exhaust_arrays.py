"""The compiled exhaustive search (``exhaust_arrays.py``) against its reference, the Python
search of ``exhaust.py``: the same answers, lower bounds and completions after the same
boards, counted the same way, on every open feature of random positions."""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from pathlib import Path

import pytest

from solvers.southseas import exhaust_arrays
from solvers.southseas.exhaust import Exhausted, _Search, exhaust, rounds_budget
from solvers.southseas.features import open_features, supply_of
from solvers.southseas.model import Placement
from tests.solvers.southseas.crafted import bridge_start, fillers, search_of, tile_file, whole
from tests.solvers.southseas.test_exhaust import random_positions, searches

Answer = tuple[str, int, tuple[Placement, ...]]


def reference(search: _Search) -> Answer:
    try:
        found = search.run()
    except Exhausted as exc:
        return "stop", exc.at_least, exc.completion
    return ("dead", 0, ()) if found is None else ("found", 0, found)


def both(make: Callable[[], _Search], budget: int) -> tuple[Answer, Answer, bool]:
    """The reference's answer for a fresh search of ``make`` and the compiled search's for
    another, as :func:`reference` gives them, and whether both tried as many boards and did as
    much work."""
    search, twin = make(), make()
    expected = reference(search)
    result, at_least, steps, nodes, work = exhaust_arrays.run(
        exhaust_arrays.tables(twin), budget, rounds_budget(budget), math.inf
    )
    name = {exhaust_arrays.FOUND: "found", exhaust_arrays.DEAD: "dead"}.get(result, "stop")
    got = (name, at_least if name == "stop" else 0, twin.placements(steps))
    return expected, got, (nodes, work) == (search.nodes, search.work)


@pytest.mark.parametrize(("turn", "budget"), [(15, 2000), (35, 6000), (55, 20000), (60, 120_000)])
def test_the_compiled_search_tries_the_same_boards_as_the_reference(turn: int, budget: int) -> None:
    compared, results = 0, set()
    for make in searches(turn, games=2):
        expected, got, same_boards = both(functools.partial(make, budget, math.inf), budget)
        feature = make(budget, math.inf).feature.describe()
        assert got == expected and same_boards, feature
        compared += 1
        results.add(expected[0])
    assert compared > 30
    if turn >= 55:  # budgets that run out, proofs of none and completions all met
        assert results == {"found", "dead", "stop"}


def test_the_compiled_search_stops_at_its_time_limit() -> None:
    """A sea region of the benchmark that takes millions of boards to prove unfinishable
    (seed 1, turn 60): with no time left, the search stops at its first look at the clock
    (when the boards tried are a multiple of 256; a cut counts several at once, so it may skip
    one), not millions of boards later, and says how few tiles a completion needs at least."""
    state = list(random_positions(60, games=2))[1]
    features = open_features(state.board)
    ports = {f.root: f.ports for f in features}
    hard = next(f for f in features if f.at == (4, -3, 1))
    with pytest.raises(Exhausted) as stopped:
        exhaust(state.board, hard, supply_of(state), nodes=10**12, seconds=0.0)
    assert stopped.value.at_least >= len(hard.needs)
    search = _Search(state.board, hard, supply_of(state), ports, 10**12, stop=0.0)
    result, _, _, nodes, _ = exhaust_arrays.run(
        exhaust_arrays.tables(search), 10**12, rounds_budget(10**12), 0.0
    )
    assert result == exhaust_arrays.STOP and nodes < 2000


_STRAIGHT = ("straight", "BSBI", [
    {"kind": "bridge", "sides": ["N", "S"]}, {"kind": "island", "sides": ["W"]},
    {"kind": "sea", "sides": ["E", "N.E", "S.E", "N.W", "S.W"]},
])  # fmt: skip
_END = ("end", "BSSS", [
    {"kind": "bridge", "sides": ["N"], "end": "junction"},
    {"kind": "sea", "sides": ["E", "S", "W", "N.E", "N.W"]},
])  # fmt: skip


def test_a_round_cut_at_a_limit_of_127_tiles_is_not_taken_for_no_completion(
    tmp_path: Path,
) -> None:
    """The start tile's bridge runs south along a shore (island sides facing it) for 130
    positions; only a straight bridge with an island side fits there, and the bridge's end
    only past the shore: the fewest is 131 tiles, found by the round of limit 131. The memo
    once kept a limit in 7 bits, 127 meaning "no limit": the round of 127, cut, read as dead
    in the round of 128, and the compiled search said no completion."""
    shore = 130
    tiles = tile_file(
        tmp_path, [bridge_start(), _STRAIGHT, _END, whole("SSSS"), whole("SISS")],
        {"straight": shore, "ssss": 2, "siss": shore},
    )  # fmt: skip
    laid = [("ssss", (-1, 0)), *(("siss", (-1, y)) for y in range(1, shore + 1))]
    laid.append(("ssss", (-1, shore + 1)))
    expected, got, same_boards = both(lambda: search_of(tiles, laid, 400_000), 400_000)
    assert expected[0] == "found" and len(expected[2]) == shore + 1
    assert got == expected and same_boards


def test_two_placements_of_shapes_64_apart_do_not_share_a_memo_entry(tmp_path: Path) -> None:
    """66 tile shapes. The start's bridge runs south past (0,1) and (0,2); a shore west of
    (0,1) takes a straight bridge there: ``a`` (a bridge also ending at its east side) or
    ``b``; at (0,2) ``turn`` (east) or ``straight``, and south of (0,3) an island, so no tile
    fits there. Only ``a`` ends the bridge, turned to end it at (1,2): ``b``, ``turn``, ``a``
    is the one completion. ``a`` is shape 64, ``b`` 65, ``turn`` 0 and ``straight`` 1, so the
    steps (0,1) shape 64 and (0,2) shape 0 were one key when a step's key was ``q * 64 + j``
    (``q`` counting positions from north to south), as were (0,1) shape 65 and (0,2) shape 1:
    {a, straight}, dead, was met first and {b, turn} read as dead too."""
    sea = [{"kind": "sea", "sides": ["N.W", "S.W"]}]
    a = ("a", "BBBI", [
        {"kind": "bridge", "sides": ["N", "S"]}, {"kind": "bridge", "sides": ["E"],
                                                  "end": "junction"},
        {"kind": "island", "sides": ["W"]}, {"kind": "sea", "sides": ["N.E", "E.N"]},
        {"kind": "sea", "sides": ["E.S", "S.E"]}, *sea,
    ])  # fmt: skip
    b = ("b", "BIBI", [
        {"kind": "bridge", "sides": ["N", "S"]}, {"kind": "island", "sides": ["E"]},
        {"kind": "island", "sides": ["W"]}, {"kind": "sea", "sides": ["N.E", "S.E"]}, *sea,
    ])  # fmt: skip
    turn = ("turn", "BBSS", [
        {"kind": "bridge", "sides": ["N", "E"]},
        {"kind": "sea", "sides": ["S", "W", "N.W", "E.S"]},
        {"kind": "sea", "sides": ["N.E", "E.N"]},
    ])  # fmt: skip
    straight = ("straight", "BSBS", [
        {"kind": "bridge", "sides": ["N", "S"]}, {"kind": "sea", "sides": ["E", "N.E", "S.E"]},
        {"kind": "sea", "sides": ["W", "N.W", "S.W"]},
    ])  # fmt: skip
    walls = [whole("SSSS"), whole("SISS"), whole("ISSS")]
    tiles = tile_file(
        tmp_path, [bridge_start(), turn, straight, *fillers(59), *walls, a, b], {"ssss": 4}
    )
    laid = [("ssss", (-1, 0)), ("siss", (-1, 1)), ("ssss", (-1, 2)), ("ssss", (-1, 3)),
            ("ssss", (-1, 4)), ("isss", (0, 4))]  # fmt: skip
    make = functools.partial(search_of, tiles, laid, 10_000)
    assert [s.tile.id for s in make().shapes][::64] == ["turn", "a"]
    expected, got, same_boards = both(make, 10_000)
    assert [(p.tile, p.x, p.y) for p in expected[2]] == [("b", 0, 1), ("turn", 0, 2), ("a", 1, 2)]
    assert got == expected and same_boards
