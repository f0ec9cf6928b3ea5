"""``atoll GAME best-response``: search a strategy file's named parameters for the highest win
share against a field, and check the winner on fresh deals
(:mod:`analyses.strategies.bestresponse`)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

from analyses.cli.components import component_option, parse_components
from analyses.cli.numbers import Int, IntRange
from analyses.cli.study import _options, check_seed_option, hold
from analyses.studies.interrupts import keeping


def add_best_response_command(group: click.Group, game: str) -> None:
    """Give ``group`` the ``best-response`` command for ``game``."""

    @group.command("best-response")
    @click.option(
        "--strategy",
        required=True,
        help="The strategy searched: a bundled strategy's name or a strategy file's path; its "
        "parameters with a range (low, high) are searched.",
    )
    @click.option(
        "--against",
        required=True,
        help="The field, separated by commas: bundled strategies' names, strategy files, or "
        "agent specs (greedy, random, ismcts:iterations=200).",
    )
    @click.option("--players", type=Int(), help="Players (default: the game's usual number).")
    @click.option("--trials", type=IntRange(1, 100_000), default=30, show_default=True)
    @click.option(
        "--games",
        type=IntRange(1, 10_000_000),
        default=100,
        show_default=True,
        help="Games per trial and entrant (whole deals: rounded up to a multiple of players).",
    )
    @click.option(
        "--check-games",
        type=IntRange(1, 10_000_000),
        default=400,
        show_default=True,
        help="Fresh games per entrant the best and the starting values are checked on.",
    )
    @click.option("--seed", type=Int(), default=0, show_default=True, callback=check_seed_option)
    @click.option("--workers", type=IntRange(1, 512), default=1, show_default=True)
    @click.option("--scheduler", default=None, help="A Dask scheduler (HOST:PORT) to play on.")
    @click.option(
        "--option", "option_pairs", multiple=True, help="A rule option NAME=VALUE (repeat)."
    )
    @click.option("--options", "options_file", type=click.Path(dir_okay=False))
    @component_option
    @click.option("--out", "out_dir", required=True, type=click.Path(file_okay=False))
    @click.option("--resume", is_flag=True, help="Continue the best response stored in --out.")
    def best_response_cmd(
        strategy: str,
        against: str,
        players: int | None,
        trials: int,
        games: int,
        check_games: int,
        seed: int,
        workers: int,
        scheduler: str | None,
        option_pairs: tuple[str, ...],
        options_file: str | None,
        component_pairs: tuple[str, ...],
        out_dir: str,
        resume: bool,
    ) -> None:
        """Search --strategy's parameters for the highest win share against --against (optuna,
        every trial on the same deals, duplicate design; every value once where they fit in
        --trials), check the best values against the
        starting ones on fresh deals, and write --out/best-response.json and the tuned
        strategy file (--out/best.toml when better, else --out/candidate/best.toml)."""
        from analyses.strategies.bestresponse import (
            BestResponseRun,
            best_trial,
            check,
            inert,
            read_record,
            search,
            write_record,
            write_tuned,
        )
        from analyses.strategies.trialplot import write_trial_plot
        from models.core import game_info

        entrants = tuple(t.strip() for t in against.split(",") if t.strip())
        run = BestResponseRun(
            game, strategy.strip(), entrants, game_info(game).check_players(players), trials, games,
            check_games, seed, _options(option_pairs, options_file, game),
            parse_components(component_pairs, game),
        )  # fmt: skip
        run.check_inputs()  # everything checked before the folder is touched
        folder = Path(out_dir)

        def told(k: int, values: Any, share: float) -> None:
            shown = ", ".join(f"{n}={v}" for n, v in sorted(values.items()))
            print(f"atoll: trial {k + 1} of {trials}: {shown}: win share {share:.3f}",
                  file=sys.stderr)  # fmt: skip

        hold(folder)
        kept = f"the finished trials are kept in {folder}: the same command with --resume continues"
        with keeping(lambda: kept):
            played = search(run, folder, resume=resume, workers=workers, scheduler=scheduler,
                             done=told)  # fmt: skip
            winner = best_trial(played)
            checked = check(run, winner["values"], workers=workers, scheduler=scheduler)
            tuned = write_tuned(run, checked, folder)
            plot = write_trial_plot(played, folder / "trials.png", run.strategy)
            record = read_record(folder) or {}
            verdict = checked.verdict(run.strategy, run.field(), run.players)
            if inert(played):
                same = played[0]["share"]
                if same in (0.0, 1.0):
                    verdict += (f" Every value tried won {'every' if same else 'no'} game: "
                                "this field cannot tell the values apart.")  # fmt: skip
                else:
                    verdict += (f" Every value tried won the same share ({same:.3f}): "
                                "its parameters change nothing here (inert).")  # fmt: skip
            record.update(check=checked.to_dict(), verdict=verdict, tuned=tuned.name,
                          files=[str(tuned.relative_to(folder)), plot.name])  # fmt: skip
            write_record(folder, record)
        click.echo(f"{verdict} Wrote {tuned} and {folder / 'best-response.json'}.")
