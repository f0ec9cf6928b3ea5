"""The shared game protocol: what every game of atoll has in common, after OpenSpiel and pgx.

A game declares what it is in one :class:`GameInfo` and is made through :func:`load_game` (the
one registry the CLI, studies, agents and tests use). Its :class:`GameState` says whose turn it
is (a seat, :data:`CHANCE` or :data:`TERMINAL`), lists the legal actions as a tuple, applies
one, and reports :meth:`~GameState.returns` and :meth:`~GameState.outcome`.

* **Chance is explicit.** Where chance moves, ``current_player()`` is :data:`CHANCE` and
  :meth:`~GameState.chance_outcomes` gives (outcome, probability) pairs; a caller samples one
  with its own generator (:func:`sample_chance`) and applies it. A state holds no generator, so
  a clone does not know the future (a search agent cannot peek at the next tile).
* **Information sets.** :meth:`~GameState.observation` is a hashable key of everything a player
  knows; :meth:`~GameState.resample` makes a state with the same observation for that player and
  everything hidden from him redrawn consistently — all that ISMCTS needs.
* **Secret choices** (Glory Islands' sail cards) are made one player after another and hidden
  by ``observation()`` until revealed, so every agent has one ``apply`` path.
* **Refusals** raise :class:`IllegalActionError` naming the rule broken.
* **Events** are :class:`Event` records whose kind is a member of the game's :class:`EventKind`
  enum, so a study cannot count a misspelt kind as zero.

Seeds: every random choice comes from an explicit generator (:func:`make_rng`), never the
global ``random``; :func:`spawn_seeds` derives per-game seeds that do not depend on workers.

>>> rng = make_rng(7)
>>> rng.random() == make_rng(7).random()
True
>>> spawn_seeds(2026, 3) == spawn_seeds(2026, 3)
True
>>> Outcome.highest((3.0, 5.0, 5.0), final=True).winners
(1, 2)
"""

from __future__ import annotations

import dataclasses
import enum
import random
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Mapping
from typing import Any, ClassVar, NamedTuple, Self, TypeVar

from models.errors import AtollError, AtollWarning, IllegalActionError
from models.options import RuleOptions
from models.registry import game_info, game_names, load_game, register_game
from models.skips import Skipped

__all__ = [
    "CHANCE",
    "TERMINAL",
    "AtollError",
    "AtollWarning",
    "ChanceKind",
    "Event",
    "EventKind",
    "Game",
    "GameInfo",
    "GameState",
    "Gloss",
    "IllegalActionError",
    "InformationKind",
    "Outcome",
    "RuleOptions",
    "Skipped",
    "checked_playout",
    "count_events",
    "game_info",
    "game_names",
    "load_game",
    "make_rng",
    "random_playout",
    "register_game",
    "sample_chance",
    "spawn_seeds",
]

#: ``current_player()`` of a state where chance moves next (see :meth:`GameState.chance_outcomes`).
CHANCE = -1
#: ``current_player()`` of a finished game.
TERMINAL = -3


def make_rng(seed: int | random.Random) -> random.Random:
    """A private random generator from a seed; a generator passed in is used as it is.

    There is deliberately no default: a caller that wants randomness must say which.
    """
    if isinstance(seed, random.Random):
        return seed
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise AtollError(f"a seed must be an integer, got {seed!r}", field="seed")
    return random.Random(seed)


def spawn_seeds(seed: int, n: int) -> list[int]:
    """``n`` statistically independent 63-bit seeds derived from one study seed.

    Seed ``i`` depends only on ``seed`` and ``i``, never on the number of workers. ``seed`` is
    a whole number 0 or more (numpy's ``SeedSequence`` takes no other).

    >>> spawn_seeds(-1, 2)
    Traceback (most recent call last):
    ...
    models.errors.AtollError: seed: a seed is a whole number 0 or more, got -1
    """
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise AtollError(f"a seed is a whole number 0 or more, got {seed!r}", field="seed")
    import numpy as np  # numpy only when seeds are spawned (keeps `atoll --help` fast)

    children = np.random.SeedSequence(seed).spawn(n)
    return [int(c.generate_state(1, dtype=np.uint64)[0] >> np.uint64(1)) for c in children]


class ChanceKind(enum.StrEnum):
    """Whether a game has chance nodes."""

    DETERMINISTIC = "deterministic"
    EXPLICIT = "explicit"


class InformationKind(enum.StrEnum):
    """Whether every player sees the whole state (``observation()`` is then the same for all)."""

    PERFECT = "perfect"
    IMPERFECT = "imperfect"


class Gloss(NamedTuple):
    """What an event kind counts, for a report's glossary: the rule it comes from, its meaning,
    and — when one event stands for several items (amulets picked up at once) — the ``data``
    field that counts them."""

    rule: str
    meaning: str
    items: str | None = None


class EventKind(enum.StrEnum):
    """Base of each game's enum of event kinds (``class SouthSeasEvent(EventKind): ...``)."""

    @classmethod
    def glossary(cls) -> dict[str, Gloss]:
        """Each kind's :class:`Gloss` (by kind value); a game's enum overrides it."""
        return {}

    @classmethod
    def parse(cls, name: str) -> Self:
        """The member named ``name`` (its value); an unknown name is an error listing them."""
        try:
            return cls(name)
        except ValueError:
            known = ", ".join(m.value for m in cls)
            raise AtollError(f"unknown event kind {name!r} (one of {known})") from None


E = TypeVar("E", bound=EventKind)


class Event(NamedTuple):
    """One entry of a game's log: when, who, what kind, and the details (an immutable record;
    a named tuple because games log several per turn and it is the cheapest to make)."""

    turn: int
    player: int | None
    kind: EventKind
    data: Mapping[str, Any]


def count_events(events: Iterable[Event], kinds: type[E]) -> dict[E, int]:
    """How often each kind occurs, every kind of the enum present (zero when absent).

    >>> class Demo(EventKind):
    ...     ROLL = "roll"
    ...     HOLD = "hold"
    >>> count_events([Event(1, 0, Demo.ROLL, {})], Demo)
    {<Demo.ROLL: 'roll'>: 1, <Demo.HOLD: 'hold'>: 0}
    """
    counts = Counter(e.kind for e in events)
    return {kind: counts.get(kind, 0) for kind in kinds}


@dataclasses.dataclass(frozen=True)
class Outcome:
    """Scores and winners (several when tied); ``final`` once the game is over."""

    scores: tuple[float, ...]
    winners: tuple[int, ...]
    final: bool

    @classmethod
    def highest(cls, scores: Iterable[float], *, final: bool) -> Outcome:
        """The players with the highest score win; a tie is reported as a tie."""
        values = tuple(float(s) for s in scores)
        top = max(values)
        return cls(values, tuple(p for p, s in enumerate(values) if s == top), final)


@dataclasses.dataclass(frozen=True)
class GameInfo:
    """What a game is: one constant per game, read by the registry, the CLI and studies."""

    name: str
    title: str
    min_players: int
    max_players: int
    default_players: int
    chance: ChanceKind
    information: InformationKind
    options: type[RuleOptions]
    events: type[EventKind]
    #: The columns :meth:`GameState.summary` gives a study's games table: (name, meaning).
    summary_columns: tuple[tuple[str, str], ...] = ()
    #: The columns :meth:`GameState.player_summary` gives its players table: (name, meaning).
    player_columns: tuple[tuple[str, str], ...] = ()
    #: The component files the game is made from, (name, meaning): the keywords of its
    #: constructor and the NAMEs of ``--component NAME=FILE``.
    components: tuple[tuple[str, str], ...] = ()

    def check_players(self, players: int | None) -> int:
        """``players`` (the default when ``None``) if the game allows it, else an error."""
        if players is None:
            return self.default_players
        if isinstance(players, bool) or not isinstance(players, int):
            raise AtollError(f"must be a whole number, got {players!r}", field="players")
        if not self.min_players <= players <= self.max_players:
            raise AtollError(
                f"{self.title} is for {self.min_players} to {self.max_players} players, "
                f"not {players}",
                field="players",
            )
        return players

    def check_components(self, names: Iterable[str]) -> None:
        """Refuse a component name the game does not have, listing the ones it has."""
        known = [name for name, _ in self.components]
        for name in names:
            if name not in known:
                has = f"its components are {', '.join(known)}" if known else "it has none"
                raise AtollError(
                    f"{self.title} has no component {name!r} ({has})", field="component"
                )


class GameState(ABC):
    """One position of a game. Mutable: :meth:`apply` changes it in place; :meth:`clone` copies."""

    #: A lead, in the game's points, that is clear but not decisive (a search agent judging a
    #: cut-off position by :meth:`heuristic` counts a lead this big as a 73% chance to win).
    margin_scale: ClassVar[float] = 2.0
    #: The steps the engine passed by itself since the last decision (no choice was left), so
    #: that a refusal of such a step's action can say why (:mod:`models.skips`).
    skipped: tuple[Skipped, ...] = ()

    def note_skipped(self, player: int, rule: str, why: str, kinds: tuple[type, ...]) -> None:
        """Remember that ``player``'s step of ``kinds`` passed by itself under ``rule``."""
        self.skipped = (*self.skipped, Skipped(player, rule, why, kinds))

    @abstractmethod
    def current_player(self) -> int:
        """The seat to move (0-based), :data:`CHANCE` or :data:`TERMINAL`."""

    @abstractmethod
    def legal_actions(self) -> tuple[Hashable, ...]:
        """The current player's actions (at a chance node: the outcomes); empty at the end."""

    @abstractmethod
    def apply(self, action: Hashable) -> None:
        """Play ``action``; an illegal one raises :class:`IllegalActionError` naming the rule."""

    @abstractmethod
    def chance_outcomes(self) -> tuple[tuple[Hashable, float], ...]:
        """At a chance node, each outcome with its probability (they sum to 1); else ``()``."""

    @abstractmethod
    def is_terminal(self) -> bool:
        """Whether the game is over."""

    @abstractmethod
    def returns(self) -> tuple[float, ...]:
        """Each player's result so far (the final score once the game is over)."""

    @abstractmethod
    def clone(self) -> Self:
        """An independent copy: nothing mutable is shared with the original."""

    @abstractmethod
    def observation(self, player: int) -> Hashable:
        """A hashable key of everything ``player`` knows; equal keys, equal knowledge."""

    @abstractmethod
    def resample(self, player: int, rng: random.Random) -> Self:
        """A state with the same observation for ``player``, all hidden from him redrawn."""

    @abstractmethod
    def history(self) -> tuple[Hashable, ...]:
        """Every action applied since the initial state, chance outcomes included."""

    def events(self) -> tuple[Event, ...]:
        """The game's log so far (games without a log return none)."""
        return ()

    def heuristic(self) -> tuple[float, ...]:
        """Each player's estimated final return: the game's own quick judgement of the position,
        for agents that stop a playout early. By default the returns so far."""
        return self.returns()

    def turn_number(self) -> int:
        """How many of the game's own turns have begun (a tile placed, a round, a player's
        turn): a study records the score race whenever it grows. By default every move."""
        return len(self.history())

    def standing(self) -> tuple[float, ...]:
        """Each player's standing for the score race between turns: the returns so far by
        default; a game whose score comes mostly at the end gives its heuristic instead."""
        return self.returns()

    def decision_kind(self) -> str:
        """What kind of decision the current player makes (the game's phase: "place",
        "choose"...), for the branching factor by kind. By default "decision"."""
        return "decision"

    def summary(self) -> Mapping[str, Any]:
        """Facts about the game for a study's games table, named by ``info.summary_columns``."""
        return {}

    def player_summary(self, player: int) -> Mapping[str, Any]:
        """Facts about one player for a study's players table (``info.player_columns``)."""
        return {}

    def outcome(self) -> Outcome:
        """Scores and winners; by default the highest score wins and ties are ties."""
        return Outcome.highest(self.returns(), final=self.is_terminal())

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def sample_chance(self, rng: random.Random) -> Hashable:
        """One outcome of this chance node, drawn with ``rng`` by :meth:`chance_outcomes`.

        Games may override it with a faster draw from the same distribution (the conformance
        suite checks that they agree); it takes exactly one ``rng.random()``.
        """
        outcomes = self.chance_outcomes()
        if not outcomes:
            raise AtollError("not a chance node", field="state")
        r = rng.random()
        total = 0.0
        for action, probability in outcomes:
            total += probability
            if r < total:
                return action
        return outcomes[-1][0]


class Game(ABC):
    """A game made from a player count, rule options and component data; it makes states."""

    #: What the game is (name, players, chance, information, options and event kinds).
    info: ClassVar[GameInfo]

    @property
    @abstractmethod
    def num_players(self) -> int:
        """How many players this game was set up for."""

    @property
    @abstractmethod
    def options(self) -> RuleOptions:
        """The rule options the game was made with."""

    @abstractmethod
    def new_initial_state(self) -> GameState:
        """A fresh game, before any chance outcome (the caller samples chance)."""

    def components(self) -> dict[str, Any]:
        """Where each component file came from and whether it is a reconstruction."""
        return {}

    def component_texts(self) -> dict[str, str]:
        """Each component as the game read it, in a canonical text (its file format), so that
        a study can tell whether a map or tile set changed between two runs: two games with
        the same texts and options are the same game. By default none."""
        return {}

    def replay(self, history: Iterable[Hashable]) -> GameState:
        """A new game with ``history`` applied in order (chance outcomes included): a state's
        :meth:`~GameState.history` replayed must give that state again.

        >>> game = load_game("southseas", 2)
        >>> state = game.new_initial_state()
        >>> _ = random_playout(state, make_rng(4), max_moves=30)
        >>> game.replay(state.history()).events() == state.events()
        True
        """
        state = self.new_initial_state()
        for action in history:
            state.apply(action)
        return state


def sample_chance(state: GameState, rng: random.Random) -> Hashable:
    """One outcome of a chance node, drawn with ``rng`` by the node's probabilities."""
    return state.sample_chance(rng)


def random_playout(state: GameState, rng: random.Random, max_moves: int | None = None) -> int:
    """Play ``state`` to the end (or ``max_moves``): uniformly random legal actions for the
    players, sampled outcomes at chance nodes, all from ``rng``. Returns the moves made."""
    moves = 0
    while not state.is_terminal() and (max_moves is None or moves < max_moves):
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
        moves += 1
    return moves


def checked_playout(
    state: GameState, rng: random.Random, check: Callable[[GameState], Iterable[str]]
) -> list[str]:
    """Play ``state`` on like :func:`random_playout`, calling ``check`` after every move (an
    audit of the game's invariants); stop at the first problems it finds and return them, each
    as ``move N: problem`` (an empty list when the game ended without any)."""
    while not state.is_terminal():
        random_playout(state, rng, max_moves=1)
        found = [f"move {len(state.history())}: {p}" for p in check(state)]
        if found:
            return found
    return []
