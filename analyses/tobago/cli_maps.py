"""``atoll tobago analyze | compare-maps``: what a map designer measures.

The measures come from :mod:`analyses.tobago.maps`; the report from
:mod:`analyses.tobago.map_report`.

>>> from click.testing import CliRunner
>>> result = CliRunner().invoke(compare_maps_cmd, ["--count", "1", "--seed", "1",
...                                                "--positions", "5", "--json"])
>>> sorted(json.loads(result.output)[0])[:3]
['cards never legal', 'island fields', 'largest beach']
"""

from __future__ import annotations

import json
from pathlib import Path

import click

from analyses.cli.numbers import IntRange
from analyses.studies.outputs import refuse_overwriting_input
from analyses.tobago import DEFAULT_POSITIONS
from analyses.tobago.cli_options import (
    Solving,
    deck_note,
    deck_option,
    emit_json,
    map_note,
    rule_options,
)
from models.files import write_bytes_atomically

POSITIONS = click.option(
    "--positions",
    type=IntRange(1, 100_000),
    default=DEFAULT_POSITIONS,
    show_default=True,
    help="Random positions in which to measure the cards.",
)
SEED = click.option(
    "--seed", type=IntRange(0), default=0, show_default=True, help="Seed of the randomness."
)


@click.command("analyze")
@click.argument("map_spec", metavar="MAP")
@click.option(
    "--out", "out_dir", required=True, type=click.Path(file_okay=False), help="Folder to write."
)
@deck_option
@POSITIONS
@SEED
@rule_options
def analyze_cmd(
    map_spec: str,
    out_dir: str,
    deck_file: str | None,
    positions: int,
    seed: int,
    solving: Solving,
) -> None:
    """Write OUT/report.html (and report.json, every number of the page): the fewest clues per
    field (unfindable fields marked), how often each card may be laid and what it removes,
    terrain and landmark coverage, largest areas."""
    from analyses.tobago.map_report import write_map_report
    from analyses.tobago.maps import measure_map
    from models.tobago.island.deck import load_deck
    from models.tobago.island.mapfile import resolve_map

    target = Path(out_dir) / "report.html"
    for written in (target, target.with_name("report.json")):
        refuse_overwriting_input(written, map_spec, deck_file)
    deck = load_deck(deck_file)
    island = resolve_map(map_spec)
    solving.announce(f"measuring {island.name}")
    measures = measure_map(
        island,
        deck.cards,
        options=solving.options,
        positions=positions,
        seed=seed,
        time_limit=solving.time_limit,
    )
    note = map_note(map_spec)
    # a failed write is an OSError naming the file: exit status 1
    path = write_map_report(measures, deck, target, options=solving.options, map_note=note)
    click.echo(f"wrote {path}")


@click.command("compare-maps")
@click.option("--count", type=IntRange(1, 1000), required=True, help="How many maps to generate.")
@SEED
@click.option(
    "--island-fields",
    type=IntRange(50, 400),
    default=110,
    show_default=True,
    help="Island fields of each generated map.",
)
@deck_option
@POSITIONS
@click.option("--csv", "csv_file", type=click.Path(dir_okay=False), help="Also write a CSV file.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON (one object per map).")
@rule_options
def compare_maps_cmd(
    count: int,
    seed: int,
    island_fields: int,
    deck_file: str | None,
    positions: int,
    csv_file: str | None,
    as_json: bool,
    solving: Solving,
) -> None:
    """Generate maps and tabulate them on the analysis measures, one row per map (its seed
    makes it again: generate_island(seed, ...))."""
    import pandas as pd

    from analyses.tobago.maps import compare_maps
    from models.tobago.island.deck import load_deck

    if csv_file is not None:
        refuse_overwriting_input(csv_file, deck_file)
    deck = load_deck(deck_file)
    solving.announce(f"measuring {count} generated maps")
    table = compare_maps(
        count,
        seed,
        deck.cards,
        island_fields=island_fields,
        options=solving.options,
        positions=positions,
        time_limit=solving.time_limit,
    )
    if csv_file is not None:
        write_bytes_atomically(csv_file, table.to_csv().encode("utf-8"))
    if as_json:
        emit_json(json.loads(table.reset_index().to_json(orient="records")))
        return
    with pd.option_context("display.width", 200, "display.max_columns", None):
        click.echo(table.round(3).astype(object).T.to_string())
    click.echo(f"{count} maps of {island_fields} island fields, seed {seed}; {solving.describe()}")
    if deck.reconstruction:
        click.echo(deck_note(deck))
    if csv_file is not None:
        click.echo(f"wrote {csv_file}")


COMMANDS = (analyze_cmd, compare_maps_cmd)
