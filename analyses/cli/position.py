"""``atoll GAME replay | render``: a position from a scenario file, told or drawn, for every game.

* ``replay SCENARIO [--step N] [--json] [--events]`` replays the scenario (its first N
  entries; more are refused) and prints what the game's plug-in says of the state
  (:attr:`GamePlugin.describe <analyses.plugin.GamePlugin.describe>`), or its snapshot as JSON.
* ``render SCENARIO --out PNG [--step N]`` draws the state (:meth:`models.core.GameState.figure`)
  to a PNG file. A game may draw other files too (Glory Islands: a bare board; Tobago: an island
  map) through its plug-in's ``render_file``.

Both take ``--component NAME=FILE`` (and the game's flag of atoll 0.2,
:mod:`analyses.cli.components`): the file replaces the one the scenario names, or the bundled one.
A scenario of another game is refused in one line naming that game and its command.

``--out`` of ``render`` is always a PNG file; of ``study``, ``report``, ``compare`` and ``skill``
always a folder.

>>> from click.testing import CliRunner
>>> from analyses.cli.main import cli
>>> result = CliRunner().invoke(cli, ["southseas", "replay", "--help"])
>>> "--step" in result.output and "--json" in result.output
True
"""

from __future__ import annotations

import json
from collections.abc import Mapping

import click

from analyses.cli.components import components_options
from analyses.cli.numbers import IntRange
from analyses.cli.scenarios import check_png, load_position, protocol_view, write_png
from analyses.plugins import plugin

__all__ = ["add_position_commands"]

_STEP = click.option(
    "--step",
    type=IntRange(min=0),
    default=None,
    help="The position after the scenario's first N entries (default: all of them).",
)


def add_position_commands(group: click.Group, game: str) -> None:
    """Give ``group`` the ``replay`` and ``render`` commands for ``game`` (a command of the
    game's own with the same name takes their place)."""

    @group.command("replay")
    @click.argument("scenario", type=click.Path(dir_okay=False))
    @_STEP
    @components_options(game)
    @click.option("--json", "as_json", is_flag=True, help="Print the state as JSON.")
    @click.option("--events", "show_events", is_flag=True, help="Also print the event log.")
    def replay_cmd(
        scenario: str,
        step: int | None,
        components: Mapping[str, str],
        as_json: bool,
        show_events: bool,
    ) -> None:
        """Replay a position (a scenario file, TOML or JSON) and report the state.

        The game's view of the position (its board, pieces, scores, the decision it waits for),
        with --events (or in the JSON) the whole event log. An illegal entry is a one-line
        error naming the entry, the action and the rule it breaks."""
        found = plugin(game)
        state = load_position(game, scenario, step, components)
        if as_json:
            snap = found.snapshot(state) if found.snapshot else protocol_view(state)
            click.echo(json.dumps(snap, indent=2))
        elif found.describe is not None:
            found.describe(state, show_events)
        else:
            click.echo(json.dumps(protocol_view(state), indent=2))

    @group.command("render")
    @click.argument("file", type=click.Path(dir_okay=False))
    @click.option(
        "--out",
        "out_file",
        required=True,
        type=click.Path(dir_okay=False),
        help="PNG file to write.",
    )
    @_STEP
    @components_options(game)
    def render_cmd(
        file: str, out_file: str, step: int | None, components: Mapping[str, str]
    ) -> None:
        """Draw a scenario's position (after --step N entries) to a PNG; some games draw their
        component files too (Glory Islands: the empty board of a board file)."""
        check_png(out_file, file, *components.values())
        drawer = plugin(game).render_file
        if drawer is not None and drawer(file, out_file, step, components):
            return
        write_png(load_position(game, file, step, components), out_file)
