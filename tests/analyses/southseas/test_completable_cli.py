"""``atoll southseas completable``: one line per open feature, JSON, a picture, and the exit
statuses of bad input (2) and of an unknown answer for one feature (3)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from analyses.cli.main import main
from tests.models.southseas.helpers import SHIPS, TILES


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def scenario(tmp_path: Path, body: str = "") -> str:
    path = tmp_path / "s.toml"
    path.write_text(
        f'players = 2\ntiles = "{TILES}"\nships_file = "{SHIPS}"\n{body}', encoding="utf-8"
    )
    return str(path)


BAND = '[[move]]\ntile = "band"\nat = [0, -1]\n'


def test_the_group_lists_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "southseas", "--help")
    assert status == 0 and "completable" in out


def test_one_line_per_open_feature(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "southseas", "completable", scenario(tmp_path, BAND))
    assert status == 0
    lines = out.splitlines()
    assert lines[0].startswith("turn 2: ")
    island = next(line for line in lines if line.startswith("island at (0,0) piece 0"))
    assert "(2 tiles): yes, fewest 1 tile;" in island and "waits for (0,-2)" in island


def test_json_has_everything(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["southseas", "completable", scenario(tmp_path, BAND), "--json", "--draws", "2"]
    status, out, _ = run(capsys, *args)
    assert status == 0
    data = json.loads(out)
    assert data["draws"] == 2 and data["features"]
    island = next(f for f in data["features"] if f["kind"] == "island" and f["at"] == [0, 0, 0])
    assert island["answer"] == "yes" and island["fewest"] == 1 and island["minimal"]
    [placed] = island["completion"]
    assert placed["tile"] in ("cap", "cap-bare") and placed["at"] == [0, -2]
    wanted = island["waiting"]["positions"][0]
    assert wanted["at"] == [0, -2] and 0 < wanted["chance"] < 1
    assert wanted["chance_exact"].count("/") == 1


def test_one_feature_and_its_picture(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out_file = tmp_path / "c.png"
    file = scenario(tmp_path, BAND)
    args = ["southseas", "completable", file, "--feature", "0,-1,0", "--out", str(out_file)]
    status, out, _ = run(capsys, *args)
    assert status == 0 and out_file.stat().st_size > 10_000
    assert len([line for line in out.splitlines() if " piece " in line]) == 1
    assert f"wrote {out_file}" in out


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--feature", "1,2"], "--feature: '1,2': write X,Y,PIECE"),
        (["--feature", "5,5,0"], "--feature: no tile piece at (5,5) piece 0"),
        (["--out", "x.txt"], "--out: the picture is written as PNG"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], extra: list[str], message: str
) -> None:
    status, out, err = run(capsys, "southseas", "completable", scenario(tmp_path), *extra)
    assert status == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and message in err


def test_an_unknown_answer_for_one_feature_exits_3(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # the start's southern sea cannot close on its three open positions alone, a region of
    # three positions is all that may be searched, and the exhaustive search is off
    args = ["southseas", "completable", scenario(tmp_path), "--feature", "0,0,3"]
    status, out, err = run(capsys, *args, "--max-positions", "3", "--max-nodes", "0")
    assert status == 3 and out == ""
    assert err.startswith("atoll: unknown: no completion within distance 0")
