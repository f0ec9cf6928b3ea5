"""Benchmark: completability of every open feature in mid-game South Seas positions.

Run by hand:  python benchmarks/southseas_completability.py [--games 20] [--turns 20,40,60]
              [--max-nodes N]

Plays seeded random 4-player games on the bundled (reconstructed) tiles — uniformly random
legal actions, chance sampled by its probabilities, every choice from ``make_rng(seed + i)`` —
and stops each at the start of turns 20, 40 and 60 (a tile about to be drawn). There it asks
:func:`solvers.southseas.completable.all_completable` about every open feature and prints, per
turn, the median and 95th percentile of the time per feature and per position, the answers and
how many were ``unknown`` (and why), and the share of the time spent on those (the compiled
search is built or loaded first, and that is not counted). Targets: a whole
position in at most 1 s at the median, and no ``unknown`` at turn 60. ``--max-nodes`` is the
exhaustive search's budget per feature (unless given, the default's:
:func:`~solvers.southseas.completable.default_nodes`, larger when few tiles are left): what
another one settles, and at what price.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter
from typing import Any

from models.core import CHANCE, load_game, make_rng
from solvers.southseas.completable import (
    EXHAUST_NODES,
    EXHAUST_NODES_LATE,
    LATE_TILES,
    all_completable,
)
from solvers.southseas.exhaust_build import build


def position_at(game: Any, seed: int, turn: int) -> Any | None:
    """The state of the random game of ``seed`` when turn ``turn`` begins (``None`` if the game
    ended first)."""
    state = game.new_initial_state()
    rng = make_rng(seed)
    while not state.is_terminal():
        if state.turn >= turn and state.phase == "draw":
            return state
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
    return None


def _budget(text: str) -> int:
    """A ``--max-nodes`` value: a whole number of boards, 0 or more (0: CP-SAT alone)."""
    try:
        value = int(text)
    except ValueError:
        value = -1
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of boards, 0 or more")
    return value


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--turns", default="20,40,60")
    parser.add_argument("--time-limit", type=float, default=60.0)
    parser.add_argument("--max-nodes", type=_budget, default=None)
    args = parser.parse_args()
    budget = (
        f"{EXHAUST_NODES}, {EXHAUST_NODES_LATE} with at most {LATE_TILES} tiles left (default)"
        if args.max_nodes is None
        else str(args.max_nodes)
    )
    game = load_game("southseas", args.players)
    tiles = game.components()["tiles"]
    print(
        f"{args.games} random {args.players}-player games, seed {args.seed}; tiles: "
        f"{'RECONSTRUCTION' if tiles['reconstruction'] else 'published'} ({tiles['source']}); "
        f"search budget per feature: {budget}"
    )
    started = time.perf_counter()  # the compiled search is built (or read from disk) once
    build()  # here: a first call on a cold cache would answer with the reference meanwhile
    print(f"search compiled or loaded in {time.perf_counter() - started:.1f} s (not counted)")
    try:
        for turn in (int(t) for t in args.turns.split(",")):
            per_feature: list[float] = []
            per_position: list[float] = []
            answers: Counter[str] = Counter()
            left = []
            stuck = []  # per position: how many of its features were unknown
            spent_unknown = 0.0  # the seconds spent on features that ended unknown
            for i in range(args.games):
                state = position_at(game, args.seed + i, turn)
                if state is None:
                    continue
                left.append(state.tiles_left)
                started = time.perf_counter()
                found = all_completable(state, time_limit=args.time_limit, max_nodes=args.max_nodes)
                per_position.append(time.perf_counter() - started)
                per_feature.extend(a.seconds for a in found)
                stuck.append(sum(a.answer == "unknown" for a in found))
                spent_unknown += sum(a.seconds for a in found if a.answer == "unknown")
                answers.update(a.answer if a.proof is None else f"{a.answer} ({a.proof})"
                               for a in found)  # fmt: skip
            unknown = sum(n for k, n in answers.items() if k.startswith("unknown"))
            print(
                f"turn {turn}: {len(per_position)} positions ({statistics.median(left):g} tiles "
                f"left), {len(per_feature)} features"
            )
            print(
                f"  per feature: median {statistics.median(per_feature) * 1e3:.1f} ms, "
                f"p95 {p95(per_feature) * 1e3:.1f} ms; per position: median "
                f"{statistics.median(per_position):.3f} s, p95 {p95(per_position):.3f} s"
            )
            print(f"  unknown: {unknown}; answers: {dict(sorted(answers.items()))}")
            print(
                f"  positions with an unknown: {sum(n > 0 for n in stuck)} of {len(stuck)}"
                f" (most in one: {max(stuck, default=0)})"
            )
            spent = sum(per_feature)
            print(
                f"  time on features left unknown: {spent_unknown:.1f} s of {spent:.1f} s"
                f" ({spent_unknown / spent if spent else 0:.0%})"
            )
    except KeyboardInterrupt:
        print("interrupted: no figures")
        raise SystemExit(130) from None


if __name__ == "__main__":
    main()
