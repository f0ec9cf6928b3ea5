"""Which decisions matter (analyses/strategies/decisions.py), on a toy game with a planted costly
decision and an irrelevant one, and on every installed game."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Hashable, Mapping
from pathlib import Path
from typing import Self

import numpy as np
import pandas as pd
import pytest

from analyses.reports.tables import json_numbers
from analyses.strategies.decisions import (
    DecisionSample,
    study_decisions,
    value_actions,
    which_decisions_matter,
)
from analyses.studies.study import StudyConfig, game_seeds, run_study
from models.core import (
    CHANCE,
    TERMINAL,
    ChanceKind,
    EventKind,
    Game,
    GameInfo,
    GameState,
    InformationKind,
    RuleOptions,
    load_game,
    make_rng,
    register_game,
)
from models.errors import AtollError, IllegalActionError
from solvers.agents import read_agent
from tests.conformance import goofspiel  # noqa: F401 (registers the toy "goofspiel")
from tests.games import installed_games

#: Turns of a Planted game (the seats alternate, seat 0 first), and those with a guard decision
#: (each seat's second turn: the middle third of the game).
TURNS = 6
GUARDED = (3, 4)


# -- Planted: a guard decision that can lose the game, a paint decision that changes nothing ----


@dataclasses.dataclass(frozen=True)
class PlantedOptions(RuleOptions):
    """Planted has no options."""


class PlantedEvent(EventKind):
    ROLL = "roll"


@dataclasses.dataclass(frozen=True, slots=True)
class Paint:
    colour: int

    def __str__(self) -> str:
        return f"paint {self.colour}"


@dataclasses.dataclass(frozen=True, slots=True)
class Guard:
    keep: bool

    def __str__(self) -> str:
        return "keep" if self.keep else "drop"


@dataclasses.dataclass(frozen=True, slots=True)
class Roll:
    pips: int

    def __str__(self) -> str:
        return f"roll {self.pips}"


#: The legal actions of each step.
ACTIONS: dict[str, tuple[Hashable, ...]] = {
    "paint": tuple(Paint(c) for c in range(3)),
    "guard": (Guard(True), Guard(False)),
    "roll": tuple(Roll(p) for p in range(1, 7)),
}


class PlantedState(GameState):
    """Each turn the seat to move paints (three colours: no effect on anything but the
    colours), on his second turn guards (keep, or drop: a player who drops loses, unless both
    did), and rolls a die onto his score. After six turns the higher score wins (a tie is
    shared)."""

    def __init__(self) -> None:
        super().__init__()
        self.turn, self.step = 1, "paint"
        self.scores, self.dropped = [0, 0], [False, False]
        self.colours: list[int] = []

    def mover(self) -> int:
        return (self.turn - 1) % 2

    def current_player(self) -> int:
        return {"over": TERMINAL, "roll": CHANCE}.get(self.step, self.mover())

    def legal_actions(self) -> tuple[Hashable, ...]:
        return ACTIONS.get(self.step, ())

    def chance_outcomes(self) -> tuple[tuple[Hashable, float], ...]:
        return tuple((a, 1 / 6) for a in self.legal_actions()) if self.step == "roll" else ()

    def is_legal(self, action: Hashable) -> bool:
        return action in self.legal_actions()

    def refusal(self, action: Hashable) -> IllegalActionError:
        return IllegalActionError(f"{action} is not legal now", rule="PL-1", action=action)

    def do_apply(self, action: Hashable) -> None:
        if isinstance(action, Paint):
            self.colours.append(action.colour)
            self.step = "guard" if self.turn in GUARDED else "roll"
        elif isinstance(action, Guard):
            self.dropped[self.mover()] |= not action.keep
            self.step = "roll"
        else:
            assert isinstance(action, Roll)
            self.scores[self.mover()] += action.pips
            self.event(PlantedEvent.ROLL, self.mover(), pips=action.pips)
            self.turn += 1
            self.step = "paint" if self.turn <= TURNS else "over"

    def is_terminal(self) -> bool:
        return self.step == "over"

    def returns(self) -> tuple[float, ...]:
        return tuple(
            -1.0 if d else float(s) for s, d in zip(self.scores, self.dropped, strict=True)
        )

    def turn_number(self) -> int:
        return min(self.turn, TURNS)

    def decision_kind(self) -> str:
        return self.step

    def clone(self) -> Self:
        twin = type(self)()
        twin.turn, twin.step = self.turn, self.step
        twin.scores, twin.dropped = list(self.scores), list(self.dropped)
        twin.colours = list(self.colours)
        self._copy_record(twin)
        return twin

    def observation(self, player: int) -> Hashable:
        return (self.turn, self.step, tuple(self.scores), tuple(self.dropped), tuple(self.colours))

    def parse_action(self, text: str) -> Hashable:
        raise AtollError(f"cannot read {text!r}")

    def turn_rule(self, player: int) -> tuple[str, str]:
        return "PL-1", self.not_your_turn(player)


class Planted(Game):
    info = GameInfo(
        name="paint-guard",
        title="Paint and Guard",
        min_players=2,
        max_players=2,
        default_players=2,
        chance=ChanceKind.EXPLICIT,
        information=InformationKind.PERFECT,
        options=PlantedOptions,
        events=PlantedEvent,
    )

    def __init__(self, players: int, options: PlantedOptions | None = None) -> None:
        self._players = self.info.check_players(players)
        self._options = options or PlantedOptions()

    @property
    def num_players(self) -> int:
        return self._players

    @property
    def options(self) -> PlantedOptions:
        return self._options

    def new_initial_state(self) -> PlantedState:
        return PlantedState()

    @classmethod
    def load_scenario(
        cls,
        path: str | Path,
        *,
        steps: int | None = None,
        components: Mapping[str, str] | None = None,
    ) -> PlantedState:
        raise AtollError("Planted has no scenarios", source=path)


@pytest.fixture(autouse=True)
def _planted() -> None:
    # in a fixture, not at import: the conformance suites must not take it for a game of atoll's
    register_game(Planted, replace=True)


def _planted_study(games: int = 40) -> StudyConfig:
    return StudyConfig("paint-guard", 2, ("random",), games=games, seed=5)


SAMPLE = DecisionSample(positions=4, playouts=8, seed=11)


# -- the planted decisions ----------------------------------------------------------------------


def test_the_costly_decision_ranks_first_and_the_irrelevant_one_holds_zero() -> None:
    found = which_decisions_matter(_planted_study(), SAMPLE)
    section = found.section()
    overall = section.tables[0].frame.set_index("decision")
    assert list(overall.index) == ["guard", "paint"]  # ranked by mean regret
    guard, paint = overall.loc["guard"], overall.loc["paint"]
    assert guard["mean regret"].low > 0.05  # a random guard drops half the time
    assert paint["mean regret"].low <= 0 <= paint["mean regret"].high
    assert guard["mattered"].value > paint["mattered"].value
    # common random numbers: a paint changes nothing, so its playouts are the same to the end
    painted = found.positions[found.positions["decision"] == "paint"]
    assert len(painted) > 20 and (painted["in-sample regret"] == 0).all()
    # a guard that drops is a costly choice, a keep never is (it is the best action)
    guarded = found.positions[found.positions["decision"] == "guard"]
    assert (guarded[guarded["chosen"] == "keep"]["in-sample regret"] == 0).all()
    assert guarded[guarded["chosen"] == "drop"]["regret"].mean() > 0.2
    assert re.match(
        r"In Paint and Guard, the 'guard' decision costs 0\.[12]\d \[", section.findings[0].text
    )
    assert {"early", "middle", "late"} <= set(found.table["phase"])
    assert json_numbers(section.title, section.tables[0])  # report.json can hold it


def test_same_seed_same_frames_another_seed_other_positions() -> None:
    config = _planted_study(12)
    one, two = which_decisions_matter(config, SAMPLE), which_decisions_matter(config, SAMPLE)
    pd.testing.assert_frame_equal(one.positions, two.positions)
    assert one.table.to_string() == two.table.to_string()
    other = which_decisions_matter(config, dataclasses.replace(SAMPLE, seed=12))
    assert not one.positions.equals(other.positions)


def test_workers_give_the_same_frame() -> None:
    config = _planted_study(8)
    alone = which_decisions_matter(config, SAMPLE)
    pooled = which_decisions_matter(config, SAMPLE, workers=2)
    pd.testing.assert_frame_equal(alone.positions, pooled.positions)


def test_a_bad_policy_or_sample_is_a_one_line_error() -> None:
    with pytest.raises(AtollError, match="agent"):
        which_decisions_matter(_planted_study(2), DecisionSample(policy="nobody"))
    with pytest.raises(AtollError, match="playouts"):
        DecisionSample(playouts=5)


# -- the study's games, the player's view ------------------------------------------------------


def test_the_positions_are_those_of_the_study_games() -> None:
    # one deal, both rotations: each agent plays from its seed by place in the lineup
    config = StudyConfig("southseas", 2, ("greedy", "random"), games=2, seed=2, design="duplicate")
    scores = run_study(config).players.set_index(["game", "seat"])["score"]
    game = config.make_game()
    for index, seed in enumerate(game_seeds(config)):
        final, decisions = study_decisions(config, game, index, seed)
        assert final.outcome().scores == tuple(scores.loc[index].sort_index())
        for d in decisions[:: max(1, len(decisions) // 5)]:
            at = game.replay(final.history()[: d.step])
            assert (at.current_player(), at.decision_kind()) == (d.player, d.kind)


def test_a_hidden_choice_of_another_player_changes_no_value() -> None:
    # Goofspiel: seat 0 has bid, unseen; seat 1's bids are valued the same whatever it was
    states = []
    for bid in (0, -1):
        state = load_game("goofspiel", 2).new_initial_state()
        state.apply(state.sample_chance(make_rng(3)))
        state.apply(state.legal_actions()[bid])
        states.append(state)
    seeds = [(k, 100 + k, 200 + k) for k in range(6)]
    values = [
        value_actions(s, s.legal_actions(), seeds, read_agent("random"), players=2) for s in states
    ]
    assert np.array_equal(values[0], values[1])
    assert values[0].shape == (len(states[0].legal_actions()), 6)


# -- every installed game ------------------------------------------------------------------------


@pytest.mark.parametrize("game", installed_games())
def test_every_game_gives_a_section(game: str) -> None:
    config = StudyConfig(game, 2, ("random",), games=2, seed=1)
    found = which_decisions_matter(config, DecisionSample(positions=2, playouts=2, max_actions=3))
    positions = found.positions
    assert 1 <= len(positions) <= 4 and not found.failed
    assert (positions["valued"] <= 3).all() and (positions["legal"] >= positions["valued"]).all()
    assert positions["value"].between(0, 1).all() and (positions["in-sample regret"] >= 0).all()
    assert positions["regret"].between(-1, 1).all()
    section = found.section()
    assert len(section.tables) == 2 and len(section.figures) == 1
    assert section.figures[0][1].startswith("data:image/png;base64,")
