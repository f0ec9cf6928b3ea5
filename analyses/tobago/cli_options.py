"""What every ``atoll tobago`` command shares: rule options, hints loading, decks, pictures.

>>> _options(None, "0,1", "within", None).to_dict()
{'sight': [0, 1], 'next_to': 'within', 'marker_threshold': 17}
"""

from __future__ import annotations

import dataclasses
import functools
import json
import warnings
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from analyses.cli.components import components_options
from analyses.cli.numbers import FloatRange, read_int
from models.errors import AtollError, AtollWarning
from models.tobago.island.options import NEXT_TO_READINGS, OLD_NEXT_TO_VALUES, ClueOptions
from models.tobago.options import TobagoOptions
from solvers.limits import DEFAULT_TIME_LIMIT
from solvers.tobago import BACKENDS, Backend

if TYPE_CHECKING:  # the island model (networkx, numpy) loads when a command runs
    from models.tobago.island.clues import Clue
    from models.tobago.island.deck import Deck
    from models.tobago.island.hexgrid import Field
    from models.tobago.island.hints import Hints
    from models.tobago.island.map import Island


def _parse_sight(value: str | None) -> list[int] | None:
    if value is None:
        return None
    what = f"expected distances like 0,1,2 — got {value!r}: each"
    return [read_int(part, "--sight", what) for part in value.split(",") if part.strip()]


def _options(
    options_file: str | None, sight: str | None, next_to: str | None, inside: bool | None
) -> ClueOptions:
    # one options file for every Tobago command: the game's keys are read (and checked) too;
    # the hint commands use its clue readings
    base = TobagoOptions.from_toml(options_file).clues() if options_file else ClueOptions()
    changes: dict[str, Any] = {}
    if (numbers := _parse_sight(sight)) is not None:
        changes["sight"] = numbers
    if inside is not None:
        flag = "--next-to-includes-inside" if inside else "--next-to-excludes-inside"
        reading = OLD_NEXT_TO_VALUES[inside]
        if next_to is not None:
            raise AtollError(
                f"give --next-to only ({flag} is the old --next-to {reading})", field=flag
            )
        warnings.warn(
            f"{flag} is deprecated: write --next-to {reading}", AtollWarning, stacklevel=2
        )
        next_to = reading
    if next_to is not None:
        changes["next_to"] = next_to
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
    options: ClueOptions
    time_limit: float
    verbose: bool

    def announce(self, what: str) -> None:
        """With --verbose, say on stderr what is being solved (before it starts)."""
        if self.verbose:
            click.echo(
                f"atoll: {what} with {self.backend} (time limit {self.time_limit:g} s)...",
                err=True,
            )

    def describe(self) -> str:
        """The rule options in a few words, for the head of an answer."""
        return f"sight {sorted(self.options.sight)}, next to = {self.options.next_to}"


def rule_options(func: Callable[..., None]) -> Callable[..., None]:
    """Add the rule options, the time limit and --verbose; the command receives ``solving``
    (whose backend is CP-SAT: commands with a choice add it with :func:`solving_options`)."""

    @functools.wraps(func)
    def command(
        *args: Any,
        sight: str | None,
        next_to: str | None,
        inside: bool | None,
        options_file: str | None,
        time_limit: float,
        verbose: bool,
        backend: Backend = "cpsat",
        **kwargs: Any,
    ) -> None:
        options = _options(options_file, sight, next_to, inside)
        func(*args, solving=Solving(backend, options, time_limit, verbose), **kwargs)

    decorators = [
        click.option(
            "--sight",
            help="TB-C4: distances 'in sight of' covers, any of 0..3 (default 0,1,2: within two, "
            "the field itself included; 2,3 is the source text's reading).",
        ),
        click.option(
            "--next-to",
            type=click.Choice(NEXT_TO_READINGS),
            help="TB-C4: 'next to X' means adjacent and outside X (outside, the default), having "
            "a neighbour in X (neighbour), or in or adjacent to X (within).",
        ),
        click.option(
            "--next-to-includes-inside/--next-to-excludes-inside",
            "inside",
            default=None,
            help="Deprecated: --next-to within / --next-to outside.",
        ),
        click.option(
            "--options",
            "options_file",
            type=click.Path(dir_okay=False),
            help="TOML file of Tobago rule options.",
        ),
        click.option(
            "--time-limit",
            type=FloatRange(min=0, min_open=True, max=86_400),
            default=DEFAULT_TIME_LIMIT,
            show_default=True,
            help="Seconds a solve may take; past it the answer is 'unknown' (exit status 3).",
        ),
        click.option("-v", "--verbose", is_flag=True, help="Say on stderr what is being solved."),
    ]
    for decorate in decorators:
        command = decorate(command)
    return command


def solving_options(func: Callable[..., None]) -> Callable[..., None]:
    """:func:`rule_options` and ``--backend``."""
    return click.option(
        "--backend",
        type=click.Choice(BACKENDS),
        default="cpsat",
        show_default=True,
        help="Solver backend.",
    )(rule_options(func))


def hints_options(func: Callable[..., None]) -> Callable[..., None]:
    """Add ``--hints FILE`` (required) and ``--unordered``."""
    func = click.option(
        "--unordered",
        is_flag=True,
        help="Accept hints that excluded nothing or everything when laid (TB-H2..H4).",
    )(func)
    return click.option(
        "--hints",
        "hints_file",
        required=True,
        type=click.Path(dir_okay=False),
        help="TOML hints file.",
    )(func)


def load_position(
    map_spec: str, hints_file: str | None, solving: Solving, unordered: bool = False
) -> tuple[Island, Hints]:
    """The map and the hints; hints are replayed in the order laid (TB-H1..H4) unless
    ``unordered``."""
    from models.tobago.island.hints import Hints, load_hints
    from models.tobago.island.legality import replay
    from models.tobago.island.mapfile import resolve_map

    island = resolve_map(map_spec)
    hints = load_hints(hints_file) if hints_file else Hints()
    if hints_file and not unordered:
        try:
            replay(island, hints, solving.options, source=hints_file)
        except AtollError as exc:
            raise AtollError(
                f"{exc.message} (give --unordered to accept it)",
                source=exc.source,
                entry=exc.entry,
                field=exc.field,
            ) from None
    return island, hints


def emit_json(data: Any) -> None:
    click.echo(json.dumps(data, indent=2))


def deck_note(deck: Deck) -> str:
    return "clue deck: RECONSTRUCTION (published breakdown unknown)" if deck.reconstruction else ""


def parse_clue(text: str) -> Clue:
    from models.tobago.island.clues import Clue

    try:
        return Clue.parse(text)
    except AtollError as exc:
        raise AtollError(exc.message, field="--clue") from None


def deck_option(func: Callable[..., None]) -> Callable[..., None]:
    """``--component clues=FILE`` (the clue deck; the old ``--deck FILE`` still works, with a
    note), passed to the command as ``deck_file``."""

    @functools.wraps(func)
    def command(*args: Any, components: Mapping[str, str], **kw: Any) -> None:
        func(*args, deck_file=deck_of(components), **kw)

    return components_options("tobago")(command)


def deck_of(components: Mapping[str, str]) -> str | None:
    """The clue deck of the components given to a command on a MAP (default: the bundled
    one); the game's other components (map, cards) belong to a scenario."""
    other = sorted(set(components) - {"clues"})
    if other:
        raise AtollError(
            f"{other[0]}=...: a command on a MAP takes the clue deck alone (clues=FILE); the "
            "map and cards components apply to scenarios",
            field="--component",
        )
    return components.get("clues")


def map_note(map_spec: str) -> str | None:
    """The note under a picture of a bundled map."""
    from models.tobago.island.mapfile import bundled_maps

    if map_spec in bundled_maps():
        return "map: atoll's own design in the spirit of Tobago, not a published board section"
    return None


def write_picture(out_file: str, save: Callable[[Path], Path], *, quiet: bool = False) -> None:
    """Write a picture with ``save`` (atomically); a failed write is an :class:`OSError` naming
    the file (exit status 1, :func:`analyses.cli.main.main`). Says "wrote FILE" unless ``quiet`` (a
    command printing JSON keeps its output JSON)."""
    path = save(Path(out_file))
    if not quiet:
        click.echo(f"wrote {path}")


def parse_field(text: str, option: str) -> Field:
    """A field given as ``C,R`` (column, row)."""
    parts = text.replace(" ", "").split(",")
    if len(parts) != 2:
        raise AtollError(f"expected a field C,R like 3,4 — got {text!r}", field=option)
    what = f"expected a field C,R like 3,4 — got {text!r}: each"
    col, row = (read_int(p, option, what) for p in parts)
    return col, row
