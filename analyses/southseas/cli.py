"""``atoll southseas tiles``: the South Seas tile set and ships, with their statistics; what
``replay`` says of a position (the shared verb, through :mod:`analyses.southseas.plugin`); and
``completable`` (:mod:`analyses.southseas.cli_completable`), added to the group here.

>>> from click.testing import CliRunner
>>> result = CliRunner().invoke(southseas, ["tiles"])
>>> result.output.splitlines()[0].startswith("tiles: RECONSTRUCTION")
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import click
import pandas as pd
from rich.console import Console
from rich.table import Table
from rich.text import Text

from analyses.cli.components import components_options
from analyses.southseas.cli_completable import completable_cmd
from analyses.southseas.tiles import ship_frame, tile_frame, tile_statistics
from models.southseas.components import TileSet
from models.southseas.ships import ShipSet, load_ships
from models.southseas.snapshot import snapshot
from models.southseas.tilefile import load_tiles

#: Columns of the tile table, in order, with their headings.
TILE_COLUMNS = {
    "id": "tile",
    "count": "n",
    "edges": "NESW",
    "bananas": "ban",
    "shells": "shl",
    "fish": "fish",
    "boats": "boat",
    "junction_ends": "junc",
    "pieces": "pieces",
}


def provenance(what: str, source: str, reconstruction: bool) -> str:
    """One line saying whether component data is a reconstruction, and where it came from."""
    if reconstruction:
        return f"{what}: RECONSTRUCTION (atoll's, not the published list) — {source}"
    return f"{what}: not marked as a reconstruction (reconstruction = false) — {source}"


def _tile_table(tiles: TileSet) -> Table:
    frame = tile_frame(tiles)
    table = Table(title=f"South Seas tiles: {tiles.total} tiles, {len(frame)} types")
    for heading in TILE_COLUMNS.values():
        justify = "left" if heading in ("tile", "NESW", "pieces") else "right"
        table.add_column(heading, justify=justify)  # type: ignore[arg-type]
    for row in frame.itertuples(index=False):
        cells: list[Text] = []
        for column in TILE_COLUMNS:
            value = getattr(row, column)
            if column == "id":
                value = f"{value} (start)" if row.start else value
                value = f"{value} (market)" if row.market else value
            elif column == "pieces":
                value = "\n".join(str(value).split("; "))
            cells.append(Text(str(value) if value else ""))  # Text: "[" is not markup
        table.add_row(*cells, end_section=True)
    return table


def _print_frame(title: str, frame: pd.DataFrame) -> None:
    click.echo("")
    click.echo(f"== {title} ==")
    click.echo(frame.to_string())


@click.group()
def southseas() -> None:
    """Carcassonne: South Seas — tile laying, islands, bridges, markets, ships."""


@southseas.command("tiles")
@components_options("southseas")
@click.option("--stats", is_flag=True, help="Also print the statistics tables.")
@click.option(
    "--ships", is_flag=True, help="Also print the ships (--component ships=FILE, or the bundled)."
)
def tiles_cmd(components: Mapping[str, str], stats: bool, ships: bool) -> None:
    """The tile set (the bundled reconstruction, or --component tiles=FILE): every tile type
    with its count, sides, pieces and symbols."""
    tiles = load_tiles(components.get("tiles"))
    ships_file = components.get("ships")
    ship_set: ShipSet | None = load_ships(ships_file) if ships or ships_file else None
    click.echo(provenance("tiles", tiles.source, tiles.reconstruction))
    if tiles.note:
        click.echo(f"note: {tiles.note}")
    Console(width=130, highlight=False).print(_tile_table(tiles))
    if stats:
        for name, frame in tile_statistics(tiles).items():
            _print_frame(name, frame)
    if ship_set is not None:
        click.echo("")
        click.echo(provenance("ships", ship_set.source, ship_set.reconstruction))
        frame = ship_frame(ship_set)
        _print_frame(f"ships ({len(frame)}, {int(frame['points'].sum())} points)", frame)


def snapshot_of(state: Any) -> dict[str, Any]:
    """``replay --json``: the position as plain data (:func:`models.southseas.snapshot`)."""
    return snapshot(state)


def describe(state: Any, show_events: bool) -> None:
    """``replay``: features with their pieces, completion and payments, islanders, wares,
    ships, scores (final or provisional), the decision the position waits for, and with
    ``show_events`` the whole event log."""
    snap = snapshot(state)
    for what, flag in snap["reconstruction"].items():
        if flag:
            click.echo(f"{what}: RECONSTRUCTION (atoll's, not the published list)")
    click.echo(
        f"turn {snap['turn']} ({snap['phase']}); {snap['tiles_placed']} tiles placed, "
        f"{snap['tiles_left']} left, {snap['unplaceable']} removed as unplaceable; "
        f"{snap['boat_tokens']} boat tokens left"
    )
    Console(width=120).print(_feature_table(snap["features"]))
    for p in range(snap["players"]):
        w = snap["wares"][p]
        click.echo(
            f"player {p}: supply {snap['supply'][p]}, shells {w['shells']} bananas "
            f"{w['bananas']} fish {w['fish']}, ships {snap['ships'][p] or '-'}, "
            f"score {snap['scores'][p]:g}"
        )
    click.echo(
        f"face-up ships: {', '.join(snap['display']) or '-'}; {snap['ships_face_down']} face down"
    )
    if snap["ware_supply"] is not None:
        left = snap["ware_supply"]
        click.echo(f"ware supply: {', '.join(f'{n} {w}' for w, n in left.items())}")
    if snap["scores_final"]:
        winners = ", ".join(f"player {p}" for p in snap["winners"])
        click.echo(f"final scores; the game ended: {snap['ended']}; winners: {winners}")
    else:
        click.echo(f"provisional scores; next: {_describe_next(snap['next'])}")
    if show_events:
        click.echo("events:")
        for event in snap["events"]:
            click.echo("  " + _describe_event(event))


def _feature_table(features: list[dict[str, Any]]) -> Table:
    table = Table(title="features")
    for heading in ("kind", "tiles", "complete", "evaluated", "symbols", "paid", "islanders"):
        table.add_column(heading)
    for f in features:
        if f["kind"] == "market" and not f["islanders"] and not f["complete"]:
            continue
        amount = f.get("shells", f.get("bananas", ""))
        if f["kind"] == "sea":
            amount = f"{f['fish']} fish ({f['covered_fish']} covered), {f['boats']} boats"
        who = ", ".join(f"P{p}@{x},{y}" for p, x, y, _ in f["islanders"])
        paid = ", ".join(f"P{p}: {n}" for p, n in f["paid"].items())
        table.add_row(
            f["kind"],
            str(f["tiles"]),
            "yes" if f["complete"] else "no",
            f["evaluation"] or "-",
            str(amount),
            paid or "-",
            who or "-",
        )
    return table


def _describe_next(decision: dict[str, Any]) -> str:
    kind = decision["decision"]
    if kind == "draw":
        return f"player {decision['player']} draws ({decision['tiles_left']} tiles left)"
    if kind == "reveal":
        return "a ship is turned face up"
    if kind == "place":
        return (
            f"player {decision['player']} places {decision['tile']} "
            f"({decision['placements']} placements)"
        )
    return f"player {decision['player']} decides ({kind}): {', '.join(decision['options'])}"


def _describe_event(event: dict[str, Any]) -> str:
    details = ", ".join(f"{k} {v}" for k, v in event.items() if k not in ("turn", "player", "kind"))
    return f"turn {event['turn']} player {event['player']}: {event['kind']} {details}".rstrip()


southseas.add_command(completable_cmd)
