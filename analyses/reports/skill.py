"""Skill traces: does more thinking keep winning? (Ludii's SkillTrace.)

A game where a player who thinks longer keeps winning more has depth left to find; one where
the curve flattens early is soon played out, and one where it never rises is mostly luck (or
the tested agent cannot use its time). A :class:`SkillPlan` names the tested agent
(``ismcts``), the parameter that is its budget (``iterations``), the budgets, the reference
agent in the other seats (``greedy``), the games per budget and the root seed. Each budget is
one study (:mod:`analyses.studies.study`): the tested agent ``AGENT:PARAM=b`` in one seat and the
reference agent in the others, in the **duplicate design** by default (every deal played once
per rotation of the lineup, so the tested agent sits in every seat on the same deals; the
``fixed`` design shifts the lineup by a seat a game, each game a deal of its own), on the
**same root seed** for every budget — so every budget plays the same deals, and the curve's
steps are not differences of luck.

Each budget's figure is the tested agent's win share with its 95% interval over deals (its
share of each game's win, a win shared by k counting 1/k, averaged over the rotations of a
deal: :func:`analyses.studies.designs.per_deal`; a deal is a game in the fixed design) and the
sign-flip p of "its share is the even share 1/players". When the highest budget's interval
overlaps the lowest's, more thinking did not clearly pay (:meth:`SkillTrace.
verdict`).

Because every budget plays the same deals, each budget is also compared with the next deal by
deal (:meth:`SkillTrace.steps`, :mod:`analyses.statistics.steps`): whether more thinking loses.

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as tmp:
...     plan = SkillPlan("gloryislands", players=2, against="random", budgets=(2, 8), games=4)
...     trace = run_skill(plan, tmp)
...     [(p.budget, p.spec, p.estimate.n) for p in trace.points]
[(2, 'ismcts:iterations=2', 2), (8, 'ismcts:iterations=8', 2)]
"""

from __future__ import annotations

import dataclasses
import io
import json
import math
import re
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pandas as pd
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.ticker import FixedLocator, NullLocator

from analyses.statistics import pergame
from analyses.statistics.stats import Estimate
from analyses.statistics.steps import SkillStep, steps
from analyses.studies.designs import DESIGNS, per_deal, whole_deals
from analyses.studies.frames import StudyFrames
from analyses.studies.study import StudyConfig, run_study
from models.core import game_info
from models.errors import AtollError
from models.files import write_bytes_atomically
from solvers.agents import make_agent, read_spec

#: The largest budget (a budget of thousands of digits would never finish anyway).
MAX_BUDGET = 1_000_000_000


def parse_budgets(text: str) -> tuple[int, ...]:
    """Budgets written as ``25,50,100``: positive whole numbers in the digits 0-9, each once,
    returned in increasing order.

    >>> parse_budgets("100, 25,50")
    (25, 50, 100)
    >>> parse_budgets("25,-5")
    Traceback (most recent call last):
    ...
    models.errors.AtollError: --budgets: a budget is a whole number from 1 to 1000000000, got '-5'
    """
    budgets = []
    for item in text.split(","):
        item = item.strip()
        if not re.fullmatch("[0-9]{1,10}", item) or not 1 <= int(item) <= MAX_BUDGET:
            raise AtollError(
                f"a budget is a whole number from 1 to {MAX_BUDGET}, got {item!r}",
                field="--budgets",
            )
        if int(item) in budgets:
            raise AtollError(f"the budget {int(item)} is given twice", field="--budgets")
        budgets.append(int(item))
    return tuple(sorted(budgets))


def pairing(
    game: str,
    players: int,
    tested: str,
    against: str,
    games: int,
    seed: int,
    components: Mapping[str, str] | None = None,
    design: str = "duplicate",
) -> StudyConfig:
    """The study of ``tested`` in one seat against ``against`` in all the others, rotated
    (game ``i`` puts the tested agent in seat ``i % players``), on the game made of
    ``components`` (files by component name; default the bundled ones). In the duplicate
    design (the default) every deal is played once per rotation, ``games`` rounded up to whole
    deals; in the fixed design every game is a deal of its own."""
    agents = (tested,) + (against,) * (players - 1)
    games = whole_deals(games, players) if design == "duplicate" else games
    return StudyConfig(
        game, players, agents, games, seed, components=components or {}, design=design
    )


@dataclasses.dataclass(frozen=True)
class SkillPlan:
    """What a skill trace plays: ``agent`` with ``param`` set to each of ``budgets`` against
    ``against`` in the other seats, ``games`` games per budget from root seed ``seed``, in
    ``design`` (``duplicate``: ``games`` a multiple of ``players``; or ``fixed``)."""

    game: str
    players: int
    agent: str = "ismcts"
    against: str = "greedy"
    budgets: tuple[int, ...] = (25, 50, 100, 200, 400)
    games: int = 100
    seed: int = 0
    param: str = "iterations"
    components: Mapping[str, str] = dataclasses.field(default_factory=dict)
    design: str = "duplicate"

    def __post_init__(self) -> None:
        game_info(self.game).check_players(self.players)
        if self.design not in DESIGNS:
            raise AtollError(f"{self.design!r} is no design", field="--design")
        if self.design == "duplicate" and self.games % self.players:
            raise AtollError(
                f"the duplicate design plays whole deals of {self.players} games: a multiple "
                f"of {self.players}, got {self.games}",
                field="--games",
            )
        if not self.budgets:
            raise AtollError("name at least one budget", field="--budgets")
        name, values, params = read_spec(self.agent)
        known = [p.name for p in params]
        if self.param not in known:
            has = ", ".join(known) if known else "none"
            raise AtollError(
                f"{name} has no parameter {self.param!r} (its parameters: {has})", field="--param"
            )
        if self.param in values:
            raise AtollError(
                f"{self.agent.strip()!r} sets {self.param} already; the budgets set it",
                field="--agent",
            )
        read_spec(self.against)
        for budget in self.budgets:
            spec = self.spec(budget)
            try:
                make_agent(spec, 0)  # the budget as the parameter takes it (its minimum...)
            except AtollError as exc:
                raise AtollError(exc.message, field="--budgets") from None
            if spec == self.against.strip():
                raise AtollError(
                    f"is the tested agent at budget {budget} ({spec}): its seats could not be "
                    "told apart from the tested agent's",
                    field="--against",
                )

    def spec(self, budget: int) -> str:
        """The tested agent's spec at ``budget``: the parameters of ``agent`` and the budget.

        >>> SkillPlan("tobago", 2, agent="ismcts:c=0.1").spec(50)
        'ismcts:c=0.1,iterations=50'
        """
        text = self.agent.strip()
        if ":" not in text:
            return f"{text}:{self.param}={budget}"
        joint = "" if text.endswith(":") else ","
        return f"{text}{joint}{self.param}={budget}"

    def study(self, budget: int) -> StudyConfig:
        """The study of one budget (the same games and seed for every budget)."""
        spec, against = self.spec(budget), self.against.strip()
        made = (self.games, self.seed, self.components, self.design)
        return pairing(self.game, self.players, spec, against, *made)

    @property
    def even(self) -> float:
        """The win share of an agent no better than the others: 1 / players."""
        return 1 / self.players


@dataclasses.dataclass(frozen=True)
class SkillPoint:
    """One budget's result: the tested agent's win share over games with its interval, the
    p-value against the even share, its thinking time per move, the games that failed, and
    the wall time the budget's games took in this run (0 when all were stored already)."""

    budget: int
    spec: str
    estimate: Estimate
    p: float
    ms_per_move: float
    failed: int = 0
    seconds: float = 0.0
    #: The tested agent's win share per deal (indexed by deal), for the paired steps.
    shares: pd.Series | None = dataclasses.field(default=None, compare=False, repr=False)

    def line(self, even: float) -> str:
        """One line for the console."""
        failed = f"; {self.failed} games failed (errors table)" if self.failed else ""
        return (
            f"budget {self.budget}: win share {self.estimate}, "
            f"p = {self.p:.3g} against the even share {even:.2f}; "
            f"{self.ms_per_move:.1f} ms a move, {self.seconds:.0f} s{failed}"
        )


def thinking(frames: StudyFrames, spec: str) -> tuple[int, float]:
    """The moves ``spec`` made and the seconds it spent on them, over its seats of every game."""
    seats = frames.players.loc[frames.players["agent"] == spec, ["game", "seat"]]
    mine = frames.timings.merge(seats, on=["game", "seat"])
    return int(mine["moves"].sum()), float(mine["seconds"].sum())


def ms_per_move(frames: StudyFrames, spec: str) -> float:
    """The milliseconds ``spec`` took per move (nan if it made none)."""
    moves, seconds = thinking(frames, spec)
    return 1000 * seconds / moves if moves else math.nan


def measure(frames: StudyFrames, spec: str, players: int, budget: int = 0) -> SkillPoint:
    """The tested agent ``spec``'s figures in a study of ``players``: its share of each game's
    win averaged over the rotations of each deal (:func:`analyses.studies.designs.per_deal`; a deal
    is a game in the fixed design), sign-flip tested against the even share."""
    shares = per_deal(pergame.agent_shares(frames.players, spec), frames.games)
    estimate = pergame.share(shares)
    p = pergame.sign_flip_p(shares.to_numpy(float) - 1 / players)
    return SkillPoint(
        budget, spec, estimate, p, ms_per_move(frames, spec), len(frames.errors), shares=shares
    )


@dataclasses.dataclass(frozen=True)
class SkillTrace:
    """The points of a skill trace, by increasing budget."""

    plan: SkillPlan
    points: tuple[SkillPoint, ...]

    def pays(self) -> bool | None:
        """Whether the highest budget's interval lies above the lowest's (``None`` with one
        budget: nothing to compare)."""
        if len(self.points) < 2:
            return None
        low, high = self.points[0].estimate, self.points[-1].estimate
        return bool(high.low > low.high)

    def steps(self) -> list[SkillStep]:
        """Each budget against the next, deal by deal (:func:`steps`)."""
        return steps(self.points)

    def verdict(self) -> str | None:
        """A sentence when more thinking did not clearly pay, else ``None``."""
        if self.pays() is not False:
            return None
        first, last = self.points[0], self.points[-1]
        param = self.plan.param
        a, b = f"{param}={first.budget}", f"{param}={last.budget}"
        if last.estimate.high < first.estimate.low:
            how = f"the win share falls from {first.estimate} at {a} to {last.estimate} at {b}"
        else:
            unit = "deals" if self.plan.design == "duplicate" else "games"
            how = (
                f"the win share at {b}, {last.estimate}, overlaps the one at {a}, "
                f"{first.estimate} (95% intervals over {unit})"
            )
        return f"skill does not clearly pay in this game: {how}"

    def to_dict(self, command: str | None = None) -> dict[str, Any]:
        """What skill.json records."""
        from analyses.studies.store import atoll_version

        plan = self.plan
        return {
            "game": plan.game,
            "players": plan.players,
            "agent": plan.agent.strip(),
            "param": plan.param,
            "against": plan.against.strip(),
            "games": plan.games,
            "seed": plan.seed,
            "design": plan.design,
            "components": dict(plan.components),
            "even": plan.even,
            "pays": self.pays(),
            "steps": [step.to_dict() for step in self.steps()],
            "atoll": atoll_version(),
            "command": command,
            "budgets": [
                {
                    "budget": p.budget,
                    "spec": p.spec,
                    "folder": folder_name(p.budget),
                    "estimate": _number(p.estimate.value),
                    "low": _number(p.estimate.low),
                    "high": _number(p.estimate.high),
                    "n": p.estimate.n,
                    "method": p.estimate.method,
                    "p": _number(p.p),
                    "ms_per_move": _number(p.ms_per_move),
                    "failed": p.failed,
                    "seconds": p.seconds,
                }
                for p in self.points
            ],
        }


def _number(x: float) -> float | None:
    # JSON has no nan: a figure that could not be made (no games) is null
    return x if math.isfinite(x) else None


def folder_name(budget: int) -> str:
    """Where a budget's study is stored, inside the trace's folder."""
    return f"budget-{budget}"


def run_skill(
    plan: SkillPlan,
    folder: str | Path,
    *,
    workers: int = 1,
    resume: bool = False,
    told: Callable[[SkillPoint], None] | None = None,
) -> SkillTrace:
    """Play (or, with ``resume``, continue) every budget's study into ``folder/budget-<b>/``;
    ``told`` hears of each budget's point as soon as it is measured. Every budget's folder is
    checked before any game is played (a study there without ``resume`` is refused)."""
    from analyses.studies.store import StudyStore

    root = Path(folder)
    stores = [
        StudyStore.create(root / folder_name(b), plan.study(b), resume=resume) for b in plan.budgets
    ]
    points = []
    for budget, store in zip(plan.budgets, stores, strict=True):
        began = time.perf_counter()
        frames = run_study(store.config, workers=workers, store=store)
        point = dataclasses.replace(
            measure(frames, plan.spec(budget), plan.players, budget),
            seconds=time.perf_counter() - began,
        )
        points.append(point)
        if told is not None:
            told(point)
    return SkillTrace(plan, tuple(points))


def skill_figure(trace: SkillTrace) -> Figure:
    """The win share with its interval against the budget (log scale), the even share dashed,
    and below each step its paired difference deal by deal (green: a clear gain, red: a clear
    loss, grey: no clear change)."""
    plan, points = trace.plan, trace.points
    fig = Figure(figsize=(7.5, 4.5))
    ax = fig.subplots()
    xs = [p.budget for p in points]
    ys = [p.estimate.value for p in points]
    below = [
        0.0 if p.estimate.constant else max(0.0, p.estimate.value - p.estimate.low) for p in points
    ]
    above = [
        0.0 if p.estimate.constant else max(0.0, p.estimate.high - p.estimate.value) for p in points
    ]
    ax.errorbar(
        xs,
        ys,
        yerr=[below, above],
        fmt="o-",
        color="#2f5d7c",
        ecolor="#2f5d7c",
        elinewidth=1.5,
        capsize=5,
        markersize=6,
        label=f"{plan.agent.strip()}: win share, 95% interval",
    )
    for x, y in zip(xs, ys, strict=True):
        ax.annotate(
            f"{y:.2f}",
            (x, y),
            textcoords="offset points",
            xytext=(7, 0),
            va="center",
            fontsize=9,
            bbox={"boxstyle": "round,pad=0.15", "facecolor": "white", "edgecolor": "none"},
        )
    for step in trace.steps():  # each step's paired difference, between its two points
        d = step.paired.difference
        ya, yb = (p.estimate.value for p in points if p.budget in (step.low, step.high))
        colour = "#1e7b34" if step.gains else "#c0392b" if step.loses else "#555555"
        # above the step's line (below it near the top), on white: clear of the even line
        high = max(ya, yb) + 0.1
        y, va = (high, "bottom") if high < 0.85 else (min(ya, yb) - 0.1, "top")
        ax.annotate(
            f"deal by deal {d.value:+.3f}\n[{d.low:+.3f}, {d.high:+.3f}]: {step.verdict}",
            (math.sqrt(step.low * step.high), y),
            ha="center",
            va=va,
            fontsize=8,
            color=colour,
            bbox={"boxstyle": "round,pad=0.2", "facecolor": "white", "edgecolor": "none"},
        )
    ax.axhline(plan.even, color="#c0392b", linestyle="--", label=f"even share 1/{plan.players}")
    ax.set_xscale("log")
    ax.xaxis.set_major_locator(FixedLocator(xs))
    ax.xaxis.set_minor_locator(NullLocator())
    ax.set_xticklabels([str(x) for x in xs])
    if len(xs) > 1:
        ax.set_xlim(xs[0] / 1.3, xs[-1] * 1.3)
    ax.set_ylim(0, 1.04)
    ax.grid(axis="y", color="#dddddd")
    ax.set_xlabel(f"{plan.param} per move (log scale)")
    ax.set_ylabel("win share (a shared win counts 1/k)")
    others = plan.players - 1
    against = plan.against.strip() if others == 1 else f"{others} × {plan.against.strip()}"
    if plan.design == "duplicate":
        how = f"{plan.games // plan.players} deals × {plan.players} rotations per budget"
    else:
        how = f"{plan.games} games per budget, seats rotated"
    ax.set_title(
        f"{game_info(plan.game).title}, {plan.players} players: {plan.agent.strip()} against "
        f"{against}\n{how}, seed {plan.seed}",
        fontsize=11,
    )
    ax.legend(loc="best", fontsize=9, framealpha=0.9)
    return fig


def write_skill(trace: SkillTrace, folder: str | Path, command: str | None = None) -> Path:
    """Write ``folder/skill.json`` and ``folder/skill.png`` (atomically); returns the PNG."""
    root = Path(folder)
    text = json.dumps(trace.to_dict(command), indent=2)
    write_bytes_atomically(root / "skill.json", text.encode("utf-8"))
    fig = skill_figure(trace)
    FigureCanvasAgg(fig)
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=110, bbox_inches="tight", facecolor="white")
    return write_bytes_atomically(root / "skill.png", buffer.getvalue())
