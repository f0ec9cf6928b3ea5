"""The Glory Islands report: its sections, numbers that agree with counts made directly from the
tables, the tie-breaker pattern checked against the cards' printed ranks, the special-action
variants on the same seeds, and the reconstruction named."""

from __future__ import annotations

import json
from html import unescape
from pathlib import Path

import pandas as pd
import pytest

from analyses.gloryislands import colours, report
from analyses.gloryislands.plugin import VARIANTS
from analyses.plugins import plugin
from analyses.reports.report import write_report
from analyses.reports.sections import variants_section
from analyses.reports.variants import VariantRun, applied
from analyses.studies.store import StudyStore
from analyses.studies.study import StudyConfig, run_study
from models.gloryislands.boardfile import load_board

CONFIG = StudyConfig("gloryislands", players=4, games=12, seed=3, agents=("greedy", "random"))


@pytest.fixture(scope="module")
def stores(tmp_path_factory: pytest.TempPathFactory) -> tuple[StudyStore, StudyStore]:
    root = tmp_path_factory.mktemp("gloryislands-report")
    base = StudyStore.create(root / "study", CONFIG)
    run_study(CONFIG, store=base)
    variant = VARIANTS["no-relocate"]
    other = StudyStore.create(root / "no-relocate", applied(CONFIG, variant))
    run_study(applied(CONFIG, variant), store=other)
    return base, other


def _table(section: object, caption: str) -> pd.DataFrame:
    """The frame of the section's table whose caption starts with ``caption``."""
    return next(t.frame for t in section.tables if t.caption.startswith(caption))  # type: ignore[attr-defined]


def test_every_gloryislands_section_is_there(stores: tuple[StudyStore, StudyStore]) -> None:
    base, _ = stores
    found = report.sections(base.frames(), base.record)
    assert [s.title for s in found] == [
        "Card colours and the tie-breakers",
        "Sail cards",
        "Sinking",
        "Island scorings",
        "The race",
    ]
    for section in found:
        assert section.tables, section.title
        for caption, _ in section.figures:
            assert "12 games, study seed 3" in caption
    assert "RECONSTRUCTION" in found[0].intro
    assert "cannot be told apart" in " ".join(found[0].notes)  # colours by seat


def test_the_race_table_counts_the_games_by_rounds(stores: tuple[StudyStore, StudyStore]) -> None:
    frames = stores[0].frames()
    table = _table(report.race(frames, stores[0].record), "Race length")
    counted = {
        int(r): round(e.value * 12)
        for r, e in zip(table["rounds"], table["share of games"], strict=True)
    }
    assert counted == frames.games["rounds"].value_counts().to_dict()
    assert sum(counted.values()) == 12


def test_dealt_colours_are_tested_apart_from_the_seats(tmp_path: Path) -> None:
    config = StudyConfig("gloryislands", players=3, games=40, seed=2, options={"colours": "dealt"})
    store = StudyStore.create(tmp_path, config)
    run_study(config, store=store)
    frames = store.frames()
    assert frames.players.groupby("seat")["colour"].nunique().min() > 1  # colours move around
    section = report.colours_and_ties(frames, store.record)
    table = _table(section, "Win share by card colour")
    for colour, e in zip(table["card colour"], table["win share"], strict=True):
        mine = frames.players[frames.players["colour"] == colour]
        assert e.value == pytest.approx(mine.groupby("game")["win_share"].mean().mean())
    assert table["adjusted p"].between(0, 1).all()


def test_every_tie_is_won_by_the_higher_ranked_card(
    stores: tuple[StudyStore, StudyStore],
) -> None:
    frames = stores[0].frames()
    pairs = report.tie_breaks(frames)
    board = load_board()
    rank = {c.id: c.rank for c in board.cards}
    assert len(pairs) > 20
    won = zip(pairs["winner_card"], pairs["loser_card"], strict=True)
    assert all(rank[w] > rank[lo] for w, lo in won)
    reveals = [json.loads(d) for d in frames.events.loc[frames.events["kind"] == "reveal", "data"]]
    expected = sum(
        sum(
            1
            for a in r["values"]
            for b in r["values"]
            if a < b and r["values"][a] == r["values"][b]
        )
        for r in reveals
    )
    assert len(pairs) == expected


def test_a_tie_of_one_colour_is_one_win_and_one_loss() -> None:
    pairs = pd.DataFrame(
        {"game": [0, 0], "value": [3, 3], "winner": ["red", "red"], "loser": ["red", "blue"],
         "winner_agent": ["a", "a"], "loser_agent": ["a", "a"]}
    )  # fmt: skip
    share, contested = colours._colour_ties(pairs, [0], "red", None)
    assert (share.value, contested) == (2 / 3, 3)  # red: won twice, lost once


def test_the_card_plays_add_up_to_the_reveals(stores: tuple[StudyStore, StudyStore]) -> None:
    frames = stores[0].frames()
    table = _table(report.sail_cards(frames, stores[0].record), "Card plays by value")
    for row in table.to_dict("records"):
        shares = [v.value for k, v in row.items() if k.startswith("value ")]
        assert sum(shares) == pytest.approx(1.0)  # every card an agent played has a value
    assert set(table["agent"]) == {"greedy", "random"}  # split by agent, never pooled


def test_the_relocate_variant_is_paired_by_game(stores: tuple[StudyStore, StudyStore]) -> None:
    base, other = stores
    a, b = base.frames(), other.frames()
    assert not (b.events["kind"] == "relocate").any()
    effects = report.paired_effects(a, b)
    row = effects[effects["measure"] == "rounds per game"].iloc[0]
    diff = (b.games.set_index("game")["rounds"] - a.games.set_index("game")["rounds"]).mean()
    assert row["difference"].value == pytest.approx(diff) and row["difference"].n == 12
    fame = effects[effects["measure"] == "fame of greedy"].iloc[0]
    mean = b.players[b.players["agent"] == "greedy"].groupby("game")["fame"].mean().mean()
    assert fame["variant"].value == pytest.approx(mean)
    mirror = effects[effects["measure"] == "win share of random"].iloc[0]
    assert mirror["clear"] == "same as win share of greedy"  # tested once
    run = VariantRun(VARIANTS["no-relocate"], b, other.record["options"])
    layout = plugin("gloryislands").variant_report
    section = variants_section(a, base.record, {"no-relocate": run}, layout)
    assert section.title == "What each special action is worth"
    assert "relocate" in section.tables[0].caption and "a game" in section.notes[0]


def test_the_html_report_names_the_reconstruction_and_the_variant(
    stores: tuple[StudyStore, StudyStore], tmp_path: Path
) -> None:
    base, other = stores
    variants = {"no-relocate": (VARIANTS["no-relocate"], other)}
    html = unescape(write_report(base, tmp_path / "report.html", variants).read_text())
    assert "RECONSTRUCTION" in html and "Card colours and the tie-breakers" in html
    assert "What each special action is worth" in html and "(relocate = false)" in html
