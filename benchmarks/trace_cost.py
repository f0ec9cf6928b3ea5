"""Benchmark: what recording the score race and the branching factor costs a study.

Run by hand:  python benchmarks/trace_cost.py [--games 200] [--rounds 5] [--players 4]

For each game of the registry it plays the same ``--games`` seeded random-agent games of a study
(:func:`analyses.studies.study.play_game`, the rows of every table included) with the recording on
and off, alternating the two ``--rounds`` times, and prints the median games per second of each and
the median of the paired ratios (on / off): the slowdown a random-agent study pays for the
``trajectory`` and ``branching`` tables (issue target: at most 10%).
"""

from __future__ import annotations

import argparse
import statistics
import time

from analyses.studies.frames import Chunk
from analyses.studies.study import StudyConfig, game_seeds, play_game
from models.core import game_names


def _rate(config: StudyConfig, seeds: list[int], trace: bool) -> float:
    """Games per second, the tables made per chunk of 20 games as a study makes them."""
    game = config.make_game()
    began = time.perf_counter()
    for start in range(0, len(seeds), 20):
        chunk = Chunk()
        for index in range(start, min(start + 20, len(seeds))):
            chunk.extend(play_game(config, game, index, seeds[index], trace=trace))
        chunk.frames()
    return len(seeds) / (time.perf_counter() - began)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    for name in game_names():
        if name == "goofspiel":
            continue
        config = StudyConfig(name, players=args.players, games=args.games, seed=1)
        seeds = game_seeds(config)
        on, off, ratios = [], [], []
        for _ in range(args.rounds):
            a, b = _rate(config, seeds, True), _rate(config, seeds, False)
            on.append(a)
            off.append(b)
            ratios.append(b / a)
        print(
            f"{name}: {statistics.median(off):.1f} games/s without the recording, "
            f"{statistics.median(on):.1f} with it; slowdown (median of {args.rounds} paired "
            f"ratios) {100 * (statistics.median(ratios) - 1):+.1f}%"
        )


if __name__ == "__main__":
    main()
