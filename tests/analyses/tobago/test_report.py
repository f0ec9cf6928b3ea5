"""The Tobago report: its sections, numbers that agree with counts made directly from the tables,
the amulet variant on the same seeds, and the reconstruction warnings."""

from __future__ import annotations

import json
from html import unescape
from pathlib import Path

import pytest

from analyses.reports.report import write_report
from analyses.reports.variants import applied
from analyses.studies.frames import StudyFrames
from analyses.studies.store import StudyStore
from analyses.studies.study import StudyConfig, run_study
from analyses.tobago import report
from analyses.tobago.plugin import VARIANTS

CONFIG = StudyConfig("tobago", players=3, games=10, seed=5, agents=("greedy", "random"))


@pytest.fixture(scope="module")
def stores(tmp_path_factory: pytest.TempPathFactory) -> tuple[StudyStore, StudyStore]:
    root = tmp_path_factory.mktemp("tobago-report")
    base = StudyStore.create(root / "study", CONFIG)
    run_study(CONFIG, store=base)
    variant = VARIANTS["no-amulets"]
    other = StudyStore.create(root / "no-amulets", applied(CONFIG, variant))
    run_study(applied(CONFIG, variant), store=other)
    return base, other


def _data(frames: StudyFrames, kind: str) -> list[dict]:
    chosen = frames.events[frames.events["kind"] == kind]
    return [json.loads(d) for d in chosen["data"]]


def test_every_tobago_section_is_there(stores: tuple[StudyStore, StudyStore]) -> None:
    base, _ = stores
    found = report.sections(base.frames(), base.record)
    assert [s.title for s in found] == [
        "Hints or drives",
        "How fast a treasure is found and raised",
        "What a rose is worth by its place in the queue",
        "Curses",
        "Amulets",
        "Stalls: turns in which nothing moves",
    ]
    for section in found[:-1]:  # a study of few games need not stall
        assert section.tables, section.title
        for caption, _ in section.figures:
            assert "10 games, study seed 5" in caption


def test_the_raisers_rose_is_worth_what_the_shares_gave_it(
    stores: tuple[StudyStore, StudyStore],
) -> None:
    frames = stores[0].frames()
    ends = _data(frames, "share-end")
    direct = [d["received"][0] for d in ends]  # place 0 from the back: the raiser's rose
    values = report.rose_values(frames)
    at_back = values[values["place"] == 0]["received"]
    assert len(at_back) == len(direct) == frames.games["raises"].sum() > 0
    assert at_back.mean() == pytest.approx(sum(direct) / len(direct))
    table = report.roses(frames, stores[0].record).tables[0].frame
    back = table[table["place from the back"] == "0"]["gold received"].iloc[0]
    assert back.value == pytest.approx(sum(direct) / len(direct)) and back.n == 10


def test_hints_and_drives_agree_with_the_players_table(
    stores: tuple[StudyStore, StudyStore],
) -> None:
    frames = stores[0].frames()
    counts = report.action_counts(frames).set_index(["game", "seat"])
    players = frames.players.set_index(["game", "seat"])
    new_hints = (
        frames.events[frames.events["kind"] == "hint"]
        .assign(new=lambda f: f["data"].map(lambda d: json.loads(d)["new"]))
        .query("new")
        .groupby(["game", "player"])
        .size()
    )
    for key, row in players.iterrows():
        game, seat = key
        assert counts.loc[key, "hint"] + new_hints.get((game, float(seat)), 0) == row["hints"]
        assert counts.loc[key, "exchange"] == row["exchanges"]
        assert counts.loc[key, "drive"] >= row["drives"]  # plus raises without driving


def test_turns_to_fix_agree_with_the_fixed_events(stores: tuple[StudyStore, StudyStore]) -> None:
    frames = stores[0].frames()
    times = report.treasure_times(frames)
    logged = sorted(d["turns"] for d in _data(frames, "fixed"))
    assert sorted(times["fixed"].dropna().astype(int)) == logged
    assert len(times["raised"].dropna()) == frames.games["raises"].sum()
    both = times.dropna(subset=["fixed", "raised"])
    assert (both["raised"] >= both["fixed"]).all()  # a treasure is raised only once fixed


def test_the_report_shows_the_amulet_variant_and_the_reconstructions(
    stores: tuple[StudyStore, StudyStore], tmp_path: Path
) -> None:
    base, other = stores
    variants = {"no-amulets": (VARIANTS["no-amulets"], other)}
    html = unescape(write_report(base, tmp_path / "report.html", variants).read_text())
    for title in ("Hints or drives", "Curses", "Amulets", "What each rule is worth"):
        assert f"<h2>{title}</h2>" in html
    assert "Tobago's measures, paired by seed" in html
    assert "The cards are a RECONSTRUCTION" in html and "The clues are a RECONSTRUCTION" in html
    assert other.frames().games["amulets_washed"].sum() == 0
    assert (other.frames().players["amulets_picked"] == 0).all()


def test_a_stall_is_the_longest_run_without_a_hint_or_a_raise() -> None:
    from analyses.studies.frames import StudyFrames
    from analyses.tobago.stalls import stalls

    def event(turn: int, kind: str, treasure: int) -> dict[str, object]:
        return {
            "game": 0,
            "index": turn,
            "turn": turn,
            "player": 0,
            "kind": kind,
            "data": json.dumps({"treasure": treasure}),
        }

    rows = [
        event(1, "hint", 1),
        event(2, "fixed", 1),
        event(3, "exchange", 2),
        event(40, "raise", 1),
    ]
    frames = StudyFrames.from_rows({"events": rows, "games": [{"game": 0, "seed": 5, "turns": 45}]})
    found = stalls(frames).iloc[0]
    assert (found["stall"], found["from turn"], found["fixed waiting"]) == (38, 2, 1)  # 2..39
    assert found["exchanges"] == 1
