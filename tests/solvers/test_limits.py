"""Every solve has a time limit and says unknown when it runs out; --distinct agrees with a
bipartite-matching reference (networkx) on every backend."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import networkx as nx
import pytest
from ortools.sat.python import cp_model

from models.tobago.island.clues import mask_bits
from models.tobago.island.hints import TREASURES, parse_hints
from models.tobago.island.mapfile import load_bundled_map
from solvers.cpsat import Collector, solve
from solvers.limits import Deadline, SolverUnknown
from solvers.tobago.backend_bitset import candidate_masks
from solvers.tobago.hints import BACKENDS, HintProblem, candidates

ROOT = Path(__file__).resolve().parents[2]


def test_solve_reports_complete_and_infeasible() -> None:
    model = cp_model.CpModel()
    x = model.new_int_var(0, 4, "x")
    collect = Collector([x])
    assert solve(model, time_limit=10, collect=collect) == "complete"
    assert sorted(v for (v,) in collect.solutions) == [0, 1, 2, 3, 4]
    model.add(x > 9)
    assert solve(model, time_limit=10) == "infeasible"


def test_a_solve_that_runs_out_of_time_is_unknown_not_partial() -> None:
    model = cp_model.CpModel()
    xs = [model.new_int_var(0, 9, f"x{i}") for i in range(9)]  # 10^9 solutions
    collect = Collector(xs)
    with pytest.raises(SolverUnknown, match=r"time limit of 0\.2 s"):
        solve(model, time_limit=0.2, collect=collect)
    deadline = Deadline(1.0)
    deadline.spent = 1.0
    with pytest.raises(SolverUnknown):
        solve(model, time_limit=deadline)


@pytest.mark.parametrize("backend", BACKENDS)
def test_every_backend_honours_a_time_limit(backend: str) -> None:
    island = load_bundled_map("caldera")
    if backend == "bitset":  # set algebra: answers before any clock ticks
        assert candidates(island, parse_hints(""), backend=backend, time_limit=1e-9)
        return
    with pytest.raises(SolverUnknown):
        candidates(island, parse_hints(""), backend=backend, distinct=True, time_limit=1e-9)


def matching_reference(problem: HintProblem) -> dict[int, list[int]]:
    """(t, f) survives when the other treasures can be matched to distinct fields other than f
    (Hopcroft-Karp on the bipartite graph treasures x fields)."""
    alone = candidate_masks(problem)
    out: dict[int, list[int]] = {}
    for t in TREASURES:
        kept = []
        for f in mask_bits(alone[t]):
            graph = nx.Graph()
            others = [u for u in TREASURES if u != t]
            graph.add_nodes_from((("t", u) for u in others), bipartite=0)
            for u in others:
                graph.add_edges_from((("t", u), ("f", g)) for g in mask_bits(alone[u]) if g != f)
            matching = nx.bipartite.hopcroft_karp_matching(graph, [("t", u) for u in others])
            if sum(1 for u in others if ("t", u) in matching) == len(others):
                kept.append(f)
        out[t] = kept
    return out


HINTS = [
    "",
    '[treasure.1]\nhints = ["in lake"]\n[treasure.2]\nhints = ["in lake"]\n'
    '[treasure.3]\nhints = ["in lake", "next to mountain"]',
    '[treasure.1]\nhints = ["next to palm"]\n[treasure.2]\nhints = ["next to palm"]\n'
    '[treasure.3]\nhints = ["next to palm"]\n[treasure.4]\nhints = ["in sight of statue"]',
]


@pytest.mark.parametrize("text", HINTS)
@pytest.mark.parametrize("backend", BACKENDS)
def test_distinct_is_a_matching_question(backend: str, text: str) -> None:
    island = load_bundled_map("reef")
    hints = parse_hints(text)
    problem = HintProblem(island, hints)
    expected = {t: problem.fields(v) for t, v in matching_reference(problem).items()}
    assert candidates(island, hints, backend=backend, distinct=True) == expected


SOLVE_FOREVER = """
import sys
from ortools.sat.python import cp_model
from solvers.cpsat import new_solver, solve
model = cp_model.CpModel()
for i in range(9):
    model.new_int_var(0, 9, f"x{i}")
solver = new_solver(enumerate_all=True)  # 10^9 solutions and no Python callback at all
print("solving", flush=True)
try:
    solve(model, time_limit=600, solver=solver)
except KeyboardInterrupt:
    print("interrupted", flush=True)
    sys.exit(130)
"""


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_ctrl_c_stops_a_solve_that_runs_no_python_at_all(sig: int) -> None:
    """The signal is caught by a watcher thread, not inside the solver (CP-SAT's own handler
    can deadlock in malloc), and the solve stops at once even without callbacks."""
    run = subprocess.Popen(
        [sys.executable, "-c", SOLVE_FOREVER], cwd=ROOT, stdout=subprocess.PIPE, text=True
    )
    assert run.stdout is not None and run.stdout.readline() == "solving\n"
    time.sleep(0.5)
    run.send_signal(sig)
    out, _ = run.communicate(timeout=60)
    if sig == signal.SIGINT:
        assert run.returncode == 130 and out == "interrupted\n"
    else:  # no handler for SIGTERM in this script: it ends the process, as it should
        assert run.returncode == -signal.SIGTERM
