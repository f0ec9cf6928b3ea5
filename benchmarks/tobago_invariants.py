"""Long check: N seeded random Tobago games (2-4 players), invariants after every move.

Run by hand:  python benchmarks/tobago_invariants.py --games 10000 [--workers 1]

The tests run 500 of these games; this runs the full 10,000. Each game (models.tobago.audit:
``audit_game``) checks after every move that gold, roses, clue cards and amulets are conserved,
that every hint was legal when laid, that no hand is over its size, and that 4 treasures are
searched with the candidates their hints leave; then it replays its history (chance outcomes
included) and compares the result. Rule options cycle through ``VARIANTS``. Seeds come from
models.core.spawn_seeds, so the outcome does not depend on the number of workers. Ctrl-C stops
the workers and prints one line.
"""

from __future__ import annotations

import argparse
import time

from analyses.workers import process_pool
from models.core import spawn_seeds
from models.tobago.audit import audit_game


def check_game(job: tuple[int, int, int]) -> tuple[int, int, list[str]]:
    """Play and audit one game; returns (players, seed, problems)."""
    index, players, seed = job
    return players, seed, audit_game(index, players, seed)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    seeds = spawn_seeds(args.seed, args.games)
    jobs = [(i, 2 + i % 3, s) for i, s in enumerate(seeds)]
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
