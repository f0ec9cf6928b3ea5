"""The compiled exhaustive search (``exhaust_arrays.py``) against its reference, the Python
search of ``exhaust.py``: the same answers, lower bounds and completions after the same
boards, counted the same way, on every open feature of random positions."""

from __future__ import annotations

import math

import pytest

from solvers.southseas import exhaust_arrays
from solvers.southseas.exhaust import Exhausted, _Search, exhaust, rounds_budget
from solvers.southseas.features import open_features, supply_of
from tests.solvers.southseas.test_exhaust import random_positions, searches


def reference(search: _Search) -> tuple[str, int, tuple[object, ...]]:
    try:
        found = search.run()
    except Exhausted as exc:
        return "stop", exc.at_least, exc.completion
    return ("dead", 0, ()) if found is None else ("found", 0, found)


@pytest.mark.parametrize(("turn", "budget"), [(15, 2000), (35, 6000), (55, 20000), (60, 120_000)])
def test_the_compiled_search_tries_the_same_boards_as_the_reference(turn: int, budget: int) -> None:
    names = {
        exhaust_arrays.FOUND: "found",
        exhaust_arrays.DEAD: "dead",
        exhaust_arrays.STOP: "stop",
    }
    compared, results = 0, set()
    for make in searches(turn, games=2):
        search = make(budget, math.inf)
        expected = reference(search)
        twin = make(budget, math.inf)
        result, at_least, steps, nodes, work = exhaust_arrays.run(
            exhaust_arrays.tables(twin), budget, rounds_budget(budget), math.inf
        )
        got = (
            names[result],
            at_least if result == exhaust_arrays.STOP else 0,
            twin.placements(steps),
        )
        assert got == expected, search.feature.describe()
        assert (nodes, work) == (search.nodes, search.work), search.feature.describe()
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
