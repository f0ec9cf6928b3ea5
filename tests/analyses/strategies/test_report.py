"""The strategy report (analyses.strategies.report): HTML and report.json by the study report's
machinery, report.json valid against its schema with every number named once, the planted
order's findings in words, and extra sections (the hook) joining the page's one family."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from analyses.reports.tables import Finding, Section
from analyses.strategies.report import build_sections, write_strategy_report
from analyses.strategies.tournament import TournamentFrames
from tests.analyses.reports.test_report_schema import check
from tests.analyses.strategies.planted import BEST, GOOD, WORST, planted, register

register()  # the template game, for this module's tests (collected after the reports')


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> TournamentFrames:
    return planted(tmp_path_factory.mktemp("report"), games=240)


def test_the_report_follows_the_schema_and_states_the_planted_order(
    played: TournamentFrames, tmp_path: Path
) -> None:
    page = write_strategy_report(played, tmp_path / "report.html", command="atoll test")
    data = check(tmp_path)
    html = page.read_text(encoding="utf-8")
    findings = data["findings"]
    assert findings[0].startswith("Ranking by Plackett–Luce rating") and BEST in findings[0]
    assert findings[0].index(BEST) < findings[0].index(GOOD) < findings[0].index(WORST)
    assert any(f.startswith(f"{BEST} beats {WORST}: it finishes ahead in") for f in findings)
    assert data["tournament"]["players"] == 2 and len(data["field"]) == 4
    assert set(data["ratings"]["ratings"]) == {e.entry for e in played.tournament.field}
    names = {n["name"] for n in data["numbers"]}
    assert any(n.startswith("Ratings, the strongest first: entrant random: rating") for n in names)
    pairs = [n for n in data["numbers"] if n["table"].startswith("Every pair")]
    assert {n["column"] for n in pairs} >= {"first ahead", "the ratings' P(first ahead)",
                                             "resolves ±", "games", "deals"}  # fmt: skip
    tested = [n for n in pairs if n["column"] == "first ahead"]
    assert all(n["adjusted_p"] is not None and n["p_method"] == "exact" for n in tested)
    assert data["resolution"] and data["score_curves"] and data["head_to_head"]
    assert "Dives when its own card is at least" in html  # each strategy's about
    assert html.count("data:image/png;base64,") == 3  # matrix, curves, profiles
    assert "What each entrant does" in html and "dive" in html


def test_an_extra_section_joins_the_family(played: TournamentFrames) -> None:
    """The hook: a section made from the tournament's frames is added, and its tests are
    adjusted with the head-to-head's (the pairs' adjusted p-values grow)."""
    seen: list[int] = []

    def decisions(frames: TournamentFrames) -> Section:
        seen.append(len(frames.games))
        return Section("Which decisions matter", findings=[Finding("A planted claim", p=1e-4)])

    alone, h2h_alone = build_sections(played)
    sections, h2h = build_sections(played, extra=[decisions, lambda frames: None])
    assert seen == [len(played.games)]
    assert [s.title for s in sections][-1] == "Which decisions matter"
    assert len(sections) == len(alone) + 1
    before = h2h_alone.table.frame["adjusted p"]
    after = h2h.table.frame["adjusted p"]
    assert (after >= before).all() and (after > before).any()
    assert f"report's {len(h2h.pairs) + 1} tests together" in h2h.section.resolution[0]


def test_the_report_says_what_it_cannot_see(played: TournamentFrames, tmp_path: Path) -> None:
    """Frames without choices (a study stored before they were recorded) still make a page,
    which says so."""
    bare = TournamentFrames(**{**played.__dict__, "choices": played.choices.iloc[0:0]})
    write_strategy_report(bare, tmp_path / "report.html", command="atoll test")
    data = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    notes = {n["section"]: n["notes"] for n in data["notes"]}
    assert "No choices were recorded" in notes["What each entrant does"][0]
