"""``atoll GAME verify DIR``: what a stored study holds and whether all of it can be trusted.

It checks study.json against itself, every chunk against its manifest and the study
(:func:`analyses.studies.manifest.survey`), and the component files as they are now against the
ones the study was played with; it lists what is not the store's own and what a killed run left
behind. Nothing is changed unless ``repair`` is given: then bad chunks are set aside, and the next
``--resume`` plays their games again. Anything wrong ends in one line and exit status 2.

>>> import tempfile
>>> from analyses.studies.study import StudyConfig, run_study
>>> from analyses.studies.store import StudyStore
>>> with tempfile.TemporaryDirectory() as tmp:
...     config = StudyConfig("gloryislands", players=2, games=3, seed=1)
...     _ = run_study(config, store=StudyStore.create(tmp, config))
...     found = findings(StudyStore.open(tmp))
>>> found["games"], found["bad"], found["components"]
({'stored': 3, 'of': 3}, [], {'board': 'same'})
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from analyses.studies.locks import in_use
from analyses.studies.store import StudyStore, atoll_version, new_record
from models.errors import AtollError


def findings(store: StudyStore) -> dict[str, Any]:
    """What a check of ``store`` finds (plain values, as ``verify --json`` prints them)."""
    found = store.survey()
    config = store.config
    return {
        "folder": str(store.folder),
        "game": config.game,
        "players": config.players,
        "agents": list(config.agents),
        "seed": config.seed,
        "atoll": {"study": store.record["atoll"], "installed": atoll_version()},
        "games": {"stored": len(found.games()), "of": config.games},
        "chunks": len(found.sound),
        "bad": [{"chunk": str(c.path), "problem": c.problem} for c in found.bad],
        "foreign": [str(p) for p in found.foreign],
        "leftovers": [str(p) for p in (*found.staging, *sorted(store.folder.glob(".*.part")))],
        "components": _components(store),
    }


def _components(store: StudyStore) -> dict[str, str]:
    """Each component as it is now: ``same``, ``changed`` or why it cannot be read."""
    try:
        now = new_record(store.config, store.config.make_game())["components"]
    except AtollError as exc:
        return {name: f"cannot be read: {exc}" for name in store.record["components"]}
    out = {}
    for name, entry in sorted(store.record["components"].items()):
        digest = now.get(name, {}).get("sha256")
        out[name] = "same" if digest == entry.get("sha256") else "changed"
    return out


def verify_study(folder: Path, game: str, *, repair: bool = False, as_json: bool = False) -> None:
    """Print what a check of the study in ``folder`` finds; an error when something is wrong
    (after ``repair`` has set bad chunks aside, only what it could not mend)."""
    store = StudyStore.open(folder)
    if store.config.game != game:
        raise AtollError(
            f"holds a {store.config.game} study: check it with atoll {store.config.game} verify",
            source=folder,
        )
    found = findings(store)
    if repair:
        with in_use(folder):  # no chunk is moved under a run that is writing the study
            for chunk in store.survey().bad:
                chunk_set_aside = store.set_aside(chunk.path)
                found.setdefault("set_aside", []).append(str(chunk_set_aside))
    click.echo(json.dumps(found, indent=2) if as_json else _text(found))
    problems = [] if repair else [f"{len(found['bad'])} bad chunks"] * bool(found["bad"])
    changed = [n for n, s in found["components"].items() if s != "same"]
    if changed:
        verb = "differs" if len(changed) == 1 else "differ"
        problems.append(f"the {' and '.join(changed)} {verb} from the study's")
    if problems:
        raise AtollError("; ".join(problems) + " (see above)", source=folder)


def _text(found: dict[str, Any]) -> str:
    games, versions = found["games"], found["atoll"]
    lines = [
        f"study {found['folder']}: {found['game']}, {found['players']} players, agents "
        f"{', '.join(found['agents'])}, seed {found['seed']}; begun by atoll {versions['study']}"
        + (
            ""
            if versions["study"] == versions["installed"]
            else f" (this is {versions['installed']})"
        ),
        f"games: {games['stored']} of {games['of']} stored"
        + (
            f"; {games['of'] - games['stored']} to play (--resume)"
            if games["stored"] < games["of"]
            else ""
        ),
        f"chunks: {found['chunks']} sound, {len(found['bad'])} bad, "
        f"{len(found['foreign'])} foreign",
    ]
    lines += [f"  bad: {b['chunk']}: {b['problem']}" for b in found["bad"]]
    lines += [f"  foreign (not used): {p}" for p in found["foreign"]]
    lines += [f"  set aside: {p}" for p in found.get("set_aside", [])]
    lines.append("components: " + ", ".join(f"{n} {s}" for n, s in found["components"].items()))
    if found["leftovers"]:
        lines.append(f"left by a killed run (removed by the next run): {len(found['leftovers'])}")
    return "\n".join(lines)
