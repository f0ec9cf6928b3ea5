"""Benchmark: Tobago hint solving on the largest bundled map, every backend.

Run by hand:  python benchmarks/tobago_hints.py [--repeat N] [--seed S]

A position of 4 treasures x 5 hints is built by laying legal hints from the (reconstructed) deck
with a seeded generator. Measured, as the median of N runs:
  * candidates of all treasures, per backend;
  * the legality matrix (52 clues x 4 treasures), per backend, through the public API;
  * the bitset fast path (``legality_codes`` on precompiled masks) against a bare loop of integer
    AND and bit counts over the same masks (target: within 3x);
Targets: the CP-SAT matrix within 50 ms; bitset fast path within 3x of the bare loop.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from models.tobago.island.clues import clue_mask
from models.tobago.island.deck import load_deck
from models.tobago.island.hints import TREASURES, Hints
from models.tobago.island.legality import LEGAL, candidate_mask, lay_hint, legality_code
from models.tobago.island.mapfile import bundled_maps, load_map
from solvers.tobago.backend_bitset import legality_codes
from solvers.tobago.hints import BACKENDS, candidates, legality_matrix


def median_ms(func: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        func()
        times.append(time.perf_counter() - start)
    return 1000 * statistics.median(times)


def build_position(island, deck, rng: random.Random, per_treasure: int = 5) -> Hints:  # type: ignore[no-untyped-def]
    hints = Hints()
    for t in TREASURES:
        for clue in rng.sample(list(deck), len(deck)):
            if len(hints.of(t)) == per_treasure:
                break
            code = legality_code(candidate_mask(island, hints, t), clue_mask(island, clue))
            if code == LEGAL:
                hints = lay_hint(island, hints, t, clue)
    return hints


def main() -> None:
    try:
        run()
    except KeyboardInterrupt:
        print("interrupted: no more figures")
        raise SystemExit(130) from None


def run() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--hints", type=int, default=5, help="hints per treasure (default 5)")
    args = parser.parse_args()

    islands = [load_map(p) for p in bundled_maps().values()]
    island = max(islands, key=lambda i: len(i.island_fields))
    deck = load_deck()
    clues = deck.distinct()
    hints = build_position(island, clues, random.Random(args.seed), args.hints)
    counts = {t: len(hints.of(t)) for t in TREASURES}
    print(
        f"map {island.name}: {len(island.island_fields)} island fields; hints per treasure "
        f"{counts}; deck {len(clues)} clues (reconstruction: {deck.reconstruction})"
    )
    sizes = {t: len(v) for t, v in candidates(island, hints, backend="bitset").items()}
    print(f"candidates per treasure: {sizes}")

    for backend in BACKENDS:
        # first call compiles masks; time warm calls, as a simulation would see them
        legality_matrix(island, hints, clues, backend=backend)
        cand = median_ms(lambda b=backend: candidates(island, hints, backend=b), args.repeat)
        matrix = median_ms(
            lambda b=backend: legality_matrix(island, hints, clues, backend=b), args.repeat
        )
        print(f"{backend:7} candidates {cand:8.3f} ms   matrix {matrix:8.3f} ms")

    cand_masks = [candidate_mask(island, hints, t) for t in TREASURES]
    masks = [clue_mask(island, c) for c in clues]

    def bare() -> None:
        for m in masks:
            for c in cand_masks:
                (c & m).bit_count()

    reps = args.repeat * 100
    fast = median_ms(lambda: legality_codes(cand_masks, masks), reps)
    loop = median_ms(bare, reps)
    print(
        f"bitset fast path {1000 * fast:8.1f} us   bare AND+bitcount loop {1000 * loop:8.1f} us"
        f"   ratio {fast / loop:.2f}x (target <= 3x)"
    )
    cp = median_ms(lambda: legality_matrix(island, hints, clues, backend="cpsat"), args.repeat)
    print(f"cpsat matrix {cp:.1f} ms (target <= 50 ms)")


if __name__ == "__main__":
    main()
