"""The studies page: every study and report under the root, its config and findings, the
report opened in the page (a real browser)."""

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


@pytest.fixture(scope="module")
def studies_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("studies")
    common = ["--players", "2", "--seed", "1"]
    assert (
        main(["gloryislands", "report", "--games", "6", *common, "--out", str(folder / "gi")]) == 0
    )
    assert (
        main(["southseas", "study", "--games", "3", *common, "--out", str(folder / "deep" / "ss")])
        == 0
    )
    (folder / "broken").mkdir()
    (folder / "broken" / "study.json").write_text("{not json")
    return folder


@pytest.fixture(scope="module")
def studies_server(studies_root: Path) -> Iterator[str]:
    with Running(studies_root) as url:
        yield url


def test_every_study_and_report_is_listed_with_its_config_and_findings(studies_root: Path) -> None:
    found = {s.path: s for s in listing(Root(studies_root))}
    assert sorted(found) == ["broken", "deep/ss", "gi"]
    report = json.loads((studies_root / "gi" / "report.json").read_text())
    gi = found["gi"]
    assert gi.game == "gloryislands" and gi.report == "gi/report.html"
    assert gi.findings == tuple(report["findings"]) and gi.findings
    assert gi.config["games"] == 6 and gi.config["players"] == 2
    ss = found["deep/ss"]
    assert ss.report is None and ss.findings == () and ss.config["game"] == "southseas"
    assert found["broken"].problem is not None and "study.json" in found["broken"].problem


def test_the_page_lists_them_and_opens_a_report(
    studies_server: str, studies_root: Path, page: Any
) -> None:
    page.goto(studies_server + "studies")
    cards = page.eval_on_selector_all(".study", "els => els.map(e => e.dataset.path)")
    assert cards == ["broken", "deep/ss", "gi"]
    first = json.loads((studies_root / "gi" / "report.json").read_text())["findings"][0]
    assert first in page.text_content('.study[data-path="gi"]')
    wanted = "atoll southseas report --games 3 --players 2 --seed 1 --agents random --out deep/ss"
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


def test_the_command_it_gives_for_a_study_without_report_writes_one(
    studies_root: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shutil.copytree(studies_root / "deep", tmp_path / "deep")
    entry = next(s for s in listing(Root(tmp_path)) if s.path == "deep/ss")
    words = shlex.split(entry.report_command())
    assert words[0] == "atoll"
    monkeypatch.chdir(tmp_path)
    assert main([*words[1:], "--no-variants"]) == 0
    assert (tmp_path / "deep" / "ss" / "report.html").is_file()
