"""The page of a tuning (``OUT/report.html``) and the tuned files (``OUT/tuned/``).

Sections: every value tuned (range, start, tuned, whether it changed); the objective by trial
with the best so far; which parameters mattered (optuna's PED-ANOVA importances); and the check
of the winner against the starting values on fresh seeds (paired, with intervals, in the
findings box). A tuning of a reconstructed component says so at the top of the page, as every
report does. The tuned component files (comments and reconstruction labels kept) and the
tuned rule options (``options.toml``) load as they are: ``--component NAME=OUT/tuned/FILE``,
``--options OUT/tuned/options.toml``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pandas as pd
import tomlkit
from matplotlib.figure import Figure

from analyses.reports.figures import figure_uri
from analyses.reports.pages import header, write_pages
from analyses.reports.tables import Finding, Section, Table
from analyses.studies.store import atoll_version
from analyses.tuning.check import Checked
from analyses.tuning.params import write_text
from analyses.tuning.search import Prepared, completed


def _cell(value: float, span: tuple[float, float]) -> str:
    return f"{value:.3f} [{span[0]:.3f}, {span[1]:.3f}]"


def write_tuned(prep: Prepared, checked: Checked, folder: Path) -> list[Path]:
    """Copy the tuned component files and write the tuned rule options into ``folder``."""
    tuned = checked.configs[1]
    written = []
    folder.mkdir(parents=True, exist_ok=True)
    for name, path in tuned.components.items():
        if path != prep.run.study.components.get(name) and Path(path).is_file():
            target = folder / Path(path).name
            write_text(target, Path(path).read_text(encoding="utf-8"))
            written.append(target)
    names = [str(p.keys[0]) for p in prep.params if p.target == "option"]
    changed: dict[str, Any] = {name: tuned.options[name] for name in names}
    if changed:
        doc = tomlkit.document()
        doc.add(tomlkit.comment(f"Rule options tuned by atoll ({prep.run.objective})"))
        for key, value in {**dict(prep.run.study.options), **changed}.items():
            doc[str(key)] = value
        target = folder / "options.toml"
        write_text(target, tomlkit.dumps(doc))
        written.append(target)
    return written


def write_report(prep: Prepared, study: Any, checked: Checked, folder: Path, command: str) -> Path:
    """Write ``folder/report.html`` (and ``report.json``) and the tuned files."""
    trials = completed(study)
    chosen = min(trials, key=lambda t: (t.value, t.user_attrs.get("k", t.number)))
    files = write_tuned(prep, checked, folder / "tuned")
    sections = [
        _values(prep, chosen.params, files, folder),
        _search(prep, trials),
        _importance(prep, study, len(trials)),
        _check(prep, checked),
    ]
    tuned = checked.configs[1]
    delivered = {f.name: str(f) for f in files}  # the tuned copies beside the page
    components = {
        name: {**part, "source": delivered.get(Path(path).name, path)}
        for name, part in prep.components.items()
        for path in [tuned.components.get(name, str(part.get("source", "")))]
    }
    record = {
        "config": tuned.to_dict(),
        "components": components,
        "options": tuned.options,
        "atoll": atoll_version(),
        "digest": prep.run.digest,
    }
    top = header(record, checked.frames[1], command)
    game = top["study"]["game"]
    return write_pages(
        folder / "report.html",
        title=f"{game}: tuning for {prep.objective.describe()}",
        subtitle=(
            f"{len(trials)} trials of {prep.run.study.games} games each (the same seeds), the "
            f"winner checked on {checked.games} fresh games"
        ),
        sections=sections,
        top=top,
        record=record,
    )


def _values(prep: Prepared, values: dict[str, Any], files: list[Path], folder: Path) -> Section:
    rows = []
    for p in prep.params:
        span = " | ".join(map(str, p.choices)) if p.kind == "choice" else f"{p.low} .. {p.high}"
        start, tuned = prep.start[p.name], values[p.name]
        rows.append(
            {
                "parameter": p.name,
                "range": span,
                "start": start,
                "tuned": round(tuned, 4) if isinstance(tuned, float) else tuned,
                "changed": "yes" if tuned != start else "",
            }
        )
    shown = ", ".join(str(f.relative_to(folder)) for f in files) or "none (no value changed)"
    return Section(
        "What was tuned",
        "Every parameter searched, its range, the starting value and the best trial's value.",
        tables=[Table("Values", pd.DataFrame(rows), over="trials")],
        notes=[
            f"Tuned files beside this page: {shown}. They load as they are "
            "(--component NAME=FILE, --options options.toml)."
        ],
    )


def _search(prep: Prepared, trials: list[Any]) -> Section:
    values = [t.value for t in trials]
    fig = Figure(figsize=(6.5, 3))
    ax = fig.subplots()
    ax.plot(range(len(values)), values, "o", color="#5d7f94", markersize=4, label="trial")
    best = pd.Series(values).cummin()
    ax.step(range(len(values)), best, where="post", color="#c0392b", label="best so far")
    ax.set_xlabel("trial")
    ax.set_ylabel("objective (lower is better)")
    ax.legend(frameon=False, fontsize=8)
    table = pd.DataFrame(
        [
            {"trial": t.user_attrs.get("k", t.number), "objective": t.value, **t.params}
            for t in trials
        ]
    ).sort_values(["objective", "trial"])
    return Section(
        "The search",
        f"Each trial plays the same {prep.run.study.games} seeded games (common random numbers), "
        "so trials differ by their values, not their luck; the sampler is optuna's TPE.",
        tables=[Table("Trials, best first", table, over="the trials' games", folded=True)],
        figures=[("The objective of each trial and the best so far.", figure_uri(fig))],
    )


def _importance(prep: Prepared, study: Any, count: int) -> Section:
    section = Section(
        "Which parameters mattered",
        "How much of the objective's variation over the trials each parameter explains "
        "(optuna's PED-ANOVA importance, which compares the best trials with the rest; it "
        "describes these trials, it is not a test).",
    )
    if len(prep.params) < 2 or count < 4:
        section.notes.append("Fewer than two parameters or four trials: nothing to apportion.")
        return section
    import optuna

    found = optuna.importance.get_param_importances(
        study, evaluator=optuna.importance.PedAnovaImportanceEvaluator()
    )
    section.tables.append(
        Table(
            "Importance",
            pd.DataFrame([{"parameter": k, "importance": round(v, 3)} for k, v in found.items()]),
            over="trials",
        )
    )
    return section


def _check(prep: Prepared, checked: Checked) -> Section:
    rows = [
        {"values": "starting", "objective": _cell(checked.baseline, checked.baseline_interval)},
    ]
    if not checked.same:
        rows += [
            {"values": "tuned", "objective": _cell(checked.tuned, checked.tuned_interval)},
            {
                "values": "tuned − starting",
                "objective": _cell(checked.difference, checked.difference_interval),
            },
        ]
    base_rows = prep.objective.rows(checked.frames[0])
    tuned_rows = prep.objective.rows(checked.frames[1])
    terms = []
    for (weight, term), b, t in zip(prep.objective.terms, base_rows, tuned_rows, strict=True):
        one = type(prep.objective)(((1.0, term),), term.name)
        terms.append(
            {
                "term": term.name,
                "weight": weight,
                "starting": round(one.value_of([b]), 4),
                "tuned": round(one.value_of([t]), 4),
            }
        )
    section = Section(
        "The winner on fresh seeds",
        f"The best trial's values and the starting values, each played on the same "
        f"{checked.games} games from seeds no trial used (root seed {checked.seed}): the "
        "objective of each and the difference, with 95% intervals from resampling the games "
        "jointly. The best of many noisy trials looks better on the trials' own seeds than it "
        "is; this is the number to trust.",
        tables=[
            Table("Starting against tuned", pd.DataFrame(rows), over="games"),
            Table("Each term", pd.DataFrame(terms), over="games"),
        ],
    )
    lo, hi = checked.difference_interval
    if checked.same:
        section.findings.append(
            Finding(
                "No trial beat the starting values: the best trial is the starting values, so "
                "nothing was changed (their objective on the fresh games is above)."
            )
        )
    elif checked.clear and checked.difference < 0:
        section.findings.append(
            Finding(
                f"The tuned values lower the objective from {checked.baseline:.3f} to "
                f"{checked.tuned:.3f} (difference {checked.difference:.3f} [{lo:.3f}, {hi:.3f}]) "
                f"on {checked.games} fresh games."
            )
        )
    elif checked.clear:
        section.findings.append(
            Finding(
                f"On fresh seeds the tuned values do worse than the starting ones (difference "
                f"{checked.difference:.3f} [{lo:.3f}, {hi:.3f}], {checked.games} games): the "
                "search's winner was luck on the trials' seeds."
            )
        )
    else:
        section.warnings.append(
            f"On {checked.games} fresh games the tuned values cannot be told from the starting "
            f"ones (difference {checked.difference:.3f} [{lo:.3f}, {hi:.3f}]): play more "
            "games per trial or more check games."
        )
    return section
