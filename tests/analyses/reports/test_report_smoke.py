"""Smoke tests: a small report for every registered game, every rule variant its plug-in
declares and every value of every enumerated rule option, and every report section on what a
small study can hold (a rule event that never happened, a section with no rows), with warnings
as errors, so that a path no example takes still runs in CI.

Nothing here names a game, a variant or an option: all come from the registry
(:func:`models.registry.game_names`), the plug-ins (:func:`analyses.plugins.declared`) and each
game's options class. To stay cheap, each game gets one report with its default options (which
plays every declared variant beside the study, as ``report`` does, and then ``compare
--variant`` on the same stores) and a few reports that set many option values at once (each
value other than the default at least once; values that cannot go together go to different
reports), each of a handful of games played in process by the tiny agents.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import shutil
import typing
from pathlib import Path
from typing import Any

import pytest

from analyses.cli.main import main
from analyses.plugins import declared
from analyses.reports.report import build_sections
from analyses.studies.store import StudyStore
from analyses.studies.study import StudyConfig, run_study
from models.core import game_info
from models.errors import AtollError
from models.registry import game_names

GAMES = 4
#: Two players: the 4 games are 2 deals of the duplicate design (unlike agents), the fewest
#: that pair a variant's games with the study's.
PLAYERS = 2
AGENTS = "greedy,random"


def enumerated_values(options: type) -> dict[str, list[Any]]:
    """Each field of an options class whose values are an enumeration (a ``Literal``, an
    ``Enum`` or a switch): the values other than its default, in declared order."""
    hints = typing.get_type_hints(options)
    found: dict[str, list[Any]] = {}
    for field in dataclasses.fields(options):
        kind = hints[field.name]
        if typing.get_origin(kind) is typing.Literal:
            values: list[Any] = list(typing.get_args(kind))
        elif kind is bool:
            values = [True, False]
        elif isinstance(kind, type) and issubclass(kind, enum.Enum):
            values = list(kind)
        else:
            continue
        found[field.name] = [v for v in values if v != field.default]
    return found


def option_sets(game: str) -> list[dict[str, Any]]:
    """Every enumerated option value of ``game`` other than its default, packed into as few
    option sets as the options class accepts together: each value goes into the first set that
    lacks its field and still loads, else starts a new set."""
    options = game_info(game).options
    sets: list[dict[str, Any]] = []
    for field, values in enumerated_values(options).items():
        for value in values:
            for chosen in sets:
                if field not in chosen and _loads(options, {**chosen, field: value}):
                    chosen[field] = value
                    break
            else:
                sets.append({field: value})
    return sets


def _loads(options: Any, values: dict[str, Any]) -> bool:
    try:
        options.from_mapping(values)
    except AtollError:
        return False
    return True


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value.value if isinstance(value, enum.Enum) else value)


CASES = [pytest.param(game, {}, id=f"{game}-defaults-and-variants") for game in game_names()] + [
    pytest.param(game, chosen, id=f"{game}-options-{k}")
    for game in game_names()
    for k, chosen in enumerate(option_sets(game), start=1)
]


def report(capsys: pytest.CaptureFixture[str], out: Path, game: str, *args: str) -> dict[str, Any]:
    """Write a small report in process; its report.json (checked to be written)."""
    argv = [game, "report", "--games", str(GAMES), "--players", str(PLAYERS), "--agents", AGENTS]
    argv += ["--seed", "1"]
    status = main([*argv, "--workers", "1", "--out", str(out), *args])
    err = capsys.readouterr().err
    assert status == 0, err
    assert "Traceback" not in err, err
    assert (out / "report.html").read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    data: dict[str, Any] = json.loads((out / "report.json").read_text(encoding="utf-8"))
    assert data["study"]["games"] == GAMES and data["numbers"]
    return data


@pytest.mark.filterwarnings("error")
@pytest.mark.parametrize(("game", "chosen"), CASES)
def test_a_small_report_runs_for_every_game_variant_and_option_value(
    game: str, chosen: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pairs = [a for name, value in chosen.items() for a in ("--option", f"{name}={_toml(value)}")]
    data = report(capsys, tmp_path, game, *pairs, *(["--no-variants"] if chosen else []))
    changed = {row["option"] for row in data["options"] if row["changed"]}
    assert changed == set(chosen)
    if chosen:
        return
    names = " ".join(n["name"] for n in data["numbers"])
    for slug, variant in declared(game).items():
        assert variant.label in names, slug
        compare_variant(capsys, tmp_path, game, slug)


def compare_variant(capsys: pytest.CaptureFixture[str], study: Path, game: str, slug: str) -> None:
    """``compare --variant SLUG`` on the report's own stores copied in (``--resume`` plays
    nothing more: only the comparison is written)."""
    out = study / "compare" / slug
    for source, folder in ((study, "baseline"), (study / "variants" / slug, "variant")):
        shutil.copytree(source / "chunks", out / folder / "chunks")
        shutil.copy(source / "study.json", out / folder)
    argv = [game, "compare", "--games", str(GAMES), "--players", str(PLAYERS), "--agents", AGENTS]
    argv += ["--seed", "1"]
    status = main([*argv, "--variant", slug, "--workers", "1", "--resume", "--out", str(out)])
    assert status == 0, capsys.readouterr().err
    assert (out / "compare.html").exists()
    json.loads((out / "report.json").read_text(encoding="utf-8"))


def test_the_option_sets_cover_every_enumerated_value() -> None:
    for game in game_names():
        values = enumerated_values(game_info(game).options)
        covered = [(f, v) for chosen in option_sets(game) for f, v in chosen.items()]
        assert sorted(covered, key=repr) == sorted(
            ((f, v) for f, vs in values.items() for v in vs), key=repr
        )
        assert len(covered) == len(set(covered))


@pytest.mark.filterwarnings("error")
@pytest.mark.parametrize("game", game_names())
def test_every_report_section_builds_when_no_rule_event_but_the_first_happened(
    game: str, tmp_path: Path
) -> None:
    """Each game's events reduced to its first one (what a study shows when a rule never came
    up: an empty selection of every kind but one, with the table's own column types)."""
    players = game_info(game).check_players(None)
    config = StudyConfig(game, players=players, games=2, seed=1, agents=("random",))
    store = StudyStore.create(tmp_path, config)
    frames = run_study(config, store=store)
    bare = dataclasses.replace(frames, events=frames.events.groupby("game").head(1))
    assert build_sections(bare, store.record)
