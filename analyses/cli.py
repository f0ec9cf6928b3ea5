"""The ``atoll`` command line: one subcommand group per game.

Bad input (a malformed map, clue, hints file, option or argument) prints one line to standard error
and exits with status 2 — never a traceback. Warnings about suspicious input print one line each.

Each game's command group lives in its own module, imported only when that group is used, so
``atoll --help`` starts without numpy, pandas, networkx or OR-Tools.

>>> from click.testing import CliRunner
>>> result = CliRunner().invoke(cli, ["--help"])
>>> all(game in result.output for game in ("tobago", "southseas", "gloryislands"))
True
"""

from __future__ import annotations

import importlib
import sys
import warnings
from collections.abc import Sequence
from typing import TextIO

import click

from models.errors import AtollError

EXIT_BAD_INPUT = 2

#: Command groups imported on first use: name -> (module:attribute, one-line help).
LAZY_GROUPS = {
    "southseas": (
        "analyses.cli_southseas:southseas",
        "Carcassonne: South Seas — tile laying, islands, bridges, markets, ships.",
    ),
    "tobago": (
        "analyses.cli_tobago:tobago",
        "Tobago — treasure deduction on a hex island.",
    ),
}


class LazyGroup(click.Group):
    """A group whose subgroups are imported only when invoked (their help is listed from
    :data:`LAZY_GROUPS` without importing them)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *LAZY_GROUPS})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in LAZY_GROUPS and cmd_name not in self.commands:
            module, _, attr = LAZY_GROUPS[cmd_name][0].partition(":")
            self.add_command(getattr(importlib.import_module(module), attr), cmd_name)
        return super().get_command(ctx, cmd_name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = []
        for name in self.list_commands(ctx):
            if name in LAZY_GROUPS and name not in self.commands:
                rows.append((name, LAZY_GROUPS[name][1]))
            else:
                command = self.commands[name]
                rows.append((name, command.get_short_help_str(formatter.width)))
        with formatter.section("Commands"):
            formatter.write_dl(rows)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="atoll")
def cli() -> None:
    """atoll: constraint-solving analysis for Carcassonne South Seas, Glory Islands and Tobago."""


@cli.group()
def gloryislands() -> None:
    """Glory Islands — the pirate race on a 7x7 board.

    Not implemented yet; no commands.
    """


def _one_line_warning(
    message: Warning | str,
    category: type[Warning],
    filename: str,
    lineno: int,
    file: TextIO | None = None,
    line: str | None = None,
) -> None:
    print(f"atoll: warning: {message}", file=sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the CLI; returns the exit status (2 for bad input)."""
    warnings.showwarning = _one_line_warning
    try:
        cli.main(
            args=list(argv) if argv is not None else None, prog_name="atoll", standalone_mode=False
        )
    except AtollError as exc:
        print(f"atoll: error: {exc.one_line()}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except click.exceptions.NoArgsIsHelpError as exc:
        click.echo(exc.ctx.get_help() if exc.ctx else str(exc))
        return 0
    except click.ClickException as exc:
        ctx = getattr(exc, "ctx", None)
        where = f"{ctx.command_path}: " if ctx is not None else ""
        print(f"atoll: error: {where}{exc.format_message()}", file=sys.stderr)
        return exc.exit_code
    except click.exceptions.Abort:
        print("atoll: aborted", file=sys.stderr)
        return 1
    except click.exceptions.Exit as exc:
        return exc.exit_code
    return 0


if __name__ == "__main__":
    sys.exit(main())
