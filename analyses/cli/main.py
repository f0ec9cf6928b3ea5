"""The ``atoll`` command line: one subcommand group per game.

Bad input (a malformed map, clue, hints file, option or argument) prints one line to standard error
and exits with status 2 — never a traceback. Warnings about suspicious input print one line each.

Each game's command group is made when it is used (:mod:`analyses.cli.games`: the shared verbs
and the game's own commands from its plug-in), so ``atoll --help`` starts without numpy, pandas,
networkx, OR-Tools or pydantic.

>>> from click.testing import CliRunner
>>> result = CliRunner().invoke(cli, ["--help"])
>>> from models.registry import game_names
>>> all(game in result.output for game in game_names())
True
"""

from __future__ import annotations

import contextlib
import errno
import os
import sys
import warnings
from collections.abc import Sequence
from typing import TextIO

import click

from analyses.cli.explore import explore_cmd
from analyses.cli.groups import SuggestingGroup
from analyses.plugins import game_help
from analyses.studies import interrupts
from models.errors import AtollError, DeprecatedFlag
from models.registry import game_names
from solvers.limits import SolverUnknown

EXIT_OUTPUT = 1
EXIT_BAD_INPUT = 2
EXIT_UNKNOWN = 3
EXIT_INTERRUPTED = 130
#: What an interrupted command that keeps nothing says.
NOTHING_KEPT = "nothing was finished, so nothing is printed"


class LazyGroup(SuggestingGroup):
    """The root group: one subgroup per registered game (:func:`models.registry.game_names`),
    made when first used (:func:`analyses.cli.games.game_group`); the list in ``--help`` comes
    from the plug-ins' one-line help without importing any game."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *game_names()})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in game_names():
            from analyses.cli.games import game_group  # the game's commands: only when used

            self.add_command(game_group(cmd_name), cmd_name)
        return super().get_command(ctx, cmd_name)

    def invoke(self, ctx: click.Context) -> object:
        """The command; an interrupt that no command described becomes the CLI's one line
        (click would print an empty line before)."""
        # recheck=False: a command may end on a stop as it means to (explore: Ctrl-C is how a
        # server ends); those that keep what they finished recheck in their own block
        with interrupts.keeping(lambda: NOTHING_KEPT, recheck=False):
            return super().invoke(ctx)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = []
        for name in self.list_commands(ctx):
            if name in self.commands:
                rows.append((name, self.commands[name].get_short_help_str(formatter.width)))
            else:
                rows.append((name, game_help(name)))
        with formatter.section("Commands"):
            formatter.write_dl(rows)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="atoll")
def cli() -> None:
    """atoll: constraint-solving analysis for Carcassonne South Seas, Glory Islands and Tobago."""


cli.add_command(explore_cmd)

#: Deprecation notes of this run, printed once it has finished well (an error stays one line).
_DEFERRED: list[str] = []


def _one_line_warning(
    message: Warning | str,
    category: type[Warning],
    filename: str,
    lineno: int,
    file: TextIO | None = None,
    line: str | None = None,
) -> None:
    if issubclass(category, DeprecatedFlag):
        _DEFERRED.append(f"atoll: note: {message}")
        return
    print(f"atoll: warning: {message}", file=sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the CLI; returns the exit status.

    0 an answer; 2 bad input (one line naming file, entry and field); 3 ``unknown`` (a solver
    reached its time limit: no answer is printed); 130 interrupted by Ctrl-C, 143 by a plain
    ``kill`` (nothing printed as an answer; a run that keeps what it finished says where); 1
    output could not be written (a read-only folder, a full disk or stdout: one line naming the
    file, ``cannot write PATH: REASON``).
    """
    warnings.showwarning = _one_line_warning
    with interrupts.stop_on_signals():
        return _main(argv)


def _main(argv: Sequence[str] | None) -> int:
    try:
        args = list(argv) if argv is not None else sys.argv[1:]
        _DEFERRED.clear()
        cli.main(args=args, prog_name="atoll", standalone_mode=False, obj={"argv": args})
        sys.stdout.flush()  # a full stdout fails here, not in Python's exit
        for note in _DEFERRED:
            print(note, file=sys.stderr)
        return 0
    except AtollError as exc:
        return _fail(f"error: {exc.one_line()}", EXIT_BAD_INPUT)
    except SolverUnknown as exc:
        return _fail(str(exc), EXIT_UNKNOWN)
    except interrupts.Interrupted as exc:
        return _fail(f"interrupted: {exc.kept}", interrupts.exit_status())
    except (KeyboardInterrupt, click.exceptions.Abort):
        return _fail(f"interrupted: {NOTHING_KEPT}", interrupts.exit_status())
    except click.exceptions.NoArgsIsHelpError as exc:
        click.echo(exc.ctx.get_help() if exc.ctx else str(exc))
        return 0
    except click.ClickException as exc:
        ctx = getattr(exc, "ctx", None)  # the root's path is atoll itself: said once already
        where = f"{ctx.command_path}: " if ctx is not None and ctx.parent is not None else ""
        return _fail(f"error: {where}{exc.format_message()}", exc.exit_code)
    except click.exceptions.Exit as exc:
        return exc.exit_code
    except BrokenPipeError:
        _quiet_stdout()  # the reader went away (| head): not an error
        return 0
    except OSError as exc:  # a file that cannot be written (it names it), or > /dev/full
        _quiet_stdout()
        where = exc.filename if exc.filename is not None else "the output"
        if exc.errno == errno.ENAMETOOLONG:  # the name given was at fault, not the disk
            return _fail(f"error: {where}: {exc.strerror}: refused", EXIT_BAD_INPUT)
        return _fail(f"error: cannot write {where}: {exc.strerror or exc}", EXIT_OUTPUT)


def _fail(message: str, status: int) -> int:
    with contextlib.suppress(OSError):
        print(f"atoll: {message}", file=sys.stderr)
    return status


def _quiet_stdout() -> None:
    """Point stdout at /dev/null so that Python's own flush at exit cannot fail again."""
    with contextlib.suppress(OSError, ValueError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


if __name__ == "__main__":
    sys.exit(main())
