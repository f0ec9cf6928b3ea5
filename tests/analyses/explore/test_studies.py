"""The studies pages: every folder atoll writes (study, report, compare, skill, tune) listed as
its kind and opened with a page of its own; an unfinished one with the command that finishes
that very study."""

from __future__ import annotations

import json
import shlex
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from analyses.cli.main import main
from analyses.explore.root import Root
from analyses.explore.server import Running
from analyses.explore.studies import listing
from tests.analyses.explore.browser import browser, page
from tests.analyses.explore.conftest import request

__all__ = ["browser", "page"]  # the fixtures

GI = ["gloryislands", "--players", "2", "--workers", "1"]
#: Each kind of folder, as a tiny run writes it, and what is taken away to leave it unfinished.
UNFINISHED = {
    "deep/ss": ("study", "report", ()),
    "cmp": ("compare", "compare", ("compare.html", "report.json")),
    "sk": ("skill", "skill", ("skill.json", "skill.png")),
    "tu": ("tune", "tune", ("report.html", "report.json")),
}


def _atoll(*argv: str) -> None:
    assert main(list(argv)) == 0, shlex.join(argv)


@pytest.fixture(scope="module")
def studies_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("studies")
    common = ["--players", "2", "--seed", "1"]
    assert (
        main(
            [
                "gloryislands",
                "report",
                "--games",
                "6",
                *common,
                "--no-strategies",
                "--out",
                str(folder / "gi"),
            ]
        )
        == 0
    )
    out = str(folder / "deep" / "ss")
    assert main(["southseas", "study", "--games", "3", *common, "--out", out]) == 0
    game, *rest = GI
    _atoll(
        game, "compare", "--games", "2", *rest, "--variant", "no-hunt", "--out", str(folder / "cmp")
    )
    _atoll(game, "skill", "--games", "2", *rest, "--budgets", "2,4", "--out", str(folder / "sk"))
    tune = ["--param", "option:sunk_pirates=stay|removed", "--objective", "seats"]
    tune += ["--trials", "2", "--games-per-trial", "2", "--check-games", "2"]
    _atoll(game, "tune", *rest, *tune, "--out", str(folder / "tu"))
    (folder / "broken").mkdir()
    (folder / "broken" / "study.json").write_text("{not json")
    return folder


@pytest.fixture(scope="module")
def studies_server(studies_root: Path) -> Iterator[str]:
    with Running(studies_root) as url:
        yield url


def test_every_folder_atoll_writes_is_listed_as_its_kind(studies_root: Path) -> None:
    found = {s.path: s for s in listing(Root(studies_root))}
    kinds = {path: s.kind for path, s in found.items()}
    assert kinds == {
        "broken": "study",
        "cmp": "compare",
        "deep/ss": "study",
        "gi": "report",
        "sk": "skill",
        "tu": "tune",
    }
    report = json.loads((studies_root / "gi" / "report.json").read_text())
    gi = found["gi"]
    assert gi.game == "gloryislands" and gi.report == "gi/report.html" and gi.resume is None
    assert gi.findings == tuple(report["findings"]) and gi.findings
    facts = dict(gi.facts)
    assert facts["games"] == "6" and facts["players"] == "2" and facts["rule options"]
    assert facts["agents"] == "random (rotated over the seats)"
    ss = found["deep/ss"]
    assert (
        ss.report is None
        and ss.findings == ()
        and dict(ss.facts)["game"] == "Carcassonne: South Seas"
    )
    problem = found["broken"].problem or ""
    assert problem.startswith("broken/study.json: invalid JSON: ") and "\n" not in problem
    cmp = found["cmp"]
    assert (cmp.game, cmp.report, dict(cmp.facts)["the variant"]) == (
        "gloryislands",
        "cmp/compare.html",
        "hunt = no",
    )
    assert found["sk"].picture == "sk/skill.png" and [r["budget"] for r in found["sk"].rows] == [
        "2",
        "4",
    ]
    tu = dict(found["tu"].facts)
    assert (
        tu["trials finished"] == "2"
        and tu["parameters searched"] == "option:sunk_pirates=stay|removed"
    )
    kept = "tuned" if (studies_root / "tu" / "tuned").is_dir() else "candidate"
    assert f"tu/{kept}/options.toml" in found["tu"].outputs
    if kept == "candidate":  # not proven better: its verdict beside it
        assert "tu/candidate/VERDICT.txt" in found["tu"].outputs


@pytest.mark.parametrize(
    ("path", "shown"),
    [
        ("gi", ['src="/files/gi/report.html"', "Glory Islands: study report"]),
        ("cmp", ['src="/files/cmp/compare.html"', "hunt = no", "games changed by the variant"]),
        ("sk", ['src="/files/sk/skill.png"', 'id="budgets"', "tested agent"]),
        ("tu", ['src="/files/tu/report.html"', "parameters searched", ": options.toml"]),
        ("deep/ss", ["atoll southseas report --games 3", "Carcassonne: South Seas"]),
    ],
)
def test_each_folder_opens_with_a_page_of_its_kind(
    studies_server: str, studies_root: Path, path: str, shown: list[str]
) -> None:
    listed = request(studies_server + "studies").text
    assert f'href="/studies/view?path={path}"' in listed
    answer = request(studies_server + f"studies/view?path={path}")
    assert answer.status == 200
    for text in shown:
        assert text in answer.text
    assert str(studies_root) not in answer.text.replace(f"<code>{studies_root}</code>", "")


def _stored(folder: Path) -> dict[str, bytes]:
    """Every study's record and chunk under ``folder`` (what a resumed run must keep)."""
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and ("chunks" in p.parts or p.name in ("study.json", "tune.json"))
    }


@pytest.mark.parametrize("path", list(UNFINISHED))
def test_the_command_given_for_an_unfinished_folder_finishes_that_very_study(
    studies_root: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, path: str
) -> None:
    kind, verb, dropped = UNFINISHED[path]
    shutil.copytree(studies_root / path, tmp_path / path)
    for name in dropped:
        (tmp_path / path / name).unlink()
    before = _stored(tmp_path / path)
    entry = next(s for s in listing(Root(tmp_path)) if s.path == path)
    assert entry.kind == kind and entry.resume is not None
    words = shlex.split(entry.resume)
    assert words[:3] == ["atoll", entry.game, verb] and words[-3:] == ["--out", path, "--resume"]
    monkeypatch.chdir(tmp_path)
    assert main([*words[1:], "--workers", "1"]) == 0
    after = _stored(tmp_path / path)
    # the same study: nothing played again (a report adds its simple strategies' own games)
    assert {k: v for k, v in after.items() if not k.startswith("strategies/")} == before
    done = next(s for s in listing(Root(tmp_path)) if s.path == path)
    assert done.resume is None and (done.report or done.picture)


def test_the_page_lists_them_and_opens_a_report(
    studies_server: str, studies_root: Path, page: Any
) -> None:
    page.goto(studies_server + "studies")
    cards = page.eval_on_selector_all(".study", "els => els.map(e => e.dataset.path)")
    assert cards == ["broken", "cmp", "deep/ss", "gi", "sk", "tu"]
    first = json.loads((studies_root / "gi" / "report.json").read_text())["findings"][0]
    assert first in page.text_content('.study[data-path="gi"]')
    wanted = "atoll southseas report --games 3 --players 2 --agent random --seed 1 --out deep/ss"
    assert wanted in page.text_content('.study[data-path="deep/ss"]')
    page.click('.study[data-path="gi"] h3 a')
    page.wait_for_selector("iframe.report")
    frame = page.frame_locator("iframe.report")
    frame.locator("h1").first.wait_for()
    assert "Glory Islands" in frame.locator("h1").first.text_content()
    page.screenshot(path=str(studies_root / "studies.png"), full_page=False)


def test_a_report_is_served_to_run_no_script(studies_server: str) -> None:
    answer = request(studies_server + "files/gi/report.html")
    assert answer.status == 200
    assert "sandbox" in answer.headers["content-security-policy"]
    assert "script-src" not in answer.headers["content-security-policy"]
