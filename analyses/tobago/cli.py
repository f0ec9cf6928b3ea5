"""``atoll tobago ...``: hint candidates, clue legality, the legality matrix, pictures, maps.

This module holds the group and the commands on positions; the options every command shares are
in :mod:`analyses.tobago.cli_options`, the commands for solvers and setters of puzzles (``why``,
``rank``, ``puzzle``, ``min-clues``) in :mod:`analyses.tobago.cli_puzzles`, the map analysis
(``analyze``, ``compare-maps``) in :mod:`analyses.tobago.cli_maps`.

>>> from click.testing import CliRunner
>>> result = CliRunner().invoke(tobago, ["candidates", "reef", "--hints", "/dev/null"])
>>> result.output.splitlines()[0]
'Reef: candidates (cpsat; sight [0, 1, 2], next to = outside)'
"""

from __future__ import annotations

import warnings
from collections.abc import Mapping
from typing import TYPE_CHECKING

import click

from analyses.cli.components import components_options
from analyses.cli.numbers import IntRange
from analyses.cli.scenarios import check_png, write_png
from analyses.cli.scenarios import load_position as load_scenario_position
from analyses.tobago import cli_maps, cli_puzzles
from analyses.tobago.cli_game import is_scenario
from analyses.tobago.cli_options import (
    Solving,
    deck_note,
    deck_of,
    deck_option,
    emit_json,
    hints_options,
    load_position,
    map_note,
    parse_clue,
    solving_options,
    write_picture,
)
from models.errors import AtollError, DeprecatedFlag

if TYPE_CHECKING:
    from models.tobago.island.hexgrid import Field

# Each command loads the island model and its solvers when it runs: making the group (for
# `atoll tobago maps`, or any other command) loads neither networkx, pandas nor OR-Tools.


@click.group()
def tobago() -> None:
    """Tobago — treasure deduction on a hex island.

    MAP is a map file (.toml) or the name of a bundled map (see `atoll tobago maps`).
    """


@tobago.command()
def maps() -> None:
    """List the bundled maps (atoll's own designs, not the published board sections)."""
    from models.tobago.island.mapfile import bundled_maps, load_map

    for stem, path in bundled_maps().items():
        island = load_map(path)
        click.echo(
            f"{stem:10} {island.name:12} {len(island.island_fields):4} island fields  "
            f"{island.width}x{island.height}"
        )


@tobago.command("candidates")
@click.argument("map_spec", metavar="MAP")
@hints_options
@click.option("--distinct", is_flag=True, help="Treasures lie on pairwise distinct fields.")
@deck_option
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@solving_options
def candidates_cmd(
    map_spec: str,
    hints_file: str,
    unordered: bool,
    distinct: bool,
    deck_file: str | None,
    as_json: bool,
    solving: Solving,
) -> None:
    """The candidate fields of each treasure given its hints, and its status: open, marked
    (TB-H5), pinned (TB-H6) or contradictory (with the hints or treasures that conflict); a
    treasure no card of the deck may be laid at, so that hints can never narrow it, is flagged
    inseparable."""
    from analyses.tobago.candidates import conflict_text, inseparable_text, solve_view
    from models.tobago.island.deck import load_deck
    from models.tobago.island.hints import TREASURES

    options = solving.options
    deck = load_deck(deck_file)
    island, hints = load_position(map_spec, hints_file, solving, unordered)
    solving.announce("solving the candidates")
    view = solve_view(
        island,
        hints,
        deck,
        backend=solving.backend,
        distinct=distinct,
        options=options,
        time_limit=solving.time_limit,
    )
    if as_json:
        emit_json(view.to_json())
        return
    click.echo(
        f"{island.name}: candidates ({solving.backend}{', distinct' if distinct else ''}; "
        f"{solving.describe()})"
    )
    for t in TREASURES:
        fields = view.answer.fields[t]
        status = view.status(t)
        words = {"pinned": "pinned (TB-H6)", "marked": "marked with stones (TB-H5)", "open": ""}
        hint_text = "; ".join(str(c) for c in hints.of(t)) or "no hints"
        click.echo(f"  treasure {t}: {len(fields):3} {words.get(status, status)}  [{hint_text}]")
        if t in view.conflicts:
            click.echo("    " + conflict_text(view.conflicts[t]))
        if len(fields) >= 2 and t in view.stuck:
            click.echo("    inseparable: " + inseparable_text(len(fields)))
        if fields and len(fields) < options.marker_threshold:
            click.echo("    " + " ".join(f"[{c},{r}]" for c, r in fields))
    if view.stuck and deck.reconstruction:
        click.echo(deck_note(deck))


@tobago.command("check")
@click.argument("map_spec", metavar="MAP")
@hints_options
@click.option("--treasure", type=IntRange(1, 4), required=True, help="Treasure 1 to 4.")
@click.option("--clue", "clue_text", required=True, help='A clue, e.g. "not next to sea".')
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@solving_options
def check_cmd(
    map_spec: str,
    hints_file: str,
    unordered: bool,
    treasure: int,
    clue_text: str,
    as_json: bool,
    solving: Solving,
) -> None:
    """May a clue be laid at a treasure (TB-H2..H4)?"""
    from solvers.tobago.hints import check

    clue = parse_clue(clue_text)
    island, hints = load_position(map_spec, hints_file, solving, unordered)
    solving.announce("checking the clue")
    result = check(
        island,
        hints,
        treasure,
        clue,
        backend=solving.backend,
        options=solving.options,
        time_limit=solving.time_limit,
    )
    if as_json:
        emit_json(
            {
                "legal": result.legal,
                "reason": result.reason,
                "excluded": result.excluded,
                "remaining": result.remaining,
            }
        )
        return
    click.echo(
        f"{clue} at treasure {treasure}: {result.reason} "
        f"(excludes {result.excluded}, leaves {result.remaining})"
    )


@tobago.command("legal")
@click.argument("map_spec", metavar="MAP")
@hints_options
@deck_option
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@solving_options
def legal_cmd(
    map_spec: str,
    hints_file: str,
    unordered: bool,
    deck_file: str | None,
    as_json: bool,
    solving: Solving,
) -> None:
    """The legality matrix: every clue of the deck at every treasure."""
    from rich.console import Console
    from rich.table import Table

    from models.tobago.island.deck import load_deck
    from models.tobago.island.hints import TREASURES
    from solvers.tobago.hints import legality_matrix

    options = solving.options
    deck = load_deck(deck_file)
    island, hints = load_position(map_spec, hints_file, solving, unordered)
    solving.announce("solving the legality matrix")
    matrix = legality_matrix(
        island,
        hints,
        deck.distinct(),
        backend=solving.backend,
        options=options,
        time_limit=solving.time_limit,
    )
    frame = matrix.to_frame("reason")
    if as_json:
        emit_json(
            {
                "map": island.name,
                "deck": deck.source,
                "reconstruction": deck.reconstruction,
                "options": options.to_dict(),
                "matrix": {
                    clue: {str(t): frame.loc[clue, t] for t in TREASURES} for clue in frame.index
                },
            }
        )
        return
    note = deck_note(deck)
    table = Table(title=f"{island.name}: clue legality ({solving.backend})", caption=note or None)
    table.add_column("clue")
    for t in TREASURES:
        table.add_column(f"T{t}", justify="center")
    style = {
        "legal": "[green]legal[/]",
        "excludes-none": "[dim]none[/]",
        "excludes-all": "[red]all[/]",
    }
    for clue in frame.index:
        table.add_row(clue, *(style[frame.loc[clue, t]] for t in TREASURES))
    console = Console(width=100)
    console.print(table)
    counts = (frame == "legal").sum()
    console.print("legal clues per treasure: " + ", ".join(f"T{t}: {counts[t]}" for t in TREASURES))


@tobago.command("render")
@click.argument("file", metavar="FILE", required=False)
@click.option("--hints", "hints_file", type=click.Path(dir_okay=False))
@click.option("--unordered", is_flag=True, help="Accept hints in any order (TB-H2..H4).")
@click.option(
    "--game",
    "game_file",
    type=click.Path(dir_okay=False),
    help="Deprecated: name the scenario as FILE.",
)
@click.option(
    "--out", "out_file", required=True, type=click.Path(dir_okay=False), help="PNG file to write."
)
@click.option(
    "--step",
    type=IntRange(min=0),
    default=None,
    help="A scenario's position after its first N entries (default: all of them).",
)
@components_options("tobago")
@solving_options
def render_cmd(
    file: str | None,
    hints_file: str | None,
    unordered: bool,
    game_file: str | None,
    out_file: str,
    step: int | None,
    components: Mapping[str, str],
    solving: Solving,
) -> None:
    """Draw FILE to a PNG: a scenario (TOML or JSON, as `replay` reads it: vehicles, roses per
    treasure, amulets, candidates, gold held; after --step N entries; --component files
    instead of the ones it names), or a MAP (a map file or a bundled map's name: the island,
    and the candidates of each treasure given --hints, ringed where no card of the deck
    (--component clues=FILE) can narrow them)."""
    if game_file is not None:
        warnings.warn(
            DeprecatedFlag("--game SCENARIO is deprecated: write `atoll tobago render SCENARIO`"),
            stacklevel=1,
        )
        if file is not None or hints_file is not None:
            raise AtollError(
                "--game draws the scenario's own map and hints: give no MAP or --hints with it",
                field="--game",
            )
        file = game_file
    elif file is None:
        raise AtollError("name a MAP to draw, or a scenario", field="MAP")
    if game_file is not None or is_scenario(file):
        if hints_file is not None:
            raise AtollError(
                "a scenario is drawn with its own hints: give no --hints", field="--hints"
            )
        check_png(out_file, file, *components.values())
        write_png(load_scenario_position("tobago", file, step, components), out_file)
        return
    if step is not None:
        raise AtollError("--step applies to a scenario, not to a map", field="--step")
    deck_file = deck_of(components)
    map_spec = file
    from analyses.tobago.candidates import deck_at_every_treasure
    from models.tobago.island.deck import load_deck
    from models.tobago.island.render import save_island_png
    from solvers.tobago.hints import candidates

    check_png(out_file, map_spec, hints_file, deck_file)
    options = solving.options
    deck = load_deck(deck_file)
    island, hints = load_position(map_spec, hints_file, solving, unordered)
    found: dict[int, tuple[Field, ...]] | None = None
    stuck: tuple[int, ...] = ()
    if hints_file:
        solving.announce("solving the candidates")
        found = candidates(
            island, hints, backend=solving.backend, options=options, time_limit=solving.time_limit
        )
        stuck = deck_at_every_treasure(island, hints, deck, options).inseparable()
    notes = [n for n in (map_note(map_spec), deck_note(deck) if stuck else None) if n]
    write_picture(
        out_file,
        lambda path: save_island_png(
            island,
            path,
            candidates=found,
            inseparable=stuck,
            title=f"{island.name}" + (" — candidates" if found else ""),
            note="\n".join(notes) or None,
        ),
    )


for _command in (
    *cli_puzzles.COMMANDS,
    *cli_maps.COMMANDS,
):
    tobago.add_command(_command)
