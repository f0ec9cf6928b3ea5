"""What the game benchmarks share: timed random games with a results digest, an agent's time per
move, component labels, and many audited games on a process pool.

The scripts beside this one import it (``python benchmarks/NAME.py`` puts this folder on the
import path); it is not part of the installed package.
"""

from __future__ import annotations

import argparse
import cProfile
import hashlib
import pstats
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

from analyses.studies.workers import process_pool
from models.core import Game, load_game, make_rng, random_playout, spawn_seeds
from solvers.agents import make_agent
from solvers.agents.play import play_out


def component_labels(game: Game) -> str:
    """Each component file of ``game``: RECONSTRUCTION, or what it is (its note or source)."""
    return "; ".join(
        f"{name}: "
        + ("RECONSTRUCTION" if part["reconstruction"] else part.get("note") or part["source"])
        for name, part in game.components().items()
    )


def play_random(game: Game, games: int, seed: int) -> tuple[float, int, str]:
    """Seconds for ``games`` random games, the moves made, and a digest of every game's
    history and returns (a speed-up must leave it unchanged)."""
    moves = 0
    digest = hashlib.sha256()
    seconds = 0.0
    for i in range(games):
        start = time.perf_counter()
        state = game.new_initial_state()
        moves += random_playout(state, make_rng(seed + i))
        seconds += time.perf_counter() - start
        digest.update(repr((state.history(), state.returns())).encode())
    return seconds, moves, digest.hexdigest()[:16]


def time_agent(game: Game, spec: str, games: int, seed: int) -> tuple[float, int]:
    """Mean seconds per decision of agent ``spec`` in every seat, over ``games`` games, and the
    decisions timed."""
    seconds, decisions = 0.0, 0
    for s in spawn_seeds(seed, games):
        seeds = spawn_seeds(s, game.num_players + 1)
        agents = [make_agent(spec, seeds[1 + p]) for p in range(game.num_players)]
        played = play_out(game.new_initial_state(), agents, make_rng(seeds[0]))
        seconds, decisions = seconds + sum(played.seconds), decisions + sum(played.moves)
    return seconds / max(decisions, 1), decisions


def random_games(name: str, doc: str, *, games: int, agent_games: int = 0) -> None:
    """The ``NAME_random_games.py`` benchmark of game ``name``: random games ``--repeat``
    times (or ``--profile`` once), then the random and greedy agents' time per move over
    ``--agent-games`` games, and the median games per second last (``games/s: X``)."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--games", type=int, default=games)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--agent-games", type=int, default=agent_games)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    game = load_game(name, args.players)
    print(
        f"{args.games} random {args.players}-player games x {args.repeat}; {component_labels(game)}"
    )
    try:
        if args.profile:
            profiler = cProfile.Profile()
            profiler.runcall(play_random, game, args.games, args.seed)
            pstats.Stats(profiler).sort_stats("tottime").print_stats(25)
            return
        rates = []
        for _ in range(args.repeat):
            seconds, moves, digest = play_random(game, args.games, args.seed)
            rates.append(args.games / seconds)
            print(
                f"  {args.games / seconds:.1f} games/s ({moves / args.games:.1f} moves per game, "
                f"{seconds / moves * 1e6:.2f} us per move; results digest {digest})"
            )
        for spec in ("random", "greedy") if args.agent_games > 0 else ():
            per, decisions = time_agent(game, spec, args.agent_games, args.seed)
            print(f"  time per move, {spec}: {per * 1000:.3f} ms ({decisions} decisions)")
    except KeyboardInterrupt:
        print("interrupted: no figures")
        raise SystemExit(130) from None
    print(f"games/s: {statistics.median(rates):.1f} (median of {args.repeat})")


def invariants(
    doc: str,
    check: Callable[[Any], Sequence[Any]],
    jobs: Callable[[list[int]], list[Any]],
    *,
    workers: int,
    tally: Callable[[list[Sequence[Any]]], str] | None = None,
) -> None:
    """The ``NAME_invariants.py`` benchmark: ``check(job)`` for every job on a process pool,
    ``jobs(seeds)`` making them from the seeds of ``--games`` games; ``check`` returns
    ``(players, seed, problems, ...)``. Prints up to 10 failures and the verdict (with
    ``tally(results)`` if given); Ctrl-C stops the workers and prints one line."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--workers", type=int, default=workers)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    start = time.perf_counter()
    try:
        with process_pool(args.workers) as pool:
            results = list(pool.map(check, jobs(spawn_seeds(args.seed, args.games)), chunksize=50))
    except KeyboardInterrupt:
        print("interrupted: no verdict")
        raise SystemExit(130) from None
    elapsed = time.perf_counter() - start
    failures = [r for r in results if r[2]]
    for players, seed, found, *_ in failures[:10]:
        print(f"FAIL players={players} seed={seed}: {found[:3]}")
    extra = f" ({tally(results)})" if tally else ""
    print(
        f"{args.games} games checked in {elapsed:.0f} s on {args.workers} workers{extra}; "
        f"{len(failures)} with a broken invariant"
    )
