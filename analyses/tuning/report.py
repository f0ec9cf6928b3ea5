"""The page of a tuning (``OUT/report.html``) and its tuned files (``OUT/tuned/`` when the
check finds them better, else ``OUT/candidate/`` with ``VERDICT.txt``:
:mod:`analyses.tuning.verdict`).

Sections: every value tuned (range, start, tuned, whether it changed, inert or at the edge of
its range: :mod:`analyses.tuning.probes`); the objective by trial with the best so far and
against each parameter (:mod:`analyses.tuning.plots`); which parameters mattered (optuna's
PED-ANOVA importances); the check of the winner against the starting values on fresh seeds
(paired, with intervals; its verdict in words; the same-winner agreement of the paired games);
and its side effects — every seat's win share and every measure of the game before and after,
tested in the page's one family, an over-shoot stated (:mod:`analyses.tuning.sideeffects`). The
header names the atoll version, the command, the run's digest, the tuned study's identity and
each component file's SHA-256, as every report does; a tuning of a reconstructed component
says so at the top. The tuned component files (comments and reconstruction labels kept) and the
tuned rule options (``options.toml``) load as they are: ``--component NAME=OUT/tuned/FILE``,
``--options OUT/tuned/options.toml``.
"""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path
from typing import Any

import pandas as pd
import tomlkit

from analyses.plugins import plugin
from analyses.reports.figures import figure_uri
from analyses.reports.pages import header, write_pages
from analyses.reports.tables import Finding, Section, Table
from analyses.statistics import formats
from analyses.studies.store import identity, new_record
from analyses.tuning.check import Checked
from analyses.tuning.params import write_text
from analyses.tuning.plots import seats_figure, slices_figure, trials_figure
from analyses.tuning.probes import at_edge, inert_params
from analyses.tuning.search import Prepared, completed
from analyses.tuning.sideeffects import side_effects
from analyses.tuning.verdict import (
    BETTER,
    CANDIDATE,
    CANNOT_TELL,
    TUNED,
    VERDICT_FILE,
    Verdict,
    verdict,
)
from models.data import read_text

__all__ = ["deliver", "write_report", "write_tuned"]


def write_report(prep: Prepared, study: Any, checked: Checked, folder: Path, command: str) -> Path:
    """Write ``folder/report.html`` (and ``report.json``) and the tuned files (into ``tuned/``
    when the check's verdict is better, else ``candidate/``)."""
    trials = completed(study)
    chosen = min(trials, key=lambda t: (t.value, t.user_attrs.get("k", t.number)))
    said = verdict(checked)
    files = deliver(prep, checked, said, folder)
    inert = inert_params(study)
    own = plugin(prep.run.study.game).metrics
    base, tuned = checked.configs
    effects, seats = side_effects(
        checked.frames, {"config": base.to_dict()}, (dict(base.options), dict(tuned.options)), own
    )
    effects.figures.append(
        (
            f"Each seat's win share under the starting and the tuned values, with 95% intervals "
            f"over {seats['design'].over}, on the check's {checked.games} fresh games.",
            figure_uri(
                seats_figure(
                    seats["seats"]["before"],
                    seats["seats"]["after"],
                    1 / len(seats["seats"]["before"]),
                )
            ),
        )
    )
    sections = [
        _values(prep, chosen.params, files, folder, inert, said),
        _search(prep, trials, chosen.params),
        _importance(prep, study, len(trials)),
        _check(prep, checked, said, seats["agreement"]),
        effects,
    ]
    record = _record(prep, checked, files)
    top = header(record, checked.frames[1], command)
    top["study"]["verdict"] = said.line
    game = top["study"]["game"]
    sections[0].data["verdict"] = {"words": said.words, "line": said.line, "files": said.folder}
    return write_pages(
        folder / "report.html",
        title=f"{game}: tuning for {prep.objective.describe()}",
        subtitle=(
            f"{len(trials)} trial{'s' * (len(trials) != 1)} of {prep.run.study.games} games "
            "each (the same seeds), the "
            f"winner checked on {checked.games} fresh games: {said.words}"
        ),
        sections=sections,
        top=top,
        record=record,
        extra_warnings=at_edge(prep, chosen.params, inert),
    )


def deliver(prep: Prepared, checked: Checked, said: Verdict, out: Path) -> list[Path]:
    """Write the tuned files into ``out/tuned`` when ``said`` is better, else into
    ``out/candidate`` with ``VERDICT.txt``; what an earlier check left in either is removed
    first (a check of the same tuning resumed with more trials may say otherwise: the files
    beside a report are always the ones it speaks of). Returns the files written."""
    for name in (TUNED, CANDIDATE):
        if (out / name).is_dir() and not (out / name).is_symlink():
            shutil.rmtree(out / name)
    folder = out / said.folder
    written = write_tuned(prep, checked, folder)
    if not said.better:
        target = folder / VERDICT_FILE
        write_text(target, f"{said.line}\n")
        written.append(target)
    return written


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


def _record(prep: Prepared, checked: Checked, files: list[Path]) -> dict[str, Any]:
    """What the header reads of the tuned study: its config, rule options, components with
    the SHA-256 of each file's contents (the tuned copies named where they were delivered),
    the atoll version, the run's digest and the tuned study's identity."""
    base, tuned = checked.configs
    made = new_record(tuned, tuned.make_game())
    for part in made["components"].values():  # a game that gives no texts: hash the file
        file = Path(str(part.get("source", "")))
        if not part.get("sha256") and file.is_file():
            part["sha256"] = hashlib.sha256(read_text(file).encode("utf-8")).hexdigest()
    delivered = {f.name: str(f) for f in files}
    components = {}
    for name, part in made["components"].items():
        source = str(part.get("source", ""))
        moved = tuned.components.get(name) != base.components.get(name)
        components[name] = {**part, "source": delivered.get(Path(source).name, source)}
        if not moved:
            components[name]["source"] = source
    return {
        **made,
        "components": components,
        "digest": prep.run.digest,
        "identity": identity(made["config"], components),
        "starting identity": new_record(base, base.make_game())["identity"],
    }


def _values(
    prep: Prepared,
    values: dict[str, Any],
    files: list[Path],
    folder: Path,
    inert: dict[str, tuple[Any, Any]],
    said: Verdict,
) -> Section:
    edges = {line.partition(" = ")[0] for line in at_edge(prep, values, inert)}
    rows = []
    for p in prep.params:
        span = " | ".join(map(str, p.choices)) if p.kind == "choice" else f"{p.low} .. {p.high}"
        start, tuned = prep.start[p.name], values[p.name]
        note = ""
        if p.name in inert:
            note = "inert: {} and {} play identical games".format(*inert[p.name])
        elif p.name in edges:
            note = "at the edge of its range: widen it"
        rows.append(
            {
                "parameter": p.name,
                "range": span,
                "start": start,
                "tuned": round(tuned, 4) if isinstance(tuned, float) else tuned,
                "changed": "yes" if tuned != start else "",
                "note": note,
            }
        )
    shown = ", ".join(str(f.relative_to(folder)) for f in files) or "none (no value changed)"
    where = (
        "They load as they are (--component NAME=FILE, --options options.toml)."
        if said.better
        else f"The check did not find them better ({said.words}): they lie in candidate/, "
        "with VERDICT.txt beside them, not in tuned/."
    )
    section = Section(
        "What was tuned",
        "Every parameter searched, its range, the starting value and the best trial's value. "
        "A parameter is inert when moving it alone played the very same games as the start "
        "(it was then kept at its start); a best value at an end of its range might improve "
        "in a wider one.",
        tables=[Table("Values", pd.DataFrame(rows), over="trials")],
        notes=[f"Files beside this page: {shown}. {where}"],
    )
    section.data["inert"] = {name: list(pair) for name, pair in inert.items()}
    section.data["at_edge"] = sorted(edges)
    return section


def _search(prep: Prepared, trials: list[Any], chosen: dict[str, Any]) -> Section:
    values = [t.value for t in trials]
    table = pd.DataFrame(
        [
            {"trial": t.user_attrs.get("k", t.number) + 1, "objective": t.value, **t.params}
            for t in trials
        ]
    ).sort_values(["objective", "trial"])
    slices = slices_figure(prep.params, [t.params for t in trials], values, prep.start, chosen)
    return Section(
        "The search",
        f"Each trial plays the same {prep.run.study.games} seeded games (common random numbers: "
        "how well this holds luck fixed is the same-winner agreement of the check below); the "
        "sampler is optuna's TPE.",
        tables=[Table("Trials, best first", table, over="the trials' games", folded=True)],
        figures=[
            ("The objective of each trial and the best so far.", figure_uri(trials_figure(values))),
            (
                "The objective against each parameter, one dot a trial; dotted: the starting "
                "value, dashed: the best trial's.",
                figure_uri(slices),
            ),
        ],
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


def _check(prep: Prepared, checked: Checked, said: Verdict, agreement: Any) -> Section:
    places = formats.width_places(
        checked.baseline_interval, checked.tuned_interval, checked.difference_interval
    )

    def cell(value: float, span: tuple[float, float]) -> str:
        return formats.interval(value, *span, places=places)

    rows = [{"values": "starting", "objective": cell(checked.baseline, checked.baseline_interval)}]
    if not checked.same:
        rows += [
            {"values": "tuned", "objective": cell(checked.tuned, checked.tuned_interval)},
            {
                "values": "tuned − starting",
                "objective": cell(checked.difference, checked.difference_interval),
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
    units = "deals" if prep.run.study.design == "duplicate" else "games"
    alike = pd.DataFrame(
        [
            {
                "paired": "same winners under both settings",
                "share": agreement.same,
                "independent games": round(agreement.independent, 3),
            }
        ]
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
            Table(
                f"Same-winner agreement over the check's {agreement.units} paired {units}",
                alike,
                over=f"the check's {units}",
                tested="share",
            ),
        ],
        notes=[
            "Same-winner agreement: the share of the paired games whose winners are the same "
            "under both settings, beside the share independent games of the same winner "
            "frequencies would give. Near 1: the luck of a game is held fixed across settings "
            "and the trials differ by their values; near the independent share: a change of "
            "value reshuffles the game's chance, and the search ranks mostly noise."
        ],
    )
    section.data["same_winner_agreement"] = agreement.to_dict()
    lo, hi = checked.difference_interval
    span = formats.interval(checked.difference, lo, hi, places=places)
    if checked.same:
        text = (
            "No trial beat the starting values: the best trial is the starting values, so "
            "nothing was changed (their objective on the fresh games is above)."
        )
    elif said.words == BETTER:
        text = (
            f"The tuned values lower the objective from {formats.fixed(checked.baseline, places)}"
            f" to {formats.fixed(checked.tuned, places)} (difference {span}) on {checked.games}"
            " fresh games."
        )
    elif said.words == CANNOT_TELL:
        text = (
            f"On {checked.games} fresh games the tuned values cannot be told from the starting "
            f"ones (difference {span}): play more games per trial or more check games."
        )
    elif lo == hi == 0:
        text = (
            f"The tuned values play the very same {checked.games} fresh games as the starting "
            "ones: what they changed does not change play."
        )
    else:
        text = (
            f"On fresh seeds the tuned values do worse than the starting ones (difference "
            f"{span}, {checked.games} games): the search's winner was luck on the trials' seeds."
        )
    section.findings.append(Finding(f"Verdict: {said.words}. {text}"))
    return section
