"""Benchmark: what watching for features that can no longer be finished costs a South Seas study.

Run by hand:  python benchmarks/stranding_cost.py [--games 200] [--rounds 5] [--players 4]

It plays the same ``--games`` seeded random-agent games of a South Seas study with the study
watcher of :mod:`analyses.southseas.stranding` on and off, ``--rounds`` times, and prints the
slowdown a random study pays for the ``impossible`` and ``stranded`` rows (issue target: at most
20%), two ways:

* **in memory**: the games and their tables alone (:func:`analyses.studies.study.play_game`, every
  table's rows included, the score race too), each chunk of 20 games both ways back to back
  (which way first alternates): the median games per second of each and the median over rounds
  of the ratio (seconds on / seconds off). Pairing chunk by chunk keeps a machine whose speed
  drifts during a round from weighing on one side only. The strict figure: nothing else a
  study does is counted.
* **stored**: the study as ``atoll southseas study --out`` runs it on one worker
  (:func:`analyses.studies.study.run_study` into a :class:`~analyses.studies.store.StudyStore` in a
  temporary folder, its Parquet chunks written), both ways in each round (which way first
  alternates), after one untimed warm-up of each: the median over rounds of the ratio. The watcher
  is switched off by giving the study no watcher factory, as ``watch=False`` does for one game.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

import analyses.studies.study
from analyses.studies.frames import Chunk
from analyses.studies.store import StudyStore
from analyses.studies.study import StudyConfig, game_seeds, play_game, run_study
from analyses.studies.watchers import watcher_for
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


def _stored_seconds(config: StudyConfig, folder: Path, watch: bool) -> float:
    """Seconds to run the whole study into a new store in ``folder``, watched or not."""
    analyses.studies.study.watcher_for = watcher_for if watch else (lambda game: None)  # type: ignore[assignment]
    try:
        began = time.perf_counter()
        store = StudyStore.create(folder, config)
        run_study(config, store=store, collect=False)
        return time.perf_counter() - began
    finally:
        analyses.studies.study.watcher_for = watcher_for


def _stored_ratios(config: StudyConfig, rounds: int) -> list[float]:
    """Per round, seconds watched over seconds not, for the stored study (see the docstring)."""
    ratios = []
    with tempfile.TemporaryDirectory() as scratch:
        folders = iter(Path(scratch) / str(k) for k in range(2 * rounds + 2))
        warm = StudyConfig(config.game, players=config.players, games=20, seed=config.seed)
        for watch in (True, False):
            _stored_seconds(warm, next(folders), watch)
        for r in range(rounds):
            order = (True, False) if r % 2 == 0 else (False, True)
            seconds = {watch: _stored_seconds(config, next(folders), watch) for watch in order}
            ratios.append(seconds[True] / seconds[False])
    return ratios


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
        f"southseas, {args.players} players, in memory: {statistics.median(off):.1f} games/s "
        f"without the watcher, {statistics.median(on):.1f} with it; slowdown (median of "
        f"{args.rounds} paired ratios) {100 * (statistics.median(ratios) - 1):+.1f}%"
    )
    stored = _stored_ratios(config, args.rounds)
    print(
        f"southseas, {args.players} players, stored study: slowdown (median of {args.rounds} "
        f"paired ratios) {100 * (statistics.median(stored) - 1):+.1f}% "
        f"(each: {', '.join(f'{100 * (x - 1):+.1f}%' for x in stored)})"
    )


if __name__ == "__main__":
    main()
