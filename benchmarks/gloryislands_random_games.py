"""Benchmark: seeded random 4-player Glory Islands games on one core.

Run by hand:  python benchmarks/gloryislands_random_games.py --games 2000 [--repeat 3] [--profile]

Plays N games through the shared protocol (``load_game`` and ``models.core.random_playout``:
uniformly random legal actions, chance sampled by its probabilities) on the bundled
reconstructed board, ``--repeat`` times, and prints the median games per second last. Target:
at least 500 games/s. ``--profile`` prints where the time goes (cProfile, top functions by own
time). The results digest (every game's history and returns) must not change when only speed
is worked on.
"""

from __future__ import annotations

import argparse
import cProfile
import hashlib
import pstats
import statistics
import time

from models.core import Game, load_game, make_rng, random_playout


def play(game: Game, games: int, seed: int) -> tuple[float, int, str]:
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    game = load_game("gloryislands", args.players)
    board = game.components()["board"]
    label = "RECONSTRUCTION" if board["reconstruction"] else "not a reconstruction"
    print(
        f"{args.games} random {args.players}-player games x {args.repeat}; "
        f"board: {label} ({board['source']})"
    )
    try:
        if args.profile:
            profiler = cProfile.Profile()
            profiler.runcall(play, game, args.games, args.seed)
            pstats.Stats(profiler).sort_stats("tottime").print_stats(25)
            return
        rates = []
        for _ in range(args.repeat):
            seconds, moves, digest = play(game, args.games, args.seed)
            rates.append(args.games / seconds)
            print(
                f"  {args.games / seconds:.1f} games/s ({moves / args.games:.1f} moves per game, "
                f"{seconds / moves * 1e6:.2f} us per move; results digest {digest})"
            )
    except KeyboardInterrupt:
        print("interrupted: no figures")
        raise SystemExit(130) from None
    print(f"games/s: {statistics.median(rates):.1f} (median of {args.repeat})")


if __name__ == "__main__":
    main()
