"""What the studies pages tell of a folder atoll wrote (:class:`StudyEntry`), and how it is
read from the records the folder keeps (``study.json``, ``report.json``, ``skill.json``,
``tune.json``): JSON read under the root with one line for a damaged file, a game named by its
CLI name, facts written as a designer reads them (:func:`~analyses.explore.display.readable`).
Nothing is recomputed.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from analyses.explore.display import readable
from analyses.explore.root import MAX_FILE_BYTES, Root
from models.data import parse_json
from models.errors import AtollError
from models.files import read_regular
from models.registry import game_info, game_names

__all__ = [
    "KINDS",
    "StudyEntry",
    "cli_name",
    "config_facts",
    "facts_of",
    "outputs_of",
    "page_of",
    "played",
    "read_json",
    "resume_or_why",
    "texts",
    "title_of",
    "told",
]

#: The kinds of folder, as the page names them.
KINDS = {
    "study": "study (no report yet)",
    "report": "study report",
    "compare": "comparison of a variant",
    "skill": "skill trace",
    "tune": "tuning",
}


@dataclasses.dataclass(frozen=True)
class StudyEntry:
    """One folder atoll wrote, relative to the root, told for the studies pages."""

    path: str
    kind: str
    #: The game's CLI name (``gloryislands``), ``None`` when the folder does not say.
    game: str | None
    title: str
    #: The command that wrote it, as its report records it.
    command: str | None
    #: Its key facts, (name, value as a designer reads it).
    facts: tuple[tuple[str, str], ...]
    findings: tuple[str, ...] = ()
    resolution: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()
    #: Its page (report.html, compare.html) relative to the root; ``None``: not written yet.
    report: str | None = None
    #: Its picture (skill.png) relative to the root.
    picture: str | None = None
    #: Other files it wrote that the page links (report.json, skill.json, tuned files).
    outputs: tuple[str, ...] = ()
    #: A skill trace's budgets: one row each (budget, win share, interval, n, time a move).
    rows: tuple[dict[str, str], ...] = ()
    #: The command that finishes it (run in the root), while it is unfinished.
    resume: str | None = None
    #: What to know before running it (or why none can be given).
    resume_note: str | None = None
    problem: str | None = None

    @property
    def kind_title(self) -> str:
        return KINDS[self.kind]


def read_json(root: Root, path: Path) -> tuple[dict[str, Any] | None, str | None]:
    """A JSON object the folder holds (``None`` when absent), or the one line why not."""
    if not path.exists():
        return None, None
    name = root.relative(path)
    try:
        text = read_regular(root.file(name), MAX_FILE_BYTES).decode("utf-8")
        data = parse_json(text, source=name)
    except AtollError as exc:  # a pipe, a device, a link out of the root, nested too deeply
        return None, f"{name}: {exc.message}"
    except ValueError as exc:
        return None, f"{name}: cannot be read ({type(exc).__name__})"
    if not isinstance(data, dict):
        return None, f"{name}: not a JSON object"
    return data, None


def texts(value: Any) -> tuple[str, ...]:
    if isinstance(value, list):
        return tuple(str(v) for v in value)
    return (str(value),) if value else ()


def title_of(game: str | None) -> str:
    """A game's title ("Glory Islands") from its CLI name."""
    return game_info(game).title if game else "a game"


def cli_name(game: Any) -> str | None:
    """The CLI name of a game named by its CLI name or its title ("Glory Islands")."""
    for name in game_names():
        if game == name or game == game_info(name).title:
            return name
    return None


def page_of(root: Root, path: Path) -> str | None:
    return root.relative(path) if path.is_file() and not path.is_symlink() else None


def config_facts(config: Mapping[str, Any], record: Mapping[str, Any]) -> list[tuple[str, Any]]:
    """What a study plays, in a designer's words."""
    game = cli_name(config.get("game"))
    seats = "rotated over the seats" if config.get("rotate", True) else "fixed seats"
    if config.get("design") == "duplicate":
        seats = "duplicate design: every deal played once per rotation of the lineup"
    agents = readable(config.get("agents") or ["random"])
    components = record.get("components") or {}
    made = {k: v.get("reconstruction") for k, v in components.items() if isinstance(v, dict)}
    return [
        ("game", title_of(game) if game else config.get("game")),
        ("games", config.get("games")),
        ("players", config.get("players")),
        ("agents", f"{agents} ({seats})"),
        ("seed", config.get("seed")),
        ("rule options", config.get("options") or "the defaults"),
        ("components", config.get("components") or "the bundled ones"),
        ("reconstructed components", [k for k, v in made.items() if v] or None),
    ]


def played(report: Mapping[str, Any] | None) -> list[tuple[str, Any]]:
    told = (report or {}).get("study")
    if not isinstance(told, Mapping) or "games" not in told:
        return []
    return [("games played", f"{told['games']} ({told.get('failed', 0)} failed)")]


def told(report: Mapping[str, Any] | None) -> dict[str, Any]:
    """What a report.json states: its title, command, findings, resolution and warnings."""
    report = report or {}
    return {
        "command": report.get("command"),
        "findings": texts(report.get("findings")),
        "resolution": texts(report.get("resolution")),
        "warnings": texts(report.get("warnings")),
    }


def facts_of(pairs: list[tuple[str, Any]]) -> tuple[tuple[str, str], ...]:
    return tuple((k, readable(v)) for k, v in pairs if v is not None)


def resume_or_why(make: Callable[[], str]) -> tuple[str | None, str | None]:
    """The finishing command, or (when the record cannot give one) the line why not."""
    try:
        return make(), None
    except (AtollError, KeyError, TypeError) as exc:
        why = exc.one_line() if isinstance(exc, AtollError) else f"missing {exc}"
        return None, f"no command can finish it: {why}"


def outputs_of(root: Root, folder: Path, *names: str) -> tuple[str, ...]:
    return tuple(p for n in names if (p := page_of(root, folder / n)) is not None)
