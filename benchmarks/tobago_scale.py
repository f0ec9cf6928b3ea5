"""Benchmark: Tobago hint solving at scale — big maps, --distinct, time and peak memory.

Run by hand:  python benchmarks/tobago_scale.py [--repeat 3]

Each case runs in a fresh Python process (so its peak memory is its own) and reports the time of
the first solve (cold: clue sets compiled from the map, which the targets are about), the median
of ``--repeat`` more (warm: compiled sets cached), and the process's peak resident memory.
Targets:
  * a 200x200 map's candidates with hints, bitset backend: <= 5 s and <= 500 MB;
  * a 60x60 map's candidates with hints, CP-SAT backend: <= 10 s;
  * every bundled map, no hints, --distinct, every backend: <= 2 s.
The big maps come from models.tobago.island.generator.large_island (seeded; not Tobago-like).
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import time

from models.core import make_rng
from models.tobago.island.generator import large_island
from models.tobago.island.hints import Hints, parse_hints
from models.tobago.island.mapfile import load_bundled_map
from solvers.tobago.hints import candidates

HINTS = """
[treasure.1]
hints = ["in jungle", "next to sea"]
[treasure.2]
hints = ["in sight of the largest lake", "not in beach"]
[treasure.3]
hints = ["next to palm"]
[treasure.4]
hints = ["not in sight of hut", "in mountain"]
"""

CASES = {
    "200x200 bitset, hints": (200, "bitset", False, 5.0),
    "100x100 bitset, hints": (100, "bitset", False, 5.0),
    "60x60 cpsat, hints": (60, "cpsat", False, 10.0),
    "60x60 csp, hints": (60, "csp", False, None),
    **{
        f"{name} {backend}, no hints, distinct": (name, backend, True, 2.0)
        for name in ("reef", "lagoon", "caldera")
        for backend in ("cpsat", "csp", "bitset")
    },
}


def run_case(name: str, repeat: int) -> dict[str, float]:
    size, backend, distinct, _ = CASES[name]
    if isinstance(size, int):
        island, hints = large_island(make_rng(1), size, size), parse_hints(HINTS)
    else:
        island, hints = load_bundled_map(size), Hints()
    times = []
    for _ in range(1 + repeat):
        start = time.perf_counter()
        candidates(island, hints, backend=backend, distinct=distinct)  # type: ignore[arg-type]
        times.append(time.perf_counter() - start)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    return {"seconds": times[0], "warm": statistics.median(times[1:]), "peak_mb": peak}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--case", help=argparse.SUPPRESS)  # the child process's own run
    args = parser.parse_args()
    if args.case:
        print(json.dumps(run_case(args.case, args.repeat)))
        return
    try:
        for name, (_, _, _, target) in CASES.items():
            done = subprocess.run(
                [sys.executable, __file__, "--case", name, "--repeat", str(args.repeat)],
                capture_output=True,
                text=True,
                check=True,
            )
            result = json.loads(done.stdout)
            verdict = (
                ""
                if target is None
                else (
                    " (target met)"
                    if result["seconds"] <= target
                    else f" (target {target} s MISSED)"
                )
            )
            print(
                f"{name:38} cold {result['seconds']:6.2f} s, warm {result['warm']:6.2f} s, "
                f"peak {result['peak_mb']:5.0f} MB{verdict}",
                flush=True,
            )
    except KeyboardInterrupt:
        print("interrupted: no more figures")
        raise SystemExit(130) from None


if __name__ == "__main__":
    main()
