"""``atoll GAME tournament``: every line-up of a field of strategies and agents played in the
duplicate design, rated, and written up as the strategy report (:mod:`analyses.strategies`).

Each entry of ``--strategies`` is a bundled strategy's name, a strategy file's path or an agent
spec (:mod:`analyses.strategies.field`). The line-ups are stored as studies under
``--out/lineups/`` (:mod:`analyses.strategies.tournament`), played on local workers or a Dask
cluster like a study, with the study commands' progress, stop and resume
(:mod:`analyses.cli.study`); ``--out/report.html`` and ``report.json`` are written at the end
(:mod:`analyses.strategies.report`). Bad input — an unknown strategy, a bad strategy file,
``--players`` out of range, a field of one, a resume of another tournament — is one line, exit
2, and nothing is written.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import click

from analyses.cli.components import component_option, parse_components
from analyses.cli.numbers import Int, IntRange
from analyses.cli.study import (
    _all_kept,
    _check_scheduler,
    _command,
    _options,
    _run,
    check_seed_option,
    hold,
)
from analyses.studies.interrupts import Interrupted, keeping

__all__ = ["add_tournament_command"]

STRATEGIES_HELP = (
    "The field, two entrants or more: bundled strategy names (low-cards), strategy files "
    "(my.toml) or agent specs (greedy, random, ismcts:iterations=50, "
    "strategy:low-cards,top=3), separated by commas or ';'."
)


def add_tournament_command(group: click.Group, game: str) -> None:
    """Give ``group`` the ``tournament`` command for ``game``."""

    @group.command("tournament")
    @click.option("--strategies", required=True, help=STRATEGIES_HELP)
    @click.option(
        "--players",
        type=Int(),
        help="Seats of every line-up (default: the game's usual number). With fewer entrants "
        "than seats, every line-up in which each entrant plays fills the seats.",
    )
    @click.option(
        "--games",
        type=IntRange(1, 10_000_000),
        default=600,
        show_default=True,
        help="Games in all, cut into whole deals per line-up (rounded up; said in one line).",
    )
    @click.option(
        "--seed",
        type=Int(),
        default=0,
        show_default=True,
        callback=check_seed_option,
        help="Root seed: every line-up plays the same deals from it.",
    )
    @click.option(
        "--option", "option_pairs", multiple=True, help="A rule option NAME=VALUE (repeat)."
    )
    @click.option("--options", "options_file", type=click.Path(dir_okay=False))
    @component_option
    @click.option(
        "--out", "out_dir", required=True, type=click.Path(file_okay=False), help="Folder."
    )
    @click.option("--resume", is_flag=True, help="Continue the tournament stored in --out.")
    @click.option(
        "--decision-games",
        type=IntRange(0, 100_000),
        default=20,
        show_default=True,
        help="Games of the first line-up replayed for 'which decisions matter' (3 positions "
        "each, every action valued by 8 random playouts); 0 leaves the section out.",
    )
    @click.option(
        "--workers",
        type=IntRange(1, 256),
        default=lambda: min(os.cpu_count() or 1, 8),
        help="Local worker processes (default: the cores, up to 8).",
    )
    @click.option(
        "--scheduler",
        callback=_check_scheduler,
        help="A Dask scheduler address, HOST:PORT or tcp://HOST:PORT: run on that cluster.",
    )
    def tournament_cmd(
        strategies: str,
        players: int | None,
        games: int,
        seed: int,
        option_pairs: tuple[str, ...],
        options_file: str | None,
        component_pairs: tuple[str, ...],
        out_dir: str,
        resume: bool,
        decision_games: int,
        workers: int,
        scheduler: str | None,
    ) -> None:
        """Play every line-up of the field (--strategies) on the same deals, each deal once
        per rotation of the line-up, and write --out/report.html: the ranking with intervals,
        head to head, score curves, what each entrant does and which decisions matter."""
        from analyses.strategies.field import read_field
        from analyses.strategies.report import write_strategy_report
        from analyses.strategies.tournament import (
            Tournament,
            check_record,
            kept_games,
            play_tournament,
            read_tournament,
        )

        field = read_field(game, strategies)
        tournament = Tournament.plan(
            game,
            field,
            players=players,
            games=games,
            seed=seed,
            options=_options(option_pairs, options_file, game),
            components=parse_components(component_pairs, game),
        )
        root = Path(out_dir)
        check_record(root, tournament, resume=resume)
        for config in tournament.configs():
            config.check()  # every entrant read for every line-up: a bad one fails here
        note = tournament.rounding(games)
        if note is not None:
            click.echo(note, err=True)
        hold(root)
        kw: dict[str, Any] = {
            "resume": True,  # the tournament's own record was checked above
            "repair": False,
            "workers": workers,
            "scheduler": scheduler,
        }

        def run(config: Any, folder: Path, label: str) -> None:
            _run(config, folder, kw, label)

        def kept() -> str:
            # the line-ups' own count (a line-up's run names only its folder): the folder is
            # the truth, whichever line-up the stop came in
            done = kept_games(root, tournament)
            return (
                f"{done} of {tournament.games} games of the tournament are kept in {root}: the "
                "same command with --resume continues"
            )

        try:
            with keeping(kept):
                play_tournament(tournament, root, resume=resume, run=run)
        except Interrupted:
            raise Interrupted(kept()) from None
        with keeping(lambda: _all_kept(out_dir)):
            frames = read_tournament(root)
            extra = [_decisions(tournament.configs()[0], decision_games, workers)]
            path = write_strategy_report(
                frames, root / "report.html", extra=extra[: bool(decision_games)],
                command=_command(),
            )  # fmt: skip
        click.echo(f"wrote {path}")


def _decisions(config: Any, games: int, workers: int) -> Any:
    """The strategy report's "which decisions matter" section: ``games`` of the first line-up
    (whole deals) replayed, seeded from the tournament's seed
    (:mod:`analyses.strategies.decisions`)."""
    import dataclasses
    import math

    from analyses.strategies.decisions import DecisionSample, which_decisions_matter

    def make(frames: Any) -> Any:
        deals = max(1, math.ceil(games / config.players))
        replayed = dataclasses.replace(config, games=deals * config.players)
        found = which_decisions_matter(replayed, DecisionSample(seed=config.seed), workers=workers)
        return found.section()

    return make
