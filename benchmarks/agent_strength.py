"""Benchmark: how strong the agents are, against weaker agents, in any game of the registry.

Run by hand:  python benchmarks/agent_strength.py --games 200 [--game southseas] [--players 4]
              [--workers 2] [--seed 0] [--ismcts "ismcts:iterations=300"]
              [--pairing greedy-random|ismcts-greedy|both]

Two pairings, each over ``--games`` games of ``load_game(game, players)`` (default: 4-player
South Seas on the bundled, reconstructed tiles and ships):

* **greedy vs random**: one greedy agent and random ones in the other seats;
* **ISMCTS vs greedy**: one ISMCTS agent (``--ismcts``) and greedy ones.

Each pairing is one study (:func:`analyses.skill.pairing`, the machinery of ``atoll GAME
skill``): the tested agent sits in seat ``i % players`` in game ``i``, so every seat is played
equally often; game ``i`` plays from the study's seed ``i`` (chance and each seat's agent from
their own seeds, :mod:`analyses.study`), so a game does not depend on the worker that plays it
and the agents' choices never share the game's generator. Games run in parallel on
:func:`analyses.workers.process_pool` (workers end with this process; Ctrl-C stops them and
prints one line). The same ``--seed`` now gives other games than before the benchmark used the
study runner (figures measured before then are not reproduced game for game).

For each pairing it prints the tested agent's win share — one value per game, its share of the
game's win (1/k for k tied winners) — with its 95% interval over games (exact Clopper–Pearson
when every game was a win or a loss, else the seeded bootstrap or t of
:mod:`analyses.pergame`), the number of games, the even share 1/players with the sign-flip
p-value against it, whether the interval's lower bound beats it, and each agent's mean time per
move (:func:`analyses.skill.measure`, as a skill trace's budget is measured). Targets: greedy
beats random and ISMCTS beats greedy, both with the lower bound above the even share.
"""

from __future__ import annotations

import argparse
import sys
import time

from common import component_labels

from analyses.skill import measure, ms_per_move, pairing, thinking
from analyses.study import run_study
from models.core import load_game
from models.errors import AtollError
from solvers.agents import make_agent


def run_pairing(
    game: str, players: int, tested: str, other: str, games: int, workers: int, seed: int
) -> None:
    """Play the games of one pairing (one study) and print its figures."""
    began = time.perf_counter()
    frames = run_study(pairing(game, players, tested, other, games, seed), workers=workers)
    point = measure(frames, tested, players)
    estimate, even = point.estimate, 1 / players
    low, high = estimate.low, estimate.high
    mine = frames.players[frames.players["agent"] == tested]
    print(
        f"{tested} vs {players - 1} x {other}: {games} games in {time.perf_counter() - began:.0f} s"
        + (f" ({point.failed} failed: errors table)" if point.failed else "")
    )
    print(
        f"  win share {estimate.value:.3f} [{low:.3f}, {high:.3f}] over {estimate.n} games "
        f"({estimate.method}; a win shared by k tied winners counts 1/k); even share "
        f"{even:.2f}, p = {point.p:.3g}; lower bound beats it: {'yes' if low > even else 'no'}; "
        f"its mean score {mine['score'].mean():.1f}"
    )
    for spec in (tested, other):
        moves, _ = thinking(frames, spec)
        print(f"  time per move, {spec}: {ms_per_move(frames, spec):.2f} ms ({moves} moves)")
    sys.stdout.flush()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--game", default="southseas", help="a game of the registry")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--ismcts", default="ismcts", help="the ISMCTS agent's spec")
    parser.add_argument(
        "--pairing", choices=("greedy-random", "ismcts-greedy", "both"), default="both"
    )
    args = parser.parse_args()
    if args.seed < 0:  # numpy's SeedSequence takes none
        parser.error(f"--seed: a seed is a whole number 0 or more, got {args.seed}")
    try:
        make_agent(args.ismcts, 0)
    except AtollError as exc:
        parser.error(str(exc))  # one line, exit status 2
    if args.ismcts.strip() == "greedy" and args.pairing != "greedy-random":
        parser.error("--ismcts: the tested agent must differ from greedy, its opponents")
    try:
        made = load_game(args.game, args.players)
    except AtollError as exc:
        parser.error(str(exc))
    print(f"{args.players}-player {made.info.title}; {component_labels(made)}; seed {args.seed}")
    where = (args.game, args.players)
    try:
        if args.pairing in ("greedy-random", "both"):
            run_pairing(*where, "greedy", "random", args.games, args.workers, args.seed)
        if args.pairing in ("ismcts-greedy", "both"):
            run_pairing(*where, args.ismcts, "greedy", args.games, args.workers, args.seed)
    except KeyboardInterrupt:
        print("interrupted: no figures for the unfinished pairing")
        raise SystemExit(130) from None


if __name__ == "__main__":
    main()
