"""report.json holds every number a report shows, and the numbers mean what they say: an
independent recomputation from the Parquet tables (plain pandas and DuckDB) agrees with them,
no interval leaves the range its measure can take or has zero width without saying why."""

from __future__ import annotations

import json
from pathlib import Path

import duckdb
import pandas as pd
import pytest

from analyses.reports.report import write_report
from analyses.reports.tables import Table, json_numbers
from analyses.statistics.stats import Estimate, holm
from analyses.studies.store import StudyStore
from analyses.studies.study import StudyConfig, run_study

CONFIG = StudyConfig("southseas", players=3, games=24, seed=8, agents=("greedy", "random"))


@pytest.fixture(scope="module")
def study(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict]:
    folder = tmp_path_factory.mktemp("numbers") / "study"
    store = StudyStore.create(folder, CONFIG)
    run_study(CONFIG, store=store)
    write_report(store, folder / "report.html", command="atoll southseas report ...")
    return folder, json.loads((folder / "report.json").read_text())


def _table(folder: Path, name: str, columns: list[str] | None = None) -> pd.DataFrame:
    files = sorted((folder / "chunks").glob(f"*/{name}.parquet"))
    return pd.concat([pd.read_parquet(f, columns=columns) for f in files], ignore_index=True)


def _number(data: dict, name: str) -> dict:
    found = [n for n in data["numbers"] if n["name"] == name]
    assert len(found) == 1, name
    return found[0]


def test_seat_win_shares_are_means_over_games(study: tuple[Path, dict]) -> None:
    folder, data = study
    players = _table(folder, "players")  # plain pandas, every chunk
    by_seat = players.groupby("seat")["win_share"].mean()
    for seat, value in by_seat.items():
        number = _number(data, f"Seats: seat {seat}: win share")
        assert number["estimate"] == pytest.approx(value)
        assert number["n"] == 24 and number["over"] == "games"
        assert number["low"] <= value <= number["high"]
        # unlike agents in a fixed design: seat and agent are confounded, no seat is tested
        assert number["p"] is None and number["adjusted_p"] is None


def test_every_p_value_of_the_report_is_adjusted_with_all_the_others(
    study: tuple[Path, dict],
) -> None:
    _, data = study
    tests = {}  # one test per table row, its p beside the one estimate it is about
    for n in data["numbers"]:
        if n.get("p") is not None and "estimate" in n and n["column"] not in ("p", "adjusted p"):
            key = (n["table"], n["row"])
            assert key not in tests, f"{key}: a row's p attached to two of its estimates"
            tests[key] = (n["p"], n["adjusted_p"])
    assert len({table for table, _ in tests}) >= 2  # tests from more than one table
    raw, shown = zip(*tests.values(), strict=True)
    assert list(shown) == pytest.approx(list(holm(list(raw))))


def test_an_agents_win_share_is_per_seat_it_held_averaged_over_games(
    study: tuple[Path, dict],
) -> None:
    folder, data = study
    got = duckdb.sql(
        f"""SELECT agent, avg(share) FROM (
              SELECT game, agent, avg(win_share) AS share
              FROM '{folder}/chunks/*/players.parquet' GROUP BY game, agent)
            GROUP BY agent ORDER BY agent"""
    ).fetchall()
    for agent, share in got:
        assert _number(data, f"Agents: agent {agent}: win share per seat")["estimate"] == (
            pytest.approx(share)
        )


def test_head_to_head_counts_every_pair_of_seats_once(study: tuple[Path, dict]) -> None:
    folder, data = study
    players = _table(folder, "players")
    a = players[players["agent"] == "greedy"][["game", "score"]]
    b = players[players["agent"] == "random"][["game", "score"]]
    pairs = a.merge(b, on="game", suffixes=("_a", "_b"))
    ahead = (pairs["score_a"] > pairs["score_b"]) + 0.5 * (pairs["score_a"] == pairs["score_b"])
    per_game = ahead.groupby(pairs["game"]).mean()
    name = [n["name"] for n in data["numbers"] if "greedy against random: first ahead" in n["name"]]
    assert _number(data, name[0])["estimate"] == pytest.approx(per_game.mean())


def test_events_per_game_count_the_log(study: tuple[Path, dict]) -> None:
    folder, data = study
    events = _table(folder, "events", ["game", "kind"])
    per_game = (
        events[events["kind"] == "delivery"].groupby("game").size().reindex(range(24), fill_value=0)
    )
    number = _number(data, "Events per game: event delivery: per game")
    assert number["estimate"] == pytest.approx(per_game.mean()) and number["low"] >= 0


def test_no_interval_is_negative_zero_width_or_outside_its_estimate(
    study: tuple[Path, dict],
) -> None:
    _, data = study
    intervals = [n for n in data["numbers"] if n.get("low") is not None]
    assert len(intervals) > 40
    for n in intervals:
        assert n["low"] <= n["estimate"] <= n["high"], n["name"]
        if n["low"] == n["high"]:
            assert n["method"] == "constant", n["name"]  # "the same in all N games" (or deals)
        if "per game" in n["name"] or "per player" in n["name"]:
            assert n["low"] >= 0, n["name"]
        if n["method"] == "clopper-pearson":
            assert n["high"] > n["low"], n["name"]


def test_the_header_and_findings_are_in_the_json(study: tuple[Path, dict]) -> None:
    _, data = study
    assert data["command"] == "atoll southseas report ..." and data["atoll"]
    assert data["study"]["seed"] == 8 and data["study"]["games"] == 24
    recall = next(o for o in data["options"] if o["option"] == "recall")
    assert recall == {
        "option": "recall",
        "value": "any_turn",
        "default": "any_turn",
        "rule": "SS-T1",
        "changed": "",
    }
    assert data["findings"] and data["resolution"] and isinstance(data["warnings"], list)


def test_every_number_has_its_own_name(study: tuple[Path, dict]) -> None:
    _, data = study
    names = [n["name"] for n in data["numbers"]]
    assert len(names) == len(set(names))


def test_rows_a_first_column_cannot_tell_apart_are_named_by_their_labels() -> None:
    # Glory Islands' card plays: agent and rounds label a row together
    frame = pd.DataFrame(
        {
            "agent": ["greedy", "greedy", "random"],
            "rounds": ["all rounds", "first 3", "all rounds"],
            "share": [Estimate(0.5, 0.4, 0.6, 40)] * 3,
            "p": [0.01, 0.2, 0.03],
        }
    )
    numbers = json_numbers("Cards", Table("Card plays", frame))
    names = [n["name"] for n in numbers]
    assert len(names) == len(set(names))
    assert "Card plays: agent greedy, rounds first 3: share" in names
    # the row's p belongs to its estimate only
    share = [n for n in numbers if n["column"] == "share"]
    assert [n["p"] for n in share] == [0.01, 0.2, 0.03]


def test_the_resolution_is_the_power_of_the_tests_run(study: tuple[Path, dict]) -> None:
    # each line names a test and the difference it finds with 80% power at the family's level
    _, data = study
    tests = sum(1 for n in data["numbers"] if n.get("adjusted_p") is not None)
    lines = [line for line in data["resolution"] if "win share" in line]
    assert lines
    for line in lines:  # greedy wins every game here: no spread, any difference shows
        powered = f"the report's {tests} tests together" in line and "smaller ones" in line
        assert powered or "the same in every one of the 24 games" in line, line


def test_two_agents_strength_is_stated_once(study: tuple[Path, dict]) -> None:
    # greedy against random: the win share and the head-to-head are one effect; the box says
    # it once (both tests stay in the tables and the family)
    _, data = study
    about = [f for f in data["findings"] if "greedy" in f and "random" not in f.split(":")[0]]
    head = [f for f in data["findings"] if f.startswith("Seat for seat")]
    assert about and not head
    tables = {n["table"].split(" (")[0] for n in data["numbers"] if n.get("adjusted_p")}
    assert "Head to head, seat by seat" in tables
