"""Benchmark: seeded random 4-player South Seas games on one core, and the cost of a turn.

Run by hand:  python benchmarks/southseas_random_games.py --games 1000 [--repeat 5] [--profile]

Plays N games through the shared protocol (``load_game``; uniformly random legal actions, chance
sampled by its probabilities) on the bundled reconstructed tiles and ships, ``--repeat`` times,
and prints the median games per second. Targets: at least 150 games/s, and a turn at turns
60–70 costing at most 1.3 times a turn at turns 2–10 (the ratio is measured in the same run:
each turn is timed from one draw to the next, and each bucket's median is taken over all games).
``--profile`` prints where the time goes (cProfile, top functions by own time). The results digest
(every game's history and returns) must not change when only speed is worked on.
"""

from __future__ import annotations

import argparse
import cProfile
import hashlib
import pstats
import statistics
import time
from collections import defaultdict

from models.core import CHANCE, Game, load_game, make_rng, random_playout


def play(game: Game, games: int, seed: int) -> tuple[float, int, str]:
    """Seconds for ``games`` random games, the turns played, and a digest of every game's
    history and returns (a speed-up must leave it unchanged)."""
    turns = 0
    played = []
    start = time.perf_counter()
    for i in range(games):
        state = game.new_initial_state()
        random_playout(state, make_rng(seed + i))
        turns += state.turn  # type: ignore[attr-defined]
        played.append(state)
    seconds = time.perf_counter() - start
    digest = hashlib.sha256()
    for state in played:
        digest.update(repr((state.history(), state.returns())).encode())
    return seconds, turns, digest.hexdigest()[:16]


def turn_costs(game: Game, games: int, seed: int) -> dict[int, list[float]]:
    """Seconds per turn, by turn number, over ``games`` random games."""
    costs: dict[int, list[float]] = defaultdict(list)
    clock = time.perf_counter
    for i in range(games):
        state = game.new_initial_state()
        rng = make_rng(seed + i)
        turn, began = state.turn, clock()  # type: ignore[attr-defined]
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply(state.sample_chance(rng))
            else:
                state.apply(rng.choice(state.legal_actions()))
            if state.turn != turn:  # type: ignore[attr-defined]
                now = clock()
                costs[turn].append(now - began)
                turn, began = state.turn, now  # type: ignore[attr-defined]
    return costs


def bucket(costs: dict[int, list[float]], first: int, last: int) -> float:
    return statistics.median(c for t in range(first, last + 1) for c in costs.get(t, []))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    game = load_game("southseas", args.players)
    tiles = game.components()["tiles"]
    print(
        f"{args.games} random {args.players}-player games x {args.repeat}; tiles: "
        f"{'RECONSTRUCTION' if tiles['reconstruction'] else 'published'} ({tiles['source']})"
    )
    try:
        if args.profile:
            profiler = cProfile.Profile()
            profiler.runcall(play, game, args.games, args.seed)
            pstats.Stats(profiler).sort_stats("tottime").print_stats(20)
            return
        rates = []
        for _ in range(args.repeat):
            seconds, turns, digest = play(game, args.games, args.seed)
            rates.append(args.games / seconds)
            print(
                f"  {args.games / seconds:.1f} games/s ({turns / args.games:.1f} turns per game; "
                f"results digest {digest})"
            )
        costs = turn_costs(game, args.games, args.seed)
    except KeyboardInterrupt:
        print("interrupted: no figures")
        raise SystemExit(130) from None
    early, late = bucket(costs, 2, 10), bucket(costs, 60, 70)
    print(
        f"turn cost: turns 2-10 {early * 1e6:.1f} us, turns 60-70 {late * 1e6:.1f} us "
        f"(median per turn); ratio {late / early:.2f}"
    )
    print(f"games/s: {statistics.median(rates):.1f} (median of {args.repeat})")


if __name__ == "__main__":
    main()
