"""``atoll gloryislands board``: the component file drawn; and what ``replay`` says of a
position and ``render`` draws of a bare board (the shared verbs, :mod:`analyses.cli.position`,
through :mod:`analyses.gloryislands.plugin`).

>>> from click.testing import CliRunner
>>> result = CliRunner().invoke(gloryislands, ["board"])
>>> result.output.splitlines()[0].startswith("board: RECONSTRUCTION")
True
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import click

from analyses.cli.components import components_options
from analyses.studies.outputs import refuse_overwriting_input
from models.data import parse_toml, read_text
from models.errors import AtollError
from models.gloryislands.boardfile import load_board
from models.gloryislands.components import Components, cell_name
from models.gloryislands.drawing import LEGEND, draw_board
from models.gloryislands.events import SOURCES
from models.gloryislands.snapshot import snapshot
from models.pictures import save_figure


def provenance(board: Components) -> str:
    """One line saying whether the components are a reconstruction, and where they came from."""
    if board.reconstruction:
        return f"board: RECONSTRUCTION (atoll's, not the published board) — {board.source}"
    return f"board: not marked as a reconstruction (reconstruction = false) — {board.source}"


@click.group()
def gloryislands() -> None:
    """Glory Islands — the pirate race around a 7x7 board of islands."""


@gloryislands.command("board")
@components_options("gloryislands")
def board_cmd(components: Mapping[str, str]) -> None:
    """The board drawn, its islands and scoring table, the sail track, cards and counts (the
    bundled reconstruction, or --component board=FILE)."""
    board = load_board(components.get("board"))
    click.echo(provenance(board))
    if board.reconstruction and board.note:
        click.echo(f"note: {board.note}")
    click.echo("\n".join(draw_board(board)))
    click.echo(LEGEND)
    click.echo("islands:")
    for i, island in enumerate(board.islands):
        icons = {icon: island.icons.count(icon) for icon in dict.fromkeys(island.icons)}
        fame = "/".join(map(str, board.scoring_table[island.size]))
        shown = ", ".join(f"{n} {icon}" for icon, n in icons.items())
        click.echo(f"  {chr(65 + i)} {island.name}: {island.size} fields ({shown}); fame {fame}")
    home, compass = cell_name(board.home), cell_name(board.route[board.compass])
    diagonals = ", ".join(cell_name(c) for c in board.diagonals) or "none"
    click.echo(
        f"route: {len(board.route)} fields from home {home}; compass {compass} (route field "
        f"{board.compass}); corner diagonals: {diagonals}"
    )
    track = board.sail_track
    click.echo(
        f"sail track: {len(track)} fields, {track[0]} ... {track[-1]}; beyond it a ship sinks"
    )
    click.echo(f"  fame per field: {' '.join(map(str, track))}")
    for colour in board.colours:
        mine = [board.cards[i] for i in board.hand_of(colour)]
        shown = ", ".join(f"{c.id} ({c.dots}{c.symbol[0]})" for c in mine)
        click.echo(f"cards {colour}: {shown}")
    click.echo(
        f"pieces: {board.pirates} pirates each; {board.barrels} barrels, "
        f"{board.barrels_at_start} each at the start, at most {board.barrel_limit}; "
        f"treasure {len(board.treasure_kinds)} kinds x {board.treasure_copies} "
        f"({', '.join(board.treasure_kinds)}), sets {'/'.join(map(str, board.set_fame))}; "
        f"compass {'/'.join(map(str, board.compass_bonus))}, "
        f"home {'/'.join(map(str, board.home_bonus))}"
    )


def snapshot_of(state: Any) -> dict[str, Any]:
    """``replay --json``: the position as plain data (:func:`models.gloryislands.snapshot`)."""
    return snapshot(state)


def describe(state: Any, show_events: bool) -> None:
    """``replay``: the board with ships and pirates, each player's ship, sail track, fame by
    source, supply, barrels, treasures and cards, the round's cards, the bonuses given, scores
    (final or provisional), the decision the position waits for, and with ``show_events`` the
    whole event log."""
    snap = snapshot(state)
    click.echo(provenance(state.board))
    click.echo(f"round {snap['round']} ({snap['phase']})")
    click.echo("\n".join(snap["board"]))
    for p in range(snap["players"]):
        click.echo(_player_line(snap, p))
    cards = snap["round_cards"]
    if cards:
        shown = ", ".join(f"P{p} {c}" for p, c in cards.items())
        order = " ".join(f"P{p}" for p in snap["order"])
        click.echo(f"cards this round: {shown}" + (f"; order {order}" if order else ""))
    compass = ", ".join(f"P{p}" for p in snap["compass_order"]) or "-"
    home = ", ".join(f"P{p}" for p in snap["home_order"]) or "-"
    bag = sum(snap["bag"].values())
    click.echo(
        f"compass: {compass}; home: {home}; bag: {bag} tiles; barrels left: {snap['barrel_supply']}"
    )
    if snap["scores_final"]:
        winners = ", ".join(f"player {p}" for p in snap["winners"]) or "nobody (every ship sank)"
        click.echo(f"final scores; the game ended: {snap['ended']}; winners: {winners}")
    else:
        click.echo(f"provisional scores; next: {_describe_next(snap['next'])}")
    if show_events:
        click.echo("events:")
        for event in snap["events"]:
            click.echo("  " + _describe_event(event))


def render_board_file(
    file: str, out_file: str, step: int | None, components: Mapping[str, str]
) -> bool:
    """``render FILE``: a component file (a board TOML with a [route] table) is drawn as the
    empty board (True); a scenario is left to the shared verb (False). A reconstructed board
    is labelled so."""
    if not _is_board_file(file):
        return False
    if step is not None or components:
        flag = "--step" if step is not None else "--component"
        raise AtollError(f"{flag} applies to a scenario, not to a component file", source=file)
    from models.gloryislands import render  # matplotlib only when drawn

    board = load_board(file)
    refuse_overwriting_input(out_file, board.source)
    path = save_figure(render.draw_board(board), Path(out_file))  # a failed write: OSError
    click.echo(f"wrote {path}")
    return True


def _is_board_file(file: str) -> bool:
    """Whether ``file`` is a component file (TOML with a ``route`` table) or a scenario."""
    path = Path(file)
    if path.suffix == ".json":
        return False
    data = parse_toml(read_text(path), source=path)
    return "route" in data and "actions" not in data


def _player_line(snap: dict[str, Any], p: int) -> str:
    ship, track = snap["ships"][p], snap["sail_track"][p]
    at = "SUNK" if ship["sunk"] else f"at {ship['at']}"
    field = "sunk" if track["printed"] is None else f"{track['field']} ({track['printed']:+d})"
    sources = snap["fame_by_source"][p]
    fame = ", ".join(f"{s.replace('_', ' ')} {sources[s]}" for s in SOURCES if sources[s])
    treasures = snap["treasures"][p]
    held = sum(treasures.values())
    kinds = ", ".join(f"{n} {k}" for k, n in treasures.items())
    face = " face down" if snap["treasures_face_down"] else ""
    return (
        f"player {p} ({ship['colour']}): ship {at}, route {ship['route']}; sail field {field}; "
        f"fame {snap['fame'][p]}" + (f" ({fame})" if fame else "") + f"; supply "
        f"{snap['supply'][p]}, barrels {snap['barrels'][p]}, treasures {held}{face}"
        + (f" ({kinds})" if kinds else "")
        + f"; hand {' '.join(snap['hands'][p]) or '-'}; discards "
        f"{' '.join(snap['discards'][p]) or '-'}"
    )


def _describe_next(decision: dict[str, Any]) -> str:
    kind = decision["decision"]
    if kind == "draw":
        return (
            f"chance draws a treasure tile for player {decision['drawer']} "
            f"({decision['tiles_to_draw']} to draw, {decision['bag']} in the bag)"
        )
    return f"player {decision['player']} decides ({kind}): {', '.join(decision['options'])}"


def _describe_event(event: dict[str, Any]) -> str:
    skip = ("round", "player", "kind")
    details = ", ".join(f"{k} {v}" for k, v in event.items() if k not in skip)
    who = "" if event["player"] is None else f" player {event['player']}"
    return f"round {event['round']}{who}: {event['kind']} {details}".rstrip()
