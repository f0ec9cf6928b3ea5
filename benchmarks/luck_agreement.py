"""Benchmark: is luck held fixed across settings? How often the same seat wins the same seeded
game under two values of one parameter (issue 39's target: 0.6 or more in every game).

Run by hand:  python benchmarks/luck_agreement.py [--games 400] [--players 4] [--agents random]
              [--workers 2] [--seed 1] [--only GAME]

For each game's one-value changes (its plug-in's ``luck_changes``), the same seeded games are
played under both values, with chance drawn from keyed streams (:class:`models.luck.Luck`,
what studies and tunings do) and, for comparison, from one generator (``chance =
"sequential"``, what they did before; the agents' keyed choices are the same in both). It
prints the share of games whose winners are the same under both values, and the same share
for independent games (game ``i`` of one value against game ``i + 1`` of the other): what no
shared luck at all would give. Components are atoll's reconstructions where labelled so.
"""

from __future__ import annotations

import argparse
import dataclasses
import tempfile
import time
from pathlib import Path

from analyses.plugins import plugin
from analyses.studies.study import StudyConfig, run_study
from analyses.tuning.search import TuneRun, configured, prepare
from models.registry import game_names


def changes() -> dict[str, tuple[tuple[str, object, object], ...]]:
    """Each registered game's one-value changes (its plug-in's ``luck_changes``)."""
    return {g: plugin(g).luck_changes for g in game_names() if plugin(g).luck_changes}


def winners(config: StudyConfig, workers: int) -> list[tuple[int, ...]]:
    """Each game's winners, by game index."""
    games = run_study(config, workers=workers).games.sort_values("game")
    return [tuple(w) for w in games["winners"]]


def agreement(a: list[tuple[int, ...]], b: list[tuple[int, ...]]) -> tuple[float, float]:
    """The share of games with the same winners, and of games ``i`` and ``i + 1`` (independent)."""
    same = sum(x == y for x, y in zip(a, b, strict=True)) / len(a)
    apart = sum(x == y for x, y in zip(a, b[1:] + b[:1], strict=True)) / len(a)
    return same, apart


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--agents", default="random")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", help="one game")
    args = parser.parse_args()
    print(f"{'game':13} {'change':36} {'chance':10} {'same':>6} {'indep.':>6} {'s':>5}")
    for game, each in changes().items():
        if args.only and game != args.only:
            continue
        for path, low, high in each:
            base = StudyConfig(game, args.players, (args.agents,), games=args.games, seed=args.seed)
            text = f"{path}={low}|{high}" if isinstance(low, str) else f"{path}={low}..{high}"
            prep = prepare(TuneRun(base, (text,), "seats", 1, 1))
            for chance in ("streams", "sequential"):
                began = time.perf_counter()
                with tempfile.TemporaryDirectory() as tmp:
                    played = [
                        winners(
                            dataclasses.replace(
                                configured(prep, {path: value}, Path(tmp) / str(value)),
                                chance=chance,
                            ),
                            args.workers,
                        )
                        for value in (low, high)
                    ]
                same, apart = agreement(*played)
                change = f"{path} {low} -> {high}"
                seconds = time.perf_counter() - began
                print(
                    f"{game:13} {change:36} {chance:10} {same:6.3f} {apart:6.3f} {seconds:5.0f}",
                    flush=True,
                )


if __name__ == "__main__":
    main()
