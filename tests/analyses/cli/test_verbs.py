"""The verbs every game shares (replay, render, compare --variant) and ``--component NAME=FILE``
with the old flags it replaces (analyses.cli.position, analyses.cli.components)."""

from __future__ import annotations

import json
from pathlib import Path

import matplotlib.image as mpimg
import pytest

from analyses.cli.main import main
from analyses.plugins import declared, plugin
from models.core import game_class
from models.data import bundled_path
from models.registry import game_names

ROOT = Path(__file__).resolve().parents[3]
SCENARIOS = {
    "gloryislands": ROOT / "examples" / "gloryislands" / "opening-round.toml",
    "southseas": ROOT / "examples" / "southseas" / "close-island.toml",
    "tobago": ROOT / "examples" / "tobago" / "first-treasure.toml",
}


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
