"""Benchmark: what watching for features that can no longer be finished costs a South Seas study.

Run by hand:  python benchmarks/stranding_cost.py [--games 200] [--rounds 5] [--players 4]

It plays the same ``--games`` seeded random-agent games of a South Seas study
(:func:`analyses.study.play_game`, every table's rows included, the score race too) with the
study watcher of :mod:`analyses.southseas.stranding` on and off, alternating the two
``--rounds`` times, and prints the median games per second of each and the median of the
paired ratios (on / off): the slowdown a random study pays for the ``impossible`` and
``stranded`` rows (issue target: at most 20%).
"""

from __future__ import annotations

import argparse
import statistics
import time

from analyses.frames import Chunk
from analyses.study import StudyConfig, game_seeds, play_game


def _rate(config: StudyConfig, seeds: list[int], watch: bool) -> float:
    """Games per second, the tables made per chunk of 20 games as a study makes them."""
    game = config.make_game()
    began = time.perf_counter()
    for start in range(0, len(seeds), 20):
        chunk = Chunk()
        for index in range(start, min(start + 20, len(seeds))):
            chunk.extend(play_game(config, game, index, seeds[index], watch=watch))
        if chunk.errors:  # a failing game is fast: the figures would mean nothing
            raise SystemExit(f"game {chunk.errors[0]['game']} failed: {chunk.errors[0]['error']}")
        chunk.frames()
    return len(seeds) / (time.perf_counter() - began)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    config = StudyConfig("southseas", players=args.players, games=args.games, seed=1)
    seeds = game_seeds(config)
    on, off, ratios = [], [], []
    for _ in range(args.rounds):
        a, b = _rate(config, seeds, True), _rate(config, seeds, False)
        on.append(a)
        off.append(b)
        ratios.append(b / a)
    print(
        f"southseas: {statistics.median(off):.1f} games/s without the watcher, "
        f"{statistics.median(on):.1f} with it; slowdown (median of {args.rounds} paired "
        f"ratios) {100 * (statistics.median(ratios) - 1):+.1f}%"
    )


if __name__ == "__main__":
    main()
