"""The folders atoll writes, under the explore app's root, each told as its kind:

* ``study`` — a stored study (``study.json`` and its chunks), no report yet;
* ``report`` — a study with its ``report.html`` (``atoll GAME report``), or a report alone;
* ``compare`` — ``baseline/`` and ``variant/`` studies and ``compare.html``;
* ``skill`` — ``budget-N/`` studies, ``skill.json`` and ``skill.png``;
* ``tune`` — ``tune.json``, the trials' ``tune.db``, ``report.html`` and the ``tuned/`` files
  (or, when the check did not find them better, the ``candidate/`` files and their
  ``VERDICT.txt``).

Each is told with its key facts (read from what it stored: nothing is recomputed), its findings
as its report states them, and, while it is unfinished, the command that finishes it: the CLI
name, the verb that wrote it and its stored settings with ``--resume``
(:mod:`analyses.explore.commands`).

>>> import json, tempfile
>>> from pathlib import Path
>>> from analyses.explore.root import Root
>>> config = {"game": "tobago", "players": 2, "agents": ["random"], "games": 2, "seed": 0}
>>> with tempfile.TemporaryDirectory() as tmp:
...     folder = Path(tmp) / "s"
...     folder.mkdir()
...     _ = (folder / "study.json").write_text(json.dumps({"config": config}))
...     [(s.path, s.kind, s.game, s.report) for s in listing(Root(tmp))]
...     print(listing(Root(tmp))[0].resume)
[('s', 'study', 'tobago', None)]
atoll tobago report --games 2 --players 2 --agent random --seed 0 --out s --resume
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from analyses.explore import commands
from analyses.explore.display import readable
from analyses.explore.records import (
    KINDS,
    StudyEntry,
    cli_name,
    config_facts,
    facts_of,
    outputs_of,
    page_of,
    played,
    read_json,
    resume_or_why,
    title_of,
    told,
)
from analyses.explore.root import Root
from models.errors import AtollError

__all__ = ["KINDS", "MARKERS", "StudyEntry", "entry_at", "kind_of", "listing"]

#: The files that make a folder one atoll wrote (a compare or skill folder begun but not
#: finished holds them only in its studies: ``baseline/``, ``budget-N/``).
MARKERS = ("study.json", "report.json", "report.html", "compare.html", "skill.json", "tune.json")
_BUDGET = re.compile(r"budget-(\d+)")


def kind_of(folder: Path) -> str | None:
    """The kind of folder ``folder`` is (see the module), ``None`` for none atoll wrote."""
    if (folder / "tune.json").is_file():
        return "tune"
    if (folder / "skill.json").is_file() or _budgets(folder):
        return "skill"
    if (folder / "compare.html").is_file() or (folder / "baseline" / "study.json").is_file():
        return "compare"
    if (folder / "study.json").is_file():
        return "report" if (folder / "report.html").is_file() else "study"
    if (folder / "report.json").is_file() or (folder / "report.html").is_file():
        return "report"
    return None


def _budgets(folder: Path) -> dict[int, Path]:
    """A skill trace's budget studies begun in ``folder``: budget -> folder."""
    found = {}
    for child in folder.glob("budget-*"):
        match = _BUDGET.fullmatch(child.name)
        if match and (child / "study.json").is_file():
            found[int(match.group(1))] = child
    return dict(sorted(found.items()))


def _study(root: Root, folder: Path, kind: str, name: str) -> StudyEntry:
    record, problem = read_json(root, folder / "study.json")
    report, report_problem = read_json(root, folder / "report.json")
    config = dict((record or {}).get("config") or {})
    page = page_of(root, folder / "report.html")
    facts = config_facts(config, record or {}) if config else []
    if not config and report and isinstance(report.get("study"), dict):
        facts = list(report["study"].items())
    resume, note = (None, None)
    if page is None and config:
        resume, note = resume_or_why(lambda: commands.report_command(config, name))
    game = cli_name(config.get("game") or (report or {}).get("study", {}).get("game"))
    untitled = "report" if page else "study, no report written yet"
    title = (report or {}).get("title") or f"{title_of(game) if game else name}: {untitled}"
    return StudyEntry(
        name,
        kind,
        game,
        str(title),
        facts=facts_of(facts + played(report)),
        report=page,
        outputs=outputs_of(root, folder, "report.json"),
        resume=resume,
        resume_note=note,
        problem=problem or report_problem,
        **told(report),
    )


def _compare(root: Root, folder: Path, name: str) -> StudyEntry:
    base, problem = read_json(root, folder / "baseline" / "study.json")
    variant, variant_problem = read_json(root, folder / "variant" / "study.json")
    report, report_problem = read_json(root, folder / "report.json")
    base_config = dict((base or {}).get("config") or {})
    variant_config = dict((variant or {}).get("config") or {})
    page = page_of(root, folder / "compare.html")
    base_options = base_config.get("options") or {}
    changed = {
        k: v for k, v in (variant_config.get("options") or {}).items() if base_options.get(k) != v
    }
    facts = config_facts(base_config, base or {}) if base_config else []
    facts.append(("the variant", changed or None))
    study = (report or {}).get("study") or {}
    changes = study.get("games changed by the variant")
    facts += [*played(report), ("games changed by the variant", changes)]
    resume, note = (None, None)
    if page is None and not variant_config:
        note = "its variant had not begun: give the compare command again with --resume"
    elif page is None:
        resume, note = resume_or_why(
            lambda: commands.compare_command(base_config, variant_config, name)
        )
    game = cli_name(base_config.get("game") or study.get("game"))
    title = (report or {}).get("title") or f"{title_of(game)}: comparison, not written yet"
    return StudyEntry(
        name,
        "compare",
        game,
        str(title),
        facts=facts_of(facts),
        report=page,
        outputs=outputs_of(root, folder, "report.json"),
        resume=resume,
        resume_note=note,
        problem=problem or variant_problem or report_problem,
        **told(report),
    )


def _skill(root: Root, folder: Path, name: str) -> StudyEntry:
    told, problem = read_json(root, folder / "skill.json")
    budgets = _budgets(folder)
    plan: dict[str, Any] = dict(told or {})
    resume, note = (None, None)
    if not told:
        resume, note, plan = _skill_resume(root, budgets, name)
    game = cli_name(plan.get("game"))
    facts = [
        ("game", title_of(game) if game else plan.get("game")),
        ("tested agent", plan.get("agent")),
        ("its budget", plan.get("param")),
        ("budgets", [b.get("budget") for b in plan.get("budgets", [])] or list(budgets)),
        ("against", plan.get("against")),
        ("games per budget", plan.get("games")),
        ("players", plan.get("players")),
        ("seed", plan.get("seed")),
        ("more thinking pays", plan.get("pays")),
    ]
    title = f"{title_of(game)}: skill trace" + ("" if told else ", not written yet")
    return StudyEntry(
        name,
        "skill",
        game,
        title,
        command=plan.get("command"),
        facts=facts_of(facts),
        picture=page_of(root, folder / "skill.png"),
        outputs=outputs_of(root, folder, "skill.json"),
        rows=_skill_rows(plan),
        resume=resume,
        resume_note=note,
        problem=problem,
    )


def _skill_resume(
    root: Root, budgets: dict[int, Path], name: str
) -> tuple[str | None, str | None, dict[str, Any]]:
    """The command that finishes a skill trace from its budgets' studies, and its plan."""
    configs = {}
    for budget, folder in budgets.items():
        record, problem = read_json(root, folder / "study.json")
        if record is None or not isinstance(record.get("config"), dict):
            return None, problem or "a budget's study.json holds no config", {}
        configs[budget] = record["config"]
    first, config = next(iter(configs.items()))
    agents = list(config.get("agents") or [])
    try:
        agent, param = commands.split_budget(str(agents[0]), first)
    except (AtollError, IndexError) as exc:
        return None, f"no command can finish it: {exc}", {}
    plan = {k: config.get(k) for k in ("game", "games", "players", "seed", "design")}
    plan.update(agent=agent, param=param, against=agents[1] if len(agents) > 1 else "greedy")
    resume, note = resume_or_why(
        lambda: commands.skill_command(plan["game"], plan, list(configs), name)
    )
    begun = "only the budgets begun are named: add any others it was to play to --budgets"
    return resume, note or begun, plan


def _skill_rows(plan: Mapping[str, Any]) -> tuple[dict[str, str], ...]:
    rows = []
    for b in plan.get("budgets") or []:
        if isinstance(b, Mapping):
            low, high = _number(b.get("low"), 2), _number(b.get("high"), 2)
            rows.append(
                {
                    "budget": readable(b.get("budget")),
                    "win share": _number(b.get("estimate"), 2),
                    "95% interval": f"{low} to {high}" if low and high else "",
                    "games": readable(b.get("n")),
                    "ms a move": _number(b.get("ms_per_move"), 1),
                }
            )
    return tuple(rows)


def _number(value: Any, digits: int) -> str:
    return f"{value:.{digits}f}" if isinstance(value, (int, float)) else ""


def _tune(root: Root, folder: Path, name: str) -> StudyEntry:
    record, problem = read_json(root, folder / "tune.json")
    report, report_problem = read_json(root, folder / "report.json")
    run = dict((record or {}).get("run") or {})
    study = dict(run.get("study") or {})
    page = page_of(root, folder / "report.html")
    facts: list[tuple[str, Any]] = [
        ("parameters searched", run.get("params")),
        ("objective", run.get("objective")),
        ("trials", run.get("trials")),
        ("trials finished", _trials(root, folder / "tune.db")),
        ("games per trial", study.get("games")),
        ("check games", run.get("check_games")),
    ]
    if study:
        facts += [(k, v) for k, v in config_facts(study, {}) if k != "games"]
    resume, note = (None, None)
    if page is None and run:
        resume, note = resume_or_why(lambda: commands.tune_command(run, name))
    game = cli_name(study.get("game"))
    title = (report or {}).get("title") or f"{title_of(game)}: tuning, not finished"
    tuned: tuple[str, ...] = ()  # proven better (tuned/), or not (candidate/ with its verdict)
    for kept in ("tuned", "candidate"):
        if (folder / kept).is_dir():
            under = root.relative(folder / kept)
            tuned += tuple(n for n, _ in root.files(".toml", ".txt", under=under))
    return StudyEntry(
        name,
        "tune",
        game,
        str(title),
        facts=facts_of(facts),
        report=page,
        outputs=outputs_of(root, folder, "report.json") + tuned,
        resume=resume,
        resume_note=note,
        problem=problem or report_problem,
        **told(report),
    )


def _trials(root: Root, db: Path) -> int | None:
    """How many trials a tuning's database holds finished (``None``: it cannot be read)."""
    if not db.is_file():
        return None
    path = root.file(root.relative(db))
    try:
        with sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True, timeout=1) as connection:
            rows = connection.execute("SELECT COUNT(*) FROM trials WHERE state = 'COMPLETE'")
            return int(rows.fetchone()[0])
    except sqlite3.Error:
        return None


def entry_at(root: Root, folder: Path) -> StudyEntry | None:
    """The folder told as its kind (``None``: no folder atoll wrote)."""
    kind = kind_of(folder)
    name = root.relative(folder) or "."
    if kind == "tune":
        return _tune(root, folder, name)
    if kind == "skill":
        return _skill(root, folder, name)
    if kind == "compare":
        return _compare(root, folder, name)
    return _study(root, folder, kind, name) if kind is not None else None


def _owner(folder: Path, root: Root) -> Path:
    """The folder a study belongs to: a compare's ``baseline``/``variant`` and a skill
    trace's ``budget-N`` are parts of their parent."""
    parent = folder.parent
    if folder != root.path and parent.is_relative_to(root.path):
        part = folder.name in ("baseline", "variant") or _BUDGET.fullmatch(folder.name)
        if part and kind_of(parent) in ("compare", "skill"):
            return parent
    return folder


def listing(root: Root) -> list[StudyEntry]:
    """Every folder atoll wrote under the root, in path order."""
    found = sorted({_owner(f, root) for f in root.folders_with(*MARKERS)})
    return [e for f in found if (e := entry_at(root, f)) is not None]
