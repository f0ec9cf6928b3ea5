"""``atoll GAME study | report | compare``: the same study commands for every game of the registry.

Each game's command group gets them when it is made (:mod:`analyses.cli.games`), so the CLI
stays ``atoll GAME VERB`` throughout and a new game needs no new study code.

* ``study`` plays the games and stores the tables (Parquet) in ``--out``; ``--resume`` continues
  a study that was stopped, playing exactly the games it lacks.
* ``report`` does the same and writes ``--out/report.html`` beside the data.
* ``compare`` plays a baseline and a variant (``--option``) on the same seeds and writes
  ``--out/compare.html`` with every difference and its confidence interval.
* ``verify`` checks a stored study and says what it finds (:mod:`analyses.studies.verify`).

A stored study is checked before anything in it is used (:mod:`analyses.studies.store`): a chunk
that fails is refused in one line, or with ``--repair`` set aside and its games played again.
"""

from __future__ import annotations

import os
import sys
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click
from click.core import ParameterSource

from analyses.cli.components import component_option, parse_components
from analyses.cli.designs import (
    choose_design,
    design_option,
    say_rounded,
    stored_chance,
    stored_design,
    whole_games,
)
from analyses.cli.numbers import Int, IntRange
from analyses.studies.interrupts import keeping
from analyses.studies.locks import in_use
from models.core import game_info
from models.data import NESTED_TOO_DEEPLY, brief, check_nesting
from models.errors import AtollError
from models.seeds import check_seed
from solvers.agents.spec import split_specs


def parse_option(text: str) -> tuple[str, Any]:
    """``name=value`` with a TOML value (``recall=when_empty``, ``ware_supply=40``,
    ``sight=[1,2]``); a bare word is a string. A value TOML cannot hold (nested too deeply,
    thousands of digits, several lines of keys) is an error naming the option."""
    name, sep, value = text.partition("=")
    if not sep or not name.strip():
        raise AtollError(f"expected NAME=VALUE, got {text!r}", field="--option")
    name, value = name.strip(), value.strip()
    where = f"--option {name}"
    try:
        table = tomllib.loads(f"v = {value}")
    except tomllib.TOMLDecodeError:
        return name, value
    except RecursionError:
        raise AtollError(NESTED_TOO_DEEPLY, field=where) from None
    except ValueError:  # an integer of more digits than Python converts
        raise AtollError("an integer with thousands of digits", field=where) from None
    if set(table) != {"v"}:
        raise AtollError(f"expected one TOML value, got {brief(value)}", field=where)
    try:
        check_nesting(table["v"], source=None)
    except AtollError as exc:
        raise AtollError(exc.message, field=where) from None
    return name, table["v"]


def _options(pairs: tuple[str, ...], options_file: str | None, game: str) -> dict[str, Any]:
    base: dict[str, Any] = {}
    if options_file:
        base = game_info(game).options.from_toml(options_file).to_dict()
    base.update(parse_option(p) for p in pairs)
    return base  # checked once, by the study's config (StudyConfig.check)


DEFAULT_AGENTS = "random"


def check_seed_option(ctx: click.Context, param: click.Parameter, seed: int) -> int:
    """``--seed`` of every command, checked by :func:`models.seeds.check_seed`."""
    return check_seed(seed, "--seed")


def _check_scheduler(ctx: click.Context, param: click.Parameter, address: str | None) -> Any:
    # a malformed address is refused before the study folder is touched
    from analyses.studies.workers import scheduler_address

    return address if address is None else scheduler_address(address)


def _study_options(func: Callable[..., None]) -> Callable[..., None]:
    """The options of every command that plays a study: --games, what to play
    (:func:`play_options`), --out and --resume."""
    options: list[Callable[[Callable[..., Any]], Callable[..., Any]]] = [
        click.option("--games", type=IntRange(1, 10_000_000), default=100, show_default=True),
        play_options,
        click.option(
            "--out", "out_dir", required=True, type=click.Path(file_okay=False), help="Folder."
        ),
        click.option("--resume", is_flag=True, help="Continue the study stored in --out."),
    ]
    for option in reversed(options):
        func = option(func)
    return func


def play_options(func: Callable[..., None]) -> Callable[..., None]:
    """What a study plays and where: players, agents, seed, seats, rule options, components,
    workers or a Dask scheduler (shared by ``study``, ``report``, ``compare`` and ``tune``)."""
    options: list[Callable[[Callable[..., Any]], Callable[..., Any]]] = [
        click.option("--players", type=Int(), help="Players (default: the game's usual number)."),
        click.option(
            "--agents",
            default=DEFAULT_AGENTS,
            show_default=True,
            help="Agent specs, one per seat: random, greedy, ismcts or ismcts:iterations=400,"
            "depth=12 (parameters after a colon, separated by commas or colons). Seats are "
            "separated by commas or ';': greedy,ismcts:iterations=400,depth=12,random (a "
            "NAME=VALUE after a spec with a colon is its parameter) or "
            "greedy;ismcts:iterations=400:depth=12;random. Fewer than the players repeat; "
            "more are an error.",
        ),
        click.option(
            "--agent",
            "agent_specs",
            multiple=True,
            help="One seat's agent spec, taken whole (repeat for each seat); instead of --agents.",
        ),
        click.option(
            "--seed",
            type=Int(),
            default=0,
            show_default=True,
            callback=check_seed_option,
            help="Root seed: a whole number 0 or more.",
        ),
        click.option("--fixed-seats", is_flag=True, help="Do not rotate the agents over seats."),
        design_option,
        click.option(
            "--option", "option_pairs", multiple=True, help="A rule option NAME=VALUE (repeat)."
        ),
        click.option("--options", "options_file", type=click.Path(dir_okay=False)),
        component_option,
        click.option(
            "--workers",
            type=IntRange(1, 256),
            default=lambda: min(os.cpu_count() or 1, 8),
            help="Local worker processes (default: the cores, up to 8).",
        ),
        click.option(
            "--scheduler",
            callback=_check_scheduler,
            help="A Dask scheduler address, HOST:PORT or tcp://HOST:PORT: run on that cluster.",
        ),
    ]
    for option in reversed(options):
        func = option(func)
    return func


def _config(
    game: str,
    kw: dict[str, Any],
    option_pairs: tuple[str, ...],
    stored: str | None = None,
    games_flag: str | None = "--games",
    chance: str = "streams",
) -> Any:
    """The study the options name; ``stored`` is the design of the study being resumed (the
    design when ``--design`` is not given), ``chance`` how it draws chance. Games rounded up
    to whole deals are told as ``games_flag``'s (``None``: the caller tells them, once it has
    checked the rest)."""
    from analyses.studies.study import StudyConfig

    players = game_info(game).check_players(kw["players"])
    agents = _agents(kw, players)
    design = choose_design(kw.get("design"), agents, players, kw["fixed_seats"], stored)
    config = StudyConfig(
        game=game,
        players=players,
        agents=agents,
        games=whole_games(kw["games"], players, design),
        seed=kw["seed"],
        rotate=not kw["fixed_seats"],
        options=_options(option_pairs, kw["options_file"], game),
        components=parse_components(kw["component_pairs"], game),
        design=design,
        chance=chance,
    )
    config.check()  # options and agents read once, here: a bad one is its one line now
    if config.games != kw["games"] and games_flag is not None:
        say_rounded(games_flag, kw["games"], config.games, players)
    return config


def _agents(kw: dict[str, Any], players: int) -> tuple[str, ...]:
    """The agent specs of the seats, from --agent (each whole) or --agents (a list); at most
    one per player (more would never play)."""
    whole, field = tuple(a.strip() for a in kw.get("agent_specs", ())), "--agent"
    if whole and (kw["agents"] != DEFAULT_AGENTS or _given("agents")):
        raise AtollError("give the agents with --agent or with --agents, not both", field=field)
    if not whole:
        whole, field = split_specs(kw["agents"]), "--agents"
    if not whole or not all(whole):
        raise AtollError("name an agent spec (random, greedy, ismcts...)", field=field)
    if len(whole) > players:
        raise AtollError(
            f"{len(whole)} agents for {players} players: name at most one agent per seat",
            field=field,
        )
    return whole


def _given(name: str) -> bool:
    """Whether option ``name`` was given (on the command line or by its environment variable),
    even with its default value."""
    ctx = click.get_current_context(silent=True)
    return ctx is not None and ctx.get_parameter_source(name) in _GIVEN


_GIVEN = (ParameterSource.COMMANDLINE, ParameterSource.ENVIRONMENT, ParameterSource.PROMPT)


def _run(config: Any, folder: Path, kw: dict[str, Any], label: str = "study") -> Any:
    """Play (or resume) one study into ``folder``; ``label`` names the run in the progress
    ("baseline", "variant 2 of 4: hunt = false"). Returns the store (its tables unread: a
    report reads them once)."""
    from analyses.studies.store import StudyStore
    from analyses.studies.study import run_study

    store = StudyStore.create(folder, config, resume=kw["resume"], repair=kw["repair"])
    left = store.left()

    def kept() -> str:
        # the store's own count: a stop held back while a chunk is written is raised as the
        # write ends, before the run hears of the chunk (the folder is the truth)
        return (
            f"{config.games - store.left()} of {config.games} games are kept in {folder}: the "
            "same command with --resume continues"
        )

    with _progress(left, f"{config.game}, {label}: {left} games") as advance, keeping(kept):
        run_study(
            config,
            workers=kw["workers"],
            scheduler=kw["scheduler"],
            store=store,
            done=advance,
            collect=False,
        )
        return store


def _all_kept(folder: str) -> str:
    """What a run stopped while it writes its page kept: every game."""
    return f"every game is kept in {folder}: the same command with --resume writes the page"


def hold(folder: str | Path) -> None:
    """Lock ``folder`` until the running command ends (:mod:`analyses.studies.locks`): another atoll
    run there is a one-line error, and this one is not disturbed by it."""
    click.get_current_context().with_resource(in_use(folder))


class _progress:
    """A rich progress bar on stderr when it is a terminal (and the run is not tiny); without
    a terminal, a line on stderr at every tenth of the games (a log, a CI job)."""

    def __init__(self, total: int, title: str) -> None:
        self.total, self.title = total, title
        self.bar: Any = None
        self.done, self.told = 0, 0

    def __enter__(self) -> Callable[[int], None]:
        if self.total < 20:
            return lambda n: None
        if sys.stderr.isatty():
            from rich.progress import Progress

            self.bar = Progress(transient=True)
            self.bar.start()
            task = self.bar.add_task(self.title, total=self.total)
            return lambda n: self.bar.advance(task, n)
        return self._line

    def _line(self, n: int) -> None:
        self.done += n
        tenth = 10 * self.done // self.total
        if tenth > self.told:  # a line as each tenth is passed, with the share done (not the tenth)
            self.told = tenth
            share = 100 * self.done // self.total
            print(f"atoll: {self.title}: {self.done} done ({share}%)", file=sys.stderr)

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.stop()


def _command() -> str | None:
    """The command line that is running (what a report says made it)."""
    from analyses.reports.provenance import command_line

    obj = click.get_current_context().obj
    return command_line(["atoll", *obj["argv"]]) if isinstance(obj, dict) else None


_repair = click.option(
    "--repair",
    is_flag=True,
    help="Set aside chunks that fail their checks (and chunks without a study.json) and play "
    "their games again, instead of refusing them.",
)


def add_study_commands(group: click.Group, game: str) -> None:
    """Give ``group`` the study, compare and verify commands for ``game`` (``report``:
    :mod:`analyses.cli.report`)."""

    @group.command("study")
    @_study_options
    @_repair
    def study_cmd(out_dir: str, option_pairs: tuple[str, ...], **kw: Any) -> None:
        """Play seeded games with agents and store the tables (Parquet) in --out."""
        folder = Path(out_dir)
        chance = stored_chance(folder, kw)
        config = _config(game, kw, option_pairs, stored_design(folder, kw), chance=chance)
        store = _run(config, Path(out_dir), kw)
        rows = [chunk.rows for chunk in store.survey().sound]  # the manifests count the rows
        played, failed = (sum(r.get(t, 0) for r in rows) for t in ("games", "errors"))
        click.echo(
            f"{played} games ({failed} failed) in {out_dir}; "
            f"query them with DuckDB: SELECT * FROM '{out_dir}/chunks/*/players.parquet'"
        )

    @group.command("compare")
    @_study_options
    @_repair
    @click.option("--baseline-option", "baseline_pairs", multiple=True, help="Baseline NAME=VALUE.")
    @click.option(
        "--variant",
        "variant_slug",
        help="A rule variant the game declares (as the report plays it), instead of or besides "
        "--option.",
    )
    def compare_cmd(
        out_dir: str,
        option_pairs: tuple[str, ...],
        baseline_pairs: tuple[str, ...],
        variant_slug: str | None,
        **kw: Any,
    ) -> None:
        """Play the baseline and a variant (--option, or --variant NAME) on the same seeds;
        write compare.html."""
        from analyses.plugins import declared
        from analyses.reports.compare import write_comparison
        from analyses.reports.variants import applied

        if not option_pairs and variant_slug is None:
            raise AtollError(
                "name the variant with --option NAME=VALUE or --variant NAME", field="--option"
            )
        if kw["games"] < 2:  # a paired difference has no spread from one game
            raise AtollError(
                f"a paired comparison needs at least 2 games, got {kw['games']}", field="--games"
            )
        first = Path(out_dir) / "baseline"
        base = _config(
            game, kw, baseline_pairs, stored_design(first, kw), chance=stored_chance(first, kw)
        )
        same = {**kw, "games": base.games, "design": base.design}  # rounded and noted once
        variant = _config(game, same, (*baseline_pairs, *option_pairs), chance=base.chance)
        named = list(option_pairs)
        if variant_slug is not None:
            known = declared(game)
            if variant_slug not in known:
                has = ", ".join(known) or "none"
                raise AtollError(
                    f"{game} declares no variant {brief(variant_slug)} (its variants: {has})",
                    field="--variant",
                )
            variant = applied(variant, known[variant_slug])
            named.insert(0, variant_slug)
        hold(out_dir)  # compare.html is written beside the two studies
        base_store = _run(base, Path(out_dir) / "baseline", kw, "baseline")
        label = "variant: " + ", ".join(named)
        variant_store = _run(variant, Path(out_dir) / "variant", kw, label)
        with keeping(lambda: _all_kept(out_dir)):
            path = write_comparison(
                base_store, variant_store, Path(out_dir) / "compare.html", command=_command()
            )
        click.echo(f"wrote {path}")

    @group.command("verify")
    @click.argument("folder", type=click.Path(file_okay=False))
    @_repair
    @click.option("--json", "as_json", is_flag=True, help="The findings as JSON.")
    def verify_cmd(folder: str, repair: bool, as_json: bool) -> None:
        """Check a stored study: study.json, every chunk against its manifest, the component
        files against the ones the study was played with. Exit 2 when anything is wrong;
        --repair sets bad chunks aside (the next --resume plays their games again)."""
        from analyses.studies.verify import verify_study

        verify_study(Path(folder), game, repair=repair, as_json=as_json)
