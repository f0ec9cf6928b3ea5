"""The degenerate strategy, before players find it: a section of every game's study report
that plays each of the game's simple bundled strategies (at most :data:`MAX_RULES` rules)
against **the field** — the strongest agent a report affords (``greedy`` by default) and the
other simple strategies — and says when one beats it by more than a margin the designer sets
(:data:`MARGIN` by default).

Each strategy plays one seat against one entrant of the field in every other seat, the same
number of deals against each entrant, in the duplicate design (each deal once per rotation, so
the strategy sits in every seat on the same deals) on the study's options and components; the
deals of each pairing have their own seed (from the study's and the entrant's place), so every
deal is an independent unit. The strategy's win share per deal is that unit; the test is the
sign-flip test of "it wins its even share" (1 / players) over all its deals, one per strategy,
in the report's family. A strategy is **likely degenerate** when that test holds and its win
share is at least the even share plus the margin — "A 1-rule strategy — Low cards — wins
0.71 [0.64, 0.78] of 2-player games against the field (greedy and the other simple
strategies): likely degenerate". One that holds below the even share is said as a loss, one
between as a win by less than the margin; the table shows its share against each entrant.
Beating ``greedy`` alone says as much about greedy as about the plan: the field asks whether a
plan beats the other plans too.

>>> even_share(2), MARGIN, MAX_RULES
(0.5, 0.1, 4)
"""

from __future__ import annotations

import dataclasses
import math
import re
from collections.abc import Mapping, Sequence

import numpy as np
import pandas as pd

from analyses.reports.tables import Finding, Power, Section, Table
from analyses.statistics import pergame
from analyses.statistics.stats import Estimate
from analyses.studies.frames import StudyFrames
from analyses.studies.study import StudyConfig
from models.seeds import keyed_seed
from solvers.strategies.bundled import bundled_names, bundled_strategy

__all__ = [
    "MARGIN",
    "MAX_RULES",
    "OPPONENT",
    "Pairing",
    "SimpleRun",
    "degenerate_section",
    "pairings",
    "simple_runs",
]

#: How much more than its even share a simple strategy must win to be called degenerate.
MARGIN = 0.10
#: The most rules a strategy may have to count as simple ("a file of at most a few rules").
MAX_RULES = 4
#: The strongest agent a report affords, in every field (ISMCTS plays stronger and slower:
#: name it with ``--strategies-against``).
OPPONENT = "greedy"


def even_share(players: int) -> float:
    return 1 / players


@dataclasses.dataclass(frozen=True)
class Pairing:
    """One simple strategy (its bundled ``name``) against one entrant of the field: the folder
    it is stored in (``strategies/NAME/K``) and the study it plays."""

    name: str
    entrant: str
    folder: str
    config: StudyConfig


def simple_names(game: str, max_rules: int = MAX_RULES) -> list[str]:
    """The game's bundled strategies of at most ``max_rules`` rules."""
    return [n for n in bundled_names(game) if len(bundled_strategy(game, n).rules) <= max_rules]


def pairings(
    config: StudyConfig, opponent: str = OPPONENT, max_rules: int = MAX_RULES
) -> list[Pairing]:
    """Every simple strategy against every other entrant of the field (see the module): its
    games, ``config``'s games split evenly over the entrants (whole deals, at least one)."""
    names = simple_names(config.game, max_rules)
    field = [opponent, *(f"strategy:{n}" for n in names)]
    out: list[Pairing] = []
    for name in names:
        spec = f"strategy:{name}"
        others = [e for e in field if e != spec]
        deals = max(1, math.ceil(config.games / config.players / len(others)))
        for k, entrant in enumerate(others):
            place = field.index(entrant)
            lineup = (spec, *([entrant] * (config.players - 1)))
            study = StudyConfig(
                config.game, config.players, lineup, games=deals * config.players,
                seed=keyed_seed(config.seed, 1000 * (names.index(name) + 1) + place),
                options=config.options, components=config.components, design="duplicate",
            )  # fmt: skip
            out.append(Pairing(name, entrant, f"strategies/{name}/{k}", study))
    return out


@dataclasses.dataclass(frozen=True)
class SimpleRun:
    """One simple strategy's games against the field: its name, title, rules, what it does,
    the agent spec it played as and the frames of its games against each entrant."""

    name: str
    title: str
    rules: int
    about: str
    spec: str
    games: Mapping[str, StudyFrames]


def simple_runs(game: str, stores: Mapping[tuple[str, str], object]) -> list[SimpleRun]:
    """The runs of the simple strategies from the stores of their pairings, by (strategy's
    bundled name, entrant): each store has ``record`` and ``frames()``."""
    out: dict[str, SimpleRun] = {}
    for (name, entrant), store in stores.items():
        if name not in out:
            strategy = bundled_strategy(game, name)
            spec = store.record["config"]["agents"][0]  # type: ignore[attr-defined]
            out[name] = SimpleRun(name, strategy.name, len(strategy.rules), strategy.about,
                                  spec, {})  # fmt: skip
        out[name].games[entrant] = store.frames()  # type: ignore[index,attr-defined]
    return list(out.values())


def entrant_label(entrant: str, titles: Mapping[str, str]) -> str:
    """An entrant as a column says it: a strategy by its title, an agent by its spec."""
    found = re.fullmatch(r"strategy:([\w-]+)", entrant)
    return titles.get(found[1], entrant) if found else entrant


def degenerate_section(
    runs: Sequence[SimpleRun],
    players: int,
    *,
    opponent: str = OPPONENT,
    margin: float = MARGIN,
    seed: int = 0,
) -> Section:
    """The section (see the module): a table of every simple strategy's win share against
    the field and each entrant, one test each, and a finding for each that holds."""
    even = even_share(players)
    titles = {run.name: run.title for run in runs}
    intro = (
        f"Each of the game's simple bundled strategies (at most {MAX_RULES} rules) played one "
        f"seat against the field — {opponent} and the other simple strategies — the same "
        f"number of deals against each, in the duplicate design. A strategy is called likely "
        f"degenerate when it wins more than its even share {even:.2f} against the field "
        f"(sign-flip test over its deals, in the report's family) by at least the margin "
        f"{margin:.2f}: a plan that simple beating the other plans and the strongest agent a "
        "report affords is one players will find. These are claims about these agents' games."
    )
    rows: list[dict[str, object]] = []
    tests: list[tuple[str, SimpleRun, Estimate, float]] = []
    powers = []
    for run in runs:
        by_entrant = {
            e: pergame.deal_shares(f.players, f.games, run.spec).to_numpy(float)
            for e, f in run.games.items()
        }
        shares = np.concatenate(list(by_entrant.values())) if by_entrant else np.array([])
        if not len(shares):
            continue
        estimate = pergame.mean(shares, bounds=(0.0, 1.0), seed=seed)
        test = pergame.sign_flip_test(shares - even, seed=seed)
        row: dict[str, object] = {
            "strategy": run.title, "rules": run.rules, "what it does": run.about,
            "against the field": estimate, "even share": even,
        }  # fmt: skip
        row[f"against {run.title}"] = "itself"  # the column of its own entrant
        for entrant, values in by_entrant.items():
            label = f"against {entrant_label(entrant, titles)}"
            row[label] = pergame.mean(values, bounds=(0.0, 1.0), seed=seed)
        rows.append({**row, **pergame.test_columns(test), "adjusted p": math.nan})
        tests.append((run.title, run, estimate, test.p))
        powers.append(Power(f"{run.title}'s win share against the field", shares, "deals",
                            f"the even {even:.2f}"))  # fmt: skip
    frame = pd.DataFrame(rows)
    findings = []
    if len(frame):
        frame.index = pd.Index(frame["strategy"])
        order = [c for c in frame.columns if c not in ("p", "p method", "p error", "adjusted p")]
        frame = frame[[*order, "p", "adjusted p", "p method", "p error"]]
    for label, run, estimate, p in tests:
        words = _words(run, estimate, players, opponent, even, margin)
        findings.append(Finding(words, estimate, p=p, row=(frame, label)))
    tables = []
    if len(frame):
        tables.append(Table(f"Simple strategies against the field ({opponent} and each other)",
                            frame, over="deals", tested="against the field"))  # fmt: skip
    notes = [] if rows else [f"The game ships no simple strategy (at most {MAX_RULES} rules)."]
    data = {"simple_strategies": {"opponent": opponent, "margin": margin,
                                  "max_rules": MAX_RULES, "even_share": even}}  # fmt: skip
    return Section("Simple strategies", intro, tables=tables, findings=findings, notes=notes,
                   powers=powers, data=data)  # fmt: skip


def _words(
    run: SimpleRun, e: Estimate, players: int, opponent: str, even: float, margin: float
) -> str:
    size = f"A {run.rules}-rule strategy — {run.title}"
    won = (f"wins {e:.2f} of {players}-player games against the field ({opponent} and the "
           "other simple strategies)")  # fmt: skip
    if e.value >= even + margin:
        return f"{size} — {won}: likely degenerate (its even share is {even:.2f})"
    if e.value > even:
        return f"{size} — {won}: more than its even share {even:.2f}, by less than {margin:.2f}"
    return f"{size} — {won}: less than its even share {even:.2f}"
