"""Benchmark: study throughput on 1 worker, 2 workers and a 2-worker Dask cluster, in one run.

Run by hand:  python benchmarks/study_throughput.py [--games 2000] [--players 4]

Plays the same study (random agents, 4 players, every table recorded as a real study does) three
ways and prints games/s for each, the 1 -> 2 worker speed-up (target >= 1.8x on an idle 2-core
machine) and Dask's overhead against the local process pool (target <= 10%), measured on warm
workers (a new cluster's first study, also printed, pays their imports once). All runs must give
the same tables (checked). Ctrl-C stops it cleanly.
"""

from __future__ import annotations

import argparse
import time

import pandas as pd

from analyses.studies.frames import StudyFrames
from analyses.studies.study import StudyConfig, run_study

#: Dask settings for study workers (long, pure-Python tasks on few cores): the statistical
#: profiler samples every worker thread each 10 ms (about 15% of the workers' CPU here), and the
#: memory monitor, system monitor and event-loop tick wake every worker and the scheduler many
#: times a second, each time taking the GIL from the game being played; work stealing only
#: reshuffles equal chunks. Start a real cluster's workers with the same settings (README).
STUDY_DASK_CONFIG = {
    "distributed.worker.profile.enabled": False,
    "distributed.scheduler.work-stealing": False,
    "distributed.worker.memory.monitor-interval": "1s",
    "distributed.admin.system-monitor.interval": "2s",
    "distributed.admin.tick.interval": "200ms",
}


def timed(config: StudyConfig, **where: object) -> tuple[float, StudyFrames]:
    start = time.perf_counter()
    frames = run_study(config, chunk_size=50, **where)  # type: ignore[arg-type]
    return config.games / (time.perf_counter() - start), frames


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    config = StudyConfig("southseas", players=args.players, games=args.games, seed=args.seed)
    try:
        from distributed import LocalCluster

        one, frames_one = timed(config, workers=1)
        print(f"1 worker:           {one:7.1f} games/s", flush=True)
        two, frames_two = timed(config, workers=2)
        print(f"2 workers:          {two:7.1f} games/s", flush=True)
        import dask

        with (
            dask.config.set(STUDY_DASK_CONFIG),
            LocalCluster(
                n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
            ) as cluster,
        ):
            # Dask's workers are fresh processes (the local pool forks this warm one): the
            # first study also pays their imports and data loading, once per cluster.
            cold, _ = timed(config, scheduler=cluster.scheduler_address)
            print(f"Dask, 2 workers:    {cold:7.1f} games/s (first study on a new cluster)")
            dask, frames_dask = timed(config, scheduler=cluster.scheduler_address)
        print(f"Dask, 2 workers:    {dask:7.1f} games/s (workers warm)", flush=True)
    except KeyboardInterrupt:
        print("interrupted: no more figures")
        raise SystemExit(130) from None
    for other in (frames_two, frames_dask):
        for table in ("games", "players", "events"):
            pd.testing.assert_frame_equal(frames_one.table(table), other.table(table))
    print("the three runs gave the same tables")
    print(f"speed-up 1 -> 2 workers: {two / one:.2f}x (target >= 1.8x)")
    print(f"Dask overhead against the process pool: {100 * (two / dask - 1):+.1f}% (target <= 10%)")
    print(f"  (on the first study of a new cluster: {100 * (two / cold - 1):+.1f}%)")


if __name__ == "__main__":
    main()
