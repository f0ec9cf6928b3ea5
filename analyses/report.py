"""The report of a study: one self-contained HTML file, and ``report.json`` beside it with every
number the page shows.

At the top: the findings box (:mod:`analyses.findings`), then the command that made the report,
the atoll version, the date, the study's seed and config, the rule options as a table (value,
default, rule ID; non-defaults marked) and the components (reconstructions labelled). Then the
sections every game gets (:mod:`analyses.sections`), the game's own
(``analyses.reports.<game>.sections(frames, record)``), what each declared rule variant is worth
(:mod:`analyses.variants`), how many games a margin needs, and the games that failed.

``report.json`` holds the same: ``findings``, ``resolution``, ``warnings``, the header
(``atoll``, ``made``, ``command``, ``study``, ``options``, ``components``) and ``numbers`` —
every number of every table with its name, unit, estimate, low, high, n, method, what it is
computed over, and, in a row of a test, its p and adjusted p (README, "report.json").

>>> import tempfile
>>> from pathlib import Path
>>> from analyses.store import StudyStore
>>> from analyses.study import StudyConfig, run_study
>>> with tempfile.TemporaryDirectory() as tmp:
...     config = StudyConfig("southseas", players=2, games=6, seed=1)
...     store = StudyStore.create(tmp, config)
...     _ = run_study(config, store=store)
...     html = write_report(store, Path(tmp) / "report.html").read_text()
...     data = json.loads((Path(tmp) / "report.json").read_text())
>>> "RECONSTRUCTION" in html and "Findings" in html, data["study"]["games"]
(True, 6)
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import jinja2

from analyses.findings import findings_box
from analyses.frames import StudyFrames
from analyses.lengths import events_section, length_section
from analyses.measures import branching_section, ending_section
from analyses.provenance import command_line, option_rows, plain, today
from analyses.sections import GENERIC, errors_section, planning_section, variants_section
from analyses.tables import Section, json_numbers, table_html
from analyses.variants import Variant, VariantRun
from models.core import game_info
from models.files import write_bytes_atomically

__all__ = ["build_sections", "render", "write_pages", "write_report"]


def build_sections(
    frames: StudyFrames, record: dict[str, Any], variants: Mapping[str, VariantRun] | None = None
) -> list[Section]:
    game = record["config"]["game"]
    makers = (*GENERIC, ending_section, length_section, branching_section, events_section)
    found = [make(frames, record) for make in makers]
    module = _game_module(game)
    if module is not None:
        found.extend(module.sections(frames, record))
    if variants:
        custom = getattr(module, "variant_sections", None)
        found.extend(
            custom(frames, record, variants)
            if custom
            else [variants_section(frames, record, variants)]
        )
    found.append(planning_section(frames, record))
    failed = errors_section(frames, record)
    return found + ([failed] if failed else [])


def _game_module(game: str) -> Any:
    try:
        return importlib.import_module(f"analyses.{game}.report")
    except ModuleNotFoundError:
        return None


def component_warnings(record: dict[str, Any]) -> list[str]:
    """A visible line for every reconstructed component the study used."""
    return [
        f"The {name} {'are' if name.endswith('s') else 'is'} a RECONSTRUCTION (atoll's, not "
        f"the published {name}): {part['source']}. "
        "Every number here is about the reconstructed game."
        for name, part in record.get("components", {}).items()
        if part.get("reconstruction")
    ]


def header(record: dict[str, Any], frames: StudyFrames, command: str) -> dict[str, Any]:
    """What the top of the page says of the study (plain values, the same in report.json)."""
    config = record["config"]
    info = game_info(config["game"])
    agents = ", ".join(config["agents"])
    seats = "rotated over the seats" if config["rotate"] else "fixed seats"
    return {
        "atoll": record.get("atoll", "?"),
        "made": today(),
        "command": command,
        "study": {
            "game": info.title,
            "games": len(frames.games),
            "failed": len(frames.errors),
            "of": config["games"],
            "players": config["players"],
            "agents": f"{agents} ({seats})",
            "seed": config["seed"],
            "config hash": record.get("digest", ""),
            "identity": record.get("identity", ""),
        },
        "options": option_rows(info.options, record.get("options", {})),
        "components": [
            {
                "component": name,
                "source": part.get("source", ""),
                "reconstruction": "yes" if part.get("reconstruction") else "",
                "sha256": str(part.get("sha256", ""))[:16],
            }
            for name, part in record.get("components", {}).items()
        ],
    }


def render(template: str, **context: Any) -> str:
    env = jinja2.Environment(loader=jinja2.PackageLoader("analyses", "templates"), autoescape=True)
    env.filters["table"] = table_html
    env.filters["plain"] = plain
    return env.get_template(template).render(**context)


def write_pages(
    path: Path,
    *,
    title: str,
    subtitle: str,
    sections: Sequence[Section],
    top: dict[str, Any],
    record: dict[str, Any],
    extra_warnings: Sequence[str] = (),
) -> Path:
    """Write ``path`` (HTML) and ``report.json`` beside it, atomically, from the sections."""
    config = record["config"]
    box = findings_box(sections, games=top["study"]["games"], players=int(config["players"]))
    box["warnings"] = [*extra_warnings, *box["warnings"]]
    html = render(
        "report.html.j2",
        title=title,
        subtitle=subtitle,
        box=box,
        top=top,
        component_warnings=component_warnings(record),
        sections=sections,
    )
    numbers = [n for s in sections for t in s.tables for n in json_numbers(s.title, t)]
    data = {**top, **box, "title": title, "numbers": numbers}
    text = json.dumps(data, indent=1, allow_nan=False, default=str)
    write_bytes_atomically(path.parent / "report.json", text.encode("utf-8"))
    return write_bytes_atomically(path, html.encode("utf-8"))


def write_report(
    store: Any,
    path: Path,
    variants: Mapping[str, tuple[Variant, Any]] | None = None,
    *,
    command: str | None = None,
) -> Path:
    """Render the report of the study in ``store`` to ``path`` and ``report.json`` beside it
    (atomically); ``variants`` maps a slug to a rule variant and the store it was played into
    (:mod:`analyses.variants`); ``command`` is the command line shown (default: this one)."""
    record = store.record
    frames = store.frames()
    runs = {
        slug: VariantRun(variant, variant_store.frames(), variant_store.record["options"])
        for slug, (variant, variant_store) in (variants or {}).items()
    }
    info = game_info(record["config"]["game"])
    top = header(record, frames, command or command_line())
    return write_pages(
        path,
        title=f"{info.title}: study report",
        subtitle=f"{len(frames.games)} games of {record['config']['players']} players",
        sections=build_sections(frames, record, runs),
        top=top,
        record=record,
    )
