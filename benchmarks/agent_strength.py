"""Benchmark: how strong the agents are, against weaker agents, in any game of the registry.

Run by hand:  python benchmarks/agent_strength.py --games 200 [--game southseas] [--players 4]
              [--workers 2] [--seed 0] [--ismcts "ismcts:iterations=300"]
              [--pairing greedy-random|ismcts-greedy|both]

Two pairings, each over ``--games`` games of ``load_game(game, players)`` (default: 4-player
South Seas on the bundled, reconstructed tiles and ships):

* **greedy vs random**: one greedy agent and random ones in the other seats;
* **ISMCTS vs greedy**: one ISMCTS agent (``--ismcts``) and greedy ones.

The tested agent sits in seat ``i % players`` in game ``i``, so every seat is played equally
often. Game ``i`` takes ``1 + players`` seeds from :func:`models.core.spawn_seeds`: one for
chance and one for each seat's agent, so a game does not depend on the worker that plays it and
the agents' choices never share the game's generator. Games run in parallel on
:func:`analyses.workers.process_pool` (workers end with this process; Ctrl-C stops them and
prints one line).

For each pairing it prints the tested agent's win share — one value per game, its share of the
game's win (1/k for k tied winners) — with its 95% interval over games (exact Clopper–Pearson
when every game was a win or a loss, else the seeded bootstrap or t of
:mod:`analyses.pergame`), the number of games, the even share 1/players with the sign-flip
p-value against it, whether the interval's lower bound beats it, and each agent's mean time per
move. Targets: greedy beats random and ISMCTS beats greedy, both with the lower bound above the
even share.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import as_completed
from dataclasses import dataclass, field

from common import component_labels

from analyses import pergame
from analyses.workers import process_pool
from models.core import load_game, make_rng, spawn_seeds
from models.errors import AtollError
from solvers.agents import make_agent
from solvers.agents.play import play_out


@dataclass
class GameResult:
    """One game: the tested agent's share of the win and score, and the seconds spent and
    moves made by the tested agent (index 0) and by the others together (index 1)."""

    share: float
    score: float
    seconds: list[float] = field(default_factory=lambda: [0.0, 0.0])
    moves: list[int] = field(default_factory=lambda: [0, 0])


def play_game(
    game: str, players: int, tested: str, other: str, index: int, seeds: list[int]
) -> GameResult:
    """Game ``index``: ``tested`` in seat ``index % players``, ``other`` elsewhere; ``seeds``
    are chance's seed and one per seat."""
    state = load_game(game, players).new_initial_state()
    seat = index % players
    specs = [tested if p == seat else other for p in range(players)]
    agents = [make_agent(spec, seeds[1 + p]) for p, spec in enumerate(specs)]
    chance = make_rng(seeds[0])
    played = play_out(state, agents, chance)
    result = GameResult(
        0.0,
        0.0,
        seconds=[played.seconds[seat], sum(played.seconds) - played.seconds[seat]],
        moves=[played.moves[seat], sum(played.moves) - played.moves[seat]],
    )
    outcome = state.outcome()
    if seat in outcome.winners:
        result.share = 1 / len(outcome.winners)
    result.score = outcome.scores[seat]
    return result


def run_pairing(
    game: str, players: int, tested: str, other: str, games: int, workers: int, seed: int
) -> None:
    """Play the games of one pairing and print its figures."""
    per = 1 + players  # chance, then one seed per seat
    seeds = spawn_seeds(seed, games * per)
    began = time.perf_counter()
    results: list[GameResult] = []
    with process_pool(workers) as pool:
        futures = [
            pool.submit(play_game, game, players, tested, other, i, seeds[i * per : (i + 1) * per])
            for i in range(games)
        ]
        for future in as_completed(futures):
            results.append(future.result())
    shares = [r.share for r in results]
    estimate = pergame.share(shares)
    low, high = estimate.low, estimate.high
    even = 1 / players
    p = pergame.sign_flip_p([s - even for s in shares])
    mean_score = sum(r.score for r in results) / games
    print(
        f"{tested} vs {players - 1} x {other}: {games} games in {time.perf_counter() - began:.0f} s"
    )
    print(
        f"  win share {estimate.value:.3f} [{low:.3f}, {high:.3f}] over {games} games "
        f"({estimate.method}; a win shared by k tied winners counts 1/k); even share "
        f"{even:.2f}, p = {p:.3g}; lower bound beats it: {'yes' if low > even else 'no'}; "
        f"its mean score {mean_score:.1f}"
    )
    for role, spec in enumerate((tested, other)):
        seconds = sum(r.seconds[role] for r in results)
        moves = sum(r.moves[role] for r in results)
        print(f"  time per move, {spec}: {1000 * seconds / max(moves, 1):.2f} ms ({moves} moves)")
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
