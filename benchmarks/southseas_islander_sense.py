"""Benchmark: does the greedy agent get stronger when it knows a feature can never be finished?

Run by hand:  python benchmarks/southseas_islander_sense.py [--games 400] [--workers 2]

The South Seas estimate (:mod:`models.southseas.heuristic`) counts an islander put into a
feature of the last tile that a fast proof shows unfinishable as lost for good
(``UNFINISHABLE_LOCK``; with ``score_unfinished = false`` the feature also pays nothing). This
plays seeded 4-player games with one greedy agent that uses it ("aware", ``lock = 1``) against
three that do not ("plain", ``lock = 0``), the aware seat moving round the table game by game,
and prints the aware agent's win share (even: 0.25) with its exact 95% interval over games,
and its mean score minus the plain agents' mean, with a t interval over games (the game is
the unit: one aware agent per game). Run it with ``--option score_unfinished=false`` too.
"""

from __future__ import annotations

import argparse
import statistics
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from scipy import stats

from models.core import load_game, make_rng, spawn_seeds
from models.southseas.heuristic import estimate
from solvers.agents.greedy import GreedyAgent, margin
from solvers.agents.play import play_out


class _Judged(GreedyAgent):
    """The greedy agent, judging after-states with the estimate at a given ``lock``."""

    def __init__(self, *, seed: int, lock: float) -> None:
        super().__init__(seed=seed, name=f"greedy(lock={lock:g})")
        self.lock = lock

    def values(self, state: Any) -> list[tuple[Any, float]]:
        player = state.current_player()
        actions = state.legal_actions()
        base = state.resample(player, self.rng)
        out = []
        for i, action in enumerate(actions):
            after = base if i == len(actions) - 1 else base.clone()
            after.apply(action)
            judged = after.returns() if after.is_terminal() else estimate(after, lock=self.lock)
            out.append((action, margin(judged, player)))
        return out


def _game(args: tuple[int, int, dict[str, Any]]) -> tuple[float, float]:
    index, seed, options = args
    state = load_game("southseas", 4, options).new_initial_state()
    aware = index % 4
    seeds = spawn_seeds(seed, 5)
    agents = [_Judged(seed=seeds[p], lock=1.0 if p == aware else 0.0) for p in range(4)]
    play_out(state, agents, make_rng(seeds[4]))
    outcome = state.outcome()
    winners = set(outcome.winners)
    share = 1 / len(winners) if aware in winners else 0.0
    others = [s for p, s in enumerate(outcome.scores) if p != aware]
    return share, outcome.scores[aware] - statistics.mean(others)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--option", action="append", default=[], help="NAME=true|false")
    args = parser.parse_args()
    options = {}
    for text in args.option:
        name, _, value = text.partition("=")
        options[name] = {"true": True, "false": False}.get(value, value)
    jobs = [(i, s, options) for i, s in enumerate(spawn_seeds(args.seed, args.games))]
    with ProcessPoolExecutor(args.workers) as pool:
        results = list(pool.map(_game, jobs, chunksize=8))
    shares = [r[0] for r in results]
    margins = [r[1] for r in results]
    wins = sum(shares)
    low, high = stats.binomtest(round(wins), len(shares)).proportion_ci()
    mean = statistics.mean(margins)
    half = stats.t.ppf(0.975, len(margins) - 1) * statistics.stdev(margins) / len(margins) ** 0.5
    print(
        f"{args.games} games, options {options or 'default'}: the aware greedy's win share "
        f"{wins / len(shares):.3f} [{low:.3f}, {high:.3f}] (even 0.25); its score minus the "
        f"plain agents' mean {mean:+.2f} [{mean - half:+.2f}, {mean + half:+.2f}]"
    )


if __name__ == "__main__":
    main()
