"""The compiled search made ready without a user waiting (``exhaust_ready.py``,
``exhaust_build.py``): a first call on a cold cache answers with the Python reference while a
process of its own builds the compiled search; the next call loads it; the answers are the
same either way, and a search hands over to the compiled one the moment it is built."""

from __future__ import annotations

import fcntl
import json
import math
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from models.southseas.components import Kind
from solvers.southseas import exhaust_arrays, exhaust_ready
from solvers.southseas.exhaust import Exhausted, _Search, exhaust
from solvers.southseas.exhaust_build import example
from solvers.southseas.exhaust_ready import held
from solvers.southseas.features import open_features, supply_of
from tests.solvers.southseas.test_exhaust import random_positions

ROOT = Path(__file__).resolve().parents[3]
#: The budget of the searches below: the default before the last tiles.
NODES = 13_000


def answers(search: Callable[..., Any], turn: int = 20) -> list[Any]:
    """The answer of ``search`` (:func:`exhaust`'s signature) for every open feature but
    markets of the second seeded position at ``turn`` (at 20, 11 of which the reference does
    not settle within the work :func:`exhaust` gives it), as plain data."""
    state = list(random_positions(turn, games=2))[1]
    features = open_features(state.board)
    ports = {f.root: f.ports for f in features}
    found: list[Any] = []
    for f in features:
        if f.kind is Kind.MARKET:
            continue
        try:
            done = search(state.board, f, supply_of(state), nodes=NODES, ports=ports)
        except Exhausted as exc:
            found.append([f.describe(), "exhausted", exc.at_least, exc.completion])
        else:
            found.append([f.describe(), done])
    return json.loads(json.dumps(found))


def reference(board: Any, feature: Any, supply: Any, *, nodes: int, ports: Any) -> Any:
    return _Search(board, feature, supply, ports, nodes, math.inf).run()


_CALL = """
import json
from solvers.southseas import exhaust_ready
from solvers.southseas.exhaust import exhaust
from solvers.southseas.exhaust_kernel import grow
from tests.solvers.southseas.test_exhaust_ready import answers

found = answers(exhaust)
print(json.dumps({
    "answers": found, "compiled or loaded here": bool(grow.signatures),
    "cache hits": sum(grow.stats.cache_hits.values()),
    "compiled here": sum(grow.stats.cache_misses.values()),
    "builds": [b.pid for b in exhaust_ready._builds], "lock": exhaust_ready.lock_path(),
}))
"""


def call(cache: Path) -> dict[str, Any]:
    """:func:`answers` of :func:`exhaust` in a fresh process whose numba cache is ``cache``."""
    env = {**os.environ, "NUMBA_CACHE_DIR": str(cache)}
    done = subprocess.run(
        [sys.executable, "-c", _CALL], cwd=ROOT, env=env, capture_output=True, timeout=600
    )
    assert done.returncode == 0, done.stderr.decode()[-2000:]
    return json.loads(done.stdout)  # type: ignore[no-any-return]


def test_the_first_call_on_a_cold_cache_answers_with_the_reference_while_a_build_runs(
    tmp_path: Path,
) -> None:
    """A fresh installation's first call (an empty numba cache) once compiled the search in
    the calling process before it answered (17.7 s to 53 s). Now it answers with the
    reference and never compiles; a process of its own builds the search, still running when
    the call has ended (its output, unshared, does not hold the caller); the next call loads
    what it built. Both answer as the reference does."""
    expected = answers(reference)
    cache = tmp_path / "numba"
    first = call(cache)
    assert not list(cache.rglob("*grow*.nbi")), "it compiled the search, or waited for its build"
    assert first["answers"] == expected
    assert not first["compiled or loaded here"] and len(first["builds"]) == 1
    deadline = time.monotonic() + 900
    while not (list(cache.rglob("*grow*.nbi")) and not held(first["lock"])):
        assert time.monotonic() < deadline, "the build did not end"
        time.sleep(2)
    second = call(cache)
    assert second["answers"] == expected
    assert second["cache hits"] == 1 and second["compiled here"] == 0
    assert second["builds"] == []


def test_a_search_hands_over_to_the_compiled_one_when_it_is_built(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With the compiled search not ready, the reference answers, asking every 256 boards
    whether it is built; told so, the compiled search answers from the start of the search,
    with the reference's answer."""
    asked, compiled = [0], [0]

    def build_elsewhere(t: exhaust_arrays.Tables) -> Callable[[], bool]:
        def look() -> bool:
            asked[0] += 1
            return asked[0] % 3 == 0  # built at the third look of each search

        return look

    def run(*given: Any) -> Any:
        compiled[0] += 1
        return real_run(*given)

    real_run = exhaust_arrays.run
    monkeypatch.setattr(exhaust_ready, "ready", lambda t: False)
    monkeypatch.setattr(exhaust_ready, "build_elsewhere", build_elsewhere)
    monkeypatch.setattr(exhaust_arrays, "run", run)
    assert answers(exhaust, turn=40) == answers(reference, turn=40)
    assert asked[0] >= 3 and compiled[0] >= 1


def test_the_build_compiles_the_search_every_position_calls() -> None:
    """The build searches the start tile alone; the compiled search's arguments have the
    same types on any board, so that is what every search then loads."""

    def types(t: exhaust_arrays.Tables) -> tuple[Any, ...]:
        given = (*exhaust_arrays.arguments(t, 0, 0.0), 0)
        return tuple(exhaust_ready.grow.typeof_pyval(a) for a in given)

    built = types(exhaust_arrays.tables(example()))
    state = next(random_positions(40, games=1))
    features = open_features(state.board)
    ports = {f.root: f.ports for f in features}
    for f in features:
        if f.kind is not Kind.MARKET:
            search = _Search(state.board, f, supply_of(state), ports, NODES, math.inf)
            assert types(exhaust_arrays.tables(search)) == built


def test_a_second_build_leaves_the_building_to_the_first(tmp_path: Path) -> None:
    """While a build holds the lock, another ends at once without compiling (and
    :func:`exhaust_ready.building` says so: a build writes numba's index before its code,
    so the compiled search is not ready before the build ends)."""
    cache = tmp_path / "numba"
    env = {**os.environ, "NUMBA_CACHE_DIR": str(cache)}
    where = [sys.executable, "-c", "from solvers.southseas import exhaust_ready as r\n"
             "print(r.lock_path())"]  # fmt: skip
    lock = subprocess.run(where, cwd=ROOT, env=env, capture_output=True, check=True).stdout
    path = Path(lock.decode().strip())
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_RDWR | os.O_CREAT)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        build = [sys.executable, "-m", "solvers.southseas.exhaust_build"]
        done = subprocess.run(build, cwd=ROOT, env=env, capture_output=True, timeout=120)
        assert done.returncode == 0, done.stderr.decode()
        assert sorted(p.name for p in path.parent.iterdir()) == [path.name]
        assert held(str(path))
    finally:
        os.close(fd)
    assert not held(str(path))
