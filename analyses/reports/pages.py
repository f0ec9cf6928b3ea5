"""A study's HTML page and the ``report.json`` beside it: the header every page of atoll has
(the command, version, date, the study and its options and components, reconstructions
labelled), the template, and writing both files atomically. Used by the study report
(:mod:`analyses.reports.report`), the comparison (:mod:`analyses.reports.compare`) and Tobago's map
report.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import jinja2

from analyses.reports import family
from analyses.reports.findings import findings_box
from analyses.reports.provenance import option_rows, plain, today
from analyses.reports.tables import Section, json_numbers, table_html
from analyses.statistics import formats
from analyses.studies.frames import StudyFrames
from models.core import game_info
from models.files import write_bytes_atomically

__all__ = ["component_warnings", "header", "render", "write_pages", "write_report_json"]


def component_warnings(record: dict[str, Any], folder: Path | None = None) -> list[str]:
    """A visible line for every reconstructed component the study used (its file named as
    :func:`analyses.statistics.formats.source` shows it, relative to ``folder``, the page's)."""
    where = Path.cwd() if folder is None else folder
    return [
        f"The {name} {'are' if name.endswith('s') else 'is'} a RECONSTRUCTION (atoll's, not "
        f"the published {name}): {formats.source(str(part['source']), where)}. "
        "Every number here is about the reconstructed game."
        for name, part in record.get("components", {}).items()
        if part.get("reconstruction")
    ]


def header(record: dict[str, Any], frames: StudyFrames, command: str) -> dict[str, Any]:
    """What the top of the page says of the study (plain values, the same in report.json)."""
    config = record["config"]
    info = game_info(config["game"])
    agents = ", ".join(config["agents"])
    if config.get("design") == "duplicate":
        seats = "design duplicate: every deal played once per rotation of the lineup"
    else:
        seats = "rotated over the seats" if config.get("rotate", True) else "fixed seats"
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
    top = {  # files named relative to the page (atoll's own as "bundled ...")
        **top,
        "components": [
            {**row, "source": formats.source(str(row["source"]), path.parent)}
            for row in top.get("components", [])
        ],
    }
    family.adjust(sections)  # every test of the page is one family
    box = findings_box(sections, games=top["study"]["games"], players=int(config["players"]))
    box["warnings"] = [*extra_warnings, *box["warnings"]]
    html = render(
        "report.html.j2",
        title=title,
        subtitle=subtitle,
        box=box,
        top=top,
        component_warnings=component_warnings(record, path.parent),
        sections=sections,
    )
    write_report_json(path.parent, {**top, **box, "title": title}, sections)
    return write_bytes_atomically(path, html.encode("utf-8"))


def write_report_json(folder: Path, head: dict[str, Any], sections: Sequence[Section]) -> Path:
    """``folder/report.json`` (atomically): ``head``, what the top of the page says, the
    sections' ``data`` by name (``pairing``, ``agent_strength``...), ``notes``, each section's
    notes and figure captions as the page writes them (numbers said in words), and ``numbers``,
    every number of every table of ``sections`` (:func:`json_numbers`)."""
    numbers = [n for s in sections for t in s.tables for n in json_numbers(s.title, t)]
    data = {k: v for s in sections for k, v in s.data.items()}
    # what the page says in words beside its tables (notes, figure captions), by section
    notes = [
        {"section": s.title, "notes": list(s.notes), "captions": [c for c, _ in s.figures]}
        for s in sections
        if s.notes or s.figures
    ]
    whole = {**head, **data, "notes": notes, "numbers": numbers}
    text = json.dumps(whole, indent=1, allow_nan=False, default=str)
    return write_bytes_atomically(folder / "report.json", text.encode("utf-8"))
