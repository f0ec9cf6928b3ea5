"""The verbs every game shares (replay, render, compare --variant) and ``--component NAME=FILE``
with the old flags it replaces (analyses.cli.position, analyses.cli.components)."""

from __future__ import annotations

import json
from pathlib import Path

import click
import matplotlib.image as mpimg
import pytest

from analyses.cli.components import old_flag
from analyses.cli.main import cli, main
from analyses.plugins import declared, plugin
from models.core import game_class
from models.data import bundled_path
from models.registry import game_names
from tests.games import example_scenario, installed_games

ROOT = Path(__file__).resolve().parents[3]
#: Each game's first example scenario (examples/<game>/).
SCENARIOS = {game: example_scenario(game) for game in installed_games()}


def run(capsys: pytest.CaptureFixture[str], *args: object) -> tuple[int, str, str]:
    status = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("game", sorted(SCENARIOS))
def test_replay_is_the_same_verb_for_every_game(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, text, err = run(capsys, game, "replay", SCENARIOS[game])
    assert (status, err) == (0, "") and text.strip()
    status, out, err = run(capsys, game, "replay", SCENARIOS[game], "--json")
    assert (status, err) == (0, "")
    snap = json.loads(out)
    assert isinstance(snap, dict) and snap
    # --step 0: the scenario's start, before any entry
    status, out, err = run(capsys, game, "replay", SCENARIOS[game], "--json", "--step", "0")
    assert (status, err) == (0, "")
    start = game_class(game).load_scenario(SCENARIOS[game], steps=0)
    assert len(start.history()) <= len(game_class(game).load_scenario(SCENARIOS[game]).history())


@pytest.mark.parametrize("game", sorted(SCENARIOS))
def test_render_is_the_same_verb_for_every_game(
    game: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "deep" / f"{game}.png"
    status, text, err = run(capsys, game, "render", SCENARIOS[game], "--out", out)
    assert (status, err) == (0, "") and text.strip() == f"wrote {out}"
    height, width, _ = mpimg.imread(out).shape
    assert width > 400 and height > 300
    status, _, err = run(capsys, game, "render", SCENARIOS[game], "--out", tmp_path / "x.txt")
    assert status == 2 and err.strip().endswith("the picture is written as PNG: name a .png file")


def test_every_registered_game_has_the_shared_verbs(capsys: pytest.CaptureFixture[str]) -> None:
    for game in game_names():
        status, text, _ = run(capsys, game, "--help")
        assert status == 0
        for verb in ("study", "report", "compare", "verify", "skill", "replay", "render"):
            assert f"  {verb}" in text, (game, verb)


def test_old_component_flags_work_with_a_one_line_note(
    capsys: pytest.CaptureFixture[str],
) -> None:
    board = bundled_path("gloryislands", "board.toml")
    status, new, err = run(capsys, "gloryislands", "board", "--component", f"board={board}")
    assert (status, err) == (0, "")
    status, old, err = run(capsys, "gloryislands", "board", "--board", board)
    assert status == 0 and old == new
    assert err == "atoll: note: --board FILE is deprecated: write --component board=FILE\n"
    tiles = bundled_path("southseas", "tiles.toml")
    status, _, err = run(capsys, "southseas", "tiles", "--tiles", tiles)
    assert status == 0 and err.splitlines() == [
        "atoll: note: --tiles FILE is deprecated: write --component tiles=FILE"
    ]


def test_an_old_flag_and_the_new_one_together_are_one_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    board = bundled_path("gloryislands", "board.toml")
    status, _, err = run(
        capsys, "gloryislands", "board", "--board", board, "--component", f"board={board}"
    )
    assert status == 2 and err.splitlines() == [
        "atoll: error: --board: --board and --component board=... both name the board: give one"
    ]
    status, _, err = run(capsys, "southseas", "tiles", "--component", "board=x.toml")
    assert status == 2 and "has no component 'board'" in err and len(err.splitlines()) == 1


def test_tobagos_render_takes_the_scenario_as_its_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    scenario = SCENARIOS["tobago"]
    status, _, err = run(
        capsys, "tobago", "render", "--game", scenario, "--out", tmp_path / "a.png"
    )
    assert status == 0
    assert err == (
        "atoll: note: --game SCENARIO is deprecated: write `atoll tobago render SCENARIO`\n"
    )
    status, _, err = run(capsys, "tobago", "render", scenario, "--out", tmp_path / "b.png")
    assert (status, err) == (0, "")
    assert (tmp_path / "a.png").read_bytes()[:8] == (tmp_path / "b.png").read_bytes()[:8]


def test_compare_plays_a_declared_variant(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert declared("tobago") == dict(plugin("tobago").variants)
    out = tmp_path / "cmp"
    args = ["tobago", "compare", "--variant", "no-amulets", "--games", "4", "--players", "2"]
    status, text, err = run(capsys, *args, "--workers", "1", "--out", out)
    assert status == 0, err
    variant = json.loads((out / "variant" / "study.json").read_text(encoding="utf-8"))
    assert variant["config"]["options"] == {"amulets_when": "never"}
    assert (out / "compare.html").exists() and "wrote" in text
    status, _, err = run(capsys, "southseas", "compare", "--variant", "x", "--out", tmp_path / "s")
    assert status == 2 and "declares no variant 'x' (its variants: none)" in err


# -- --component on every verb that loads a game (issue 34) ----------------------------------------


def commands() -> list[tuple[str, click.Command]]:
    """Every command of the CLI, by its path (``tobago render``), from the click tree."""
    found = []

    def walk(command: click.Command, path: str) -> None:
        if isinstance(command, click.Group):
            ctx = click.Context(command)
            for name in command.list_commands(ctx):
                sub = command.get_command(ctx, name)
                assert sub is not None
                walk(sub, f"{path} {name}".strip())
        else:
            found.append((path, command))

    walk(cli, "")
    return found


def loads_a_game(command: click.Command) -> bool:
    """Whether a command makes a game: it plays games (--players) or reads a position (a
    SCENARIO argument, --step)."""
    return any(p.name in ("players", "scenario", "step") for p in command.params)


def test_every_verb_that_loads_a_game_takes_component() -> None:
    verbs = [(path, c) for path, c in commands() if loads_a_game(c)]
    games = {path.split()[0] for path, _ in verbs}
    assert games == set(game_names()) and len(verbs) >= 7 * len(games)
    for path, command in verbs:
        names = {opt for p in command.params for opt in getattr(p, "opts", ())}
        assert "--component" in names, path


@pytest.mark.parametrize("verb", ["replay", "render"])
@pytest.mark.parametrize("game", sorted(SCENARIOS))
def test_replay_and_render_read_a_component_file_instead_of_the_scenarios(
    game: str, verb: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    name = game_class(game).info.components[0][0]  # board, tiles, map
    out = ["--out", tmp_path / "x.png"] if verb == "render" else []
    missing = tmp_path / "missing.toml"
    status, _, err = run(
        capsys, game, verb, SCENARIOS[game], *out, "--component", f"{name}={missing}"
    )
    assert status == 2 and "missing.toml" in err and len(err.splitlines()) == 1
    status, text, err = run(capsys, game, verb, SCENARIOS[game], *out)
    assert (status, err) == (0, "")
    flag, old = old_flag(game)
    bundled = {"map": "lagoon", "clues": bundled_path("tobago", "clues.toml")}.get(old)
    given = bundled or bundled_path(game, f"{old}.toml")
    status, again, err = run(capsys, game, verb, SCENARIOS[game], *out, flag, given)
    assert status == 0 and again == text
    assert err == f"atoll: note: {flag} FILE is deprecated: write --component {old}=FILE\n"


def test_tobagos_map_commands_take_the_clue_deck_alone(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["tobago", "candidates", "lagoon", "--hints", "/dev/null", "--component", "map=reef"]
    status, _, err = run(capsys, *args)
    assert status == 2 and "--component: map=...: a command on a MAP takes the clue deck" in err


@pytest.mark.parametrize("verb", ["replay", "render"])
@pytest.mark.parametrize(
    ("game", "theirs"),
    [(g, t) for g in sorted(SCENARIOS) for t in sorted(SCENARIOS) if g != t],
)
def test_a_scenario_of_another_game_names_that_game_and_its_command(
    game: str, theirs: str, verb: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = ["--out", tmp_path / "x.png"] if verb == "render" else []
    # a file with its game's own keys, and one with only the keys every game has
    bare = tmp_path / f"{theirs}.toml"
    entries = game_class(theirs).load_scenario(SCENARIOS[theirs]).scenario()
    bare.write_text(
        f"players = {entries['players']}\nactions = {json.dumps(entries['actions'])}\n",
        encoding="utf-8",
    )
    title = {g: game_class(g).info.title for g in SCENARIOS}
    for file in (SCENARIOS[theirs], bare):
        status, _, err = run(capsys, game, verb, file, *out)
        assert status == 2 and err == (
            f"atoll: error: {file}: a {title[theirs]} scenario, not a {title[game]} one "
            f"(use atoll {theirs} {verb})\n"
        )


@pytest.mark.parametrize("verb", ["replay", "render"])
@pytest.mark.parametrize("game", sorted(SCENARIOS))
def test_a_step_beyond_the_scenarios_end_is_refused_by_every_game(
    game: str, verb: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = ["--out", tmp_path / "x.png"] if verb == "render" else []
    status, _, err = run(capsys, game, verb, SCENARIOS[game], *out, "--step", "999")
    assert status == 2 and len(err.splitlines()) == 1
    assert "--step 999: the scenario has" in err and not (tmp_path / "x.png").exists()
