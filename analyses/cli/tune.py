"""``atoll GAME tune``: search component values and rule options for a target, and check the
winner on fresh seeds (:mod:`analyses.tuning`)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

from analyses.cli.designs import recorded_chance, recorded_design, say_rounded, whole_games
from analyses.cli.numbers import IntRange
from analyses.cli.study import _command, _config, hold, play_options
from analyses.studies import interrupts
from analyses.studies.interrupts import keeping


def add_tune_command(group: click.Group, game: str) -> None:
    """Give ``group`` the ``tune`` command for ``game``."""

    @group.command("tune")
    @click.option(
        "--param",
        "param_texts",
        multiple=True,
        required=True,
        help="PATH=RANGE (repeat): option:NAME or COMPONENT:KEYS (board:island_scoring.3[0], "
        "tiles:tile[id=bridge-straight].count); LOW..HIGH (whole or real) or A|B|C.",
    )
    @click.option(
        "--objective",
        required=True,
        help="What to minimise: seats, length:TARGET[:COLUMN], margin[:TARGET], skill:A,B, "
        "py:MODULE:NAME, or a weighted sum (seats+0.5*length:10).",
    )
    @click.option(
        "--trials",
        type=IntRange(1, 100_000),
        default=None,
        help="Trials in all [default: 50; with --resume the stored run's, or more to extend it].",
    )
    @click.option("--games-per-trial", type=IntRange(1, 10_000_000), default=100, show_default=True)
    @click.option(
        "--check-games",
        type=IntRange(1, 10_000_000),
        default=200,
        show_default=True,
        help="Fresh games the winner and the starting values are checked on.",
    )
    @play_options
    @click.option("--out", "out_dir", required=True, type=click.Path(file_okay=False))
    @click.option("--resume", is_flag=True, help="Continue the tuning stored in --out.")
    @click.option(
        "--repair",
        is_flag=True,
        help="Set aside a damaged tune.json or tune.db (in --out/set-aside) and play their "
        "trials again, instead of refusing them.",
    )
    def tune_cmd(
        param_texts: tuple[str, ...],
        objective: str,
        trials: int | None,
        games_per_trial: int,
        check_games: int,
        option_pairs: tuple[str, ...],
        out_dir: str,
        resume: bool,
        repair: bool,
        **kw: Any,
    ) -> None:
        """Search --param values for the least --objective (optuna, every trial on the same
        seeds), check the winner against the starting values on fresh seeds, and write
        --out/report.html and the tuned files: in --out/tuned when the check finds them
        better, else in --out/candidate with VERDICT.txt."""
        from analyses.tuning.check import check
        from analyses.tuning.dryrun import dry_run
        from analyses.tuning.probes import at_edge, inert_params
        from analyses.tuning.report import write_report
        from analyses.tuning.search import TuneRun, best, completed, prepare, search
        from analyses.tuning.storage import recorded_trials
        from analyses.tuning.verdict import verdict

        folder = Path(out_dir)
        trials = trials or (recorded_trials(folder) if resume else None) or 50
        record, keys = folder / "tune.json", ("run", "study")
        stored = recorded_design(record, keys) if resume else None
        chance = recorded_chance(record, keys) if resume else "streams"
        games = {**kw, "games": games_per_trial}
        config = _config(game, games, option_pairs, stored, None, chance=chance)
        run = TuneRun(
            config,
            param_texts,
            objective,
            trials,
            whole_games(check_games, config.players, config.design),
        )
        prep = prepare(run)  # everything checked: now the games rounded up may be told
        if not resume:  # one deal at each end of each range, in a temporary folder
            dry_run(prep)
        say_rounded("--games-per-trial", games_per_trial, config.games, config.players)
        say_rounded("--check-games", check_games, run.check_games, config.players)

        def told(k: int, value: float) -> None:
            print(f"atoll: trial {k + 1} of {trials}: objective {value:.4f}", file=sys.stderr)

        hold(folder)  # the search, the check and the report all write into it
        kept = f"the finished trials are kept in {folder}: the same command with --resume continues"
        with keeping(lambda: kept):  # stopped in the check, --resume checks again
            study = search(
                prep, folder, resume=resume, repair=repair, workers=kw["workers"],
                scheduler=kw["scheduler"], done=told,
            )  # fmt: skip
            winner = best(study)
            trials = len(completed(study))  # fewer when every combination was played
            for line in at_edge(prep, winner.params, inert_params(study)):
                print(f"atoll: {line}", file=sys.stderr)
            interrupts.check()  # a stop swallowed in the last trial: no check begins
            checked = check(
                prep, winner.params, folder, workers=kw["workers"], scheduler=kw["scheduler"]
            )
            interrupts.check()
            path = write_report(prep, study, checked, folder, _command() or "atoll tune")
        said = verdict(checked)  # the last line starts with it
        files = folder / said.folder
        click.echo(
            f"{said.line}; best of {trials} trial{'s' * (trials != 1)}: {dict(winner.params)}; "
            f"wrote {path} and the {said.folder} files in {files}"
        )
