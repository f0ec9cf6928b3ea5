"""Long check: N seeded random South Seas games (2-5 players), invariants after every move.

Run by hand:  python benchmarks/southseas_invariants.py --games 10000 [--workers 2]

The tests run 500 of these games; this runs the full 10,000. Each game checks, after every
move, the invariants of models.southseas.audit (islanders, wares traced to evaluated symbols,
ships, covered fish never paid, score recomputable from the log), then replays its history
(chance outcomes included) and compares the result. Seeds come from models.core.spawn_seeds, so
the outcome does not depend on the number of workers.
"""

from __future__ import annotations

import argparse
import time

from analyses.workers import process_pool
from models.core import CHANCE, load_game, make_rng, spawn_seeds
from models.southseas.audit import problems


def check_game(job: tuple[int, int]) -> tuple[int, int, list[str]]:
    players, seed = job
    game = load_game("southseas", players)
    state = game.new_initial_state()
    rng = make_rng(seed)
    found: list[str] = []
    while not state.is_terminal() and not found:
        covered, since = set(state.covered), len(state.log)  # type: ignore[attr-defined]
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
        found = problems(state, covered, since)  # type: ignore[arg-type]
    again = game.replay(state.history())
    if again.events() != state.events() or again.returns() != state.returns():
        found.append("replay differs")
    return players, seed, found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    seeds = spawn_seeds(args.seed, args.games)
    jobs = [(2 + i % 4, s) for i, s in enumerate(seeds)]
    start = time.perf_counter()
    failures = []
    try:
        with process_pool(args.workers) as pool:
            for players, seed, found in pool.map(check_game, jobs, chunksize=50):
                if found:
                    failures.append((players, seed, found))
    except KeyboardInterrupt:
        print("interrupted: no verdict")
        raise SystemExit(130) from None
    elapsed = time.perf_counter() - start
    for players, seed, found in failures[:10]:
        print(f"FAIL players={players} seed={seed}: {found[:3]}")
    print(
        f"{args.games} games checked in {elapsed:.0f} s on {args.workers} workers; "
        f"{len(failures)} with a broken invariant"
    )


if __name__ == "__main__":
    main()
