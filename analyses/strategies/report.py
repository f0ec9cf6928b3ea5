"""The strategy report of a tournament: one HTML page and ``report.json`` beside it, made with
the machinery and to the standards of the study report (:mod:`analyses.reports.pages`).

At the top the findings box: the ranking in one sentence, every pair's "A beats B" or "A and
B cannot be told apart" (one family of tests for the whole page, Holm), what the sample can
resolve, and warnings (too few deals, failed games). Then how the report was made (the command,
atoll, the tournament, rule options, components with reconstructions labelled), and the
sections:

* **The field** — each entrant, what it is and what it does in its own words (its ``about``);
* **Ranking** — Plackett–Luce ratings with 95% intervals over deals (:mod:`.ratings`);
* **Head to head** — every pair's share ahead, its test, the ratings' probability, the matrix
  (:mod:`.headtohead`);
* **Score curves** — each entrant's mean standing per turn with its band (:mod:`.curves`);
* **What each entrant does** — its action frequencies by part of the game (:mod:`.profiles`);
* then the **extra sections** a caller passes in (:data:`SectionMaker`: a function of the
  tournament's frames that returns a section, such as "which decisions matter" of
  :mod:`analyses.strategies.decisions`): their tests join the page's family;
* the games that failed, if any.

Every number of every table is in report.json (with its interval, n and method), beside the
sections' data by name: ``tournament``, ``field``, ``ratings``, ``head_to_head`` and
``score_curves`` (:file:`analyses/schemas/report.schema.json`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from analyses.reports import family
from analyses.reports.pages import header, write_pages
from analyses.reports.provenance import command_line
from analyses.reports.sections import failures_section, small_sample
from analyses.reports.tables import Finding, Section, Table
from analyses.statistics import pergame
from analyses.strategies.curves import curves_section
from analyses.strategies.headtohead import HeadToHead, head_to_head
from analyses.strategies.profiles import profiles_section
from analyses.strategies.ratings import Ratings, fit_ratings, rankings
from analyses.strategies.tournament import TournamentFrames
from models.core import game_info
from models.seeds import keyed_seed

__all__ = ["SectionMaker", "build_sections", "write_strategy_report"]

#: A section another module adds to the strategy report: made from the tournament's frames
#: (None: nothing to add). Its findings with a p-value join the page's one family of tests.
SectionMaker = Callable[[TournamentFrames], Section | None]

#: The keys of :func:`models.seeds.keyed_seed` for the report's random draws (all from the
#: tournament's seed): the coin that breaks ties, the resampled deals, the bootstraps.
TIES, RESAMPLING, BOOTSTRAP = 1, 2, 3


def build_sections(
    frames: TournamentFrames, extra: Sequence[SectionMaker] = ()
) -> tuple[list[Section], HeadToHead]:
    """The report's sections (see the module), adjusted as one family and settled (each
    pair's verdict written, the resolution stated), and the head-to-head they hold."""
    seed = frames.tournament.seed
    seats = frames.seats()
    entrants = frames.entrants
    ranked = rankings(seats, entrants, np.random.default_rng(keyed_seed(seed, TIES)))
    ratings = fit_ratings(ranked, entrants, np.random.default_rng(keyed_seed(seed, RESAMPLING)))
    h2h = head_to_head(seats, ratings)
    order = h2h.order
    sample = f"{len(frames.games)} games, {ratings.deals} deals, tournament seed {seed}"
    sections = [
        field_section(frames),
        ranking_section(seats, ratings, keyed_seed(seed, BOOTSTRAP)),
        h2h.section,
        curves_section(_with_deals(frames, frames.trajectory), order, sample, seed),
        profiles_section(_with_deals(frames, frames.choices), order, sample, seed),
    ]
    for make in extra:
        made = make(frames)
        if made is not None:
            sections.append(made)
    failed = failures_section(
        frames.errors, ["lineup", "game", "seed", "error"], "in their line-up's errors table"
    )
    if failed is not None:
        sections.append(failed)
    family.adjust(sections)  # the page's one family: the verdicts follow from it
    h2h.settle(max(1, len(family.members(sections))))
    return sections, h2h


def _with_deals(frames: TournamentFrames, table: pd.DataFrame) -> pd.DataFrame:
    if table.empty:
        return table
    deals = frames.games[["lineup", "game", "deal"]]
    return table.merge(deals, on=["lineup", "game"], how="inner")


def field_section(frames: TournamentFrames) -> Section:
    """Who played: each entrant's entry, name, kind, file and what it does."""
    rows = [
        {
            "entrant": e.entry,
            "name": e.name,
            "kind": "strategy file" if e.is_strategy else "agent",
            "file": e.source or "–",
            "SHA-256": e.sha256[:16] or "–",
            "about": e.about,
        }
        for e in frames.tournament.field
    ]
    t = frames.tournament
    lineups = t.lineups()
    section = Section(
        "The field",
        f"{len(t.field)} entrants, {len(lineups)} line-ups of {t.players} seats "
        + (
            "(every combination of the entrants)"
            if len(t.field) >= t.players
            else "(every way to fill the seats from the field with every entrant playing, so "
            "each holds the extra seats equally often)"
        )
        + f", each playing the same {t.deals} deals once per rotation of its seats (the "
        "duplicate design, common random numbers).",
        tables=[Table("The entrants", pd.DataFrame(rows), over="games")],
    )
    section.data["tournament"] = t.to_dict()
    section.data["field"] = [e.to_dict() for e in t.field]
    return section


def ranking_section(seats: pd.DataFrame, ratings: Ratings, seed: int) -> Section:
    """The ranking: each entrant's rating with its interval, in Elo-like points, and its win
    share per seat; the order in one sentence for the findings box."""
    rows: list[dict[str, Any]] = []
    for place, i in enumerate(ratings.order(), start=1):
        entrant = ratings.entrants[i]
        mine = seats[seats["entrant"] == entrant]
        shares = mine.groupby("deal")["win_share"].mean().to_numpy(float)
        rows.append(
            {
                "entrant": entrant,
                "rank": place,
                "rating": ratings.estimate(i),
                "Elo-like points": ratings.elo(i),
                "seats": len(mine),
                "win share per seat": pergame.share(shares, seed=seed),
            }
        )
    table = pd.DataFrame(rows)
    listed = "; ".join(
        f"{r['entrant']} {r['rating'].value:+.2f} [{r['rating'].low:+.2f}, {r['rating'].high:+.2f}]"
        for r in rows
    )
    section = Section(
        "Ranking",
        "Each entrant's rating from the finishing order of every game (a Plackett–Luce model, "
        "of which Bradley–Terry is the two-seat case, fitted by choix): the log of its strength, "
        "centred so that the field's mean is 0; an entrant rated r above another finishes ahead "
        "of it with probability 1 / (1 + e^-r). Elo-like points are the same rating times "
        f"{400 / np.log(10):.1f} (400 points: odds of 10 to 1). Intervals: 95%, from "
        f"{len(ratings.replicates)} refits on deals drawn with replacement (the deal the unit: "
        "every line-up plays the same deals). The win share per seat is the plain share of the "
        "games won (ties shared), over deals.",
        tables=[
            Table(
                "Ratings, the strongest first",
                table,
                over="deals (resampled with every game of each deal in every line-up)",
                units={"rating": "log-strength", "Elo-like points": "points"},
            )
        ],
    )
    section.findings.append(
        Finding(
            f"Ranking by Plackett–Luce rating (log-strength, 95% intervals over "
            f"{ratings.deals} deals): {listed}."
        )
    )
    section.notes.append(
        f"Ties: {ratings.ties} of {ratings.games} games had seats level on points and the win; "
        "their order was drawn by a seeded coin for the model (the head-to-head counts them "
        "half). The fit adds a pseudo-rate of 0.01 between every two entrants (choix's alpha), "
        "which keeps a rating finite when one entrant finished ahead of another in every game "
        "they shared."
    )
    section.data["ratings"] = ratings.to_dict()
    small_sample(section, ratings.deals, "deals")
    return section


def _top(frames: TournamentFrames, command: str) -> dict[str, Any]:
    t = frames.tournament
    top = header(frames.records[0], frames, command)  # type: ignore[arg-type]
    top["study"] = {
        "game": game_info(t.game).title,
        "games": len(frames.games),
        "failed": len(frames.errors),
        "of": t.games,
        "players": t.players,
        "entrants": ", ".join(e.entry for e in t.field),
        "line-ups": len(t.lineups()),
        "deals": f"{t.deals} per line-up (the same deals in every line-up)",
        "design": "duplicate: every deal played once per rotation of each line-up",
        "seed": t.seed,
    }
    return top


def write_strategy_report(
    frames: TournamentFrames,
    path: Path,
    *,
    extra: Sequence[SectionMaker] = (),
    command: str | None = None,
) -> Path:
    """Write the strategy report of ``frames`` to ``path`` (HTML) and ``report.json`` beside
    it, atomically; ``extra`` adds sections (:data:`SectionMaker`); ``command`` is the command
    line shown (default: this one).

    >>> import json, tempfile
    >>> from analyses.strategies.field import read_field
    >>> from analyses.strategies.tournament import Tournament, play_tournament, read_tournament
    >>> field = read_field("gloryislands", "low-cards,random")
    >>> t = Tournament.plan("gloryislands", field, players=2, games=8, seed=1)
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     _ = play_tournament(t, Path(tmp))
    ...     page = write_strategy_report(read_tournament(Path(tmp)), Path(tmp) / "report.html")
    ...     data = json.loads((Path(tmp) / "report.json").read_text())
    >>> sorted(data["ratings"]["ratings"]), data["findings"][0][:31]
    (['low-cards', 'random'], 'Ranking by Plackett–Luce rating')
    """
    sections, _ = build_sections(frames, extra)
    record = frames.records[0]
    info = game_info(frames.tournament.game)
    t = frames.tournament
    return write_pages(
        path,
        title=f"{info.title}: strategy report",
        subtitle=f"a tournament of {len(t.field)} entrants, {len(frames.games)} games of "
        f"{t.players} players",
        sections=sections,
        top=_top(frames, command or command_line()),
        record=record,
    )
