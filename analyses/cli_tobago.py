"""``atoll tobago ...``: hint candidates, clue legality, the legality matrix, pictures, maps."""

from __future__ import annotations

import dataclasses
import functools
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.table import Table

from analyses.outputs import refuse_overwriting_input
from models.errors import AtollError
from models.tobago.clues import Clue
from models.tobago.deck import load_deck
from models.tobago.hints import TREASURES, Hints, load_hints
from models.tobago.island import Island
from models.tobago.mapfile import bundled_maps, load_map, resolve_map
from models.tobago.options import TobagoOptions
from solvers.hints import BACKENDS, Backend, candidates, check, legality_matrix
from solvers.limits import DEFAULT_TIME_LIMIT


def _parse_sight(value: str | None) -> list[int] | None:
    if value is None:
        return None
    try:
        numbers = [int(part) for part in value.split(",") if part.strip()]
    except ValueError:
        raise AtollError(f"expected distances like 1,2 — got {value!r}", field="--sight") from None
    return numbers


def _options(options_file: str | None, sight: str | None, inside: bool | None) -> TobagoOptions:
    base = TobagoOptions.from_toml(options_file) if options_file else TobagoOptions()
    changes: dict[str, Any] = {}
    if (numbers := _parse_sight(sight)) is not None:
        changes["sight"] = numbers
    if inside is not None:
        changes["next_to_includes_inside"] = inside
    if not changes:
        return base
    try:
        return base.replace(**changes)
    except AtollError as exc:
        name = (exc.field or "option").split("[")[0].replace("_", "-")
        raise AtollError(exc.message, field=f"--{name}") from None


@dataclasses.dataclass(frozen=True)
class Solving:
    """How to solve: backend, rule options, time limit; gathered from the common options."""

    backend: Backend
    options: TobagoOptions
    time_limit: float
    verbose: bool

    def announce(self, what: str) -> None:
        """With --verbose, say on stderr what is being solved (before it starts)."""
        if self.verbose:
            click.echo(
                f"atoll: {what} with {self.backend} (time limit {self.time_limit:g} s)...",
                err=True,
            )


def _solving_options(func: Callable[..., None]) -> Callable[..., None]:
    """Add the options every solving command takes; the command receives ``solving``."""

    @functools.wraps(func)
    def command(
        *args: Any,
        backend: Backend,
        sight: str | None,
        inside: bool | None,
        options_file: str | None,
        time_limit: float,
        verbose: bool,
        **kwargs: Any,
    ) -> None:
        options = _options(options_file, sight, inside)
        func(*args, solving=Solving(backend, options, time_limit, verbose), **kwargs)

    decorators = [
        click.option(
            "--backend",
            type=click.Choice(BACKENDS),
            default="cpsat",
            show_default=True,
            help="Solver backend.",
        ),
        click.option("--sight", help="TB-C4: distances 'in sight of' covers (default 1,2)."),
        click.option(
            "--next-to-includes-inside/--next-to-excludes-inside",
            "inside",
            default=None,
            help="TB-C4: is a field inside X 'next to' X?",
        ),
        click.option(
            "--options",
            "options_file",
            type=click.Path(dir_okay=False),
            help="TOML file of Tobago rule options.",
        ),
        click.option(
            "--time-limit",
            type=click.FloatRange(min=0, min_open=True, max=86_400),
            default=DEFAULT_TIME_LIMIT,
            show_default=True,
            help="Seconds a solve may take; past it the answer is 'unknown' (exit status 3).",
        ),
        click.option("-v", "--verbose", is_flag=True, help="Say on stderr what is being solved."),
    ]
    for decorate in decorators:
        command = decorate(command)
    return command


def _load(map_spec: str, hints_file: str | None) -> tuple[Island, Hints]:
    island = resolve_map(map_spec)
    hints = load_hints(hints_file) if hints_file else Hints()
    return island, hints


def _emit_json(data: Any) -> None:
    click.echo(json.dumps(data, indent=2))


@click.group()
def tobago() -> None:
    """Tobago — treasure deduction on a hex island.

    MAP is a map file (.toml) or the name of a bundled map (see `atoll tobago maps`).
    """


@tobago.command()
def maps() -> None:
    """List the bundled maps (atoll's own designs, not the published board sections)."""
    for stem, path in bundled_maps().items():
        island = load_map(path)
        click.echo(
            f"{stem:10} {island.name:12} {len(island.island_fields):4} island fields  "
            f"{island.width}x{island.height}"
        )


@tobago.command("candidates")
@click.argument("map_spec", metavar="MAP")
@click.option(
    "--hints", "hints_file", required=True, type=click.Path(dir_okay=False), help="TOML hints file."
)
@click.option("--distinct", is_flag=True, help="Treasures lie on pairwise distinct fields.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@_solving_options
def candidates_cmd(
    map_spec: str,
    hints_file: str,
    distinct: bool,
    as_json: bool,
    solving: Solving,
) -> None:
    """The candidate fields of each treasure given its hints."""
    options = solving.options
    island, hints = _load(map_spec, hints_file)
    solving.announce("solving the candidates")
    found = candidates(
        island,
        hints,
        backend=solving.backend,
        distinct=distinct,
        options=options,
        time_limit=solving.time_limit,
    )
    if as_json:
        _emit_json(
            {
                "map": island.name,
                "treasures": {
                    str(t): {"candidates": [list(f) for f in found[t]]} for t in TREASURES
                },
            }
        )
        return
    click.echo(
        f"{island.name}: candidates ({solving.backend}{', distinct' if distinct else ''}; "
        f"sight {sorted(options.sight)}, next-to-inside {options.next_to_includes_inside})"
    )
    for t in TREASURES:
        fields = found[t]
        status = (
            "contradictory hints"
            if not fields
            else "fixed (TB-H6)"
            if len(fields) == 1
            else "marked with stones (TB-H5)"
            if len(fields) < options.marker_threshold
            else ""
        )
        hint_text = "; ".join(str(c) for c in hints.of(t)) or "no hints"
        click.echo(f"  treasure {t}: {len(fields):3} {status}  [{hint_text}]")
        if fields and len(fields) < options.marker_threshold:
            click.echo("    " + " ".join(f"[{c},{r}]" for c, r in fields))


@tobago.command("check")
@click.argument("map_spec", metavar="MAP")
@click.option("--hints", "hints_file", required=True, type=click.Path(dir_okay=False))
@click.option("--treasure", type=click.IntRange(1, 4), required=True, help="Treasure 1 to 4.")
@click.option("--clue", "clue_text", required=True, help='A clue, e.g. "not next to sea".')
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@_solving_options
def check_cmd(
    map_spec: str,
    hints_file: str,
    treasure: int,
    clue_text: str,
    as_json: bool,
    solving: Solving,
) -> None:
    """May a clue be laid at a treasure (TB-H2..H4)?"""
    options = solving.options
    clue = _parse_clue(clue_text)
    island, hints = _load(map_spec, hints_file)
    solving.announce("checking the clue")
    result = check(
        island,
        hints,
        treasure,
        clue,
        backend=solving.backend,
        options=options,
        time_limit=solving.time_limit,
    )
    if as_json:
        _emit_json(
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


def _parse_clue(text: str) -> Clue:
    try:
        return Clue.parse(text)
    except AtollError as exc:
        raise AtollError(exc.message, field="--clue") from None


@tobago.command("legal")
@click.argument("map_spec", metavar="MAP")
@click.option("--hints", "hints_file", required=True, type=click.Path(dir_okay=False))
@click.option(
    "--deck",
    "deck_file",
    type=click.Path(dir_okay=False),
    help="Clue deck TOML (default: the bundled reconstruction).",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@_solving_options
def legal_cmd(
    map_spec: str,
    hints_file: str,
    deck_file: str | None,
    as_json: bool,
    solving: Solving,
) -> None:
    """The legality matrix: every clue of the deck at every treasure."""
    options = solving.options
    deck = load_deck(deck_file)
    island, hints = _load(map_spec, hints_file)
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
    note = "clue deck: RECONSTRUCTION (published breakdown unknown)" if deck.reconstruction else ""
    if as_json:
        _emit_json(
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
@click.argument("map_spec", metavar="MAP")
@click.option("--hints", "hints_file", type=click.Path(dir_okay=False))
@click.option(
    "--out", "out_file", required=True, type=click.Path(dir_okay=False), help="PNG file to write."
)
@_solving_options
def render_cmd(
    map_spec: str,
    hints_file: str | None,
    out_file: str,
    solving: Solving,
) -> None:
    """Draw the island (and the candidates of each treasure, given hints) to a PNG."""
    from models.tobago.render import save_island_png

    if not out_file.lower().endswith(".png"):
        raise AtollError("the picture is written as PNG: name a .png file", field="--out")
    refuse_overwriting_input(out_file, map_spec, hints_file)
    options = solving.options
    island, hints = _load(map_spec, hints_file)
    solving.announce("solving the candidates")
    found = (
        candidates(
            island, hints, backend=solving.backend, options=options, time_limit=solving.time_limit
        )
        if hints_file
        else None
    )
    try:
        path = save_island_png(
            island,
            Path(out_file),
            candidates=found,
            title=f"{island.name}" + (" — candidates" if found else ""),
            note=(
                "map: atoll's own design in the spirit of Tobago, not a published board section"
                if map_spec in bundled_maps()
                else None
            ),
        )
    except OSError as exc:
        raise AtollError(f"cannot write: {exc.strerror}", source=out_file) from None
    click.echo(f"wrote {path}")
