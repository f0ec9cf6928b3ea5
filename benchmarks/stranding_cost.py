"""Benchmark: what watching for features that can no longer be finished costs a South Seas study.

Run by hand:  python benchmarks/stranding_cost.py [--games 200] [--rounds 5] [--players 4]

It plays the same ``--games`` seeded random-agent games of a South Seas study
(:func:`analyses.study.play_game`, every table's rows included, the score race too) with the
study watcher of :mod:`analyses.southseas.stranding` on and off, each chunk of 20 games both
ways back to back (which way first alternates), ``--rounds`` times, and prints the median
games per second of each and the median over rounds of the ratio (seconds on / seconds off):
the slowdown a random study pays for the ``impossible`` and ``stranded`` rows (issue target:
at most 20%). Pairing chunk by chunk keeps a machine whose speed drifts during a round from
weighing on one side only.
"""

from __future__ import annotations

import argparse
import statistics
import time

from analyses.frames import Chunk
from analyses.study import StudyConfig, game_seeds, play_game
from models.core import Game


def _chunk_seconds(
    config: StudyConfig, game: Game, seeds: list[int], start: int, watch: bool
) -> float:
    """Seconds to play the games of one chunk of 20 and make its tables, as a study does."""
    began = time.perf_counter()
    chunk = Chunk()
    for index in range(start, min(start + 20, len(seeds))):
        chunk.extend(play_game(config, game, index, seeds[index], watch=watch))
    if chunk.errors:  # a failing game is fast: the figures would mean nothing
        raise SystemExit(f"game {chunk.errors[0]['game']} failed: {chunk.errors[0]['error']}")
    chunk.frames()
    return time.perf_counter() - began


def _round(config: StudyConfig, seeds: list[int], first_on: bool) -> tuple[float, float]:
    """Seconds for all the games with the watcher and without: each chunk is played both ways
    back to back (the order alternating), so a machine that speeds up or slows down during
    the round weighs on both alike."""
    game = config.make_game()
    on = off = 0.0
    for k, start in enumerate(range(0, len(seeds), 20)):
        order = (True, False) if (k % 2 == 0) == first_on else (False, True)
        for watch in order:
            seconds = _chunk_seconds(config, game, seeds, start, watch)
            if watch:
                on += seconds
            else:
                off += seconds
    return on, off


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    config = StudyConfig("southseas", players=args.players, games=args.games, seed=1)
    seeds = game_seeds(config)
    on, off, ratios = [], [], []
    for r in range(args.rounds):
        a, b = _round(config, seeds, r % 2 == 0)
        on.append(len(seeds) / a)
        off.append(len(seeds) / b)
        ratios.append(a / b)
    print(
        f"southseas: {statistics.median(off):.1f} games/s without the watcher, "
        f"{statistics.median(on):.1f} with it; slowdown (median of {args.rounds} paired "
        f"ratios) {100 * (statistics.median(ratios) - 1):+.1f}%"
    )


if __name__ == "__main__":
    main()
