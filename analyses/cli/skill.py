"""``atoll GAME skill``: a skill trace (:mod:`analyses.reports.skill`) for every game of the
registry.

It prints one line per budget as its games finish, a sentence when the highest budget's
interval overlaps the lowest's, and the path of the picture last; ``--out`` gets
``budget-<b>/`` (one study per budget, resumable), ``skill.json`` and ``skill.png``.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import click

from analyses.cli.components import component_option, parse_components
from analyses.cli.designs import design_option, recorded_design, say_rounded, whole_games
from analyses.cli.numbers import Int, IntRange
from analyses.cli.study import check_seed_option, hold
from analyses.studies.interrupts import keeping
from models.core import game_info


def _budgets(ctx: click.Context, param: click.Parameter, text: str) -> tuple[int, ...]:
    from analyses.reports.skill import parse_budgets

    return parse_budgets(text)


def _resumed(folder: Path, resume: bool) -> str | None:
    """With ``--resume``, the design of the budgets' studies stored in ``folder`` (``fixed``
    for those stored before designs)."""
    if not resume:
        return None
    for budget in sorted(folder.glob("budget-*/study.json")):
        design = recorded_design(budget, ("config",))
        if design is not None:
            return design
    return None


def add_skill_command(group: click.Group, game: str) -> None:
    """Give ``group`` the skill command for ``game``."""

    @group.command("skill")
    @click.option(
        "--agent",
        "agent",
        default="ismcts",
        show_default=True,
        help="The tested agent's spec, without its budget (ismcts, ismcts:c=0.5,depth=2).",
    )
    @click.option(
        "--budgets",
        default="25,50,100,200,400",
        show_default=True,
        callback=_budgets,
        help="The budgets, comma-separated whole numbers: the values of --param.",
    )
    @click.option(
        "--param",
        default="iterations",
        show_default=True,
        help="The tested agent's parameter the budgets set.",
    )
    @click.option(
        "--against",
        default="greedy",
        show_default=True,
        help="The reference agent's spec, in every other seat.",
    )
    @click.option("--games", type=IntRange(1, 10_000_000), default=100, show_default=True)
    @click.option("--players", type=Int(), help="Players (default: the game's usual number).")
    @component_option
    @click.option(
        "--seed",
        type=Int(),
        default=0,
        show_default=True,
        callback=check_seed_option,
        help="Root seed, the same for every budget (so every budget plays the same deals).",
    )
    @click.option(
        "--workers",
        type=IntRange(1, 256),
        default=lambda: min(os.cpu_count() or 1, 8),
        help="Local worker processes (default: the cores, up to 8).",
    )
    @click.option(
        "--out", "out_dir", required=True, type=click.Path(file_okay=False), help="Folder."
    )
    @click.option("--resume", is_flag=True, help="Continue the budgets' studies stored in --out.")
    @design_option
    def skill_cmd(out_dir: str, **kw: Any) -> None:
        """Does more thinking keep winning? Play the tested agent at each budget against the
        reference agent (by default in the duplicate design: every deal once per rotation of
        the seats; the same seed for every budget) and draw its win share with its 95%
        interval over deals against the budget: --out/skill.png and skill.json."""
        from analyses.reports.provenance import command_line
        from analyses.reports.skill import SkillPlan, run_skill, write_skill

        players = game_info(game).check_players(kw["players"])
        # the tested agent never plays itself (SkillPlan refuses it): the lineup is unlike,
        # so the default is the duplicate design, or the one of the budgets being resumed
        design = kw["design"] or _resumed(Path(out_dir), kw["resume"]) or "duplicate"
        plan = SkillPlan(
            game,
            players,
            agent=kw["agent"],
            against=kw["against"],
            budgets=kw["budgets"],
            games=whole_games(kw["games"], players, design),
            seed=kw["seed"],
            param=kw["param"].strip(),
            components=parse_components(kw["component_pairs"], game),
            design=design,
        )
        say_rounded("--games", kw["games"], plan.games, players)

        def told(point: Any) -> None:
            click.echo(point.line(plan.even))

        hold(out_dir)
        kept = (
            f"the finished games are kept in {out_dir}/budget-*: the same command with "
            "--resume continues"
        )
        with keeping(lambda: kept):
            trace = run_skill(
                plan, Path(out_dir), workers=kw["workers"], resume=kw["resume"], told=told
            )
        for step in trace.steps():
            click.echo(step.line(plan.param))
        verdict = trace.verdict()
        if verdict:
            click.echo(verdict)
        obj = click.get_current_context().obj
        command = command_line(["atoll", *obj["argv"]]) if isinstance(obj, dict) else None
        click.echo(f"wrote {write_skill(trace, Path(out_dir), command)}")
