"""Benchmark: seeded random Tobago games on one core, and the agents' time per move.

Run by hand:  python benchmarks/tobago_random_games.py --games 300 [--players 4] [--repeat 3]
              [--agent-games 4] [--profile]

Plays N games through the shared protocol (``load_game`` and ``models.core.random_playout``:
uniformly random legal actions, chance sampled by its probabilities) on the bundled map
``lagoon`` with the bundled, reconstructed clue deck and gold cards, ``--repeat`` times. Then
it times the random and greedy agents of solvers/agents: ``--agent-games`` games where every
seat is that agent (chance from its own seeded generator), the mean milliseconds per decision.
The median games per second is printed last (``games/s: X``). ``--profile`` prints where the
time of the random games goes (cProfile, top functions by own time). The results digest (every
game's history and returns) must not change when only speed is worked on.
"""

from __future__ import annotations

import argparse
import cProfile
import hashlib
import pstats
import statistics
import time

from models.core import CHANCE, Game, load_game, make_rng, random_playout, spawn_seeds
from solvers.agents import make_agent


def play(game: Game, games: int, seed: int) -> tuple[float, int, str]:
    """Seconds for ``games`` random games, the moves made, and a digest of every game's
    history and returns (a speed-up must leave it unchanged)."""
    moves = 0
    digest = hashlib.sha256()
    seconds = 0.0
    for i in range(games):
        start = time.perf_counter()
        state = game.new_initial_state()
        moves += random_playout(state, make_rng(seed + i))
        seconds += time.perf_counter() - start
        digest.update(repr((state.history(), state.returns())).encode())
    return seconds, moves, digest.hexdigest()[:16]


def time_agent(game: Game, spec: str, games: int, seed: int) -> tuple[float, int]:
    """Mean seconds per decision of agent ``spec`` in every seat, over ``games`` games."""
    seconds, decisions = 0.0, 0
    for s in spawn_seeds(seed, games):
        seeds = spawn_seeds(s, game.num_players + 1)
        agents = [make_agent(spec, seeds[1 + p]) for p in range(game.num_players)]
        chance = make_rng(seeds[0])
        state = game.new_initial_state()
        while not state.is_terminal():
            player = state.current_player()
            if player == CHANCE:
                state.apply(state.sample_chance(chance))
                continue
            began = time.perf_counter()
            action = agents[player].choose(state)
            seconds += time.perf_counter() - began
            decisions += 1
            state.apply(action)
    return seconds / max(decisions, 1), decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--agent-games", type=int, default=2)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    game = load_game("tobago", args.players)
    parts = game.components()  # type: ignore[attr-defined]
    labels = ", ".join(
        f"{name}: {'RECONSTRUCTION' if part['reconstruction'] else 'own design'}"
        for name, part in parts.items()
    )
    print(f"{args.games} random {args.players}-player games x {args.repeat}; {labels}")
    try:
        if args.profile:
            profiler = cProfile.Profile()
            profiler.runcall(play, game, args.games, args.seed)
            pstats.Stats(profiler).sort_stats("tottime").print_stats(25)
            return
        rates = []
        for _ in range(args.repeat):
            seconds, moves, digest = play(game, args.games, args.seed)
            rates.append(args.games / seconds)
            print(
                f"  {args.games / seconds:.1f} games/s ({moves / args.games:.1f} moves per game, "
                f"{seconds / moves * 1e6:.2f} us per move; results digest {digest})"
            )
        for spec in ("random", "greedy"):
            if args.agent_games > 0:
                per, decisions = time_agent(game, spec, args.agent_games, args.seed)
                print(f"  time per move, {spec}: {per * 1000:.3f} ms ({decisions} decisions)")
    except KeyboardInterrupt:
        print("interrupted: no figures")
        raise SystemExit(130) from None
    print(f"games/s: {statistics.median(rates):.1f} (median of {args.repeat})")


if __name__ == "__main__":
    main()
