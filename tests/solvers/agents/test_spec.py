"""Agent specs: make_agent parses names and parameters; a bad spec is a one-line error."""

from __future__ import annotations

import pytest

from models.errors import AtollError
from solvers.agents import AGENTS, GreedyAgent, ISMCTSAgent, RandomAgent, make_agent, split_specs


def test_the_known_agents() -> None:
    assert AGENTS == ("random", "greedy", "ismcts")


@pytest.mark.parametrize(
    ("spec", "kind"),
    [("random", RandomAgent), ("greedy", GreedyAgent), ("ismcts", ISMCTSAgent)],
)
def test_a_bare_name_makes_the_agent_with_its_spec_as_name(spec: str, kind: type) -> None:
    agent = make_agent(spec, seed=1)
    assert isinstance(agent, kind) and agent.name == spec


def test_ismcts_parameters_are_parsed_and_typed() -> None:
    agent = make_agent("ismcts:seconds=0.5,depth=12,c=0.7", seed=0)
    assert isinstance(agent, ISMCTSAgent)
    assert (agent.seconds, agent.depth, agent.c, agent.iterations) == (0.5, 12, 0.7, None)
    assert agent.name == "ismcts:seconds=0.5,depth=12,c=0.7"
    agent = make_agent(" ismcts : iterations = 400 ", seed=0)
    assert isinstance(agent, ISMCTSAgent) and agent.iterations == 400 and agent.seconds is None
    default = make_agent("ismcts", seed=0)
    assert isinstance(default, ISMCTSAgent) and default.iterations and default.iterations > 0


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("alphazero", "unknown agent 'alphazero'"),
        ("", "unknown agent ''"),
        ("ismcts:depth", "expected name=value"),
        ("ismcts:width=3", "unknown parameter 'width'"),
        ("greedy:depth=3", "unknown parameter 'depth'"),
        ("ismcts:depth=two", "depth must be a whole number, got 'two'"),
        ("ismcts:depth=1.5", "depth must be a whole number"),
        ("ismcts:c=-1", "c must be at least 0"),
        ("ismcts:c=nan", "c must be at least 0"),
        ("ismcts:iterations=0", "iterations must be at least 1"),
        ("ismcts:depth=1,depth=2", "depth is given twice"),
    ],
)
def test_a_bad_spec_is_one_line_naming_the_known_agents(spec: str, message: str) -> None:
    with pytest.raises(AtollError) as info:
        make_agent(spec, seed=0)
    text = str(info.value)
    assert info.value.field == "agent" and "\n" not in text
    assert text.startswith("agent: ") and message in text
    assert (
        "known: random, greedy(samples, rounds), "
        "ismcts(iterations, seconds, depth, c, scale, prior, prior_depth)" in text
    )


def test_a_seed_must_be_an_integer() -> None:
    with pytest.raises(AtollError, match="seed"):
        make_agent("random", seed="1")  # type: ignore[arg-type]


def test_parameters_may_be_separated_by_colons_too() -> None:
    agent = make_agent("ismcts:iterations=400:depth=12", seed=0)
    assert isinstance(agent, ISMCTSAgent) and (agent.iterations, agent.depth) == (400, 12)
    mixed = make_agent("ismcts:iterations=400:depth=12,c=0.5", seed=0)
    assert isinstance(mixed, ISMCTSAgent) and (mixed.depth, mixed.c) == (12, 0.5)
    with pytest.raises(AtollError, match="depth is given twice"):
        make_agent("ismcts:depth=1:depth=2", seed=0)


@pytest.mark.parametrize(
    "spec", ["ismcts:depth=\u0663", "ismcts:c=\u0661.5", "ismcts:depth=\uff13"]
)
def test_a_number_in_another_script_is_refused(spec: str) -> None:
    with pytest.raises(AtollError, match="in the digits 0-9"):
        make_agent(spec, seed=0)


@pytest.mark.parametrize(
    ("text", "seats"),
    [
        (
            "greedy,ismcts:iterations=50,depth=3,random",
            ("greedy", "ismcts:iterations=50,depth=3", "random"),
        ),
        (
            "greedy;ismcts:iterations=50:depth=3;random",
            ("greedy", "ismcts:iterations=50:depth=3", "random"),
        ),
        ("ismcts:depth=3,ismcts:c=1", ("ismcts:depth=3", "ismcts:c=1")),
        ("ismcts:depth=3;depth=4", ("ismcts:depth=3", "depth=4")),  # ';' always ends a seat
        ("greedy,depth=3", ("greedy", "depth=3")),  # no colon: no parameters to continue
        ("ismcts:,depth=3", ("ismcts:depth=3",)),
        ("random, greedy ,,", ("random", "greedy")),
        ("random", ("random",)),
        (" ; , ", ()),
    ],
)
def test_split_specs_reads_a_seat_list_unambiguously(text: str, seats: tuple[str, ...]) -> None:
    assert split_specs(text) == seats


def test_a_parameter_after_a_spec_without_a_colon_says_where_parameters_go() -> None:
    with pytest.raises(AtollError, match="unknown agent 'depth=3': a parameter follows its agent"):
        make_agent(split_specs("greedy,depth=3")[1], seed=0)
