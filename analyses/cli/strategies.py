"""``atoll GAME strategies``: the strategies a game ships (name, rules, parameters, what each
does), one of them in full, or the words a strategy file of the game may use
(:mod:`solvers.strategies`, :mod:`models.vocabulary`)."""

from __future__ import annotations

import textwrap

import click

from models.core import game_info
from models.errors import AtollError


def add_strategies_command(group: click.Group, game: str) -> None:
    """Give ``group`` the ``strategies`` command for ``game``."""

    @group.command("strategies")
    @click.argument("name", required=False)
    @click.option(
        "--words",
        is_flag=True,
        help="List the features and action kinds (with their attributes) a strategy file of "
        "the game may use.",
    )
    def strategies_cmd(name: str | None, words: bool) -> None:
        """List the bundled strategies (play one with --agents strategy:NAME), show one
        strategy's file (NAME: a bundled name or a file's path), or list the words a strategy
        file may use (--words)."""
        from solvers.strategies.bundled import bundled_names, find_strategy
        from solvers.strategies.files import dump_strategy

        vocab = game_info(game).vocabulary
        if vocab is None:
            raise AtollError(f"{game_info(game).title} takes no strategy files", field="game")
        if words:
            click.echo(vocab.describe())
            return
        if name is not None:
            click.echo(dump_strategy(find_strategy(game, name)), nl=False)
            return
        for bundled in bundled_names(game):
            strategy = find_strategy(game, bundled)
            params = ", ".join(
                f"{p.name}={p.value}" + (f" ({p.low}..{p.high})" if p.searchable else "")
                for p in strategy.params
            )
            rules = len(strategy.rules)
            settings = f"; {params}" if params else ""
            click.echo(f"{bundled}: {strategy.name} ({rules} rule{'s' * (rules != 1)}; "
                       f"fallback {strategy.fallback}{settings})")  # fmt: skip
            click.echo(textwrap.fill(strategy.about, 96, initial_indent="    ",
                                     subsequent_indent="    "))  # fmt: skip
