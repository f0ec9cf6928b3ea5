"""The Glory Islands report: its sections, numbers that agree with counts made directly from the
tables, the tie-breaker pattern checked against the cards' printed ranks, the special-action
variants on the same seeds, and the reconstruction named."""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path

import pytest

from analyses.report import write_report
from analyses.reports import gloryislands as report
from analyses.store import StudyStore
from analyses.study import StudyConfig, run_study
from analyses.variants import VariantRun, applied
from models.gloryislands.boardfile import load_board

CONFIG = StudyConfig("gloryislands", players=4, games=12, seed=3, agents=("greedy", "random"))


@pytest.fixture(scope="module")
def stores(tmp_path_factory: pytest.TempPathFactory) -> tuple[StudyStore, StudyStore]:
    root = tmp_path_factory.mktemp("gloryislands-report")
    base = StudyStore.create(root / "study", CONFIG)
    run_study(CONFIG, store=base)
    variant = report.VARIANTS["no-relocate"]
    other = StudyStore.create(root / "no-relocate", applied(CONFIG, variant))
    run_study(applied(CONFIG, variant), store=other)
    return base, other


def _cells(html: str) -> list[list[str]]:
    """The rows of an HTML table as lists of cell texts."""
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", html, re.S)
    return [[c.strip() for c in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", r, re.S)] for r in rows]


def test_every_gloryislands_section_is_there(stores: tuple[StudyStore, StudyStore]) -> None:
    base, _ = stores
    found = report.sections(base.frames(), base.record)
    assert [s.title for s in found] == [
        "Seats, card colours and the tie-breakers",
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


def test_the_race_table_counts_the_games_by_rounds(stores: tuple[StudyStore, StudyStore]) -> None:
    frames = stores[0].frames()
    race = report.race(frames, stores[0].record)
    rows = _cells(race.tables[0][1])[1:]
    counted = {int(r[0]): int(r[1]) for r in rows}
    assert counted == frames.games["rounds"].value_counts().to_dict()
    assert sum(counted.values()) == 12


def test_win_rates_by_colour_agree_with_the_players_table(
    stores: tuple[StudyStore, StudyStore],
) -> None:
    frames = stores[0].frames()
    section = report.seats_and_colours(frames, stores[0].record)
    rows = _cells(section.tables[0][1])[1:]
    assert [r[1] for r in rows] == ["red", "blue", "green", "yellow"]
    for seat, colour, games, win, _ in rows:
        chosen = frames.players[frames.players["seat"] == int(seat)]
        assert set(chosen["colour"]) == {colour} and int(games) == len(chosen) == 12
        assert win.startswith(f"{chosen['win_share'].sum() / 12:.2f} [")


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


def test_the_card_plays_add_up_to_the_reveals(stores: tuple[StudyStore, StudyStore]) -> None:
    frames = stores[0].frames()
    section = report.sail_cards(frames, stores[0].record)
    header = _cells(section.tables[0][1])[0]
    reveals = [json.loads(d) for d in frames.events.loc[frames.events["kind"] == "reveal", "data"]]
    plays = sum(len(r["values"]) for r in reveals)
    assert header[1] == f"all plays (n={plays})"
    first = sum(len(r["values"]) for r, t in zip(reveals, _turns(frames), strict=True) if t == 1)
    assert f"round 1 (n={first})" in header and first == 12 * 4


def _turns(frames: object) -> list[int]:
    events = frames.events  # type: ignore[attr-defined]
    return list(events.loc[events["kind"] == "reveal", "turn"])


def test_the_relocate_variant_is_paired_by_game(stores: tuple[StudyStore, StudyStore]) -> None:
    base, other = stores
    a, b = base.frames(), other.frames()
    assert not (b.events["kind"] == "relocate").any()
    effects = report.paired_effects(a, b)
    row = effects[effects["measure"] == "rounds per game"].iloc[0]
    diff = (b.games.set_index("game")["rounds"] - a.games.set_index("game")["rounds"]).mean()
    assert row["difference"].value == pytest.approx(diff) and row["difference"].n == 12
    fame = effects[effects["measure"] == "fame of greedy"].iloc[0]
    mean = b.players[b.players["agent"] == "greedy"]["fame"].mean()
    assert fame["variant"].value == pytest.approx(mean)
    run = VariantRun(report.VARIANTS["no-relocate"], b, other.record["options"])
    [section] = report.variant_sections(a, base.record, {"no-relocate": run})
    assert section.title == "What each special action is worth"
    assert "relocate" in section.tables[0][0] and "times a game" in section.notes[0]


def test_the_html_report_names_the_reconstruction_and_the_variant(
    stores: tuple[StudyStore, StudyStore], tmp_path: Path
) -> None:
    base, other = stores
    variants = {"no-relocate": (report.VARIANTS["no-relocate"], other)}
    html = unescape(write_report(base, tmp_path / "report.html", variants).read_text())
    assert "RECONSTRUCTION" in html and "Seats, card colours and the tie-breakers" in html
    assert "What each special action is worth" in html and '{"relocate": false}' in html
