"""The conformance suites every game plugs into (subclass them in ``test_<game>.py``).

* :class:`ComponentSuite` — the game's bundled data files load without warnings, write and read
  back unchanged, and a broken file is a one-line error naming the file.
* :class:`ProtocolSuite` — the shared game protocol (models.core): seeded random playouts end,
  legal actions are non-empty exactly until the end, actions are hashable and printable, the same
  seed gives the same game, clones are independent and carry the random generator along.
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Hashable, Sequence
from pathlib import Path
from typing import Any

import pytest

from models.core import CHANCE, SIMULTANEOUS, TERMINAL, Game, GameState
from models.errors import AtollError


class ComponentSuite:
    """Component data conformance. Subclasses define the four hooks."""

    def bundled(self) -> Sequence[Path]:
        raise NotImplementedError

    def load(self, path: Path) -> Any:
        raise NotImplementedError

    def dump(self, component: Any) -> str:
        raise NotImplementedError

    def parse(self, text: str, source: str) -> Any:
        raise NotImplementedError

    def test_there_are_bundled_components(self) -> None:
        assert self.bundled()

    def test_bundled_components_load_without_warnings(self) -> None:
        for path in self.bundled():
            with warnings.catch_warnings():
                warnings.simplefilter("error")
                self.load(path)

    def test_components_round_trip(self) -> None:
        for path in self.bundled():
            component = self.load(path)
            assert self.parse(self.dump(component), str(path)) == component

    def test_broken_file_is_a_one_line_error_naming_it(self, tmp_path: Path) -> None:
        bad = tmp_path / "broken.toml"
        bad.write_text("this is = = not toml\n", encoding="utf-8")
        with pytest.raises(AtollError) as info:
            self.load(bad)
        assert str(bad) in str(info.value)
        assert "line 1" in str(info.value)
        assert "\n" not in str(info.value)


class ProtocolSuite:
    """Game protocol conformance. Subclasses define :meth:`make_game`."""

    player_counts: Sequence[int] = (2,)
    playouts: int = 20
    max_moves: int = 10_000

    def make_game(self, num_players: int) -> Game:
        raise NotImplementedError

    def _playout(self, state: GameState, rng: random.Random) -> list[Hashable]:
        history = []
        for _ in range(self.max_moves):
            if state.is_terminal():
                return history
            actions = state.legal_actions()
            assert actions, "a state that is not terminal must have legal actions"
            action = rng.choice(list(actions))
            state.apply(action)
            history.append(action)
        pytest.fail(f"no end after {self.max_moves} moves")

    def test_random_playouts_end_with_returns(self) -> None:
        for n in self.player_counts:
            game = self.make_game(n)
            assert game.num_players == n
            for seed in range(self.playouts):
                state = game.new_initial_state(seed)
                self._playout(state, random.Random(seed))
                assert state.is_terminal()
                assert state.current_player() == TERMINAL
                assert not state.legal_actions()
                assert len(state.returns()) == n

    def test_current_player_is_valid(self) -> None:
        for n in self.player_counts:
            state = self.make_game(n).new_initial_state(0)
            rng = random.Random(1)
            while not state.is_terminal():
                player = state.current_player()
                assert player in (CHANCE, SIMULTANEOUS) or 0 <= player < n
                state.apply(rng.choice(list(state.legal_actions())))

    def test_actions_are_hashable_and_printable(self) -> None:
        state = self.make_game(self.player_counts[0]).new_initial_state(3)
        rng = random.Random(3)
        while not state.is_terminal():
            actions = list(state.legal_actions())
            assert len(set(actions)) == len(actions), "legal actions must be distinct"
            for action in actions:
                hash(action)
                assert str(action)
            state.apply(rng.choice(actions))

    def test_same_seed_same_game(self) -> None:
        game = self.make_game(self.player_counts[0])
        a, b = game.new_initial_state(11), game.new_initial_state(11)
        assert self._playout(a, random.Random(5)) == self._playout(b, random.Random(5))
        assert a.returns() == b.returns()

    def test_clone_is_independent_and_carries_chance(self) -> None:
        game = self.make_game(self.player_counts[0])
        state = game.new_initial_state(7)
        rng = random.Random(7)
        for _ in range(3):
            if state.is_terminal():
                break
            state.apply(rng.choice(list(state.legal_actions())))
        twin = state.clone()
        before = list(state.legal_actions())
        history = self._playout(twin, random.Random(9))
        assert list(state.legal_actions()) == before, "playing the clone changed the original"
        again = state.clone()
        assert self._playout(again, random.Random(9)) == history
        assert again.returns() == twin.returns()

    def test_illegal_action_is_rejected(self) -> None:
        state = self.make_game(self.player_counts[0]).new_initial_state(0)
        with pytest.raises(AtollError):
            state.apply(("not", "an", "action"))
