"""Benchmark: tune one real parameter of each game for seat balance, and check it.

Run by hand:  python benchmarks/tune_balance.py [--trials 20] [--games-per-trial 200]
              [--check-games 1000] [--workers 2] [--out out/tune-bench]

For each game it runs ``atoll GAME tune`` (:mod:`analyses.tuning`) with the unbiased
seat-balance objective (``balance``: random agents, 4 players) over its plug-in's
``tune_example`` parameters, and prints the check's verdict (the objective of the starting and
tuned values on the same fresh seeds, the difference with its 95% interval), the values, and
the wall time. Components are
atoll's reconstructions (labelled so in every report this writes).
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from analyses.plugins import plugin
from analyses.studies.study import StudyConfig
from analyses.tuning.check import check
from analyses.tuning.report import write_report
from analyses.tuning.search import TuneRun, best, prepare, search
from analyses.tuning.verdict import verdict
from models.registry import game_names


def tunings() -> dict[str, tuple[str, ...]]:
    """Each registered game's example tuning (its plug-in's ``tune_example``)."""
    return {g: plugin(g).tune_example for g in game_names() if plugin(g).tune_example}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=20)
    parser.add_argument("--games-per-trial", type=int, default=200)
    parser.add_argument("--check-games", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", default="out/tune-bench")
    args = parser.parse_args()
    for game, params in tunings().items():
        folder = Path(args.out) / game
        if folder.exists():
            raise SystemExit(f"{folder} exists: remove it or choose another --out")
        began = time.perf_counter()
        config = StudyConfig(game, 4, games=args.games_per_trial, seed=1)
        prep = prepare(TuneRun(config, params, "balance", args.trials, args.check_games))
        study = search(prep, folder, workers=args.workers)
        winner = best(study)
        checked = check(prep, winner.params, folder, workers=args.workers)
        write_report(prep, study, checked, folder, "benchmarks/tune_balance.py")
        wall = time.perf_counter() - began
        print(
            f"{game}: {verdict(checked).line}; start {prep.start}, best {dict(winner.params)}; "
            f"{wall:.0f} s",
            flush=True,
        )


if __name__ == "__main__":
    main()
