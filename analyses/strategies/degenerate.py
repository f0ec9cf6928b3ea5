"""The degenerate strategy, before players find it: a section of every game's study report
that plays each of the game's simple bundled strategies (at most :data:`MAX_RULES` rules)
against the strongest agent a report affords (``greedy`` by default) and says when one wins
by more than a margin the designer sets (:data:`MARGIN` by default).

Each strategy plays one seat against the opponent in every other seat, in the duplicate design
(each deal once per rotation, so the strategy sits in every seat on the same deals), on the
study's seeds, options and components. Its win share per deal is the unit; the test is the
sign-flip test of "it wins its even share" (1 / players), one per strategy, in the report's
family. A strategy is **likely degenerate** when that test holds and its win share is at
least the even share plus the margin: "a 1-rule strategy — Low cards — wins 0.71 [0.64, 0.78]
of 2-player games against greedy: likely degenerate". One that holds below the even share is
said as a loss, one between as a win by less than the margin.

>>> even_share(2), MARGIN, MAX_RULES
(0.5, 0.1, 4)
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping, Sequence

import numpy as np
import pandas as pd

from analyses.reports.tables import Finding, Power, Section, Table
from analyses.statistics import pergame
from analyses.statistics.stats import Estimate
from analyses.studies.frames import StudyFrames
from analyses.studies.study import StudyConfig
from solvers.strategies.bundled import bundled_names, bundled_strategy

__all__ = ["MARGIN", "MAX_RULES", "OPPONENT", "SimpleRun", "degenerate_section", "simple_configs"]

#: How much more than its even share a simple strategy must win to be called degenerate.
MARGIN = 0.10
#: The most rules a strategy may have to count as simple ("a file of at most a few rules").
MAX_RULES = 4
#: The opponent a report plays the simple strategies against: the strongest agent a report
#: affords (ISMCTS plays stronger and slower: name it with ``--strategies-against``).
OPPONENT = "greedy"


def even_share(players: int) -> float:
    return 1 / players


@dataclasses.dataclass(frozen=True)
class SimpleRun:
    """One simple strategy's games against the opponent: its name, rules, what it does, the
    agent spec it played as and the frames of its games."""

    name: str
    title: str
    rules: int
    about: str
    spec: str
    frames: StudyFrames


def simple_configs(
    config: StudyConfig, opponent: str = OPPONENT, max_rules: int = MAX_RULES
) -> dict[str, StudyConfig]:
    """By bundled strategy name: the study each simple strategy plays (see the module), on
    ``config``'s seeds, games (whole deals), options and components."""
    out: dict[str, StudyConfig] = {}
    games = math.ceil(config.games / config.players) * config.players
    for name in bundled_names(config.game):
        if len(bundled_strategy(config.game, name).rules) > max_rules:
            continue
        lineup = (f"strategy:{name}", *([opponent] * (config.players - 1)))
        out[name] = StudyConfig(
            config.game, config.players, lineup, games=games, seed=config.seed,
            options=config.options, components=config.components, design="duplicate",
        )  # fmt: skip
    return out


def deal_shares(frames: StudyFrames, spec: str) -> np.ndarray:
    """The agent's win share per deal (mean over the deal's games), in deal order."""
    mine = frames.players[frames.players["agent"] == spec]
    by_game = mine.groupby("game")["win_share"].mean()
    deal_of = frames.games.set_index("game")["deal"].reindex(by_game.index)
    return by_game.groupby(deal_of).mean().sort_index().to_numpy(float)


def degenerate_section(
    runs: Sequence[SimpleRun],
    players: int,
    *,
    opponent: str = OPPONENT,
    margin: float = MARGIN,
    seed: int = 0,
) -> Section:
    """The section (see the module): a table of every simple strategy's win share against
    the opponent, one test each, and a finding for each that holds, in its direction."""
    even = even_share(players)
    intro = (
        f"Each of the game's simple bundled strategies (at most {MAX_RULES} rules) played one "
        f"seat against {opponent} in the other {players - 1}, in the duplicate design on the "
        f"study's seeds. A strategy is called likely degenerate when it wins more than its "
        f"even share {even:.2f} (sign-flip test over deals, in the report's family) by at least "
        f"the margin {margin:.2f}: a plan that simple beating the strongest agent a report "
        "affords is one players will find. These are claims about these agents' games."
    )
    rows, findings, powers = [], [], []
    frame_rows: list[dict[str, object]] = []
    for run in runs:
        shares = deal_shares(run.frames, run.spec)
        if not len(shares):
            continue
        estimate = pergame.mean(shares, bounds=(0.0, 1.0), seed=seed)
        test = pergame.sign_flip_test(shares - even, seed=seed)
        label = run.title
        frame_rows.append({
            "strategy": label, "rules": run.rules, "what it does": run.about,
            "win share": estimate, "even share": even, **pergame.test_columns(test),
            "adjusted p": math.nan,
        })  # fmt: skip
        rows.append((label, run, estimate, test.p))
        powers.append(Power(f"{label}'s win share against {opponent}", shares, "deals",
                            f"the even {even:.2f}"))  # fmt: skip
    frame = pd.DataFrame(frame_rows)
    if len(frame):
        frame.index = frame["strategy"]
    for label, run, estimate, p in rows:
        findings.append(Finding(_words(run, estimate, players, opponent, even, margin), estimate,
                                p=p, row=(frame, label)))  # fmt: skip
    tables = []
    if len(frame):
        tables.append(Table(f"Simple strategies against {opponent}", frame, over="deals",
                            tested="win share"))  # fmt: skip
    notes = [] if rows else [f"The game ships no simple strategy (at most {MAX_RULES} rules)."]
    return Section("Simple strategies", intro, tables=tables, findings=findings, notes=notes,
                   powers=powers, data={"simple_strategies": {
                       "opponent": opponent, "margin": margin, "max_rules": MAX_RULES,
                       "even_share": even}})  # fmt: skip


def _words(
    run: SimpleRun, e: Estimate, players: int, opponent: str, even: float, margin: float
) -> str:
    size = f"A {run.rules}-rule strategy — {run.title}"
    won = f"wins {e:.2f} of {players}-player games against {opponent}"
    if e.value >= even + margin:
        return f"{size} — {won}: likely degenerate (its even share is {even:.2f})"
    if e.value > even:
        return f"{size} — {won}: more than its even share {even:.2f}, by less than {margin:.2f}"
    return f"{size} — {won}: less than its even share {even:.2f}"


def simple_runs(stores: Mapping[str, object]) -> list[SimpleRun]:
    """The runs of played simple strategies, from their stores (``record`` and ``frames()``)."""
    out = []
    for name, store in stores.items():
        record = store.record  # type: ignore[attr-defined]
        game = record["config"]["game"]
        strategy = bundled_strategy(game, name)
        spec = record["config"]["agents"][0]
        out.append(SimpleRun(name, strategy.name, len(strategy.rules), strategy.about, spec,
                             store.frames()))  # type: ignore[attr-defined]  # fmt: skip
    return out
