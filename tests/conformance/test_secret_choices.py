"""Agents choose the same whatever their place in a secret choosing order (issue 35, part 1).

A secret choice (Goofspiel's bids, Glory Islands' sail cards) is asked for one player after
another and revealed together, so where a player is asked is the engine's, not the game's: an
agent fit to carry a balance claim must choose from the same distribution wherever it is asked.
Each check compares the choices an agent makes from two or more places in the order, over
seeded positions, with a chi-square test of homogeneity at level :data:`ALPHA`; before it runs,
it computes the test's power against a shift of :data:`SHIFT` (total variation) between the
places and requires at least :data:`POWER`. The deliberately order-dependent agent
(:class:`JudgedAtOnce`, the greedy agent as it was: it judges its choice right after making it,
so only the last chooser sees the reveal) must fail the same test.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Sequence

import numpy as np
import pytest
from scipy import stats

import tests.conformance.goofspiel  # noqa: F401  (registers the toy game)
from models.core import GameState, load_game, make_rng
from solvers.agents import make_agent
from solvers.agents.greedy import TIE, judged_margin
from solvers.agents.play import play_out
from solvers.agents.spec import Agent
from tests.conformance.goofspiel import Prize

#: The level of every test here (a false alarm in one CI run in a thousand per test).
ALPHA = 0.001
#: The smallest difference between places the tests must see: this total variation distance.
SHIFT = 0.25
#: The power each test must have against :data:`SHIFT` at :data:`ALPHA`.
POWER = 0.9
#: The agents under test (the ISMCTS budget small, to keep the suite fast).
AGENTS = ("random", "greedy", "ismcts:iterations=60")

AgentMaker = Callable[[int], Agent]


class JudgedAtOnce(Agent):
    """The order-dependent agent: one-step lookahead judged right after its own choice (the
    greedy agent before issue 35). First in a secret choice nothing has happened yet when it
    judges, so it picks at random; last, the reveal has happened and it picks the best reply to
    the others' redrawn choices."""

    def __init__(self, seed: int) -> None:
        self.name, self.rng = "judged-at-once", make_rng(seed)

    def choose(self, state: GameState) -> Hashable:
        player, values = state.current_player(), []
        for action in state.legal_actions():
            after = state.resample(player, self.rng)
            after.apply(action)
            values.append((action, judged_margin(after, player)))
        top = max(v for _, v in values)
        return self.rng.choice([a for a, v in values if v >= top - TIE])


def maker(spec: str) -> AgentMaker:
    if spec == "judged-at-once":
        return JudgedAtOnce
    return lambda seed: make_agent(spec, seed)


def power(n: int, categories: int, places: int = 2) -> float:
    """The chi-square homogeneity test's power, ``n`` choices per place, against places whose
    distributions differ by :data:`SHIFT` (one place moves that much probability from one
    category to another of a uniform distribution; Cohen's w for the contingency table)."""
    base = np.full(categories, 1 / categories)
    moved = base.copy()
    moved[0] += SHIFT
    moved[1] -= SHIFT
    table = np.array([moved] + [base] * (places - 1)) / places
    expected = np.outer(table.sum(axis=1), table.sum(axis=0))
    w2 = float(((table - expected) ** 2 / expected).sum())
    df = (places - 1) * (categories - 1)
    critical = stats.chi2.ppf(1 - ALPHA, df)
    return float(stats.ncx2.sf(critical, df, n * places * w2))


def homogeneity(counts: Sequence[Counter[Hashable]]) -> float:
    """The p-value of "the places choose from one distribution" (categories never chosen left
    out)."""
    keys = sorted({k for c in counts for k in c}, key=str)
    table = np.array([[c[k] for k in keys] for c in counts])
    if table.shape[1] < 2:
        return 1.0  # every place always made the same choice
    return float(stats.chi2_contingency(table).pvalue)


# -- the toy: Goofspiel, where the order can be turned --------------------------------------------
BIDS = 300  # decisions per place; 4 bids


def bids_by_place(make: AgentMaker) -> list[Counter[Hashable]]:
    """Seat 0's bid on prize 3 of 2-player 4-card Goofspiel, asked first (``first=0``) and last
    (``first=1``: seat 1 has bid, uniformly at random), over :data:`BIDS` seeds each."""
    counts = []
    for first in (0, 1):
        game = load_game("goofspiel", 2, {"cards": 4, "first": first})
        chosen: Counter[Hashable] = Counter()
        for seed in range(BIDS):
            state = game.new_initial_state()
            state.apply(Prize(3))
            rng = make_rng(seed)
            while state.current_player() != 0:
                state.apply(rng.choice(state.legal_actions()))
            chosen[make(seed).choose(state)] += 1
        counts.append(chosen)
    return counts


def test_the_toy_tests_have_the_power_they_state() -> None:
    assert power(BIDS, 4) >= POWER
    assert power(PLACES_ROUNDS, 5, places=3) >= POWER


@pytest.mark.parametrize("spec", AGENTS)
def test_an_agent_bids_alike_first_and_last_in_the_toy(spec: str) -> None:
    counts = bids_by_place(maker(spec))
    assert homogeneity(counts) > ALPHA, counts


def test_an_order_dependent_agent_fails_the_toy_order_test() -> None:
    counts = bids_by_place(maker("judged-at-once"))
    assert homogeneity(counts) < ALPHA, counts


GAMES = 300  # toy games per seat test
#: The seat effect the seat test must see: seat 0's mean win share 0.5 + this.
SEAT_EFFECT = 0.1


def seat_zero_wins(make: AgentMaker) -> tuple[int, int]:
    """Games seat 0 won outright and games won outright, with the same agent in both seats of
    2-player 4-card Goofspiel (seat 0 bids first, seat 1 last); the others are tied (0.5 each)."""
    game, won, decided = load_game("goofspiel", 2, {"cards": 4}), 0, 0
    for seed in range(GAMES):
        state = game.new_initial_state()
        play_out(state, [make(2 * seed), make(2 * seed + 1)], make_rng(seed))
        winners = state.outcome().winners
        if len(winners) == 1:
            decided += 1
            won += winners[0] == 0
    return won, decided


def seat_test_power(decided: int) -> float:
    """The power of the two-sided binomial test on the decided games, at :data:`ALPHA`, against
    seat 0 winning :data:`SEAT_EFFECT` more than half of the win shares of all :data:`GAMES`
    (ties counting half): 1 where so few games are decided that no such effect can hide."""
    needed = 0.5 + SEAT_EFFECT * GAMES / decided if decided else 2.0
    if needed >= 1:
        return 1.0
    reject = [k for k in range(decided + 1) if stats.binomtest(k, decided).pvalue <= ALPHA]
    return float(sum(stats.binom.pmf(k, decided, needed) for k in reject))


@pytest.mark.parametrize("spec", ("greedy", "ismcts:iterations=60"))
def test_identical_agents_show_no_seat_effect_in_the_symmetric_toy(spec: str) -> None:
    """Seat 0 bids first, seat 1 last, the game is otherwise the same for both: with the same
    agent in both seats, seat 0 wins half of the decided games (binomial test, whose power
    against a seat effect of :data:`SEAT_EFFECT` is computed from the games decided)."""
    won, decided = seat_zero_wins(maker(spec))
    assert seat_test_power(decided) >= POWER, (won, decided)
    if decided:
        assert stats.binomtest(won, decided).pvalue > ALPHA, (won, decided)


# -- Glory Islands: the first round's sail cards, by place in the order -------------------------
PLACES_ROUNDS = 150  # deals per place; 3 places, card values 1..5


def sail_values_by_place(make: AgentMaker) -> list[Counter[Hashable]]:
    """The value of the card each place of the order chooses in the first round of 3-player
    Glory Islands with the colours dealt at random (so that no place holds a colour of its own:
    the positions are alike but for the order), the places before it choosing uniformly, over
    :data:`PLACES_ROUNDS` deals."""
    game = load_game("gloryislands", 3, {"colours": "dealt"})
    counts: list[Counter[Hashable]] = [Counter() for _ in range(3)]
    for seed in range(PLACES_ROUNDS):
        rng = make_rng(seed)
        for place in range(3):
            state = game.new_initial_state()
            while state.is_chance_node():
                state.apply(state.sample_chance(rng))
            while state.current_player() != place:
                state.apply(rng.choice(state.legal_actions()))
            card = make(seed).choose(state)
            counts[place][str(card).split("-")[1][:1]] += 1  # "play red-3a": the value 3
    return counts


@pytest.mark.parametrize("spec", AGENTS)
def test_an_agent_chooses_sail_cards_alike_from_every_place(spec: str) -> None:
    counts = sail_values_by_place(maker(spec))
    assert homogeneity(counts) > ALPHA, counts


def _strategies(game: str) -> list[str]:
    from solvers.strategies.bundled import bundled_names

    return [f"strategy:{name}" for name in bundled_names(game)]


@pytest.mark.parametrize("spec", _strategies("gloryislands"))
def test_a_bundled_strategy_chooses_sail_cards_alike_from_every_place(spec: str) -> None:
    """Strategy files read what the player sees where the secret choice began, and their
    fallback plays the choice as the simultaneous game it is (issue 38): the same test."""
    from solvers.agents import read_agent

    read = read_agent(spec, "gloryislands")
    counts = sail_values_by_place(lambda seed: make_agent(read, seed))
    assert homogeneity(counts) > ALPHA, counts


def test_an_order_dependent_agent_fails_the_sail_card_order_test() -> None:
    counts = sail_values_by_place(maker("judged-at-once"))
    assert homogeneity(counts) < ALPHA, counts
