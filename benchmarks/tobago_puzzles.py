"""Benchmark: setting and ranking Tobago puzzles on the largest bundled map.

Run by hand:  python benchmarks/tobago_puzzles.py [--repeat N] [--seed S]

Measured, as the median of N runs (the deck is the bundled reconstruction, 52 cards):
  * a minimal clue set for one target (CP-SAT set cover) — the field needing most clues and a
    typical one; with ``max_sets=1`` and with the default 10 sets (target: within 1 s);
  * the unfindable fields, and the fewest clues for every field of the map (target: 60 s);
  * ``rank``: every card at every treasure of a position of 4 treasures x 3 hints, the first call
    in a fresh process (clue masks compiled) and warm calls (target: within 50 ms);
  * a random puzzle of 4 clues (for information).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from models.tobago.island.clues import _cached_mask, clue_mask
from models.tobago.island.deck import load_deck
from models.tobago.island.hints import TREASURES, Hints
from models.tobago.island.legality import LEGAL, candidate_mask, legality_code
from models.tobago.island.mapfile import bundled_maps, load_map
from solvers.tobago.puzzles import (
    min_clue_counts,
    minimal_clue_sets,
    random_puzzle,
    rank,
    unfindable_fields,
)


def median_ms(func: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        func()
        times.append(time.perf_counter() - start)
    return 1000 * statistics.median(times)


def position(island, deck, rng: random.Random, per_treasure: int = 3) -> Hints:  # type: ignore[no-untyped-def]
    hints: dict[int, tuple] = {}
    for t in TREASURES:
        laid: list = []
        cand = (1 << len(island.island_fields)) - 1
        for clue in rng.sample(list(deck), len(deck)):
            if len(laid) == per_treasure:
                break
            mask = clue_mask(island, clue)
            if legality_code(cand, mask) == LEGAL:
                laid.append(clue)
                cand &= mask
        hints[t] = tuple(laid)
    return Hints(hints)


def main() -> None:
    try:
        run()
    except KeyboardInterrupt:
        print("interrupted: no more figures")
        raise SystemExit(130) from None


def run() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()

    islands = [load_map(p) for p in bundled_maps().values()]
    island = max(islands, key=lambda i: len(i.island_fields))
    deck = load_deck()
    cards = deck.distinct()
    print(
        f"map {island.name}: {len(island.island_fields)} island fields; deck {len(cards)} cards "
        f"(reconstruction: {deck.reconstruction}); median of {args.repeat} runs"
    )
    for name, hints in (
        ("no hints", Hints()),
        ("3 hints each", position(island, cards, random.Random(args.seed))),
    ):
        _cached_mask.cache_clear()  # the first call compiles every clue, as after start-up
        start = time.perf_counter()
        first = rank(island, hints, cards)
        cold = 1000 * (time.perf_counter() - start)
        warm = median_ms(lambda h=hints: rank(island, h, cards), args.repeat * 5)
        sizes = [candidate_mask(island, hints, t).bit_count() for t in TREASURES]
        print(
            f"rank, whole deck x 4 treasures, {name} ({len(first)} legal pairs; candidates "
            f"{sizes}): first call {cold:.1f} ms, warm {warm:.1f} ms (target <= 50 ms)"
        )

    unfindable = median_ms(lambda: unfindable_fields(island, cards), args.repeat)
    counts = min_clue_counts(island, cards)
    whole = median_ms(lambda: min_clue_counts(island, cards), args.repeat)
    known = {f: k for f, k in counts.items() if k is not None}
    print(
        f"unfindable fields: {len(counts) - len(known)} in {unfindable:.1f} ms; fewest clues for "
        f"every field (up to {max(known.values())}) in {whole:.1f} ms (target <= 60 s)"
    )

    hardest = max(known, key=lambda f: (known[f], f))
    typical = sorted(known, key=lambda f: (known[f], f))[len(known) // 2]
    for name, target in (("hardest", hardest), ("typical", typical)):
        one = median_ms(
            lambda t=target: minimal_clue_sets(island, t, cards, max_sets=1), args.repeat
        )
        ten = median_ms(lambda t=target: minimal_clue_sets(island, t, cards), args.repeat)
        print(
            f"minimal clue set, {name} target {list(target)} ({known[target]} clues): "
            f"one set {one:.1f} ms, up to 10 sets {ten:.1f} ms (target <= 1000 ms)"
        )

    seeds = iter(range(args.repeat * 10))
    setting = median_ms(
        lambda: random_puzzle(island, cards, clues=4, seed=next(seeds)), args.repeat
    )
    print(f"random puzzle of 4 clues: {setting:.1f} ms")


if __name__ == "__main__":
    main()
