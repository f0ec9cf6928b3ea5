"""``atoll GAME study | report | compare``: the same study commands for every game of the registry.

Each game's command group gets them when it is loaded (:func:`add_study_commands`), so the CLI
stays ``atoll GAME VERB`` throughout and a new game needs no new study code.

* ``study`` plays the games and stores the tables (Parquet) in ``--out``; ``--resume`` continues
  a study that was stopped, playing exactly the games it lacks.
* ``report`` does the same and writes ``--out/report.html`` beside the data.
* ``compare`` plays a baseline and a variant (``--option``) on the same seeds and writes
  ``--out/compare.html`` with every difference and its confidence interval.
"""

from __future__ import annotations

import os
import sys
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from models.core import game_info
from models.errors import AtollError


def parse_option(text: str) -> tuple[str, Any]:
    """``name=value`` with a TOML value (``recall=when_empty``, ``ware_supply=40``,
    ``sight=[1,2]``); a bare word is a string."""
    name, sep, value = text.partition("=")
    if not sep or not name.strip():
        raise AtollError(f"expected NAME=VALUE, got {text!r}", field="--option")
    try:
        parsed = tomllib.loads(f"v = {value.strip()}")["v"]
    except tomllib.TOMLDecodeError:
        parsed = value.strip()
    return name.strip(), parsed


def _options(pairs: tuple[str, ...], options_file: str | None, game: str) -> dict[str, Any]:
    base: dict[str, Any] = {}
    if options_file:
        base = game_info(game).options.from_toml(options_file).to_dict()
    base.update(parse_option(p) for p in pairs)
    game_info(game).options.from_mapping(base)  # a bad option fails now, in one line
    return base


def _components(pairs: tuple[str, ...]) -> dict[str, str]:
    out = {}
    for text in pairs:
        name, sep, path = text.partition("=")
        if not sep or not name or not path:
            raise AtollError(f"expected NAME=FILE, got {text!r}", field="--component")
        out[name] = path
    return out


def _study_options(func: Callable[..., None]) -> Callable[..., None]:
    options = [
        click.option("--games", type=click.IntRange(1, 10_000_000), default=100, show_default=True),
        click.option("--players", type=int, help="Players (default: the game's usual number)."),
        click.option(
            "--agents",
            default="random",
            show_default=True,
            help="Agent specs per seat, comma-separated (random, greedy, ismcts, "
            "ismcts:iterations=200); fewer than the players repeat.",
        ),
        click.option("--seed", type=int, default=0, show_default=True, help="Root seed."),
        click.option("--fixed-seats", is_flag=True, help="Do not rotate the agents over seats."),
        click.option(
            "--option", "option_pairs", multiple=True, help="A rule option NAME=VALUE (repeat)."
        ),
        click.option("--options", "options_file", type=click.Path(dir_okay=False)),
        click.option(
            "--component",
            "component_pairs",
            multiple=True,
            help="A component file NAME=FILE (South Seas: tiles=..., ships=...).",
        ),
        click.option(
            "--workers",
            type=click.IntRange(1, 256),
            default=lambda: min(os.cpu_count() or 1, 8),
            help="Local worker processes (default: the cores, up to 8).",
        ),
        click.option("--scheduler", help="A Dask scheduler address: run on that cluster."),
        click.option(
            "--out", "out_dir", required=True, type=click.Path(file_okay=False), help="Folder."
        ),
        click.option("--resume", is_flag=True, help="Continue the study stored in --out."),
    ]
    for option in reversed(options):
        func = option(func)
    return func


def _config(game: str, kw: dict[str, Any], option_pairs: tuple[str, ...]) -> Any:
    from analyses.study import StudyConfig

    info = game_info(game)
    return StudyConfig(
        game=game,
        players=info.check_players(kw["players"]),
        agents=tuple(a.strip() for a in kw["agents"].split(",") if a.strip()),
        games=kw["games"],
        seed=kw["seed"],
        rotate=not kw["fixed_seats"],
        options=_options(option_pairs, kw["options_file"], game),
        components=_components(kw["component_pairs"]),
    )


def _run(config: Any, folder: Path, kw: dict[str, Any]) -> Any:
    from analyses.store import StudyStore
    from analyses.study import run_study

    store = StudyStore.create(folder, config, resume=kw["resume"])
    left = config.games - len(store.done())
    with _progress(left, f"{config.game}: {left} games") as advance:
        return run_study(
            config, workers=kw["workers"], scheduler=kw["scheduler"], store=store, done=advance
        ), store


class _progress:
    """A rich progress bar on stderr when it is a terminal (and the run is not tiny)."""

    def __init__(self, total: int, title: str) -> None:
        self.total, self.title = total, title
        self.bar: Any = None

    def __enter__(self) -> Callable[[int], None]:
        if sys.stderr.isatty() and self.total >= 20:
            from rich.progress import Progress

            self.bar = Progress(transient=True)
            self.bar.start()
            task = self.bar.add_task(self.title, total=self.total)
            return lambda n: self.bar.advance(task, n)
        return lambda n: None

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.stop()


def add_study_commands(group: click.Group, game: str) -> None:
    """Give ``group`` the study, report and compare commands for ``game``."""

    @group.command("study")
    @_study_options
    def study_cmd(out_dir: str, option_pairs: tuple[str, ...], **kw: Any) -> None:
        """Play seeded games with agents and store the tables (Parquet) in --out."""
        config = _config(game, kw, option_pairs)
        frames, _ = _run(config, Path(out_dir), kw)
        click.echo(
            f"{len(frames.games)} games ({len(frames.errors)} failed) in {out_dir}; "
            f"query them with DuckDB: SELECT * FROM '{out_dir}/chunks/*/players.parquet'"
        )

    @group.command("report")
    @_study_options
    @click.option(
        "--no-variants",
        is_flag=True,
        help="Do not replay the game's rule variants (what each rule is worth) beside the study.",
    )
    def report_cmd(
        out_dir: str, option_pairs: tuple[str, ...], no_variants: bool, **kw: Any
    ) -> None:
        """Play (or --resume) a study and write --out/report.html beside its data.

        Where the game declares rule variants (amulets off, a special action off...), each is
        replayed on the same seeds into --out/variants/NAME so the report can show what the
        rule is worth; --no-variants skips them."""
        from analyses.report import write_report
        from analyses.variants import applied, declared, redundant

        config = _config(game, kw, option_pairs)
        _, store = _run(config, Path(out_dir), kw)
        played = {}
        for slug, variant in ({} if no_variants else declared(game)).items():
            if not redundant(config, variant):
                folder = Path(out_dir) / "variants" / slug
                played[slug] = (variant, _run(applied(config, variant), folder, kw)[1])
        path = write_report(store, Path(out_dir) / "report.html", played)
        click.echo(f"wrote {path}")

    @group.command("compare")
    @_study_options
    @click.option("--baseline-option", "baseline_pairs", multiple=True, help="Baseline NAME=VALUE.")
    def compare_cmd(
        out_dir: str, option_pairs: tuple[str, ...], baseline_pairs: tuple[str, ...], **kw: Any
    ) -> None:
        """Play the baseline and a variant (--option) on the same seeds; write compare.html."""
        from analyses.compare import write_comparison

        if not option_pairs:
            raise AtollError("name the variant with --option NAME=VALUE", field="--option")
        base = _config(game, kw, baseline_pairs)
        variant = _config(game, kw, (*baseline_pairs, *option_pairs))
        _, base_store = _run(base, Path(out_dir) / "baseline", kw)
        _, variant_store = _run(variant, Path(out_dir) / "variant", kw)
        path = write_comparison(base_store, variant_store, Path(out_dir) / "compare.html")
        click.echo(f"wrote {path}")
