"""Benchmark: seeded random 4-player South Seas games on one core.

Run by hand:  python benchmarks/southseas_random_games.py --games 1000 [--profile]

Plays N games with uniformly random legal actions (the bundled reconstructed tile set and ships)
and prints as its last line ``games/s: X``. Target: at least 100 games/s. ``--profile`` prints
where the time goes (cProfile, top functions by own time).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import time

from models.southseas.rules import SouthSeas


def play(game: SouthSeas, games: int, seed: int) -> tuple[int, int]:
    turns = unplaceable = 0
    for i in range(games):
        state = game.new_initial_state(seed + i)
        rng = random.Random(seed + i)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
        turns += state.turn
        unplaceable += state.unplaceable
    return turns, unplaceable


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    game = SouthSeas(args.players)
    print(
        f"{args.games} random {args.players}-player games; tiles: {game.tiles.total} "
        f"(reconstruction: {game.tiles.reconstruction}); ships: {len(game.ships.ships)}"
    )
    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
    start = time.perf_counter()
    turns, unplaceable = play(game, args.games, args.seed)
    elapsed = time.perf_counter() - start
    if args.profile:
        profiler.disable()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(15)
    print(
        f"turns per game: {turns / args.games:.1f}; unplaceable tiles per game: "
        f"{unplaceable / args.games:.3f}; seconds: {elapsed:.2f}"
    )
    print(f"games/s: {args.games / elapsed:.1f}")


if __name__ == "__main__":
    main()
