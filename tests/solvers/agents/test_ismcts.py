"""ISMCTS: it runs on both games, its tree never branches on chance, and with more iterations it
finds the winning bid of a small Goofspiel position."""

from __future__ import annotations

import math

import pytest

import tests.conformance.goofspiel  # noqa: F401  (registers the toy game)
from models.core import CHANCE, GameState, load_game, make_rng
from models.southseas.actions import Draw, Reveal
from solvers.agents import ISMCTSAgent, make_agent
from solvers.agents.ismcts import Node, cutoff_rewards
from tests.conformance.goofspiel import Bid, Prize


def goofspiel(history: list[object], cards: int = 4) -> GameState:
    return load_game("goofspiel", 2, {"cards": cards}).replay(history)


def southseas_decision(players: int = 3, moves: int = 30) -> GameState:
    state = load_game("southseas", players).new_initial_state()
    rng = make_rng(4)
    for _ in range(moves):
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
    while state.is_chance_node():
        state.apply(state.sample_chance(rng))
    return state


def walk(node: Node, depth: int = 0) -> list[tuple[object, int]]:
    """(action, depth) of every edge of the tree."""
    out = []
    for action, child in node.children.items():
        out.append((action, depth))
        out.extend(walk(child, depth + 1))
    return out


def test_the_tree_never_branches_on_chance_in_southseas() -> None:
    state = southseas_decision()
    agent = ISMCTSAgent(seed=1, iterations=120, depth=1)
    root = agent.search(state)
    edges = walk(root)
    assert not [a for a, _ in edges if isinstance(a, Draw | Reveal)]
    assert max(d for _, d in edges) >= 2  # the search went past the next tile draw
    assert set(root.children) <= set(state.legal_actions())
    walked = sum(c.visits - c.virtual for c in root.children.values())  # not the prior's
    assert walked == 120 and agent.root is root


def test_the_tree_never_branches_on_chance_in_goofspiel() -> None:
    state = goofspiel([Prize(2)])
    agent = ISMCTSAgent(seed=1, iterations=300, depth=0)
    edges = walk(agent.search(state))
    assert not [a for a, _ in edges if isinstance(a, Prize)]
    # bids of both players, across the prize turned up between rounds
    assert max(d for _, d in edges) >= 3


def test_availability_counts_at_least_visits() -> None:
    agent = ISMCTSAgent(seed=2, iterations=200)
    root = agent.search(goofspiel([Prize(1)]))

    def check(node: Node) -> None:
        # where a secret choice begins the chooser's own tables hold the statistics (the
        # joint choices' children only lead on)
        tables = list(node.secret.values()) or [node.children]
        for table in tables:
            for stats in table.values():
                assert stats.available >= stats.visits >= 1 or stats.visits == 0
        for child in node.children.values():
            check(child)

    assert root.secret, "the bids of a round are one secret choice"
    check(root)


@pytest.mark.parametrize(
    ("history", "winning"),
    [
        # player 0 won the prize 2 with bid 2 (so player 1 bid 1); prize 4 is up: only bid 4
        # wins the game whatever player 1 does
        ([Prize(2), Bid(2), Bid(1), Prize(4)], Bid(4)),
        # player 1 won rounds 1 and 2 with bids unknown to player 0 (several determinizations)
        ([Prize(2), Bid(1), Bid(3), Prize(4), Bid(3), Bid(2), Prize(3)], Bid(4)),
    ],
)
def test_more_iterations_find_the_winning_bid(history: list[object], winning: Bid) -> None:
    state = goofspiel(history)
    assert state.current_player() == 0 and winning in state.legal_actions()
    for seed in range(3):
        agent = make_agent("ismcts:iterations=300", seed)
        assert agent.choose(state) == winning
        own = agent.root.secret[0]  # type: ignore[attr-defined]  # the bids: a secret choice
        assert own[winning].mean(0) > max(c.mean(0) for a, c in own.items() if a != winning)


def test_seconds_bound_the_search() -> None:
    state = southseas_decision()
    agent = make_agent("ismcts:seconds=0.05", seed=0)
    assert agent.choose(state) in state.legal_actions()
    assert isinstance(agent, ISMCTSAgent) and agent.root is not None and agent.root.size() > 1


def test_a_single_legal_action_is_taken_without_search() -> None:
    state = goofspiel([Prize(2), Bid(1), Bid(3), Prize(4), Bid(3), Bid(2), Prize(3), Bid(4)])
    state.apply(Bid(1))
    state.apply(Prize(1))
    agent = ISMCTSAgent(seed=0, iterations=50)
    assert state.legal_actions() == (Bid(2),)
    assert agent.choose(state) == Bid(2) and agent.root is None


@pytest.mark.parametrize("scale", [2.0, 6.0])
def test_cutoff_rewards_are_logistic_in_the_margin(scale: float) -> None:
    rewards = cutoff_rewards((10.0, 10.0 - scale, 0.0), scale)
    assert rewards[0] == pytest.approx(1 / (1 + math.exp(-1)))
    assert rewards[1] == pytest.approx(1 / (1 + math.e))
    assert all(0 < r < 1 for r in rewards)
    assert cutoff_rewards((3.0, 3.0)) == [0.5, 0.5]


def test_the_cutoff_scale_is_the_games_unless_the_spec_sets_one() -> None:
    state = load_game("tobago", 2).new_initial_state()
    assert state.margin_scale > load_game("southseas", 2).new_initial_state().margin_scale
    set_, default = make_agent("ismcts:scale=3", 0), make_agent("ismcts", 0)
    assert isinstance(set_, ISMCTSAgent) and set_.scale == 3.0
    assert isinstance(default, ISMCTSAgent) and default.scale is None


def test_the_prior_starts_every_root_action_at_its_one_step_value() -> None:
    state = southseas_decision()
    agent = ISMCTSAgent(seed=0, iterations=1, prior=4, prior_depth=1)
    root = agent.search(state)
    assert set(root.children) == set(state.legal_actions())
    scale = state.margin_scale
    me = state.current_player()
    for action, child in root.children.items():
        after = state.clone()
        after.apply(action)
        assert child.virtual == 4 and child.visits in (4, 5)
        if child.visits == 4:  # not walked: its mean is the prior alone
            assert child.mean(me) == pytest.approx(cutoff_rewards(after.heuristic(), scale)[me])


def test_with_a_prior_one_iteration_plays_the_greedy_choice() -> None:
    # South Seas hides nothing, so greedy's one step and the prior judge the same positions
    for moves in (20, 30, 40):
        state = southseas_decision(moves=moves)
        greedy = make_agent("greedy", 0)
        values = dict(greedy.values(state))  # type: ignore[attr-defined]
        chosen = make_agent("ismcts:iterations=1,prior=5", 0).choose(state)
        assert values[chosen] == pytest.approx(max(values.values()))


def test_the_prior_fades_with_visits() -> None:
    state = southseas_decision()
    agent = ISMCTSAgent(seed=1, iterations=400, prior=5)
    root = agent.search(state)
    walked = {a: c.visits - c.virtual for a, c in root.children.items()}
    assert sum(walked.values()) == 400
    top = max(root.children.values(), key=lambda c: c.visits)
    assert top.visits - top.virtual > 10 * top.virtual  # mostly its own iterations' rewards


def test_a_secret_choice_takes_no_prior() -> None:
    # the bids of a round are judged at the reveal only (decoupled tables, no one-step value)
    state = goofspiel([Prize(2), Bid(2), Bid(1), Prize(4)])
    agent = ISMCTSAgent(seed=1, iterations=300, prior=5, prior_depth=3)
    assert agent.choose(state) == Bid(4)
    assert agent.root is not None
    assert all(c.virtual == 0 for c in agent.root.secret[0].values())


def test_the_prior_is_reproducible_and_deeper_priors_prime_deeper_nodes() -> None:
    state = southseas_decision()
    moves = {
        make_agent("ismcts:iterations=60,prior=5,prior_depth=2", 7).choose(state) for _ in range(2)
    }
    assert len(moves) == 1
    deep = ISMCTSAgent(seed=7, iterations=60, prior=5, prior_depth=2)
    shallow = ISMCTSAgent(seed=7, iterations=60, prior=5, prior_depth=1)

    def virtual_below(node: Node) -> int:
        return sum(c.virtual + virtual_below(c) for c in node.children.values())

    root_virtual = 5 * len(state.legal_actions())
    assert virtual_below(shallow.search(state)) == root_virtual
    assert virtual_below(deep.search(state)) > root_virtual
