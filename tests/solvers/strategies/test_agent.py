"""The strategy agent follows its rules in order, prefers by attributes or weights, and leaves
the rest to its fallback (issue 38 part 1). Played on the template game (Pearl Divers), whose
info is used directly (not registered)."""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable

from models.core import make_rng
from models.template.actions import Dive, Rest
from models.vocabulary import ActionKind, Attribute, Vocabulary
from solvers.agents.random_agent import RandomAgent
from solvers.strategies.agent import StrategyAgent
from solvers.strategies.files import parse_strategy
from tests.solvers.strategies.template import INFO, TEMPLATE


def _strategy(rules: str, params: str = "", fallback: str = "random", info=INFO):  # type: ignore[no-untyped-def]
    text = f'name = "t"\ngame = "template"\nfallback = "{fallback}"\n[params]\n{params}\n{rules}'
    return parse_strategy(text, info)


def _decisions(agent: StrategyAgent, games: int = 30, seed: int = 3):  # type: ignore[no-untyped-def]
    """(card, round, chosen action, deciding rule) at every decision of some 2-player games."""
    rng, out = make_rng(seed), []
    for _ in range(games):
        state = TEMPLATE(2).new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply(state.sample_chance(rng))
                continue
            player = state.current_player()
            action = agent.choose(state)
            out.append((state.cards[player], state.round, action, agent.last_rule))
            state.apply(action)
    return out


def test_the_first_rule_that_applies_decides() -> None:
    strategy = _strategy(
        '[[rules]]\nname = "high"\nkind = "dive"\nwhen = ["card >= least"]\n'
        '[[rules]]\nname = "low"\nkind = "rest"\n',
        "least = 4",
    )
    seen = _decisions(StrategyAgent(strategy, INFO, seed=1))
    assert {card >= 4 for card, *_ in seen} == {True, False}  # both rules had their turn
    for card, _, action, rule in seen:
        assert (action, rule) == ((Dive(), "high") if card >= 4 else (Rest(), "low"))


def test_a_parameter_changes_the_play_as_its_value_says() -> None:
    rules = '[[rules]]\nname = "high"\nkind = "dive"\nwhen = ["card >= least"]\n'
    base = _strategy(rules + '[[rules]]\nname = "low"\nkind = "rest"\n', "least = 4")
    every = StrategyAgent(base.with_values({"least": 1}), INFO, seed=1)
    assert {a for _, _, a, _ in _decisions(every)} == {Dive()}


def test_where_no_rule_applies_the_fallback_plays_exactly_as_itself() -> None:
    never = _strategy('[[rules]]\nname = "never"\nkind = "dive"\nwhen = ["card > 100"]\n')
    agent = StrategyAgent(never, INFO, seed=5)
    twin = RandomAgent(seed=5)
    rng = make_rng(2)
    state = TEMPLATE(3).new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(state.sample_chance(rng))
            continue
        action = agent.choose(state)
        assert action == twin.choose(state) and agent.last_rule == "fallback"
        state.apply(action)


def _scored_info() -> type:
    """The template's info with one kind over every choice and a 0/1 attribute ``diving``."""

    def diving(state: object, action: Hashable) -> float:
        return 1.0 if isinstance(action, Dive) else 0.0

    kind = ActionKind("choice", "dive or rest", lambda a: isinstance(a, (Dive, Rest)),
                      (Attribute("diving", "1 for a dive", diving),))  # fmt: skip
    assert INFO.vocabulary is not None
    vocab = Vocabulary(features=INFO.vocabulary.features, kinds=(kind,))
    return dataclasses.replace(INFO, vocabulary=vocab)  # type: ignore[return-value]


def test_prefer_and_weights_order_the_actions_a_rule_keeps() -> None:
    info = _scored_info()
    for rule, wanted in (
        ('prefer = "highest diving"', Dive()),
        ('prefer = "lowest diving"', Rest()),
        ("weights = { diving = -2.0 }", Rest()),
        ('weights = { diving = "w" }', Dive()),
    ):
        strategy = _strategy(f'[[rules]]\nkind = "choice"\n{rule}\n', "w = 1.5", info=info)
        chosen = {a for _, _, a, _ in _decisions(StrategyAgent(strategy, info, seed=1), 10)}
        assert chosen == {wanted}, rule


def test_where_filters_the_actions_and_an_empty_rule_passes_to_the_next() -> None:
    info = _scored_info()
    strategy = _strategy(
        '[[rules]]\nname = "only dives, when low"\nkind = "choice"\n'
        'where = ["diving == 1", "card <= 2"]\n'
        '[[rules]]\nname = "else rest"\nkind = "choice"\nwhere = ["diving == 0"]\n',
        info=info,
    )
    for card, _, action, rule in _decisions(StrategyAgent(strategy, info, seed=1)):
        assert (action == Dive()) == (card <= 2)
        assert rule == ("only dives, when low" if card <= 2 else "else rest")


def test_ties_are_the_fallbacks_and_the_same_seed_plays_the_same() -> None:
    info = _scored_info()
    tie = _strategy('[[rules]]\nkind = "choice"\nwhere = ["card >= 0"]\n', info=info)
    first = _decisions(StrategyAgent(tie, info, seed=4))
    assert first == _decisions(StrategyAgent(tie, info, seed=4))
    assert {a for _, _, a, _ in first} == {Dive(), Rest()}  # both tied actions are drawn
    assert first != _decisions(StrategyAgent(tie, info, seed=5))
