"""``atoll southseas completable SCENARIO``: could each open feature still be completed with the
tiles left, with how few, and what is it waiting for (:mod:`solvers.southseas.completable`)?

One line per open feature: kind, where (its first piece), tiles so far, the answer (``yes``
with the fewest tiles, ``no`` with its proof, ``unknown`` and why) and what it waits for (the
copies that fit its open positions now and the chance that one of the next ``--draws`` draws is
one). ``--json`` gives everything; ``--out`` draws the fewest-tiles completion of the chosen
feature (``--feature X,Y,PIECE``) or of the first ``yes``. With ``--feature``, an ``unknown``
answer is no answer: exit status 3 and nothing printed, as every solver command does; in the
list of all features an ``unknown`` is printed like any answer.

>>> from click.testing import CliRunner
>>> from pathlib import Path
>>> scenario = str(Path("examples/southseas/close-island.toml"))
>>> result = CliRunner().invoke(completable_cmd, [scenario, "--time-limit", "10"])
>>> result.exit_code, result.output.splitlines()[0].startswith("turn ")
(0, True)
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from typing import Any

import click

from analyses.cli.components import components_options
from analyses.cli.numbers import FloatRange, IntRange, read_int
from analyses.cli.scenarios import check_png, load_position
from models.errors import AtollError
from models.pictures import save_figure
from models.southseas.render_completion import draw_with_tiles
from solvers.limits import DEFAULT_TIME_LIMIT, SolverUnknown
from solvers.southseas.completable import (
    EXHAUST_NODES,
    EXHAUST_NODES_LATE,
    LATE_TILES,
    Completability,
    all_completable,
    completable,
)
from solvers.southseas.waiting import Waiting


class RegionUnknown(SolverUnknown):
    """``unknown`` for want of a larger region, not of time (exit status 3 all the same)."""

    def __init__(self, reason: str, time_limit: float) -> None:
        self.time_limit = time_limit
        RuntimeError.__init__(
            self, f"unknown: {reason} (raise it with --max-positions or --max-nodes)"
        )


def parse_feature(text: str) -> tuple[int, int, int]:
    """``X,Y,PIECE`` as three integers (a one-line error otherwise)."""
    parts = text.split(",")
    if len(parts) != 3:
        raise AtollError(f"{text!r}: write X,Y,PIECE (e.g. 0,0,1)", field="--feature")
    x, y, piece = (
        read_int(p, "--feature", f"{text!r}: X,Y,PIECE are whole numbers") for p in parts
    )
    return x, y, piece


@click.command("completable")
@click.argument("scenario", type=click.Path(dir_okay=False))
@click.option("--feature", "feature_text", help="X,Y,PIECE: only the feature of this piece.")
@components_options("southseas")
@click.option(
    "--draws",
    type=IntRange(1, 1000),
    default=None,
    help="The chances are for the next K draws (default: one round, the players' count).",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.option("--out", "out_file", type=click.Path(dir_okay=False), help="Draw a completion.")
@click.option(
    "--time-limit",
    type=FloatRange(min=0, min_open=True, max=86_400),
    default=DEFAULT_TIME_LIMIT,
    show_default=True,
    help="Seconds each feature's search may take; past it the answer is 'unknown'.",
)
@click.option(
    "--max-positions",
    type=IntRange(1, 10_000),
    default=None,
    help="The largest region of empty positions CP-SAT searches for a feature (default 40).",
)
@click.option(
    "--max-nodes",
    type=IntRange(0, 100_000_000),
    default=None,
    help=(
        "The exhaustive search's budget for a feature before CP-SAT takes over: boards tried, "
        "each counted once per position the feature is open at there (0: no search; default "
        f"{EXHAUST_NODES}, or {EXHAUST_NODES_LATE} with at most {LATE_TILES} tiles left)."
    ),
)
def completable_cmd(
    scenario: str,
    feature_text: str | None,
    components: Mapping[str, str],
    draws: int | None,
    as_json: bool,
    out_file: str | None,
    time_limit: float,
    max_positions: int | None,
    max_nodes: int | None,
) -> None:
    """Whether each open feature (bridge, island, sea region, market) of the position could
    still be completed with the tiles left, in any order: yes (with the fewest tiles), no
    (proven) or unknown; and what it waits for."""
    if out_file is not None:
        check_png(out_file, scenario, *components.values())
    state: Any = load_position("southseas", scenario, components=components)
    k = draws or state.game.num_players
    if feature_text is not None:
        answer = completable(
            state, parse_feature(feature_text), time_limit=time_limit, draws=k,
            max_positions=max_positions, max_nodes=max_nodes,
        )  # fmt: skip
        if answer.answer == "unknown":
            if answer.proof == "time-limit":
                raise SolverUnknown(time_limit)
            raise RegionUnknown(answer.reason, time_limit)
        answers = [answer]
    else:
        answers = all_completable(
            state, time_limit=time_limit, draws=k, max_positions=max_positions,
            max_nodes=max_nodes,
        )  # fmt: skip
    if as_json:
        click.echo(json.dumps(_json(state, answers, k, time_limit), indent=2))
    else:
        _print(state, answers, k)
    if out_file is not None:
        drawn = next((a for a in answers if a.answer == "yes"), None)
        if drawn is None:
            click.echo("nothing drawn: no completion was found", err=True)
            return
        k = drawn.fewest or 0
        title = f"Completing the {drawn.feature.describe()}: {k} tile{'s' if k != 1 else ''}"
        figure = draw_with_tiles(state, drawn.completion, title=title, note="added tiles outlined")
        path = save_figure(figure, out_file, dpi=state.png_dpi)
        click.echo(f"wrote {path}", err=as_json)


def _print(state: Any, answers: list[Completability], draws: int) -> None:
    stack = sum(state.left)
    extra = " and the drawn tile" if state.drawn is not None else ""
    click.echo(f"turn {state.turn}: {stack} tiles in the stack{extra}; chances for {draws} draws")
    if state.game.tiles.reconstruction:
        click.echo("tiles: RECONSTRUCTION (atoll's, not the published list)")
    for a in answers:
        tiles = f"{a.feature.tiles} tile{'s' if a.feature.tiles != 1 else ''}"
        click.echo(f"{a.feature.describe()} ({tiles}): {_answer_text(a)}; {_wait_text(a.waiting)}")
    if not answers:
        click.echo("no open features")


def _answer_text(a: Completability) -> str:
    if a.answer == "yes":
        how = "fewest" if a.minimal else "at most"
        least = f" (at least {a.at_least})" if a.at_least is not None else ""
        return f"yes, {how} {a.fewest} tile{'s' if a.fewest != 1 else ''}{least}"
    return f"{a.answer} ({a.proof}: {a.reason})"


def _wait_text(waiting: Waiting | None) -> str:
    if waiting is None or not waiting.positions:
        return "waits for nothing now"
    parts = [f"({w.position[0]},{w.position[1]}) {w.copies}" for w in waiting.positions]
    return f"waits for {', '.join(parts)} copies; any: {float(waiting.chance):.0%}"


def _json(state: Any, answers: list[Completability], draws: int, time_limit: float) -> Any:
    return {
        "turn": state.turn,
        "stack": sum(state.left),
        "drawn": state.drawn.id if state.drawn is not None else None,
        "draws": draws,
        "time_limit": time_limit,
        "reconstruction": state.game.tiles.reconstruction,
        "features": [answer_json(a) for a in answers],
    }


def answer_json(a: Completability) -> dict[str, Any]:
    """One feature's answer as plain data."""
    f, region, waiting = a.feature, a.region, a.waiting
    return {
        "kind": f.kind.value,
        "at": list(f.at),
        "tiles": f.tiles,
        "needs": [list(q) for q in f.needs],
        "answer": a.answer,
        "proof": a.proof,
        "reason": a.reason,
        "fewest": a.fewest,
        "minimal": a.minimal,
        "at_least": a.at_least,
        "completion": [
            {"tile": p.tile, "at": [p.x, p.y], "rotation": p.rotation} for p in a.completion
        ],
        "region": None if region is None else dataclasses.asdict(region),
        "waiting": None if waiting is None else _waiting_json(waiting),
    }


def _waiting_json(w: Waiting) -> dict[str, Any]:
    return {
        "draws": w.draws,
        "stack": w.stack,
        "copies": w.copies,
        "chance": float(w.chance),
        "chance_exact": str(w.chance),
        "positions": [
            {
                "at": list(p.position),
                "fits": [{"tile": t, "rotations": list(r)} for t, r in p.fits],
                "copies": p.copies,
                "chance": float(p.chance),
                "chance_exact": str(p.chance),
            }
            for p in w.positions
        ],
    }
