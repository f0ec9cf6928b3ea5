"""``atoll southseas report`` and ``compare``: a self-contained HTML file beside the data, with
sample sizes, seed, options, agent strengths and the reconstruction note."""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path

import pytest

from analyses.cli.main import main


def run(capsys: pytest.CaptureFixture[str], *args: object) -> tuple[int, str, str]:
    status = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return status, out, err


def test_report_is_one_file_beside_the_data(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "study"  # greedy and random: the duplicate design, 6 deals of 3 games
    common = ["southseas", "report", "--games", "18", "--players", "3", "--seed", "9"]
    status, _text, err = run(
        capsys, *common, "--agents", "greedy,random", "--workers", "2", "--out", out
    )
    assert status == 0, err
    html = unescape((out / "report.html").read_text(encoding="utf-8"))
    assert "RECONSTRUCTION" in html and "tiles" in html and "ships" in html
    assert "<dt>games</dt><dd>18</dd>" in html and "<dt>seed</dt><dd>9</dd>" in html
    assert "<td>recall</td><td>any_turn</td><td>any_turn</td><td>SS-T1</td>" in html
    assert "atoll southseas report --games 18" in html  # the command that made it
    for title in (
        "Findings",
        "What this sample can resolve",
        "Who sat where",
        "Outcome by seat",
        "Agents",
        "Head to head, seat by seat",
        "The tile draw",
        "Where the points come from",
        "How many games a margin needs",
    ):
        assert title in html, title
    assert "Only 18 games" in html  # below the stated sample size: said so
    images = re.findall(r'<img src="data:image/png;base64,', html)
    assert len(images) >= 5  # embedded: the file stands alone
    assert 'src="http' not in html and "<script" not in html
    assert "{" not in re.sub(r"<style>.*?</style>", "", html, flags=re.S)  # no raw JSON
    assert len(list((out / "chunks").glob("*/players.parquet"))) >= 1
    data = json.loads((out / "report.json").read_text())
    assert data["study"]["games"] == 18 and data["numbers"] and data["findings"]
    # files are named as the reader knows them, never by this machine's absolute path
    models = str(Path(__file__).resolve().parents[3] / "models")
    assert models not in html and models not in json.dumps(data)
    sources = {c["component"]: c["source"] for c in data["components"]}
    assert sources["tiles"] == "bundled models/southseas/data/tiles.toml"
    # the same study again continues (nothing to play) only with --resume
    status, _, err = run(capsys, *common, "--agents", "greedy,random", "--out", out)
    assert status == 2 and "--resume" in err
    status, _, err = run(capsys, *common, "--agents", "greedy,random", "--out", out, "--resume")
    assert status == 0, err


def test_compare_reports_every_difference_with_its_interval(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "cmp"
    status, _, err = run(
        capsys,
        "southseas",
        "compare",
        "--games",
        "12",
        "--players",
        "2",
        "--option",
        "recall=never",
        "--workers",
        "1",
        "--out",
        out,
    )
    assert status == 0, err
    html = unescape((out / "compare.html").read_text(encoding="utf-8"))
    assert "recall: any_turn → never" in html and "Findings" in html
    assert "events: recall" in html and "<th>difference</th>" in html
    assert "<th>adjusted p</th>" in html
    assert "random: not measured (the agent ladder has no entry for 2-player" in html
    assert (out / "baseline" / "study.json").exists() and (out / "variant" / "study.json").exists()
    data = json.loads((out / "report.json").read_text())
    assert [s["agent"] for s in data["agent_strength"]] == ["random"]
    names = {n["name"] for n in data["numbers"]}
    table = "Per-game counts: every measure that changed; 12 games paired"
    assert f"{table}: metric events: recall: difference" in names


def test_compare_in_the_duplicate_design_pairs_deal_by_deal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # unlike agents: the duplicate design; a deal's rotations are one unit, not two games
    out = tmp_path / "cmp"
    args = ["southseas", "compare", "--games", "8", "--players", "2", "--agents", "greedy,random"]
    status, _, err = run(capsys, *args, "--option", "recall=never", "--workers", "1", "--out", out)
    assert status == 0, err
    html = unescape((out / "compare.html").read_text(encoding="utf-8"))
    assert "paired deal by deal" in html and "95% interval over deals" in html
    data = json.loads((out / "report.json").read_text())
    differences = [n for n in data["numbers"] if n["column"] == "difference"]
    assert differences and {n["n"] for n in differences} == {4}  # 4 deals of 2 games


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--option", "recall=sometimes"], "recall"),
        (["--option", "nonsense"], "--option: expected NAME=VALUE"),
        (["--agents", "genius"], "agent"),
        (["--players", "9"], "2 to 5 players"),
    ],
)
def test_bad_study_arguments_are_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], needle: str
) -> None:
    status, _, err = run(
        capsys, "southseas", "study", "--games", "2", "--out", tmp_path / "s", *args
    )
    assert status == 2
    assert len(err.strip().splitlines()) == 1 and needle in err and "Traceback" not in err


def test_compare_needs_a_variant(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "southseas", "compare", "--games", "2", "--out", tmp_path)
    assert status == 2 and "--option" in err
