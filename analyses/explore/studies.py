"""The studies and reports under the explore app's root: each folder holding a ``study.json``
(a stored study) or a ``report.json`` (a report of ``report``, ``compare``, ``skill`` or
``tune``), with its configuration and its findings as its report states them.

Nothing is recomputed: a study without a report is listed with its configuration and a note
that ``atoll GAME report --resume`` writes one.

>>> import json, tempfile
>>> from pathlib import Path
>>> from analyses.explore.root import Root
>>> with tempfile.TemporaryDirectory() as tmp:
...     folder = Path(tmp) / "s"
...     folder.mkdir()
...     _ = (folder / "study.json").write_text(json.dumps({"config": {"game": "tobago"}}))
...     [(s.path, s.game, s.report) for s in listing(Root(tmp))]
[('s', 'tobago', None)]
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

from analyses.explore.root import MAX_FILE_BYTES, Root
from models.data import parse_json
from models.errors import AtollError
from models.files import read_regular

__all__ = ["StudyEntry", "listing"]

#: The configuration keys shown for a study, in this order (the rest stay in its study.json).
SHOWN = ("game", "games", "players", "agents", "seed", "options", "components", "rotate")


@dataclasses.dataclass(frozen=True)
class StudyEntry:
    """One study or report folder, relative to the root."""

    path: str
    game: str | None
    title: str
    command: str | None
    config: dict[str, Any]
    findings: tuple[str, ...]
    resolution: tuple[str, ...]
    warnings: tuple[str, ...]
    #: The report page, relative to the root (``None``: no report written).
    report: str | None
    problem: str | None

    def report_command(self) -> str:
        """The command that writes this study's report from its stored games (run in the
        root): ``report --resume`` with the study's own settings, which it checks."""
        c = self.config
        words = [f"atoll {self.game or 'GAME'} report"]
        for key in ("games", "players", "seed"):
            if key in c:
                words.append(f"--{key} {c[key]}")
        agents = c.get("agents")
        if isinstance(agents, list) and agents:
            words.append(f"--agents {','.join(str(a) for a in agents)}")
        if c.get("rotate") is False:
            words.append("--fixed-seats")
        options = c.get("options")
        if isinstance(options, dict):
            words += [f"--option {k}={json.dumps(v)}" for k, v in options.items()]
        components = c.get("components")
        if isinstance(components, dict):
            words += [f"--component {k}={v}" for k, v in components.items()]
        return " ".join([*words, f"--out {self.path} --resume"])


def _json(path: Path) -> tuple[dict[str, Any] | None, str | None]:
    if not path.exists():
        return None, None
    try:
        data = parse_json(read_regular(path, MAX_FILE_BYTES).decode("utf-8"), source=path.name)
    except AtollError as exc:  # a pipe, a device, nested too deeply: one line says so
        return None, f"{path.name}: {exc.message}"
    except ValueError as exc:
        return None, f"{path.name}: cannot be read ({exc})"
    if not isinstance(data, dict):
        return None, f"{path.name}: not a JSON object"
    return data, None


def _texts(value: Any) -> tuple[str, ...]:
    if isinstance(value, list):
        return tuple(str(v) for v in value)
    return (str(value),) if value else ()


def _entry(root: Root, folder: Path) -> StudyEntry:
    study, study_problem = _json(folder / "study.json")
    report, report_problem = _json(folder / "report.json")
    config = dict((study or {}).get("config") or {})
    if not config and report and isinstance(report.get("study"), dict):
        config = dict(report["study"])
    shown = {k: config[k] for k in SHOWN if k in config}
    shown.update({k: v for k, v in config.items() if k not in SHOWN})
    page = folder / "report.html"
    name = root.relative(folder) or "."
    return StudyEntry(
        path=name,
        game=str(config["game"]) if "game" in config else None,
        title=str((report or {}).get("title") or _untitled(config, study is not None)),
        command=(report or {}).get("command"),
        config=shown,
        findings=_texts((report or {}).get("findings")),
        resolution=_texts((report or {}).get("resolution")),
        warnings=_texts((report or {}).get("warnings")),
        report=root.relative(page) if page.is_file() and not page.is_symlink() else None,
        problem=study_problem or report_problem,
    )


def _untitled(config: dict[str, Any], is_study: bool) -> str:
    game = config.get("game")
    kind = "study" if is_study else "report"
    return f"{game}: {kind} (no report written yet)" if game else kind


def listing(root: Root) -> list[StudyEntry]:
    """Every study and report folder under the root, in path order."""
    found = sorted(root.folders_with("study.json", "report.json"))
    return [_entry(root, folder) for folder in found]
