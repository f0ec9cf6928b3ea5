"""The HTML report of one Tobago map, through the shared report machinery
(:mod:`analyses.reports.report`).

Sections: the map; how many clues each field needs (a heat map, unfindable fields crossed out);
the clue cards in random positions; terrain and landmark coverage with the largest areas. Every
figure says what it rests on (positions, seed, deck, rule options); a reconstructed deck and a
bundled map (atoll's design, not a published board section) carry visible notes.
``report.json`` beside the page holds what its top says (map, deck, rule options, positions,
seed, the summary measures) and ``numbers``, every number of its tables, as every report's does.

>>> import json
>>> import tempfile
>>> from pathlib import Path
>>> from models.tobago.island.deck import load_deck
>>> from models.tobago.island.mapfile import load_bundled_map
>>> from analyses.tobago.maps import measure_map
>>> deck = load_deck()
>>> measures = measure_map(load_bundled_map("reef"), deck.cards, positions=10, seed=1)
>>> with tempfile.TemporaryDirectory() as tmp:
...     html = write_map_report(measures, deck, Path(tmp) / "report.html").read_text()
...     numbers = json.loads((Path(tmp) / "report.json").read_text())["numbers"]
...     "RECONSTRUCTION" in html and "Unfindable" in html, len(numbers) > 100
(True, True)
"""

from __future__ import annotations

from collections import Counter
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

import pandas as pd
from matplotlib.figure import Figure

from analyses.reports.figures import dot_plot, figure_uri
from analyses.reports.pages import render, write_report_json
from analyses.reports.provenance import command_line, today
from analyses.reports.tables import Section, Table
from analyses.statistics import formats, stats
from analyses.tobago.maps import MapMeasures
from models.data import bundled_path
from models.files import write_bytes_atomically
from models.tobago.island.deck import Deck
from models.tobago.island.heat import HEAT_TOP, draw_field_values
from models.tobago.island.options import ClueOptions
from models.tobago.island.render import draw_island


def _map_section(measures: MapMeasures, note: str | None) -> Section:
    island = measures.island
    fig = draw_island(island, title=island.name, note=note)
    return Section(
        "The map",
        f"{len(island.island_fields)} island fields on a {island.width}x{island.height} map, "
        f"{len(island.landmarks)} landmarks.",
        figures=[("Terrain, landmarks and the statues' gaze.", figure_uri(fig))],
    )


def _clue_count_section(measures: MapMeasures, deck: Deck, label: str, note: str | None) -> Section:
    island, counts = measures.island, measures.min_clues
    fig = draw_field_values(
        island,
        counts,
        title=f"{island.name}: fewest clues to pin each field",
        subtitle=_RECONSTRUCTION if deck.reconstruction else None,
        note=note,
    )
    tally = Counter("unfindable" if k is None else str(k) for k in counts.values())
    order = [*sorted((k for k in tally if k != "unfindable"), key=int), "unfindable"]
    table = pd.DataFrame(
        [{"fewest clues": k, "fields": tally.get(k, 0)} for k in order if k in tally]
    )
    unfindable = " ".join(f"[{c},{r}]" for c, r in measures.unfindable) or "none"
    return Section(
        "How many clues each field needs",
        "For every field, the fewest clues of the deck, each true there, that leave it as the only "
        "candidate (a set cover solved exactly: bitset search for small counts, CP-SAT beyond). "
        "Unfindable fields cannot be pinned by any set of the deck's clues: a treasure there is "
        f"never found. The colours are one fixed scale, 1 to {HEAT_TOP} or more clues and "
        "unfindable, the same in every map's report, so two maps' pictures compare colour for "
        "colour.",
        tables=[Table("Fields by fewest clues", table, over="random positions")],
        figures=[
            (
                f"Fewest clues per field; deck: {label}.",
                figure_uri(fig),
            ),
        ],
        notes=[f"Unfindable fields: {unfindable}."],
    )


def _cards_section(measures: MapMeasures) -> Section:
    cards = measures.cards.sort_values("legal share")
    legal = [stats.rate(k, n) for k, n in zip(cards["legal"], cards["cells"], strict=True)]
    shown = pd.DataFrame(
        {
            "legal share": legal,
            "mean removed": cards["mean removed"],
            "mean share removed": cards["mean share removed"],
        },
        index=cards.index,
    )
    fig = dot_plot(
        [str(c) for c in cards.index],
        legal,
        xlabel="share of (position, treasure) cells where the card may be laid",
        lowest=True,
    )
    where = f"{measures.positions} random positions x 4 treasures, seed {measures.seed}"
    return Section(
        "Clue cards in random positions",
        "Positions are made by laying 0 to 5 random cards at each treasure where the rules allow "
        "(TB-H2..H4). A card rarely legal is dead weight in a hand; one that removes most "
        "candidates whenever it is legal ends searches quickly.",
        tables=[
            Table(
                "Cards, least often legal first",
                shown,
                over="random positions",
                index=True,
                folded=True,
            )
        ],
        figures=[
            (
                f"The 15 cards least often legal, with 95% intervals; {where}; every card in "
                "the folded table below.",
                figure_uri(fig),
            )
        ],
    )


def _coverage_section(measures: MapMeasures) -> Section:
    terrain = measures.terrain
    fig = Figure(figsize=(6.5, 3))
    ax = fig.subplots()
    ax.bar(terrain.index, terrain["largest area"], color="#86bf6a", label="largest area")
    ax.bar(terrain.index, terrain["second area"], color="#3d6b2c", label="second area")
    ax.set_ylabel("fields")
    ax.legend()
    return Section(
        "Terrain and landmark coverage",
        "Terrain types by fields and areas ('the largest X' clues name the largest area; a close "
        "second makes those clues fragile when a map is redrawn). Landmarks and the sea by the "
        "share of island fields next to one and in sight of one, under the rule options.",
        tables=[
            Table("Terrain types", terrain, over="random positions", index=True),
            Table("Landmarks and the sea", measures.landmarks, over="random positions", index=True),
        ],
        figures=[("Largest and second-largest area of each terrain type.", figure_uri(fig))],
    )


#: What a picture resting on a reconstructed deck says under its title.
_RECONSTRUCTION = "clue deck: RECONSTRUCTION (published breakdown unknown)"


def _deck_label(deck: Deck, folder: Path) -> str:
    """The deck as a reader knows it: the bundled one by its place in atoll, others by their
    path relative to the page's ``folder`` (:func:`analyses.statistics.formats.source`)."""
    if Path(deck.source) == bundled_path("tobago", "clues.toml"):
        return f"atoll's bundled deck, models/tobago/data/clues.toml ({len(deck.cards)} cards)"
    return f"{formats.source(str(deck.source), folder)} ({len(deck.cards)} cards)"


def write_map_report(
    measures: MapMeasures,
    deck: Deck,
    path: Path,
    *,
    options: ClueOptions | None = None,
    map_note: str | None = None,
) -> Path:
    """Render the report of one map to ``path`` and ``report.json`` beside it (atomically)."""
    options = options or ClueOptions()
    island = measures.island
    deck_label = _deck_label(deck, Path(path).parent)
    warnings = []
    if deck.reconstruction:
        warnings.append(
            "The clue deck is a RECONSTRUCTION (atoll's, not the published list): "
            f"{deck_label}. "
            "Every clue count and card figure here is about the reconstructed deck."
        )
    if map_note:
        warnings.append(f"The {map_note}.")
    summary = measures.summary()
    facts = [
        ("map", f"{island.name}: {summary['island fields']} island fields"),
        ("clue deck", deck_label),
        ("rule options", ", ".join(f"{k} = {v}" for k, v in options.to_dict().items())),
        ("random positions", f"{measures.positions}, seed {measures.seed}"),
        (
            "unfindable fields",
            f"{summary['unfindable']} ({summary['unfindable share']:.0%} of the island)",
        ),
        ("mean fewest clues", f"{summary['mean fewest clues']:.2f}"),
    ]
    title = f"Tobago map report: {island.name}"
    sections = [
        _map_section(measures, map_note),
        _clue_count_section(measures, deck, deck_label, map_note),
        _cards_section(measures),
        _coverage_section(measures),
    ]
    html = render(
        "map.html.j2",
        title=title,
        subtitle="Which fields a clue deck can pin, how useful each card is, what the map covers",
        warnings=warnings,
        facts=facts,
        facts_title="Map",
        footer="Every rate is given with its 95% confidence interval and the number of random "
        "positions it rests on; the seed is named above.",
        sections=sections,
        version=_version(),
    )
    head = {
        "title": title,
        "atoll": _version(),
        "made": today(),
        "command": command_line(),
        "map": {"name": island.name, "width": island.width, "height": island.height},
        "deck": {"source": deck_label, "reconstruction": deck.reconstruction},
        "options": options.to_dict(),
        "positions": measures.positions,
        "seed": measures.seed,
        "warnings": warnings,
        "summary": {k: None if v != v else v for k, v in summary.items()},  # nan: null
    }
    write_report_json(path.parent, head, sections)
    return write_bytes_atomically(path, html.encode("utf-8"))


def _version() -> str:
    try:
        return version("atoll")
    except PackageNotFoundError:  # pragma: no cover - running from a source tree
        return "?"
