"""Benchmark: a 6-entrant, 4-player tournament of 1,200 games for every installed game that ships
at least 4 strategies, timed on 2 workers (issue 38: at most 5 minutes for South Seas).

Run by hand:  python benchmarks/tournament.py [--games 1200] [--workers 2] [--players 4]
                                             [--out out/bench-tournament] [--game NAME]

The field is the game's first 4 bundled strategies (by name) with ``greedy`` and ``random``: 15
line-ups of 4, each playing 20 deals once per rotation (:mod:`analyses.strategies.tournament`).
For each game it prints the wall time of the play and of the strategy report, the games per
second, and the ranking the report finds; each tournament is stored in ``--out/GAME`` (played
afresh: the folder is removed first).
"""

from __future__ import annotations

import argparse
import shutil
import time
from pathlib import Path

from analyses.strategies.field import read_field
from analyses.strategies.report import write_strategy_report
from analyses.strategies.tournament import Tournament, play_tournament, read_tournament
from models.core import game_names
from solvers.strategies.bundled import bundled_names

#: Bundled strategies a game needs for the benchmark (with greedy and random: 6 entrants).
STRATEGIES = 4


def run(game: str, args: argparse.Namespace) -> None:
    entries = [*bundled_names(game)[:STRATEGIES], "greedy", "random"]
    field = read_field(game, entries)
    tournament = Tournament.plan(game, field, players=args.players, games=args.games, seed=1)
    root = Path(args.out) / game
    shutil.rmtree(root, ignore_errors=True)
    began = time.perf_counter()
    play_tournament(tournament, root, workers=args.workers)
    played = time.perf_counter() - began
    began = time.perf_counter()
    frames = read_tournament(root)
    write_strategy_report(frames, root / "report.html", command="benchmarks/tournament.py")
    reported = time.perf_counter() - began
    ratings = _ranking(root)
    print(
        f"{game}: {len(field)} entrants ({', '.join(entries)}), {args.players} players, "
        f"{tournament.games} games in {len(tournament.lineups())} line-ups of "
        f"{tournament.deals} deals: played in {played:.0f} s on {args.workers} workers "
        f"({tournament.games / played:.1f} games/s), report in {reported:.0f} s; {ratings}",
        flush=True,
    )


def _ranking(root: Path) -> str:
    import json

    data = json.loads((root / "report.json").read_text(encoding="utf-8"))
    ranked = sorted(data["ratings"]["ratings"].items(), key=lambda kv: -kv[1])
    return "ranking " + ", ".join(f"{name} {value:+.2f}" for name, value in ranked)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1200)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--out", default="out/bench-tournament")
    parser.add_argument("--game", action="append", help="only this game (repeat)")
    args = parser.parse_args()
    for game in game_names():
        if args.game and game not in args.game:
            continue
        if len(bundled_names(game)) < STRATEGIES:
            print(f"{game}: fewer than {STRATEGIES} bundled strategies: skipped", flush=True)
            continue
        run(game, args)


if __name__ == "__main__":
    main()
