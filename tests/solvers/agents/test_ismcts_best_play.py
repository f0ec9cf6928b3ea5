"""ISMCTS plays a game whose best play is known (the Doors toy) as each player would, and the
rewards it backs up are shares: a draw or a shared win is worth 1/k to each of k tied winners,
and a cut-off is worth a number in [0, 1].

These fail for a search that reads every node for seat 0 (player 1 would hand the game to
player 0), for one that gives each tied winner a whole win (the draw's rewards would sum to 2),
and for a cut-off reward that leaves [0, 1] or overflows.
"""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from models.core import GameState, Outcome, load_game
from solvers.agents import ISMCTSAgent
from solvers.agents.ismcts import Node, cutoff_rewards, terminal_rewards
from tests.conformance.suites import ProtocolSuite
from tests.solvers.agents.toy_games import BEHIND, ESCAPE, SAFE_DOOR, Door, Reply

SEEDS = range(5)


def doors(*moves: Door | Reply) -> GameState:
    return load_game("doors", 2).replay(moves)


class TestDoorsConforms(ProtocolSuite):
    game_name = "doors"
    player_counts = (2,)
    playouts = 10
    catalogue = frozenset({"DR-MOVE"})
    scenarios = False  # the toy reads no scenario files


@pytest.mark.parametrize("door", sorted(ESCAPE))
def test_player_1_finds_the_only_winning_reply_behind_each_trap(door: int) -> None:
    state = doors(Door(door))
    escape = Reply(ESCAPE[door])
    for seed in SEEDS:
        agent = ISMCTSAgent(seed=seed, iterations=60)
        assert agent.choose(state) == escape, f"seed {seed}"
        root = agent.root
        assert root is not None and root.children[escape].mean(1) == 1.0


def test_player_0_opens_the_door_that_is_best_against_the_best_reply() -> None:
    state = doors()
    for seed in SEEDS:
        agent = ISMCTSAgent(seed=seed, iterations=300)
        assert agent.choose(state) == Door(SAFE_DOOR), f"seed {seed}"
        root = agent.root
        assert root is not None
        safe = root.children[Door(SAFE_DOOR)]
        assert safe.mean(0) == 0.5  # the draw, half a win, whatever player 1 replies
        for trap in ESCAPE:  # player 1 found the escape: a trap is worth little to player 0
            assert root.children[Door(trap)].mean(0) < 0.5


def test_two_searching_players_draw() -> None:
    state = doors()
    for seed in SEEDS:
        game = state.clone()
        for player in (0, 1):
            game.apply(ISMCTSAgent(seed=10 * seed + player, iterations=300).choose(game))
        assert game.outcome().winners == (0, 1), f"seed {seed}: {game.history()}"


def _check_shares(node: Node) -> None:
    """Every node's rewards sum to one per visit (a draw is worth 1/2 to each player)."""
    for child in node.children.values():
        assert math.isclose(sum(child.totals), child.visits), (child.totals, child.visits)
        _check_shares(child)


@pytest.mark.parametrize("moves", [(), (Door(SAFE_DOOR),)], ids=["from the start", "a draw"])
def test_the_rewards_backed_up_are_shares_of_one_win(moves: tuple[Door, ...]) -> None:
    agent = ISMCTSAgent(seed=0, iterations=200)
    root = agent.search(doors(*moves))
    _check_shares(root)
    if moves:  # behind the safe door every reply draws: half a win each
        assert all(child.mean(0) == child.mean(1) == 0.5 for child in root.children.values())


@pytest.mark.parametrize(
    ("scores", "winners", "rewards"),
    [
        ((3.0, 1.0), (0,), [1.0, 0.0]),
        ((2.0, 2.0), (0, 1), [0.5, 0.5]),
        ((4.0, 1.0, 4.0), (0, 2), [0.5, 0.0, 0.5]),
        ((5.0, 5.0, 5.0, 2.0), (0, 1, 2), [1 / 3, 1 / 3, 1 / 3, 0.0]),
    ],
)
def test_tied_winners_share_one_win(
    scores: tuple[float, ...], winners: tuple[int, ...], rewards: list[float]
) -> None:
    got = terminal_rewards(Outcome(scores, winners, final=True), len(scores))
    assert got == pytest.approx(rewards)
    assert math.isclose(sum(got), 1.0)


def test_the_toy_says_who_wins() -> None:
    for door, replies in enumerate(BEHIND):
        for reply, winner in enumerate(replies):
            outcome = doors(Door(door), Reply(reply)).outcome()
            assert outcome.winners == ((0, 1) if winner is None else (winner,))


margins = st.floats(min_value=-1e6, max_value=1e6, allow_nan=False)


@given(
    values=st.lists(margins, min_size=1, max_size=5),
    scale=st.floats(min_value=0.01, max_value=100.0),
)
def test_cutoff_rewards_stay_in_the_unit_interval(values: list[float], scale: float) -> None:
    rewards = cutoff_rewards(tuple(values), scale)
    assert len(rewards) == len(values)
    assert all(0.0 <= r <= 1.0 for r in rewards)
    # the leader is judged at least as well as anybody behind him
    leader = max(range(len(values)), key=values.__getitem__)
    assert rewards[leader] == max(rewards)


def test_a_player_far_behind_at_a_small_scale_gets_nothing_not_an_overflow() -> None:
    assert cutoff_rewards((0.0, 8.0), 0.01) == [0.0, 1.0]  # exp(800) overflowed before
