"""The report's agents (analyses/reports/agents.py): the deal is the unit of a duplicate design, the
report states how much variance the pairing of a deal's rotations removed (and puts the number
in report.json), two agents are tested once, fixed seats test no agent, and every report names
each agent's measured strength from the ladder or says "not measured"."""

from __future__ import annotations

import datetime
import json
import math
from html import unescape
from pathlib import Path

import numpy as np
import pytest

from analyses.reports import agents, family
from analyses.reports.agents import agents_section
from analyses.reports.report import write_report
from analyses.studies.store import StudyStore
from analyses.studies.study import StudyConfig, run_study
from solvers.agents.ladder import Ladder, Rung
from tests.analyses.synthetic import study, winner


def _seat_luck(rng: np.random.Generator, deal: int, agents: list[str]) -> list[float]:
    """A deal favours one seat (whoever sits there), and greedy is a little stronger."""
    lucky = deal % 2
    if rng.random() < 0.2:
        return winner(2, agents.index("greedy"))
    return winner(2, lucky)


def test_pairing_variance_removed_is_stated() -> None:
    frames, record = study(["greedy", "random"], 80, _seat_luck, seed=3)
    section = agents_section(frames, record)
    players = frames.players
    greedy = players[players["agent"] == "greedy"].set_index("game")["win_share"]
    deal = frames.games.set_index("game")["deal"]
    per_deal = greedy.groupby(deal.reindex(greedy.index).to_numpy()).mean()
    expected = 1 - (per_deal.var() / len(per_deal)) / (greedy.var() / len(greedy))
    pairing = section.data["pairing"]
    assert pairing["variance_removed"] == pytest.approx(expected) and expected > 0.3
    assert pairing["unit"] == "deal" and pairing["deals"] == 80 and pairing["games"] == 160
    sentence = (
        f"Pairing the 2 rotations of each deal removed {expected:.0%} of the variance of the "
        "agent comparison (greedy against random)"
    )
    assert section.resolution[0].startswith(sentence)  # in the box at the top
    assert any(n.startswith(sentence) for n in section.notes)


def test_pairing_that_adds_variance_says_so() -> None:
    def deal_favours_an_agent(rng: np.random.Generator, deal: int, agents: list[str]):  # type: ignore[no-untyped-def]
        return winner(2, agents.index("greedy" if deal % 2 else "random"))

    frames, record = study(["greedy", "random"], 40, deal_favours_an_agent)
    sentence = agents_section(frames, record).data["pairing"]["sentence"]
    assert sentence.startswith("Pairing the 2 rotations of each deal added ")
    assert "to the variance of the agent comparison" in sentence


def test_a_fixed_design_has_no_pairing_and_the_game_as_unit() -> None:
    frames, record = study(
        ["greedy", "random"], 60, _seat_luck, design="fixed", rotate=True, seed=1
    )
    section = agents_section(frames, record)
    table = next(t.frame for t in section.tables if t.caption == "Agents")
    assert section.data["pairing"] is None and "games" in table.columns
    assert table["win share per seat"].iloc[0].n == 60


def test_duplicate_agents_are_estimated_over_deals_and_tested_once() -> None:
    frames, record = study(["greedy", "random"], 50, _seat_luck, seed=2)
    section = agents_section(frames, record)
    table = next(t.frame for t in section.tables if t.caption == "Agents")
    assert table["deals"].tolist() == [50, 50]
    assert not math.isnan(table["p"].iloc[0]) and math.isnan(table["p"].iloc[1])
    head = next(t.frame for t in section.tables if t.caption.startswith("Head to head"))
    assert math.isnan(head["p"].iloc[0])  # two players: being ahead is winning, tested once
    family.adjust([section])
    stated = family.stated([section])
    assert len(stated) == 1 and stated[0].startswith("greedy wins more often")
    assert "(n = 50 deals), the seats balanced within each deal" in stated[0]


def test_agents_in_fixed_seats_are_not_tested() -> None:
    frames, record = study(["greedy", "random"], 60, _seat_luck, design="fixed", rotate=False)
    section = agents_section(frames, record)
    assert not section.findings and "confounded" in " ".join(section.notes)


def _ladder() -> Ladder:
    rung = Rung(
        "gloryislands",
        2,
        "greedy",
        "1 random",
        400,
        0.71,
        0.66,
        0.75,
        0.3,
        datetime.date(2026, 12, 1),
        "python benchmarks/agent_strength.py --game gloryislands --players 2",
    )
    return Ladder((rung,), "ladder.toml")


def test_report_names_agent_strength_or_not_measured(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = StudyConfig("gloryislands", players=2, games=4, seed=1, agents=("greedy", "random"))
    store = StudyStore.create(tmp_path / "study", config)
    run_study(config, store=store)
    monkeypatch.setattr(agents, "load_ladder", _ladder)
    write_report(store, tmp_path / "report.html")
    html = unescape((tmp_path / "report.html").read_text(encoding="utf-8"))
    data = json.loads((tmp_path / "report.json").read_text())
    assert "The agents' measured strength" in html
    measured = "greedy: win share 0.71 [0.66, 0.75] against 1 random (400 games"
    not_measured = "random: not measured (the agent ladder has no entry for 2-player Glory Islands)"
    assert measured in html and not_measured in html
    assert data["strength"][0].startswith(measured) and data["strength"][1] == f"{not_measured}."
    strength = {s["agent"]: s for s in data["agent_strength"]}
    assert strength["greedy"]["measured"][0]["win_share"] == 0.71
    assert strength["random"]["measured"] == [] and strength["random"]["short"] == "not measured"
    cells = {
        n["row"]: n for n in data["numbers"] if n["name"].startswith("Agents: agent")
    }  # the Agents table's strength column is a label, not a number: named in the box instead
    assert set(cells) == {"greedy", "random"}
    table = agents_section(store.frames(), store.record).tables[0].frame
    assert table.set_index("agent")["measured strength"].to_dict() == {
        "greedy": "0.71 [0.66, 0.75] against 1 random (400 games)",
        "random": "not measured",
    }


def test_a_measurement_names_its_game_player_count_and_agent() -> None:
    record = {"config": {"game": "gloryislands", "players": 4, "agents": ["greedy", "random"]}}
    found = agents.agent_strength(record, _ladder())  # measured at 2 players, not 4
    assert [s["short"] for s in found.values()] == ["not measured", "not measured"]
    record["config"]["players"] = 2
    found = agents.agent_strength(record, _ladder())
    assert found["greedy"]["text"].endswith(
        "measured 2026-12-01 by `python benchmarks/agent_strength.py --game gloryislands "
        "--players 2`)."
    )
