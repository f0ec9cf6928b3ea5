"""``atoll gloryislands replay`` and ``board``: reports, JSON, and one-line errors with exit 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from analyses.cli.main import main

ROOT = Path(__file__).resolve().parents[3]
EXAMPLE = ROOT / "examples" / "gloryislands" / "gull-rock-tie.toml"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def test_replay_reports_the_state(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "gloryislands", "replay", str(EXAMPLE))
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].startswith("board: RECONSTRUCTION")
    assert lines[1] == "round 3 (choose)"
    assert lines[3].startswith("1  H+")
    assert "player 0 (red): ship at e1, route 4; sail field 4 (+20); fame 7" in out
    assert "treasures 2 face down (1 pearls, 1 crowns)" in out
    assert "provisional scores; next: player 0 decides (choose): play red-1" in out


def test_replay_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "gloryislands", "replay", str(EXAMPLE), "--json")
    assert status == 0
    data = json.loads(out)
    assert data["round"] == 3 and data["scores_final"] is False and data["winners"] is None
    assert data["next"]["decision"] == "choose" and data["next"]["player"] == 0
    assert data["fame"] == [7, 4] and data["fame_by_source"][0]["islands"] == 4
    assert (
        data["reconstruction"] == {"board": True}
        and "RECONSTRUCTION" in data["reconstruction_note"]
    )
    island = next(e for e in data["events"] if e["kind"] == "island")
    assert island["fame"] == {"0": 4, "1": 3} and island["rule"] == "GI-I5"
    swap = next(e for e in data["events"] if e["kind"] == "swap")
    assert swap["cards"] == ["red-3a", "blue-3b"]
    assert data["hands"][0] == ["red-1", "red-2", "red-3b", "red-4", "red-5"]


def test_replay_hides_the_secret_cards_until_all_have_chosen(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "s.toml"
    path.write_text('players = 3\nactions = ["p0 play red-5", "p1 play blue-2"]\n')
    status, out, _ = run(capsys, "gloryislands", "replay", str(path))
    assert status == 0 and "cards this round: P0 hidden, P1 hidden" in out
    assert "red-5" in out.split("cards this round")[0]  # still in his hand, as seen by all


def test_replay_events(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "gloryislands", "replay", str(EXAMPLE), "--events")
    assert status == 0
    assert "round 1 player 0: island island Gull Rock" in out


def test_an_illegal_action_is_one_line_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "s.toml"
    path.write_text('players = 2\nactions = ["p0 play red-2", "p1 play blue-1", "p0 move 3"]\n')
    status, out, err = run(capsys, "gloryislands", "replay", str(path))
    assert status == 2 and out == ""
    assert err == (
        f"atoll: error: {path}: actions[2]: round 1: move 3 is not legal: GI-A1: a 2-card "
        "moves the ship 1 to 2 fields, not 3\n"
    )


@pytest.mark.parametrize(
    "body, needle",
    [
        ("players = 2\nactions = [1]\n", "actions[0]: Input should be a valid string"),
        ("players = [\n", "invalid TOML"),
        ('players = 2\nactions = ["fly away"]\n', "actions[0]: cannot read 'fly away'"),
        ("players = 9\n", "Glory Islands is for 2 to 4 players"),
    ],
)
def test_bad_scenarios_exit_2_with_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, body: str, needle: str
) -> None:
    path = tmp_path / "s.toml"
    path.write_text(body)
    status, _, err = run(capsys, "gloryislands", "replay", str(path))
    assert status == 2 and needle in err and err.count("\n") == 1


def test_board_prints_the_components(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "gloryislands", "board")
    assert status == 0
    assert out.startswith("board: RECONSTRUCTION") and "note: RECONSTRUCTION" in out
    assert "  D Kraken Isle: 6 fields" in out and "fame 12/6/3" in out
    assert "cards red: red-1 (1w), red-2 (1b), red-3a (4b)" in out


def test_board_with_a_broken_file_exits_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "b.toml"
    path.write_text("reconstruction = true\n")
    status, _, err = run(capsys, "gloryislands", "board", "--board", str(path))
    assert status == 2 and f"{path}: route: Field required" in err


# -- render -------------------------------------------------------------------------------------
OPENING = ROOT / "examples" / "gloryislands" / "opening-round.toml"
BOARD = ROOT / "models" / "gloryislands" / "data" / "board.toml"


def _png_size(path: Path) -> tuple[int, int]:
    from PIL import Image

    with Image.open(path) as image:
        image.load()  # decodes the whole picture, not only the header
        return image.size


@pytest.mark.parametrize(
    ("source", "extra"), [(OPENING, ()), (OPENING, ("--step", "5")), (BOARD, ())]
)
def test_render_writes_a_png_that_decodes(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, source: Path, extra: tuple[str, ...]
) -> None:
    out = tmp_path / "pictures" / "gi.png"
    status, text, err = run(
        capsys, "gloryislands", "render", str(source), "--out", str(out), *extra
    )
    assert (status, err) == (0, "") and text.strip() == f"wrote {out}"
    assert _png_size(out) == (1200, 960)  # 12 x 9.6 inches at 100 dpi
    assert [p.name for p in out.parent.iterdir()] == ["gi.png"]  # no temporary left behind


def test_render_step_draws_an_earlier_position(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pictures = {}
    for step in ("0", "5", None):
        out = tmp_path / f"gi-{step}.png"
        extra = ("--step", step) if step else ()
        assert (
            run(capsys, "gloryislands", "render", str(OPENING), "--out", str(out), *extra)[0] == 0
        )
        pictures[step] = out.read_bytes()
    assert len(set(pictures.values())) == 3


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--step", "99"], "--step 99: the scenario has 19 actions (0 to 19)"),
        (["--out", "x.jpg"], "--out: the picture is written as PNG: name a .png file"),
        (["--out", str(OPENING)], "is also an input of this command"),
    ],
)
def test_render_bad_input_exits_2_with_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, args: list[str], message: str
) -> None:
    out = ["--out", str(tmp_path / "gi.png")] if "--out" not in args else []
    status, text, err = run(capsys, "gloryislands", "render", str(OPENING), *out, *args)
    assert status == 2 and text == "" and len(err.strip().splitlines()) == 1 and message in err
    assert not (tmp_path / "gi.png").exists()


def test_render_a_broken_file_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    broken = tmp_path / "board.toml"
    broken.write_text("[route]\ncells = []\n")
    status, _, err = run(
        capsys, "gloryislands", "render", str(broken), "--out", str(tmp_path / "b.png")
    )
    assert status == 2 and "route" in err and len(err.strip().splitlines()) == 1
    status, _, err = run(
        capsys,
        "gloryislands",
        "render",
        str(BOARD),
        "--step",
        "1",
        "--out",
        str(tmp_path / "b.png"),
    )
    assert status == 2 and "--step applies to a scenario" in err
