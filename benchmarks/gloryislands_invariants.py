"""Long check: N seeded random Glory Islands games (2-4 players), invariants after every move.

Run by hand:  python benchmarks/gloryislands_invariants.py --games 10000 [--workers 2]

The tests run 500 of these games; this runs the full 10,000. Each game checks, after every
move, the invariants of models.gloryislands.audit (pirates, barrels, treasure tiles and cards
conserved, sail-track markers and ships only moving forward, fame recomputable from the log),
then replays its history (chance outcomes included) and compares the result. Every seventh
game sends a sunk ship's pirates off the board (option ``sunk_pirates = "removed"``). Seeds
come from models.core.spawn_seeds, so the outcome does not depend on the number of workers.
Ctrl-C stops the workers and prints one line.
"""

from __future__ import annotations

import argparse
import time

from analyses.workers import process_pool
from models.core import CHANCE, load_game, make_rng, spawn_seeds
from models.gloryislands.audit import Audit


def check_game(job: tuple[int, int, int]) -> tuple[int, int, list[str], int]:
    """Play one game, auditing every move; returns (players, seed, problems, sunk ships)."""
    index, players, seed = job
    options = {"sunk_pirates": "removed"} if index % 7 == 3 else None
    game = load_game("gloryislands", players, options)
    state = game.new_initial_state()
    audit = Audit(state)  # type: ignore[arg-type]
    rng = make_rng(seed)
    found: list[str] = []
    while not state.is_terminal() and not found:
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
        found = [f"move {len(state.history())}: {p}" for p in audit.step(state)]  # type: ignore[arg-type]
    again = game.replay(state.history())
    if again.events() != state.events() or again.returns() != state.returns():
        found.append("replaying the history gives another game")
    return players, seed, found, sum(state.sunk)  # type: ignore[attr-defined]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    seeds = spawn_seeds(args.seed, args.games)
    jobs = [(i, 2 + i % 3, s) for i, s in enumerate(seeds)]
    start = time.perf_counter()
    failures = []
    sunk = 0
    try:
        with process_pool(args.workers) as pool:
            for players, seed, found, lost in pool.map(check_game, jobs, chunksize=50):
                sunk += lost
                if found:
                    failures.append((players, seed, found))
    except KeyboardInterrupt:
        print("interrupted: no verdict")
        raise SystemExit(130) from None
    elapsed = time.perf_counter() - start
    for players, seed, found in failures[:10]:
        print(f"FAIL players={players} seed={seed}: {found[:3]}")
    print(
        f"{args.games} games checked in {elapsed:.0f} s on {args.workers} workers "
        f"({sunk} ships sunk); {len(failures)} with a broken invariant"
    )


if __name__ == "__main__":
    main()
