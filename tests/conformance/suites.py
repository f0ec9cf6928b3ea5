"""The conformance suites every game plugs into (subclass them in ``test_<game>.py``).

* :class:`ComponentSuite` — the game's bundled data files load without warnings, write and read
  back unchanged, and a broken file is a one-line error naming the file.
* :class:`ProtocolSuite` — the shared game protocol (:mod:`models.core`), checked on seeded
  random playouts of a game made by :func:`~models.core.load_game`: playouts end; whose turn it
  is, the chance outcomes and the legal actions agree at every node; sampling follows the chance
  outcomes; the same seed gives the same game; clones are independent; replaying the history
  reproduces the state; a state saved as a scenario file loads back the same (the example
  scenarios' too); observations are information sets and resampling keeps them; illegal
  actions name a rule; events are of the game's kinds.

All randomness comes from seeded generators (:func:`~models.core.make_rng`), so no check flakes.
"""

from __future__ import annotations

import inspect
import math
import random
import re
import warnings
from collections import Counter, deque
from collections.abc import Hashable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar

import pytest

from models.core import (
    CHANCE,
    TERMINAL,
    ChanceKind,
    Event,
    EventKind,
    Game,
    GameState,
    InformationKind,
    RuleOptions,
    game_class,
    game_info,
    game_names,
    load_game,
    make_rng,
    random_playout,
    write_scenario,
)
from models.data import read_toml
from models.errors import AtollError, IllegalActionError
from models.luck import Luck


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
    """Game protocol conformance. Subclasses set :attr:`game_name` and may tune the sizes."""

    #: The registry name: every game of a check is ``load_game(game_name, n, options)``.
    game_name: str
    player_counts: Sequence[int] = (2,)
    #: Rule options passed to :func:`load_game` (``None``: the game's defaults).
    options: ClassVar[Mapping[str, Any] | None] = None
    #: Seeded random playouts per player count for the checks made at every node.
    playouts: int = 20
    max_moves: int = 10_000
    #: Chance nodes whose sampling is checked per player count (besides the first of each kind),
    #: and the draws made at each.
    chance_nodes: int = 3
    chance_samples: int = 3000
    #: Playouts per player count whose decision nodes are resampled, every ``resample_stride``-th.
    resample_playouts: int = 5
    resample_stride: int = 1
    #: Resamples per node when looking for a change of what the player cannot see.
    resample_tries: int = 20
    #: The rule IDs a refusal may name (``None``: those of the game's catalogue,
    #: ``docs/rules/<game_name>.md``).
    catalogue: ClassVar[frozenset[str] | None] = None
    #: Seeded playouts per player count whose positions try well-formed illegal actions, at
    #: every ``refusal_stride``-th node, ``refusal_tries`` actions each.
    refusal_playouts: int = 3
    refusal_stride: int = 5
    refusal_tries: int = 25
    #: Rule options besides the suite's own under which refusals are checked too (switches
    #: that forbid actions, whose refusals must still name the rule, not the option).
    refusal_options: ClassVar[Sequence[Mapping[str, Any]]] = ()
    #: Whether the game reads scenario files (a toy may not): only then is a state saved as a
    #: scenario and loaded back.
    scenarios: ClassVar[bool] = True

    def hidden_alternatives(self, state: GameState, player: int) -> int | None:
        """How many ways the part of ``state`` hidden from ``player`` can be, given what he saw
        (``None``: not known). A game that can count them makes the resample check exact: a
        resample must vary when there are several, and must not when there is one."""
        return None

    def is_alias(self, state: GameState, action: Hashable) -> bool:
        """Whether ``action``, not among ``state``'s legal actions, is another name of one that
        is (a game may list one action per distinct outcome and accept the others too)."""
        return False

    def winners(self, scores: Sequence[float]) -> tuple[int, ...]:
        """Who wins with these final scores (the highest; override for a tie-break)."""
        return tuple(p for p, s in enumerate(scores) if s == max(scores))

    # -- helpers --------------------------------------------------------------------------------
    def game(self, n: int) -> Game:
        """The game for ``n`` players, made by the registry once per test (loading data costs)."""
        games: dict[int, Game] = self.__dict__.setdefault("_games", {})
        if n not in games:
            games[n] = load_game(self.game_name, n, self.options)
        return games[n]

    def _nodes(self, n: int, seed: int, game: Game | None = None) -> Iterator[GameState]:
        """The state of one seeded random playout (of ``game``, by default the suite's) before
        each move and at the end (one object, moved on after each yield: copy it to keep it)."""
        state = (game or self.game(n)).new_initial_state()
        rng = make_rng(seed)
        for _ in range(self.max_moves):
            yield state
            if state.is_terminal():
                return
            state.apply(_random_move(state, rng))
        pytest.fail(f"{self.game_name} ({n} players, seed {seed}): no end in {self.max_moves}")

    def _all_nodes(self, playouts: int | None = None) -> Iterator[tuple[int, int, GameState]]:
        """(players, seed, state) at every node of the seeded playouts of every player count."""
        for n in self.player_counts:
            for i in range(self.playouts if playouts is None else playouts):
                seed = 1000 * n + i
                for state in self._nodes(n, seed):
                    yield n, seed, state

    def _checkpoints(self, n: int, seed: int) -> Iterator[GameState]:
        """The state of a seeded playout at its start, after one move, at each quarter and at
        the end."""
        length = len(list(self._nodes(n, seed))) - 1
        marks = {0, 1, length // 4, length // 2, 3 * length // 4, length}
        for k, state in enumerate(self._nodes(n, seed)):
            if k in marks:
                yield state

    # -- registry and options -------------------------------------------------------------------
    def test_registry_makes_the_game_by_name(self) -> None:
        info = game_info(self.game_name)
        assert info.name == self.game_name
        assert self.game_name in game_names()
        assert info.min_players <= info.default_players <= info.max_players
        assert issubclass(info.options, RuleOptions)
        assert issubclass(info.events, EventKind)
        for n in self.player_counts:
            game = self.game(n)
            assert type(game).info is info
            assert game.num_players == n
        assert load_game(self.game_name).num_players == info.default_players

    def test_declared_components_are_the_constructors_and_no_others(self) -> None:
        """``info.components`` names the constructor's keywords after players and options, and
        ``load_game`` refuses any other name in one line listing them."""
        info = game_info(self.game_name)
        cls = type(self.game(self.player_counts[0]))
        keywords = list(inspect.signature(cls.__init__).parameters)[3:]
        assert [name for name, _ in info.components] == keywords
        assert all(meaning for _, meaning in info.components)
        with pytest.raises(AtollError) as refused:
            load_game(self.game_name, self.player_counts[0], self.options, nonsense="x.toml")
        assert refused.value.field == "component" and "\n" not in str(refused.value)
        assert "'nonsense'" in str(refused.value)
        assert all(name in str(refused.value) for name, _ in info.components)

    def test_player_counts_outside_the_range_are_errors(self) -> None:
        info = game_info(self.game_name)
        for bad in (info.min_players - 1, info.max_players + 1, 0, -1):
            with pytest.raises(AtollError):
                load_game(self.game_name, bad, self.options)

    def test_default_options_are_the_options_class(self) -> None:
        info = game_info(self.game_name)
        defaults = info.options()
        assert load_game(self.game_name, self.player_counts[0]).options == defaults
        chosen = self.game(self.player_counts[0]).options
        assert isinstance(chosen, info.options)
        assert info.options.from_mapping(chosen.to_dict()) == chosen

    # -- playouts, turns, chance ----------------------------------------------------------------
    def test_random_playouts_end_with_scores_and_winners(self) -> None:
        for n in self.player_counts:
            for seed in range(self.playouts):
                state = self.game(n).new_initial_state()
                moves = random_playout(state, make_rng(seed), self.max_moves)
                where = f"{n} players, seed {seed}"
                assert state.is_terminal(), f"{where}: no end in {self.max_moves} moves"
                assert state.current_player() == TERMINAL, where
                assert state.legal_actions() == (), where
                assert state.chance_outcomes() == (), where
                assert len(state.returns()) == n, where
                assert len(state.history()) == moves, f"{where}: history is not every move"
                assert state.moves_played() == moves, f"{where}: moves_played is not the history's"
                outcome = state.outcome()
                assert outcome.final, where
                assert len(outcome.scores) == n, where
                assert outcome.winners == self.winners(outcome.scores), where

    def test_whose_turn_chance_and_actions_agree_at_every_node(self) -> None:
        for n, seed, state in self._all_nodes():
            where = f"{n} players, seed {seed}, move {len(state.history())}"
            player, actions = state.current_player(), state.legal_actions()
            outcomes = state.chance_outcomes()
            assert isinstance(actions, tuple), where
            assert (player == CHANCE) == bool(outcomes) == state.is_chance_node(), where
            assert (player == TERMINAL) == state.is_terminal() == (not actions), where
            if player == CHANCE:
                assert actions == tuple(a for a, _ in outcomes), where
            elif player != TERMINAL:
                assert 0 <= player < n, where
            outcome = state.outcome()
            assert outcome.final == state.is_terminal(), where
            assert len(outcome.scores) == len(state.returns()) == n, where

    def test_chance_outcomes_are_distributions(self) -> None:
        for n, seed, state in self._all_nodes():
            outcomes = state.chance_outcomes()
            if not outcomes:
                continue
            where = f"{n} players, seed {seed}, move {len(state.history())}"
            actions = [a for a, _ in outcomes]
            assert len(set(actions)) == len(actions), f"{where}: repeated outcomes"
            assert all(p > 0 for _, p in outcomes), f"{where}: {outcomes}"
            total = math.fsum(p for _, p in outcomes)
            assert total == pytest.approx(1, abs=1e-9), f"{where}: sum {total}"

    def _chance_nodes(self, n: int) -> list[GameState]:
        """Chance nodes of one playout: the first of each kind (by outcome type) and
        :attr:`chance_nodes` more spread over the game."""
        nodes = [s.clone() for s in self._nodes(n, 77 + n) if s.current_player() == CHANCE]
        assert nodes, "an explicit-chance game must meet chance in a playout"
        chosen: dict[int, GameState] = {}
        kinds: set[frozenset[type]] = set()
        for i, state in enumerate(nodes):
            kind = frozenset(type(a) for a, _ in state.chance_outcomes())
            if kind not in kinds:
                kinds.add(kind)
                chosen[i] = state
        for k in range(self.chance_nodes):
            i = (k + 1) * (len(nodes) - 1) // self.chance_nodes
            chosen[i] = nodes[i]
        return list(chosen.values())

    def _deterministic(self) -> bool:
        return game_info(self.game_name).chance is ChanceKind.DETERMINISTIC

    def test_sampling_follows_the_chance_outcomes(self) -> None:
        """``sample_chance`` (which games may override) draws by ``chance_outcomes``: every
        frequency within 4.5 binomial standard deviations of its probability."""
        if self._deterministic():
            pytest.skip("no chance")
        m = self.chance_samples
        for n in self.player_counts:
            for node, state in enumerate(self._chance_nodes(n)):
                before = _snapshot(state)
                probability = dict(state.chance_outcomes())
                drawn = Counter(state.sample_chance(make_rng(m * node + k)) for k in range(m))
                assert set(drawn) <= set(probability), (
                    f"not an outcome: {set(drawn) - set(probability)}"
                )
                for action, p in probability.items():
                    spread = 4.5 * math.sqrt(m * p * (1 - p)) + 1
                    assert abs(drawn[action] - m * p) <= spread, (
                        f"{n} players, move {len(state.history())}: {action} drawn "
                        f"{drawn[action]} times in {m}, expected {m * p:.1f}"
                    )
                assert _snapshot(state) == before, "sampling changed the state"

    def test_chance_streams_piles_and_drawers_agree_with_the_outcomes(self) -> None:
        """Luck held fixed (:mod:`models.luck`): every chance node names its stream, the seat it
        draws for (-1 the table, or a seat), and a pile, where it names one, in the proportions
        of its outcomes; a Luck's draws from it follow the outcomes too."""
        if self._deterministic():
            pytest.skip("no chance")
        m = self.chance_samples
        for n in self.player_counts:
            for node, state in enumerate(self._chance_nodes(n)):
                where = f"{n} players, move {len(state.history())}"
                stream, drawer = state.chance_stream(), state.chance_for()
                assert isinstance(stream, str) and stream, where
                assert drawer == -1 or 0 <= drawer < n, f"{where}: draws for {drawer}"
                probability = dict(state.chance_outcomes())
                pile = state.chance_pile()
                if pile is not None:
                    total = sum(c for _, c in pile)
                    copies = {a: c for a, c in pile if c > 0}
                    assert set(copies) == set(probability), where
                    for action, c in copies.items():
                        assert c / total == pytest.approx(probability[action]), where
                drawn = Counter(Luck(m * node + k).draw(state) for k in range(m))
                for action, p in probability.items():
                    spread = 4.5 * math.sqrt(m * p * (1 - p)) + 1
                    assert abs(drawn[action] - m * p) <= spread, (
                        f"{where}: Luck drew {action} {drawn[action]} times in {m}, "
                        f"expected {m * p:.1f}"
                    )

    def test_sampling_maps_one_uniform_draw_onto_the_outcomes(self) -> None:
        """The protocol's contract: ``sample_chance`` takes exactly one ``rng.random()``, and the
        share of [0, 1) that gives each outcome is its probability (checked on an even grid,
        so a small bias cannot hide in sampling noise)."""
        if self._deterministic():
            pytest.skip("no chance")
        m = 2000
        for n in self.player_counts:
            for state in self._chance_nodes(n):
                probability = dict(state.chance_outcomes())
                drawn: Counter[Hashable] = Counter()
                for i in range(m):
                    rng = _OneDraw((i + 0.5) / m)
                    drawn[state.sample_chance(rng)] += 1
                    assert rng.calls == 1, f"sample_chance took {rng.calls} rng.random() calls"
                for action, p in probability.items():
                    assert abs(drawn[action] - m * p) <= 3, (
                        f"{n} players, move {len(state.history())}: {action} on "
                        f"{drawn[action] / m:.4f} of [0, 1), probability {p:.4f}"
                    )

    def test_sampling_is_deterministic_in_its_rng(self) -> None:
        if self._deterministic():
            pytest.skip("no chance")
        before = random.getstate()
        for n in self.player_counts:
            for state in self._chance_nodes(n):
                for seed in range(20):
                    a, b = make_rng(seed), make_rng(seed)
                    assert state.sample_chance(a) == state.sample_chance(b)
                    assert a.getstate() == b.getstate(), "the rng was used unevenly"
        assert random.getstate() == before, "sample_chance used the global random"

    def test_legal_actions_are_distinct_hashable_and_printable(self) -> None:
        for n, seed, state in self._all_nodes():
            actions = state.legal_actions()
            where = f"{n} players, seed {seed}, move {len(state.history())}"
            assert isinstance(actions, tuple), where
            assert len(set(actions)) == len(actions), f"{where}: repeated actions"
            for action in actions:
                hash(action)
                assert str(action).strip(), f"{where}: {action!r} prints as nothing"

    def test_every_action_prints_and_parses_back(self) -> None:
        """``parse_action(str(a)) == a`` for every legal action (chance outcomes too): a
        scenario may write any action as it prints."""
        for n, seed, state in self._all_nodes(playouts=2):
            for action in state.legal_actions():
                again = state.parse_action(str(action))
                assert again == action, f"{n} players, seed {seed}: {action!r} reads back {again!r}"

    def test_a_written_history_replays_as_text(self) -> None:
        """A playout's history written as ``pN ACTION`` entries and played by ``play_text``
        reaches the same state (the scenario path is the protocol's path)."""
        for n in self.player_counts:
            for seed in (5, 6):
                final = deque(self._nodes(n, seed), maxlen=1)[0]  # the playout's end
                again = self.game(n).new_initial_state()
                for action in final.history():
                    who = again.current_player()
                    again.play_text(f"p{who} {action}" if 0 <= who <= 9 else str(action))
                assert _snapshot(again) == _snapshot(final), f"{n} players, seed {seed}"

    # -- determinism, clones, replay ------------------------------------------------------------
    def test_same_seed_same_game(self) -> None:
        before = random.getstate()
        for n in self.player_counts:
            for seed in range(3):
                a = load_game(self.game_name, n, self.options).new_initial_state()
                b = load_game(self.game_name, n, self.options).new_initial_state()
                random_playout(a, make_rng(seed), self.max_moves)
                random_playout(b, make_rng(seed), self.max_moves)
                assert a.history() == b.history()
                assert a.returns() == b.returns()
                assert a.outcome() == b.outcome()
                assert a.events() == b.events()
        assert random.getstate() == before, "a playout used the global random"

    def test_clone_is_independent(self) -> None:
        for n in self.player_counts:
            kept: list[tuple[GameState, tuple[Any, ...]]] = []
            for state in self._checkpoints(n, seed=5):
                before = _snapshot(state)
                twin = state.clone()
                assert twin is not state
                assert _snapshot(twin) == before
                random_playout(twin, make_rng(9), self.max_moves)
                assert twin.is_terminal()
                assert _snapshot(state) == before, "playing the clone changed the original"
                other = state.clone()
                kept.append((other, _snapshot(other)))
            for other, snapshot in kept:  # the original has moved on to the end since
                assert _snapshot(other) == snapshot, "playing the original changed a clone"

    def test_clones_with_the_same_rng_play_the_same(self) -> None:
        for n in self.player_counts:
            for state in self._checkpoints(n, seed=6):
                a, b = state.clone(), state.clone()
                random_playout(a, make_rng(3), self.max_moves)
                random_playout(b, make_rng(3), self.max_moves)
                assert a.history() == b.history()
                assert a.returns() == b.returns()
                assert a.events() == b.events()

    def test_replaying_the_history_reproduces_the_state(self) -> None:
        for n in self.player_counts:
            for seed in (7, 8):
                for state in self._checkpoints(n, seed):
                    again = self.game(n).replay(state.history())
                    assert _snapshot(again) == _snapshot(state), (
                        f"{n} players, seed {seed}: replaying {len(state.history())} moves "
                        "gives another state"
                    )

    # -- scenarios ------------------------------------------------------------------------------
    def example_scenarios(self) -> list[Path]:
        """The game's example scenarios: the files of ``examples/<game_name>/`` that list moves
        (``actions`` or ``[[move]]``; maps and hint sheets beside them are skipped)."""
        found = sorted((EXAMPLES / self.game_name).glob("*.toml"))
        return [p for p in found if {"actions", "move"} & set(read_toml(p))]

    def _check_saved(self, state: GameState, header: Mapping[str, Any] | None, path: Path) -> None:
        """``state.scenario(header)`` written to ``path`` loads back as the same state, and
        its first k entries as the state after k actions."""
        write_scenario(state.scenario(header), path)
        load = game_class(self.game_name).load_scenario
        where = f"{path.name}, {len(state.history())} actions"
        again = load(path)
        assert again.history() == state.history(), where
        assert again.events() == state.events(), where
        assert _snapshot(again) == _snapshot(state), where
        game = getattr(state, "game", None)
        assert isinstance(game, Game), f"{where}: the state does not know its game"
        length = len(state.history())
        for k in sorted({0, 1, length // 3, length - 1, length} - {-1}):
            part = load(path, steps=k)
            assert part.history() == state.history()[:k], f"{where}: steps={k}"
            assert part.events() == game.replay(state.history()[:k]).events(), f"{where}: {k}"

    def test_a_saved_playout_loads_back_the_same(self, tmp_path: Path) -> None:
        """A seeded random playout, stopped halfway and at its end, saved as a scenario (the
        default header: players and options) in TOML and JSON, replays to the same state."""
        if not self.scenarios:
            pytest.skip("the game reads no scenario files")
        for n in self.player_counts:
            end = self.game(n).new_initial_state()
            moves = random_playout(end, make_rng(31 + n), self.max_moves)
            half = self.game(n).replay(end.history()[: moves // 2])
            self._check_saved(half, None, tmp_path / f"half-{n}.toml")
            self._check_saved(end, None, tmp_path / f"end-{n}.toml")
            self._check_saved(end, None, tmp_path / f"end-{n}.json")

    def test_an_example_scenario_saved_again_loads_back_the_same(self, tmp_path: Path) -> None:
        """Each example scenario's position, saved with the example's own header (its moves
        written as actions), replays to the same state."""
        load = game_class(self.game_name).load_scenario
        for path in self.example_scenarios():
            self._check_saved(load(path), read_toml(path), tmp_path / path.name)

    # -- information ----------------------------------------------------------------------------
    def test_observations_are_hashable_and_deterministic(self) -> None:
        for n, _seed, state in self._all_nodes(playouts=max(1, self.playouts // 4)):
            twin = state.clone()
            for p in range(n):
                key = state.observation(p)
                assert hash(key) == hash(state.observation(p))
                assert state.observation(p) == key
                assert twin.observation(p) == key

    def test_equal_observations_give_equal_choices(self) -> None:
        """An observation is an information set: whether the player is to move, and with which
        actions, follows from it."""
        seen: dict[tuple[int, int, Hashable], tuple[bool, frozenset[Hashable]]] = {}
        for n, seed, state in self._all_nodes():
            for p in range(n):
                to_move = state.current_player() == p
                choice = (to_move, frozenset(state.legal_actions()) if to_move else frozenset())
                known = seen.setdefault((n, p, state.observation(p)), choice)
                assert known == choice, (
                    f"{n} players, seed {seed}, move {len(state.history())}: player {p} sees "
                    "the same as elsewhere but has other choices"
                )

    def test_observations_match_the_information_kind(self) -> None:
        """Perfect information: every player observes the same. Imperfect: somewhere not."""
        perfect = game_info(self.game_name).information is InformationKind.PERFECT
        differ = False
        for n, seed, state in self._all_nodes():
            keys = [state.observation(p) for p in range(n)]
            if perfect:
                assert all(k == keys[0] for k in keys), (
                    f"{n} players, seed {seed}, move {len(state.history())}: perfect "
                    "information, yet players observe different things"
                )
            differ = differ or any(k != keys[0] for k in keys)
        assert perfect or differ, "imperfect information, yet every player always sees the same"

    def _resample_nodes(self) -> Iterator[tuple[int, int, GameState]]:
        decisions = 0
        for n, seed, state in self._all_nodes(playouts=self.resample_playouts):
            if state.current_player() >= 0:
                decisions += 1
                if decisions % self.resample_stride == 0:
                    yield n, seed, state

    def test_resample_keeps_what_the_player_knows(self) -> None:
        perfect = game_info(self.game_name).information is InformationKind.PERFECT
        global_before = random.getstate()
        for k, (n, seed, state) in enumerate(self._resample_nodes()):
            where = f"{n} players, seed {seed}, move {len(state.history())}"
            p = state.current_player()
            before = _snapshot(state)
            twin = state.resample(p, make_rng(k))
            assert twin is not state
            assert twin.observation(p) == state.observation(p), where
            assert twin.current_player() == p, where
            assert set(twin.legal_actions()) == set(state.legal_actions()), where
            if perfect:  # nothing is hidden, so no player's view may change
                assert _snapshot(twin)[0] == before[0], where
            again = state.resample(p, make_rng(k))
            assert _snapshot(again) == _snapshot(twin), f"{where}: same rng, other resample"
            replayed = self.game(n).replay(twin.history())
            assert _snapshot(replayed) == _snapshot(twin), f"{where}: not a reachable state"
            q = (p + 1 + k) % n  # any player's view is kept, not only the mover's
            assert state.resample(q, make_rng(k)).observation(q) == state.observation(q), where
            random_playout(twin, make_rng(k), self.max_moves)
            assert twin.is_terminal(), f"{where}: a resampled state does not play to the end"
            assert _snapshot(state) == before, f"{where}: resampling changed the original"
        assert random.getstate() == global_before, "resample used the global random"

    def test_the_strategy_vocabulary_reads_only_what_the_player_sees(self) -> None:
        """Strategy files see only what the player knows (issue 38): every feature of the
        player to move and every attribute of his legal actions is the same in the state and in
        each resample of it (read where the current secret choice began, as the strategy agent
        reads them), and every decision's legal actions are of a declared kind."""
        vocab = game_info(self.game_name).vocabulary
        if vocab is None:
            pytest.skip("the game takes no strategy files")
        checked = 0
        for k, (n, seed, state) in enumerate(self._resample_nodes()):
            where = f"{n} players, seed {seed}, move {len(state.history())}"
            p = state.current_player()
            actions = state.legal_actions()[:VOCABULARY_ACTIONS]
            for action in actions:
                assert vocab.kind_of(action) is not None, f"{where}: {action} has no kind"
            expected = _words(vocab, state, p, actions)
            for t in range(2):
                twin = state.resample(p, make_rng(97 * k + t))
                assert _words(vocab, twin, p, actions) == expected, where
            checked += 1
        assert checked

    def test_every_bundled_strategy_loads_and_plays_a_game(self) -> None:
        """Each strategy the game ships reads (a strategy file is checked when loaded) and
        plays whole games in every seat, legal by construction (issue 38)."""
        from solvers.agents import make_agent, read_agent
        from solvers.agents.play import play_out
        from solvers.strategies.bundled import bundled_names

        names = bundled_names(self.game_name)
        if game_info(self.game_name).vocabulary is None:
            assert not names, "strategies shipped for a game without a vocabulary"
            pytest.skip("the game takes no strategy files")
        n = self.player_counts[0]
        for k, name in enumerate(names):
            spec = read_agent(f"strategy:{name}", self.game_name)
            assert spec.strategy.about, f"{name}: say in words what it does (about)"
            state = self.game(n).new_initial_state()
            agents = [make_agent(spec, 10 * k + seat) for seat in range(n)]
            play_out(state, agents, make_rng(k), max_steps=self.max_moves)
            assert state.is_terminal(), name

    def test_resample_redraws_what_the_player_cannot_see(self) -> None:
        """Imperfect information: resampling varies the hidden part where there is one.
        Perfect information: nothing is hidden, so no resample changes anyone's view."""
        if game_info(self.game_name).information is InformationKind.PERFECT:
            for k, (n, _seed, state) in enumerate(self._resample_nodes()):
                twin = state.resample(state.current_player(), make_rng(k))
                assert [twin.observation(q) for q in range(n)] == [
                    state.observation(q) for q in range(n)
                ]
            return
        varied = 0
        for n, seed, state in self._resample_nodes():
            p = state.current_player()
            views = [state.observation(q) for q in range(n)]
            changed = 0
            for t in range(self.resample_tries):
                twin = state.resample(p, make_rng(1000 * seed + t))
                changed += any(twin.observation(q) != views[q] for q in range(n) if q != p)
            varied += changed > 0
            alternatives = self.hidden_alternatives(state, p)
            where = f"{n} players, seed {seed}, move {len(state.history())}, player {p}"
            if alternatives is not None:
                assert alternatives >= 1, f"{where}: the true state does not fit"
                if alternatives > 1:
                    assert changed, f"{where}: {alternatives} hidden states fit, never redrawn"
                else:
                    assert not changed, f"{where}: the hidden part is known, yet redrawn"
        assert varied, "no resample ever changed what the other players see"

    # -- refusals and events --------------------------------------------------------------------
    def test_illegal_actions_raise_naming_a_rule(self) -> None:
        """Garbage, a chance outcome where a player moves, a move where chance does, anything
        at the end: each refused with a one-line error naming the rule, the state unchanged."""
        for n in self.player_counts:
            states = [s.clone() for s in self._checkpoints(n, seed=4)]
            chance = [a for s in states if s.is_chance_node() for a in s.legal_actions()]
            moves = [a for s in states if s.current_player() >= 0 for a in s.legal_actions()]
            for state in states:
                wrong: list[Hashable] = [_GARBAGE, *chance[:1], *moves[:1]]
                for action in wrong:
                    if action in state.legal_actions():
                        continue
                    before = _snapshot(state)
                    with pytest.raises(IllegalActionError) as error:
                        state.apply(action)
                    assert isinstance(error.value.rule, str) and error.value.rule.strip()
                    assert error.value.action == action
                    assert "\n" not in str(error.value)
                    assert _snapshot(state) == before, f"refusing {action} changed the state"

    def test_refusals_of_well_formed_actions_name_a_catalogue_rule(self) -> None:
        """At positions of seeded random playouts, actions that were legal somewhere in the
        game (so well formed) but are not legal here are refused naming one of the game's
        catalogue rules — never an option's or a phase's name — and change nothing."""
        ids = self.catalogue if self.catalogue is not None else catalogue_ids(self.game_name)
        assert ids, f"no rule IDs in the catalogue of {self.game_name}"
        seen: dict[Hashable, None] = {}  # every action legal somewhere, in order
        positions: list[GameState] = []
        for n in self.player_counts:
            for options in [self.options, *self.refusal_options]:
                game = load_game(self.game_name, n, options)
                for seed in range(self.refusal_playouts):
                    for k, state in enumerate(self._nodes(n, 7000 + seed, game)):
                        seen.update(dict.fromkeys(state.legal_actions()))
                        if k % self.refusal_stride == 0:
                            positions.append(state.clone())
        pool, rng = list(seen), make_rng(7)
        for state in positions:
            legal = set(state.legal_actions())
            tries = rng.sample(pool, min(len(pool), self.refusal_tries))
            for action in (a for a in tries if a not in legal):
                if self.is_alias(state, action):
                    continue
                before = state.history()
                with pytest.raises(IllegalActionError) as error:
                    state.apply(action)
                where = f"{len(state.returns())} players, move {len(before)}: {action}"
                assert error.value.rule in ids, f"{where}: {error.value} names no rule ID"
                assert "\n" not in str(error.value), where
                assert state.history() == before, f"{where}: refusing it changed the state"

    def test_a_secret_choice_taken_back_is_the_state_where_it_began(self) -> None:
        """``secret_choice_start`` at every decision of a secret choice is the state the
        playout passed through where that choice began (everything the protocol shows, the
        observations included); elsewhere it is a plain copy. So an agent starting from it
        learns nothing of the choices taken back, and is where the first chooser was."""
        began: tuple[Hashable, tuple[Any, ...]] | None = None
        for n, seed, state in self._all_nodes():
            key = state.secret_choice() if state.current_player() >= 0 else None
            if not state.history():
                began = None
            if key is None:
                began = None
                if not state.is_terminal():
                    assert _snapshot(state.secret_choice_start()) == _snapshot(state)
                continue
            where = f"{n} players, seed {seed}, move {len(state.history())}: {key!r}"
            if began is None or began[0] != key:
                began = (key, _snapshot(state))
            start = state.secret_choice_start()
            assert start.secret_choice() == key, where
            assert _snapshot(start) == began[1], where

    def test_every_event_kind_has_a_gloss_naming_a_catalogue_rule(self) -> None:
        """A report's glossary says what each event kind counts and its rule."""
        kinds = game_info(self.game_name).events
        ids = self.catalogue if self.catalogue is not None else catalogue_ids(self.game_name)
        glossary = kinds.glossary()
        if self.catalogue is not None and not glossary:
            return  # a toy without a glossary
        for kind in kinds:
            gloss = glossary.get(kind.value)
            assert gloss is not None, f"no gloss for {kind.value}"
            assert gloss.rule in ids and gloss.meaning, kind.value

    def test_events_are_of_the_games_kinds(self) -> None:
        kinds = game_info(self.game_name).events
        seen: set[EventKind] = set()
        previous: tuple[Event, ...] = ()
        for _n, _seed, state in self._all_nodes():
            events = state.events()
            assert isinstance(events, tuple)
            if not state.history():
                previous = ()
            assert events[: len(previous)] == previous, "the log may only grow"
            new = events[len(previous) :]
            for event in new:
                assert isinstance(event, Event)
                assert isinstance(event.kind, kinds), f"{event.kind!r} is not a {kinds.__name__}"
                seen.add(event.kind)
            previous = events
        assert seen, "no playout logged any event"


_GARBAGE = ("not", "an", "action")
#: The rule catalogues, one per game (``docs/rules/<game>.md``).
CATALOGUES = Path(__file__).resolve().parents[2] / "docs" / "rules"
#: The example scenarios, one folder per game (``examples/<game>/``).
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
_RULE_ID = re.compile(r"^- ([A-Z]{2}-[A-Z]+\d+)\b", re.M)


def catalogue_ids(game: str) -> frozenset[str]:
    """The rule IDs of ``game``'s catalogue (empty when it has none)."""
    path = CATALOGUES / f"{game}.md"
    if not path.exists():
        return frozenset()
    return frozenset(_RULE_ID.findall(path.read_text(encoding="utf-8")))


class _OneDraw(random.Random):
    """A generator whose ``random()`` is always ``value``; any other use of it fails."""

    def __init__(self, value: float) -> None:
        super().__init__(0)
        self.value, self.calls = value, 0

    def random(self) -> float:
        self.calls += 1
        return self.value

    def getrandbits(self, k: int) -> int:
        raise AssertionError("sample_chance must take one rng.random(), not getrandbits")


def _random_move(state: GameState, rng: random.Random) -> Hashable:
    if state.current_player() == CHANCE:
        return state.sample_chance(rng)
    return rng.choice(state.legal_actions())


#: How many legal actions of a position the vocabulary check reads (the first ones).
VOCABULARY_ACTIONS = 24


def _words(vocab: Any, state: GameState, player: int, actions: Sequence[Hashable]) -> Any:
    """Every feature for ``player`` and every attribute of ``actions``, read as the strategy
    agent reads them (at the start of a secret choice)."""
    view = state.secret_choice_start() if state.secret_choice() is not None else state
    features = {f.name: f.value(view, player) for f in vocab.all_features()}
    attributes = []
    for action in actions:
        kind = vocab.kind_of(action)
        attributes.append({a.name: a.value(view, action) for a in kind.attributes})
    return features, attributes


def _snapshot(state: GameState) -> tuple[Any, ...]:
    """Everything the protocol shows of a state (observations first), to compare two."""
    n = len(state.returns())
    return (
        tuple(state.observation(p) for p in range(n)),
        state.history(),
        state.current_player(),
        state.legal_actions(),
        state.chance_outcomes(),
        state.returns(),
        state.outcome(),
        state.events(),
    )
