"""The HTML report of a study: one self-contained file, figures embedded, every number with its
confidence interval and sample size, the seed, the options, the agents' strengths, and a visible
note on any reconstructed component data.

Sections every game gets: outcome by seat, agents (win rates, head-to-head, time per move),
scores, game length, how often each event happens, games needed for a margin, failures. A game
adds its own sections through ``analyses.reports.<game>.sections(frames, record)``, and rule
variants to replay on the same seeds (:mod:`analyses.variants`) get a section of what each rule
is worth.

>>> import tempfile
>>> from pathlib import Path
>>> from analyses.store import StudyStore
>>> from analyses.study import StudyConfig, run_study
>>> with tempfile.TemporaryDirectory() as tmp:
...     config = StudyConfig("southseas", players=2, games=6, seed=1)
...     store = StudyStore.create(tmp, config)
...     _ = run_study(config, store=store)
...     html = write_report(store, Path(tmp) / "report.html").read_text()
...     "RECONSTRUCTION" in html and "Outcome by seat" in html
True
"""

from __future__ import annotations

import base64
import dataclasses
import importlib
import io
import json
import math
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import jinja2
import pandas as pd
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from analyses import stats
from analyses.frames import StudyFrames
from analyses.variants import Variant, VariantRun, compared, effect_measures
from models.core import game_info
from models.files import write_bytes_atomically


@dataclasses.dataclass
class Section:
    """One part of a report: tables (caption, HTML), figures (caption, data URI), notes."""

    title: str
    intro: str = ""
    tables: list[tuple[str, str]] = dataclasses.field(default_factory=list)
    figures: list[tuple[str, str]] = dataclasses.field(default_factory=list)
    notes: list[str] = dataclasses.field(default_factory=list)


def figure_uri(fig: Figure) -> str:
    """A figure as an embedded PNG (``data:`` URI)."""
    FigureCanvasAgg(fig)
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=100, bbox_inches="tight", facecolor="white")
    return "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode()


def table_html(frame: pd.DataFrame, *, index: bool = True) -> str:
    """A frame as an HTML table (floats rounded for reading)."""
    return frame.to_html(index=index, float_format=lambda v: f"{v:.3g}", border=0, na_rep="–")


def estimate_cell(e: stats.Estimate, digits: int = 2) -> str:
    """An estimate as ``value [low, high]``; with too few values for an interval, says so.

    >>> estimate_cell(stats.mean([1, 2, 3])), estimate_cell(stats.mean([4]))
    ('2.00 [-0.48, 4.48]', '4.00 (n=1: no interval)')
    """
    if math.isnan(e.low) or math.isnan(e.high):
        return "–" if math.isnan(e.value) else f"{e.value:.{digits}f} (n={e.n}: no interval)"
    return f"{e.value:.{digits}f} [{e.low:.{digits}f}, {e.high:.{digits}f}]"


def sample_note(frames: StudyFrames, record: dict[str, Any]) -> str:
    """What every figure caption says: how many games, which seed."""
    return f"{len(frames.games)} games, study seed {record['config']['seed']}"


# -- the sections every game gets ----------------------------------------------------------------


def outcome_section(frames: StudyFrames, record: dict[str, Any]) -> Section:
    players = frames.players
    result = stats.seat_advantage(players)
    rows = []
    for seat in result.table.index:
        scores = players.loc[players["seat"] == seat, "score"]
        rows.append(
            {
                "seat": seat,
                "games": int(result.table.loc[seat, "games"]),
                "win rate [95% CI]": estimate_cell(result.estimate(seat)),
                "mean score [95% CI]": estimate_cell(stats.mean(scores.to_numpy(float)), 1),
            }
        )
    fig = Figure(figsize=(6, 3))
    ax = fig.subplots()
    table = result.table
    ax.bar(table.index, table["rate"], color="#5d7f94")
    ax.errorbar(
        table.index,
        table["rate"],
        yerr=[table["rate"] - table["low"], table["high"] - table["rate"]],
        fmt="none",
        color="black",
        capsize=4,
    )
    ax.axhline(1 / result.players, color="#c0392b", linestyle="--", label="even share")
    ax.set_xlabel("seat (0 moves first)")
    ax.set_ylabel("win rate")
    ax.set_xticks(list(table.index))
    ax.legend()
    return Section(
        "Outcome by seat",
        "Win rates count a win shared by k tied players as 1/k. A seat advantage shows as a "
        "rate whose interval leaves the even share.",
        tables=[("Seats", table_html(pd.DataFrame(rows), index=False))],
        figures=[
            (
                f"Win rate by seat with 95% intervals; {sample_note(frames, record)}.",
                figure_uri(fig),
            )
        ],
        notes=[
            f"Do all seats win equally often? Chi-square test: statistic {result.chi2:.2f} "
            f"({result.chi2_dof} degrees of freedom), p = {result.chi2_p:.3g}. First player "
            f"against the even share 1/{result.players}: exact binomial "
            f"p = {result.first_seat_p:.3g}."
        ],
    )


def agents_section(frames: StudyFrames, record: dict[str, Any]) -> Section:
    players, timings = frames.players, frames.timings
    merged = players.merge(timings, on=["game", "seat"], how="left")
    rows = []
    for agent, group in merged.groupby("agent"):
        moves = group["moves"].sum()
        rows.append(
            {
                "agent": agent,
                "seats played": len(group),
                "win rate [95% CI]": estimate_cell(
                    stats.rate(float(group["win_share"].sum()), len(group))
                ),
                "mean score [95% CI]": estimate_cell(stats.mean(group["score"].to_numpy(float)), 1),
                "ms per move": 1000 * group["seconds"].sum() / moves if moves else float("nan"),
            }
        )
    section = Section(
        "Agents",
        "How strong each agent is in this study: its win rate over the seats it played (the "
        "even share is 1/players), its score, and how long it thinks.",
        tables=[("Agents", table_html(pd.DataFrame(rows), index=False))],
    )
    if players["agent"].nunique() > 1:
        matrix = stats.win_matrix(players)
        pairs = matrix.pairs.assign(
            **{
                "beats [95% CI]": [
                    f"{r:.2f} [{lo:.2f}, {hi:.2f}]"
                    for r, lo, hi in zip(
                        matrix.pairs["rate"], matrix.pairs["low"], matrix.pairs["high"], strict=True
                    )
                ]
            }
        )[["agent", "opponent", "beats [95% CI]", "n"]]
        section.tables.append(
            ("Head to head (row beats column; ties count half)", table_html(pairs, index=False))
        )
    return section


def scores_section(frames: StudyFrames, record: dict[str, Any]) -> Section:
    players = frames.players
    fig = Figure(figsize=(6.5, 3.2))
    ax = fig.subplots()
    for agent, group in players.groupby("agent"):
        ax.hist(group["score"], bins=20, alpha=0.55, label=str(agent))
    ax.set_xlabel("final score")
    ax.set_ylabel("seats")
    ax.legend()
    described = pd.DataFrame(
        {agent: _describe(group["score"]) for agent, group in players.groupby("agent")}
    ).T
    return Section(
        "Scores",
        tables=[("Final scores by agent", table_html(described))],
        figures=[
            (f"Final score distribution by agent; {sample_note(frames, record)}.", figure_uri(fig))
        ],
    )


def _describe(values: pd.Series) -> dict[str, Any]:
    d = stats.describe(values.to_numpy(float))
    return {k: (estimate_cell(v, 1) if isinstance(v, stats.Estimate) else v) for k, v in d.items()}


def length_section(frames: StudyFrames, record: dict[str, Any]) -> Section:
    games = frames.games
    column = "turns" if "turns" in games.columns else "moves"
    values = games[column].to_numpy(float)
    fig = Figure(figsize=(6, 2.8))
    ax = fig.subplots()
    ax.hist(values, bins=20, color="#86bf6a")
    ax.set_xlabel(column)
    ax.set_ylabel("games")
    return Section(
        "Game length",
        f"Mean {column} per game: {stats.mean(values)}.",
        figures=[(f"Game length ({column}); {sample_note(frames, record)}.", figure_uri(fig))],
    )


def events_section(frames: StudyFrames, record: dict[str, Any]) -> Section:
    events, n = frames.events, len(frames.games)
    kinds = list(game_info(record["config"]["game"]).events)
    counts = events.groupby(["game", "kind"]).size().unstack(fill_value=0)
    counts = counts.reindex(
        index=frames.games["game"], columns=[k.value for k in kinds], fill_value=0
    )
    rows = [
        {
            "event": kind,
            "per game [95% CI]": estimate_cell(stats.mean(counts[kind].to_numpy(float))),
            "games with it": estimate_cell(stats.rate(float((counts[kind] > 0).sum()), n)),
        }
        for kind in counts.columns
    ]
    return Section(
        "How often each rule event happens",
        "Every event kind of the game, absent ones included (a kind that never happened shows 0).",
        tables=[("Events per game", table_html(pd.DataFrame(rows), index=False))],
    )


def planning_section(frames: StudyFrames, record: dict[str, Any]) -> Section:
    rows = [
        {
            "margin (±)": m,
            "games for a rate": stats.games_needed(m),
            "games per variant to compare two rates": stats.games_needed_for_difference(m),
        }
        for m in (0.10, 0.05, 0.02, 0.01)
    ]
    return Section(
        "How many games a margin needs",
        "For a rate near 50% (the worst case), at 95% confidence.",
        tables=[("Games needed", table_html(pd.DataFrame(rows), index=False))],
    )


def errors_section(frames: StudyFrames, record: dict[str, Any]) -> Section | None:
    if frames.errors.empty:
        return None
    shown = frames.errors[["game", "seed", "error"]].head(20)
    return Section(
        "Games that failed",
        f"{len(frames.errors)} games raised; they are recorded with their seed and traceback "
        "(errors table) and left out of every figure above.",
        tables=[("Failures", table_html(shown, index=False))],
    )


GENERIC = (outcome_section, agents_section, scores_section, length_section, events_section)


def effects_html(table: pd.DataFrame) -> str:
    """Paired effects (:func:`analyses.variants.compared`) as an HTML table: each measure in
    the study and the variant and their difference with 95% intervals, 'clear' when the
    difference's interval leaves 0, and the games paired."""
    shown = pd.DataFrame(
        {
            "measure": table["measure"],
            "study [95% CI]": table["study"].map(estimate_cell),
            "variant [95% CI]": table["variant"].map(estimate_cell),
            "difference [95% CI]": table["difference"].map(estimate_cell),
            "clear": table["clear"].map({True: "yes", False: ""}),
            "games": table["n"],
        }
    )
    return table_html(shown, index=False)


def variants_section(frames: StudyFrames, variants: Mapping[str, VariantRun]) -> Section:
    """What each rule variant changes, game by game on the same seeds (paired intervals)."""
    section = Section(
        "What each rule is worth",
        "Each variant replays the study's games from the same seeds with the same agents in "
        "the same seats, one rule changed; a difference is the variant minus the study, game "
        "by game, with its 95% interval. 'clear' marks an interval that excludes 0.",
    )
    for run in variants.values():
        table = compared(effect_measures(frames, run.frames))
        if table.empty:
            section.notes.append(f"{run.variant.label}: fewer than 2 games to pair.")
            continue
        options = json.dumps(dict(run.variant.options), sort_keys=True)
        section.tables.append((f"{run.variant.label} (options {options})", effects_html(table)))
    return section


def build_sections(
    frames: StudyFrames,
    record: dict[str, Any],
    variants: Mapping[str, VariantRun] | None = None,
) -> list[Section]:
    game = record["config"]["game"]
    found = [make(frames, record) for make in GENERIC]
    try:
        module = importlib.import_module(f"analyses.reports.{game}")
    except ModuleNotFoundError:
        module = None
    if module is not None:
        found.extend(module.sections(frames, record))
    if variants:
        custom = getattr(module, "variant_sections", None)
        found.extend(
            custom(frames, record, variants) if custom else [variants_section(frames, variants)]
        )
    found.append(planning_section(frames, record))
    failed = errors_section(frames, record)
    return found + ([failed] if failed else [])


def warnings_of(record: dict[str, Any]) -> list[str]:
    """A visible line for every reconstructed component the study used."""
    return [
        f"The {name} {'are' if name.endswith('s') else 'is'} a RECONSTRUCTION (atoll's, not "
        f"the published {name}): {part['source']}. "
        "Every number here is about the reconstructed game."
        for name, part in record.get("components", {}).items()
        if part.get("reconstruction")
    ]


def facts_of(frames: StudyFrames, record: dict[str, Any]) -> list[tuple[str, str]]:
    config = record["config"]
    return [
        (
            "games",
            f"{len(frames.games)} played, {len(frames.errors)} failed (of {config['games']})",
        ),
        ("players", str(config["players"])),
        (
            "agents",
            ", ".join(config["agents"])
            + ("; rotated over the seats" if config["rotate"] else "; fixed seats"),
        ),
        ("seed", str(config["seed"])),
        ("rule options", json.dumps(record["options"], sort_keys=True)),
        (
            "components",
            "; ".join(f"{n}: {p['source']}" for n, p in record["components"].items()) or "–",
        ),
        ("config hash", record["digest"]),
    ]


def render(template: str, **context: Any) -> str:
    env = jinja2.Environment(loader=jinja2.PackageLoader("analyses", "templates"), autoescape=True)
    return env.get_template(template).render(**context)


def write_report(
    store: Any, path: Path, variants: Mapping[str, tuple[Variant, Any]] | None = None
) -> Path:
    """Render the report of the study in ``store`` to ``path`` (atomically); ``variants`` maps
    a slug to a rule variant and the store it was played into (:mod:`analyses.variants`)."""
    record = store.record
    frames = store.frames()
    runs = {
        slug: VariantRun(variant, variant_store.frames(), variant_store.record["options"])
        for slug, (variant, variant_store) in (variants or {}).items()
    }
    info = game_info(record["config"]["game"])
    html = render(
        "report.html.j2",
        title=f"{info.title}: study report",
        subtitle=f"{len(frames.games)} games of {record['config']['players']} players",
        warnings=warnings_of(record),
        facts=facts_of(frames, record),
        sections=build_sections(frames, record, runs),
        version=record.get("atoll", "?"),
    )
    return write_bytes_atomically(path, html.encode("utf-8"))
