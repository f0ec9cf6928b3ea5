"""``atoll tobago why | rank | puzzle | min-clues``: answers for solvers and setters of puzzles.

>>> import json
>>> from click.testing import CliRunner
>>> result = CliRunner().invoke(puzzle_cmd, ["reef", "--target", "7,3", "--json"])
>>> sorted(json.loads(result.output))
['findable', 'minimal_sets', 'target']
"""

from __future__ import annotations

import click

from analyses.cli.numbers import IntRange
from analyses.cli.scenarios import check_png
from analyses.studies.outputs import refuse_overwriting_input
from analyses.tobago.cli_options import (
    Solving,
    deck_note,
    deck_option,
    emit_json,
    hints_options,
    load_position,
    map_note,
    parse_field,
    rule_options,
    write_picture,
)
from models.errors import AtollError
from models.files import write_bytes_atomically
from solvers.tobago import DEFAULT_MAX_SETS

# Each command loads the island model and the solvers when it runs (see analyses.tobago.cli).


@click.command("why")
@click.argument("map_spec", metavar="MAP")
@hints_options
@click.option("--treasure", type=IntRange(1, 4), required=True, help="Treasure 1 to 4.")
@click.option("--field", "field_text", required=True, help="The field as C,R (column, row).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@rule_options
def why_cmd(
    map_spec: str,
    hints_file: str,
    unordered: bool,
    treasure: int,
    field_text: str,
    as_json: bool,
    solving: Solving,
) -> None:
    """Which laid clue excludes a field from a treasure's candidates."""
    from solvers.tobago.puzzles import why

    field = parse_field(field_text, "--field")
    island, hints = load_position(map_spec, hints_file, solving, unordered)
    try:
        answer = why(island, hints, treasure, field, solving.options)
    except AtollError as exc:
        raise AtollError(exc.message, field="--field") from None
    if as_json:
        emit_json(
            {
                "treasure": treasure,
                "field": list(field),
                "candidate": answer.candidate,
                "excluded_by": [{"hint": i, "clue": str(c)} for i, c in answer.excluded_by],
            }
        )
        return
    where = f"[{field[0]},{field[1]}] at treasure {treasure}"
    if answer.first is None:
        click.echo(f"{where}: still a candidate (no laid clue excludes it)")
        return
    i, clue = answer.first
    click.echo(f"{where}: excluded by hints[{i}] '{clue}' (laid {_ordinal(i + 1)})")
    for j, other in answer.excluded_by[1:]:
        click.echo(f"  also excluded by hints[{j}] '{other}'")


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


@click.command("rank")
@click.argument("map_spec", metavar="MAP")
@hints_options
@click.option("--treasure", type=IntRange(1, 4), help="Only this treasure (1 to 4).")
@deck_option
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@rule_options
def rank_cmd(
    map_spec: str,
    hints_file: str,
    unordered: bool,
    treasure: int | None,
    deck_file: str | None,
    as_json: bool,
    solving: Solving,
) -> None:
    """Every legal clue of the deck at every treasure, best first: candidates left, whether it
    pins the treasure, expected candidates after one more random legal card."""
    from rich.console import Console
    from rich.table import Table

    from models.tobago.island.deck import load_deck
    from solvers.tobago.puzzles import rank

    deck = load_deck(deck_file)
    island, hints = load_position(map_spec, hints_file, solving, unordered)
    treasures = [treasure] if treasure else [1, 2, 3, 4]
    ranked = rank(island, hints, deck.distinct(), treasures=treasures, options=solving.options)
    if as_json:
        emit_json(
            [
                {
                    "treasure": r.treasure,
                    "clue": str(r.clue),
                    "remaining": r.remaining,
                    "pins": r.pins,
                    "expected": round(r.expected, 3),
                }
                for r in ranked
            ]
        )
        return
    table = Table(title=f"{island.name}: legal clues, best first", caption=deck_note(deck) or None)
    for name, justify in (("#", "right"), ("treasure", "center"), ("clue", "left")):
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    for name in ("left", "pins", "expected after one more"):
        table.add_column(name, justify="right")
    for n, r in enumerate(ranked, start=1):
        pins = "[green]yes[/]" if r.pins else ""
        table.add_row(
            str(n), f"T{r.treasure}", str(r.clue), str(r.remaining), pins, f"{r.expected:.2f}"
        )
    Console(width=100).print(table)
    if not ranked:
        click.echo("no clue of the deck may be laid at " + ", ".join(f"T{t}" for t in treasures))


@click.command("puzzle")
@click.argument("map_spec", metavar="MAP")
@click.option("--target", "target_text", help="The target field as C,R: its smallest clue sets.")
@click.option("--random", "at_random", is_flag=True, help="Set a random puzzle (with --clues).")
@click.option("--clues", type=IntRange(1), help="With --random: exactly this many clues.")
@click.option("--seed", type=IntRange(0), default=0, show_default=True, help="With --random.")
@click.option(
    "--max-sets",
    type=IntRange(1, 1000),
    default=DEFAULT_MAX_SETS,
    show_default=True,
    help="List at most this many minimal sets.",
)
@click.option(
    "--out", "out_file", type=click.Path(dir_okay=False), help="With --random: write a hints file."
)
@deck_option
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@rule_options
def puzzle_cmd(
    map_spec: str,
    target_text: str | None,
    at_random: bool,
    clues: int | None,
    seed: int,
    max_sets: int,
    out_file: str | None,
    deck_file: str | None,
    as_json: bool,
    solving: Solving,
) -> None:
    """Set puzzles: the smallest sets of deck clues that pin a target field (--target C,R), or a
    random puzzle of exactly K clues, unique and with no redundant clue (--random --clues K)."""
    from models.tobago.island.deck import load_deck
    from models.tobago.island.hints import Hints
    from models.tobago.island.mapfile import resolve_map
    from solvers.tobago.puzzles import minimal_clue_sets, random_puzzle

    if at_random == (target_text is not None):
        raise AtollError("give either --target C,R or --random --clues K", field="--target")
    if at_random and clues is None:
        raise AtollError("--random needs --clues K (how many clues)", field="--clues")
    if not at_random and (clues is not None or out_file is not None):
        option = "--clues" if clues is not None else "--out"
        raise AtollError("only with --random", field=option)
    deck = load_deck(deck_file)
    island = resolve_map(map_spec)
    if at_random:
        assert clues is not None
        if out_file is not None:
            check_hints_out(out_file, map_spec, deck_file)
        solving.announce(f"setting a puzzle of {clues} clues")
        try:
            puzzle = random_puzzle(
                island,
                deck.distinct(),
                clues=clues,
                seed=seed,
                options=solving.options,
                time_limit=solving.time_limit,
            )
        except AtollError as exc:
            raise AtollError(exc.message, field="--clues") from None
        text = Hints({1: puzzle.clues}).to_toml()
        if out_file is not None:
            write_bytes_atomically(out_file, _puzzle_file(island.name, seed, text).encode())
        if as_json:
            data = {"target": list(puzzle.target), "clues": [str(c) for c in puzzle.clues]}
            emit_json({**data, "seed": seed})
            return
        col, row = puzzle.target
        click.echo(f"{island.name}: a puzzle of {clues} clues (seed {seed}); answer [{col},{row}]")
        for clue in puzzle.clues:
            click.echo(f"  {clue}")
        if out_file is not None:
            click.echo(f"wrote {out_file}")
        return
    assert target_text is not None
    target = parse_field(target_text, "--target")
    solving.announce("finding the smallest clue sets")
    try:
        answer = minimal_clue_sets(
            island,
            target,
            deck.distinct(),
            options=solving.options,
            max_sets=max_sets,
            time_limit=solving.time_limit,
        )
    except AtollError as exc:
        raise AtollError(exc.message, field="--target") from None
    if as_json:
        emit_json(answer.to_json())
        return
    where = f"{island.name} [{target[0]},{target[1]}]"
    if not answer.findable:
        click.echo(f"{where}: unfindable — all the deck's clues true there leave another field")
    else:
        size = len(answer.minimal_sets[0])
        click.echo(f"{where}: {_count(size, 'clue')} at the fewest; sets with no redundant clue:")
        for clue_set in answer.minimal_sets:
            click.echo("  " + "; ".join(str(c) for c in clue_set))
    if deck.reconstruction:
        click.echo(deck_note(deck))


def check_hints_out(out_file: str, *inputs: str | None) -> None:
    if not out_file.lower().endswith(".toml"):
        raise AtollError("a hints file is TOML: name a .toml file", field="--out")
    refuse_overwriting_input(out_file, *inputs)


def _puzzle_file(name: str, seed: int, text: str) -> str:
    return (
        f"# A puzzle set by atoll on the map {name} (seed {seed}): the clues at treasure 1 leave\n"
        "# one field. Solve it with: atoll tobago candidates MAP --hints THIS-FILE\n" + text
    )


@click.command("min-clues")
@click.argument("map_spec", metavar="MAP")
@deck_option
@click.option("--out", "out_file", type=click.Path(dir_okay=False), help="Write a heat map PNG.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@rule_options
def min_clues_cmd(
    map_spec: str, deck_file: str | None, out_file: str | None, as_json: bool, solving: Solving
) -> None:
    """The fewest deck clues that pin each field, and the unfindable fields."""
    from models.tobago.island.deck import load_deck
    from models.tobago.island.mapfile import resolve_map
    from solvers.tobago.puzzles import min_clue_counts

    if out_file is not None:
        check_png(out_file, map_spec, deck_file)
    deck = load_deck(deck_file)
    island = resolve_map(map_spec)
    solving.announce("counting the fewest clues for every field")
    counts = min_clue_counts(
        island, deck.distinct(), options=solving.options, time_limit=solving.time_limit
    )
    unfindable = sorted(f for f, k in counts.items() if k is None)
    if out_file is not None:
        from models.tobago.island.heat import save_field_values_png

        write_picture(
            out_file,
            lambda path: save_field_values_png(
                island,
                path,
                counts,
                title=f"{island.name}: fewest clues to pin each field",
                subtitle=deck_note(deck) or None,
                note=map_note(map_spec),
            ),
            quiet=as_json,
        )
    if as_json:
        emit_json(
            {
                "map": island.name,
                "deck": deck.source,
                "reconstruction": deck.reconstruction,
                "unfindable": [list(f) for f in unfindable],
                "min_clues": [[c, r, counts[(c, r)]] for c, r in sorted(counts)],
            }
        )
        return
    histogram: dict[int, int] = {}
    for k in counts.values():
        if k is not None:
            histogram[k] = histogram.get(k, 0) + 1
    click.echo(f"{island.name}: {len(counts)} island fields ({solving.describe()})")
    for k in sorted(histogram):
        need = "field needs" if histogram[k] == 1 else "fields need"
        click.echo(f"  {histogram[k]:4} {need} {_count(k, 'clue')}")
    are = "field is" if len(unfindable) == 1 else "fields are"
    click.echo(f"  {len(unfindable):4} {are} unfindable" + (":" if unfindable else ""))
    if unfindable:
        click.echo("    " + " ".join(f"[{c},{r}]" for c, r in unfindable))
    if deck.reconstruction:
        click.echo(deck_note(deck))


COMMANDS = (why_cmd, rank_cmd, puzzle_cmd, min_clues_cmd)
