"""A study's design as its report reads it (analyses/statistics/balance.py): a study without deals
reads as fixed with each game its own deal, a duplicate study's deals are its units, and seat
claims are allowed only from alike agents or a duplicate design."""

from __future__ import annotations

from analyses.statistics.balance import design_of, read_design
from tests.analyses.synthetic import study, winner


def _first_seat_wins(rng, deal, agents):  # type: ignore[no-untyped-def]
    return winner(len(agents), 0)


def test_a_study_without_deals_reads_as_fixed_one_deal_a_game() -> None:
    frames, record = study(["greedy", "random"], 10, _first_seat_wins, design="fixed")
    games = frames.games.drop(columns=["deal", "rotation"])  # a study of before the designs
    del record["config"]["design"]
    design = read_design(games, frames.players)
    assert design.name == "fixed" and design.units == "games" and design.count == 10
    assert design.deal.tolist() == list(range(10)) and not design.seat_claims


def test_seat_claims_come_from_alike_agents_or_a_duplicate_design() -> None:
    alike = study(["random", "random"], 6, _first_seat_wins, design="fixed")
    duplicate = study(["greedy", "random"], 6, _first_seat_wins)
    fixed = study(["greedy", "random"], 6, _first_seat_wins, design="fixed")
    assert design_of(*alike).seat_claims and design_of(*duplicate).seat_claims
    assert not design_of(*fixed).seat_claims


def test_a_duplicate_study_without_a_whole_deal_reads_game_by_game() -> None:
    frames, _ = study(["greedy", "random", "random"], 2, _first_seat_wins)
    keep = frames.games["rotation"] < 2  # every deal lacks its last rotation
    games = frames.games[keep]
    players = frames.players[frames.players["game"].isin(games["game"])]
    design = read_design(games, players, "duplicate")
    assert design.name == "fixed" and design.count == 4 and not design.seat_claims
