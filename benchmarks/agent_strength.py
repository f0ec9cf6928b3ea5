"""Benchmark: how strong the agents are, against weaker agents, in any game of the registry.

Run by hand:  python benchmarks/agent_strength.py --games 200 [--game southseas] [--players 4]
              [--workers 2] [--seed 0] [--ismcts "ismcts:iterations=300"]
              [--pairing greedy-random|ismcts-greedy|both]
The ladder:   python benchmarks/agent_strength.py --ladder --games 400 [--ladder-games tobago]
              [--rungs greedy,25,50,100] [--write solvers/agents/ladder.toml]
Calibration:  python benchmarks/agent_strength.py --calibrate [--ismcts SPEC]
From a trace: python benchmarks/agent_strength.py --from-skill OUT/skill.json --write FILE

Two pairings, each over ``--games`` games of ``load_game(game, players)`` (default: 4-player
South Seas on the bundled, reconstructed tiles and ships):

* **greedy vs random**: one greedy agent and random ones in the other seats;
* **ISMCTS vs greedy**: one ISMCTS agent (``--ismcts``) and greedy ones.

Each pairing is one study (:func:`analyses.reports.skill.pairing`, the machinery of ``atoll GAME
skill``): the tested agent sits in seat ``i % players`` in game ``i``, so every seat is played
equally often; game ``i`` plays from the study's seed ``i`` (chance and each seat's agent from
their own seeds, :mod:`analyses.studies.study`), so a game does not depend on the worker that plays
it and the agents' choices never share the game's generator. Games run in parallel on
:func:`analyses.studies.workers.process_pool` (workers end with this process; Ctrl-C stops them and
prints one line). The same ``--seed`` now gives other games than before the benchmark used the
study runner (figures measured before then are not reproduced game for game).

For each pairing it prints the tested agent's win share — one value per game, its share of the
game's win (1/k for k tied winners) — with its 95% interval over games (exact Clopper–Pearson
when every game was a win or a loss, else the seeded bootstrap or t of
:mod:`analyses.statistics.pergame`), the number of games, the even share 1/players with the
sign-flip p-value against it, whether the interval's lower bound beats it, and each agent's mean
time per move (:func:`analyses.reports.skill.measure`, as a skill trace's budget is measured).
Targets: greedy beats random and ISMCTS beats greedy, both with the lower bound above the even
share.

**The ladder** (``--ladder``) plays, for each game (``--ladder-games``, default every calibrated
one), the rungs random < greedy < ISMCTS: greedy against three random agents, then ISMCTS at
budgets of 25, 50 and 100 ms a decision against three greedy ones (``--rungs`` picks some), each
rung one pairing as above, and prints a table of win shares, intervals and ms per decision. A
budget in ms is a *deterministic* number of iterations, ``round(ms / iteration_ms)`` of the game's
ISMCTS spec, both declared by the game's plug-in (:class:`analyses.plugin.Ladder`; ``--ismcts``
replaces the spec for every game), so a rung is reproduced game for game on any machine and any
number of workers; a game's ``iteration_ms`` is measured by ``--calibrate``: CPU milliseconds
(``time.process_time``, not waiting for the machine's other work) per decision over 40 decisions
with more than one legal action taken from seeded greedy games. The ms per decision printed for a
rung is the study's wall-clock time per move (every move, forced ones too), so on a loaded machine
it is above the budget.

The ISMCTS rungs of a game play the same deals (one seed), so after them each budget is
compared with the next **deal by deal** (:func:`analyses.statistics.steps.steps`, as a skill trace
compares its budgets: the paired difference of the win share with its interval, Holm over the
steps, and the smallest change the test would find with 80% power): whether doubling the
budget loses strength. ``--from-skill OUT/skill.json`` reads the rungs from a skill trace
(``atoll GAME skill --agent SPEC --against greedy --budgets ...``) instead of playing them: a
trace of the ladder's spec against greedy, on the ladder's seed and design, plays the very games
the ladder would, and its budgets become entries (the trace's command recorded). ``--write
FILE`` adds the rungs to the ladder file
(``solvers/agents/ladder.toml``; one ``[[entry]]`` per rung, :mod:`ladder_file`), replacing
the entries of the same rungs.
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime
import shlex
import sys
import time
from collections.abc import Callable
from typing import Any

from common import component_labels
from ladder_file import write_entries

from analyses.plugins import plugin
from analyses.reports.skill import SkillPoint, measure, ms_per_move, pairing, thinking
from analyses.statistics.steps import steps
from analyses.studies.study import run_study
from models.core import CHANCE, GameState, load_game, make_rng, spawn_seeds
from models.errors import AtollError
from models.registry import game_names
from solvers.agents import make_agent

#: The ISMCTS budgets of the ladder, in milliseconds a decision.
LADDER_BUDGETS = (25, 50, 100)
# The games' calibrations (analyses/<game>/plugin.py) were measured with --calibrate (4
# players) on 2026-12-03 with the machine's 2 cores shared (load average 6-10). On the same
# machine quiet (load average 0.1-0.5) the 50 ms budgets took 35 (South Seas), 27 (Glory
# Islands) and 30 (Tobago) CPU ms a decision; under the load 37-59.


def ladder_games() -> tuple[str, ...]:
    """The ladder's games: every registered game whose plug-in has a calibrated ISMCTS."""
    return tuple(g for g in game_names() if plugin(g).ladder.iteration_ms is not None)


def ladder_spec(game: str) -> str:
    """The game's ISMCTS spec on the ladder (its budget is added as iterations)."""
    return plugin(game).ladder.spec


def iterations_for(game: str, budget_ms: float) -> int:
    """The iterations that take about ``budget_ms`` a decision in ``game`` (by
    its plug-in's ``ladder.iteration_ms``)."""
    ms = plugin(game).ladder.iteration_ms
    if ms is None:
        raise AtollError(f"no ISMCTS calibration for {game!r}", field="--ladder-games")
    return max(1, round(budget_ms / ms))


def with_iterations(spec: str, iterations: int) -> str:
    """``spec`` with its iteration budget set (``ismcts`` -> ``ismcts:iterations=500``)."""
    text = spec.strip()
    if ":" not in text:
        return f"{text}:iterations={iterations}"
    return f"{text}{'' if text.endswith(':') else ','}iterations={iterations}"


def sample_positions(game: str, players: int, count: int, seed: int) -> list[GameState]:
    """``count`` decisions with more than one legal action, from greedy games (every 5th such
    decision), seeded."""
    out: list[GameState] = []
    for game_seed in spawn_seeds(seed, 1000):
        seeds = spawn_seeds(game_seed, players + 1)
        agents = [make_agent("greedy", seeds[1 + p]) for p in range(players)]
        chance, state, seen = make_rng(seeds[0]), load_game(game, players).new_initial_state(), 0
        while not state.is_terminal() and len(out) < count:
            player = state.current_player()
            if player == CHANCE:
                state.apply(state.sample_chance(chance))
                continue
            if len(state.legal_actions()) > 1:
                seen += 1
                if seen % 5 == 0:
                    out.append(state.clone())
            state.apply(agents[player].choose(state))
        if len(out) >= count:
            break
    return out


def calibrate(game: str, players: int, spec: str, count: int = 40, seed: int = 0) -> float:
    """CPU milliseconds (``time.process_time``: the time this process ran, not waited for
    the machine's other work) per decision of ``spec`` over :func:`sample_positions`."""
    positions = sample_positions(game, players, count, seed)
    agent = make_agent(spec, seed)
    began = time.process_time()
    for state in positions:
        agent.choose(state)
    return 1000 * (time.process_time() - began) / len(positions)


def run_pairing(
    game: str, players: int, tested: str, other: str, games: int, workers: int, seed: int
) -> tuple[SkillPoint, int, str]:
    """Play the games of one pairing (one study), print its figures and return them with the
    number of games played (whole deals: ``games`` rounded up to a multiple of ``players``)
    and the study's design."""
    began = time.perf_counter()
    config = pairing(game, players, tested, other, games, seed)
    frames = run_study(config, workers=workers)
    point = measure(frames, tested, players)
    estimate, even = point.estimate, 1 / players
    low, high = estimate.low, estimate.high
    mine = frames.players[frames.players["agent"] == tested]
    print(
        f"{tested} vs {players - 1} x {other}: {games} games in {time.perf_counter() - began:.0f} s"
        + (f" ({point.failed} failed: errors table)" if point.failed else "")
    )
    print(
        f"  win share {estimate.value:.3f} [{low:.3f}, {high:.3f}] over {estimate.n} deals "
        f"({estimate.method}; a win shared by k tied winners counts 1/k); even share "
        f"{even:.2f}, p = {point.p:.3g}; lower bound beats it: {'yes' if low > even else 'no'}; "
        f"its mean score {mine['score'].mean():.1f}"
    )
    for spec in (tested, other):
        moves, _ = thinking(frames, spec)
        print(f"  time per move, {spec}: {ms_per_move(frames, spec):.2f} ms ({moves} moves)")
    sys.stdout.flush()
    return point, len(frames.games), config.design


def ladder(
    args: argparse.Namespace, iterations: Callable[[str, int], int] = iterations_for
) -> list[dict[str, Any]]:
    """Play the ladder's rungs for every game (``iterations``: a game's iterations for a budget
    in ms); return them as ladder entries."""
    entries = []
    command = "python benchmarks/agent_strength.py " + shlex.join(sys.argv[1:])
    others = args.players - 1
    for game in args.ladder_games:
        made = load_game(game, args.players)
        print(f"\n== {args.players}-player {made.info.title}; {component_labels(made)}")
        rungs: list[tuple[str, str]] = []
        budgets: dict[str, int] = {}
        if "greedy" in args.rungs:
            rungs.append(("greedy", "random"))
        for budget in args.budgets:
            if str(budget) in args.rungs:
                base = args.ismcts or ladder_spec(game)
                spec = with_iterations(base, iterations(game, budget))
                rungs.append((spec, "greedy"))
                budgets[spec] = budget
        searched: list[SkillPoint] = []  # the ISMCTS rungs, for their paired steps
        for tested, other in rungs:
            point, played, design = run_pairing(
                game, args.players, tested, other, args.games, args.workers, args.seed
            )
            if other == "greedy":
                searched.append(dataclasses.replace(point, budget=budgets[tested]))
            estimate = point.estimate
            entries.append(
                {
                    "game": game,
                    "players": args.players,
                    "agent": tested,
                    "opponents": f"{others} {other}",
                    "games": played,
                    "win_share": estimate.value,
                    "interval": [estimate.low, estimate.high],
                    "ms_per_decision": point.ms_per_move,
                    "date": datetime.datetime.now(datetime.UTC).date(),
                    "command": command,
                    "seed": args.seed,
                    "design": design,
                }
            )
        # the rungs share their deals (one seed): each budget against the next, deal by deal
        for step in steps(searched):
            print(f"  {game}: {step.line('budget_ms')}")
    print("\nladder (win share [95% interval] against three of the rung below; ms a decision)")
    for e in entries:
        print(
            f"  {e['game']:<13} {e['agent']:<40} vs {e['opponents']:<9} "
            f"{e['win_share']:.3f} [{e['interval'][0]:.3f}, {e['interval'][1]:.3f}]  "
            f"n={e['games']} games  "
            f"{e['ms_per_decision']:.1f} ms"
        )
    return entries


def from_skill(path: str) -> list[dict[str, Any]]:
    """The ladder entries of the budgets of a skill trace's ``skill.json`` (module doc)."""
    import json
    from pathlib import Path

    trace = json.loads(Path(path).read_text(encoding="utf-8"))
    players, units = int(trace["players"]), trace["design"]
    note = (
        "measured as a skill trace (atoll GAME skill) on the ladder's seed and design: the "
        "games the ladder's rung plays"
    )
    entries = []
    for budget in trace["budgets"]:
        deals = int(budget["n"])
        entries.append(
            {
                "game": trace["game"],
                "players": players,
                "agent": budget["spec"],
                "opponents": f"{players - 1} {trace['against']}",
                "games": deals * players if units == "duplicate" else deals,
                "win_share": budget["estimate"],
                "interval": [budget["low"], budget["high"]],
                "ms_per_decision": budget["ms_per_move"],
                "date": datetime.datetime.now(datetime.UTC).date(),
                "command": trace["command"],
                "seed": trace["seed"],
                "design": units,
                "note": note,
            }
        )
    return entries


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--game", default="southseas", help="a game of the registry")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--ismcts",
        default=None,
        help="the ISMCTS agent's spec (default: ismcts; on the ladder each game's own)",
    )
    parser.add_argument(
        "--pairing", choices=("greedy-random", "ismcts-greedy", "both"), default="both"
    )
    parser.add_argument("--ladder", action="store_true", help="play the ladder (module doc)")
    parser.add_argument(
        "--ladder-games",
        type=lambda t: tuple(g.strip() for g in t.split(",") if g.strip()),
        default=None,
        help="the ladder's games, comma-separated (default: every calibrated game)",
    )
    parser.add_argument(
        "--rungs",
        type=lambda t: tuple(r.strip() for r in t.split(",") if r.strip()),
        default=("greedy", *(str(b) for b in LADDER_BUDGETS)),
        help="the ladder's rungs to play: greedy and ISMCTS budgets in ms (default: all)",
    )
    parser.add_argument("--write", metavar="TOML", help="add the ladder's entries to this file")
    parser.add_argument(
        "--from-skill",
        metavar="JSON",
        help="take the rungs from a skill trace's skill.json instead of playing them",
    )
    parser.add_argument(
        "--calibrate",
        action="store_true",
        help="print each ladder game's CPU ms per decision of --ismcts (no games played)",
    )
    args = parser.parse_args()
    args.ladder_games = args.ladder_games or ladder_games()
    if args.ismcts is None and not (args.ladder or args.calibrate):
        args.ismcts = "ismcts"
    if args.seed < 0:  # numpy's SeedSequence takes none
        parser.error(f"--seed: a seed is a whole number 0 or more, got {args.seed}")
    try:
        make_agent(args.ismcts or "ismcts", 0)
    except AtollError as exc:
        parser.error(str(exc))  # one line, exit status 2
    if (args.ismcts or "").strip() == "greedy" and args.pairing != "greedy-random":
        parser.error("--ismcts: the tested agent must differ from greedy, its opponents")
    budgets = [str(b) for b in LADDER_BUDGETS]
    for rung in args.rungs:
        if rung != "greedy" and rung not in budgets:
            parser.error(f"--rungs: a rung is greedy or one of {', '.join(budgets)}, got {rung!r}")
    for game in args.ladder_games if args.ladder or args.calibrate else (args.game,):
        try:
            made = load_game(game, args.players)
        except AtollError as exc:
            parser.error(str(exc))
        if (args.ladder or args.calibrate) and plugin(game).ladder.iteration_ms is None:
            parser.error(f"--ladder-games: no calibration for {game!r}")
    if args.from_skill:
        entries = from_skill(args.from_skill)
        for e in entries:
            print(
                f"  {e['game']:<13} {e['agent']:<40} vs {e['opponents']:<9} "
                f"{e['win_share']:.3f} [{e['interval'][0]:.3f}, {e['interval'][1]:.3f}]  "
                f"n={e['games']} games"
            )
        if args.write:
            print(f"written: {write_entries(args.write, entries)}")
        return
    if args.write and not args.ladder:
        parser.error("--write: only the ladder's entries are written (add --ladder)")
    args.budgets = LADDER_BUDGETS
    if args.calibrate:
        for game in args.ladder_games:
            spec = args.ismcts or with_iterations(ladder_spec(game), iterations_for(game, 50))
            ms = calibrate(game, args.players, spec, seed=args.seed)
            print(f"{game}: {spec}: {ms:.2f} CPU ms a decision")
        return
    try:
        if args.ladder:
            entries = ladder(args)
            if args.write:
                print(f"written: {write_entries(args.write, entries)}")
            return
        print(
            f"{args.players}-player {made.info.title}; {component_labels(made)}; seed {args.seed}"
        )
        where = (args.game, args.players)
        if args.pairing in ("greedy-random", "both"):
            run_pairing(*where, "greedy", "random", args.games, args.workers, args.seed)
        if args.pairing in ("ismcts-greedy", "both"):
            run_pairing(*where, args.ismcts, "greedy", args.games, args.workers, args.seed)
    except KeyboardInterrupt:
        print("interrupted: no figures for the unfinished pairing")
        raise SystemExit(130) from None


if __name__ == "__main__":
    main()
