"""``atoll GAME report``: play (or resume) a study, the game's rule variants and its simple
strategies against the field (the strongest agent a report affords and each other), and write
the report
(:mod:`analyses.reports.report`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from analyses.cli.designs import stored_chance, stored_design
from analyses.cli.study import _all_kept, _command, _config, _repair, _run, _study_options
from analyses.studies.interrupts import keeping


def add_report_command(group: click.Group, game: str) -> None:
    """Give ``group`` the ``report`` command for ``game``."""

    @group.command("report")
    @_study_options
    @_repair
    @click.option(
        "--no-variants",
        is_flag=True,
        help="Do not replay the game's rule variants (what each rule is worth) beside the study.",
    )
    @click.option(
        "--no-strategies",
        is_flag=True,
        help="Do not play the game's simple bundled strategies against the field (the check "
        "for a degenerate strategy).",
    )
    @click.option(
        "--strategies-against",
        default="greedy",
        show_default=True,
        help="The agent in the simple strategies' field besides each other (the strongest a "
        "report affords).",
    )
    def report_cmd(
        out_dir: str,
        option_pairs: tuple[str, ...],
        no_variants: bool,
        no_strategies: bool,
        strategies_against: str,
        **kw: Any,
    ) -> None:
        """Play (or --resume) a study and write --out/report.html beside its data.

        Where the game declares rule variants (amulets off, a special action off...), each is
        replayed on the same seeds into --out/variants/NAME so the report can show what the
        rule is worth; --no-variants skips them. Each of the game's simple bundled strategies
        (at most 4 rules) plays against the field, --strategies-against and the other simple
        strategies, into --out/strategies/NAME/K, so the report can flag a degenerate one
        (the study's games split over the entrants); --no-strategies skips
        them."""
        from analyses.plugins import declared
        from analyses.reports.report import write_report
        from analyses.reports.variants import applied, redundant
        from analyses.strategies.degenerate import pairings

        folder = Path(out_dir)
        chance = stored_chance(folder, kw)
        config = _config(game, kw, option_pairs, stored_design(folder, kw), chance=chance)
        simple = [] if no_strategies else pairings(config, strategies_against.strip())
        for pairing in simple:
            pairing.config.check()  # a bad opponent or strategy is one line, before any game
        store = _run(config, Path(out_dir), kw)
        played = {}
        chosen = {
            slug: variant
            for slug, variant in ({} if no_variants else declared(game)).items()
            if not redundant(config, variant)
        }
        for k, (slug, variant) in enumerate(chosen.items(), start=1):
            folder = Path(out_dir) / "variants" / slug
            label = f"variant {k} of {len(chosen)}: {slug}"
            played[slug] = (variant, _run(applied(config, variant), folder, kw, label))
        strategies = {}
        for k, pairing in enumerate(simple, start=1):
            label = f"simple strategies {k} of {len(simple)}: {pairing.name} vs {pairing.entrant}"
            strategies[pairing.name, pairing.entrant] = _run(
                pairing.config, Path(out_dir) / pairing.folder, kw, label
            )
        with keeping(lambda: _all_kept(out_dir)):
            path = write_report(
                store,
                Path(out_dir) / "report.html",
                played,
                command=_command(),
                simple=strategies,
                simple_against=strategies_against.strip(),
            )
        click.echo(f"wrote {path}")
