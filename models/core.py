"""The shared game protocol: what every game of atoll has in common, after OpenSpiel and pgx.

A game declares what it is in one :class:`GameInfo` and is made through :func:`load_game` (the
one way the CLI, studies, agents and tests make a game). Its :class:`GameState` says whose turn
it is (a seat, :data:`CHANCE` or :data:`TERMINAL`), lists the legal actions as a tuple, applies
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
  :meth:`~GameState.secret_choice` names the choice a decision belongs to and
  :meth:`~GameState.secret_choice_start` takes back the choices made in it, so that an agent
  can choose the same whatever its place in that order.
* **One apply for every game** (pyspiel's ``ApplyAction``): :meth:`GameState.apply` checks the
  action (the game's :meth:`~GameState.is_legal`), refuses it with the game's
  :meth:`~GameState.refusal` naming the rule broken, records it in the history, and calls the
  game's :meth:`~GameState.do_apply`. History and log live here, once.
* **Positions are plain data** (pgx): a game's ``position.py`` subclasses :class:`Position`
  (fields, ``Phase`` enum, log); rule steps are functions over it; ``state.py`` is on top.
* **Events** are :class:`Event` records of the game's :class:`EventKind` enum, logged with
  :meth:`Position.event`. **Scenarios** replay with :func:`play_entries` and
  :meth:`GameState.play_text`; a state saves its own with :meth:`GameState.scenario`.

Seeds come from explicit generators (:mod:`models.seeds`), never the global ``random``.

>>> Outcome.highest((3.0, 5.0, 5.0), final=True).winners
(1, 2)
>>> state = load_game("gloryislands", 2).new_initial_state()
>>> state.play_text("p0 play red-1")
>>> state.history()
(Play(card='red-1'),)
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Hashable, Iterable, Mapping
from pathlib import Path
from typing import Any, ClassVar, Self

from models.data import split_player, write_scenario
from models.errors import AtollError, AtollWarning, IllegalActionError
from models.events import Event, EventKind, Gloss, count_events
from models.info import ChanceKind, GameInfo, InformationKind, Outcome
from models.options import RuleOptions
from models.pictures import figure_png, save_figure
from models.playouts import checked_playout, draw_by, random_playout, sample_chance
from models.position import Position
from models.registry import game_info, game_names, lookup, register_game
from models.scenarios import play_entries, scenario_data
from models.seeds import make_rng, spawn_seeds
from models.skips import Skipped, explaining

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
    "Position",
    "RuleOptions",
    "Skipped",
    "checked_playout",
    "count_events",
    "game_class",
    "game_info",
    "game_names",
    "load_game",
    "make_rng",
    "play_entries",
    "random_playout",
    "register_game",
    "sample_chance",
    "spawn_seeds",
    "write_scenario",
]

#: ``current_player()`` of a state where chance moves next (see :meth:`GameState.chance_outcomes`).
CHANCE = -1
#: ``current_player()`` of a finished game.
TERMINAL = -3


class GameState(Position, ABC):
    """One position of a game. Mutable: :meth:`apply` changes it in place; :meth:`clone` copies.
    A game implements :meth:`is_legal`, :meth:`refusal` and :meth:`do_apply`; :meth:`apply`,
    :meth:`history`, :meth:`moves_played` and :meth:`events` are the same for every game."""

    #: A lead, in the game's points, that is clear but not decisive (a search agent judging a
    #: cut-off position by :meth:`heuristic` counts a lead this big as a 73% chance to win).
    margin_scale: ClassVar[float] = 2.0
    #: The kinds of action that are chance outcomes: a scenario entry of another kind at a
    #: chance node is preceded by draws (:meth:`play_text`).
    chance_kinds: ClassVar[tuple[type, ...]] = ()
    #: The top-level keys of a scenario file that list its moves (:meth:`scenario` drops them).
    scenario_move_keys: ClassVar[tuple[str, ...]] = ("actions",)
    #: The resolution a saved picture has by default (:meth:`save_png`).
    png_dpi: ClassVar[int] = 100
    #: The resolution of the picture a notebook shows (:meth:`_repr_png_`).
    notebook_dpi: ClassVar[int] = 80

    def __init__(self) -> None:
        super().__init__()
        self._history: list[Hashable] = []

    # -- the template every game shares ---------------------------------------------------------
    def apply(self, action: Hashable) -> None:
        """Play ``action``: check it, record it, carry it out. An illegal one raises
        :class:`IllegalActionError` naming the rule it breaks, and changes nothing."""
        if not self.is_legal(action):
            raise self.refusal(action)
        self._history.append(action)
        self.do_apply(action)

    @abstractmethod
    def is_legal(self, action: Hashable) -> bool:
        """Whether ``action`` may be played now (a chance outcome at a chance node)."""

    @abstractmethod
    def refusal(self, action: Hashable) -> IllegalActionError:
        """Why ``action`` may not be played now, naming the rule it breaks."""

    @abstractmethod
    def do_apply(self, action: Hashable) -> None:
        """Carry out a legal ``action`` (the game's rule steps); called by :meth:`apply`."""

    def history(self) -> tuple[Hashable, ...]:
        """Every action applied since the initial state, chance outcomes included."""
        return tuple(self._history)

    def moves_played(self) -> int:
        """How many actions :meth:`history` holds, without copying it (a per-move count)."""
        return len(self._history)

    def events(self) -> tuple[Event, ...]:
        """The game's log so far."""
        return tuple(self.log)

    def _copy_record(self, twin: GameState) -> None:
        """Give a clone its own history and log (for a game's :meth:`clone`)."""
        twin._history = list(self._history)
        twin.log = list(self.log)

    # -- what each game says --------------------------------------------------------------------
    @abstractmethod
    def current_player(self) -> int:
        """The seat to move (0-based), :data:`CHANCE` or :data:`TERMINAL`."""

    @abstractmethod
    def legal_actions(self) -> tuple[Hashable, ...]:
        """The current player's actions (at a chance node: the outcomes); empty at the end."""

    @abstractmethod
    def chance_outcomes(self) -> tuple[tuple[Hashable, float], ...]:
        """At a chance node, each outcome with its probability (they sum to 1); else ``()``."""

    def chance_stream(self) -> str:
        """The purpose of this chance node's draw ("tiles", "clues"...): its own keyed stream
        (:mod:`models.luck`: luck held fixed across settings)."""
        return "chance"

    def chance_pile(self) -> tuple[tuple[Hashable, int], ...] | None:
        """A pile drawn without putting back: each outcome with its copies left; else None."""
        return None

    def chance_for(self) -> int:
        """The seat this draw is for (a card into his hand), or -1 (the table)."""
        return -1

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

    def resample(self, player: int, rng: random.Random) -> Self:
        """A state with the same observation for ``player``, all hidden from him redrawn. By
        default a copy, right for a game that hides nothing (South Seas); a game with hidden
        information overrides it (the conformance suite fails a copy there)."""
        return self.clone()

    @abstractmethod
    def parse_action(self, text: str) -> Hashable:
        """The action ``text`` writes (``str(action)`` parses back to ``action``); an unreadable
        text is a one-line :class:`AtollError`."""

    def heuristic(self) -> tuple[float, ...]:
        """Each player's estimated final return: the game's own quick judgement of the position,
        for agents that stop a playout early. By default the returns so far."""
        return self.returns()

    def turn_number(self) -> int:
        """How many of the game's own turns have begun; by default every move."""
        return len(self._history)

    def secret_choice(self) -> Hashable | None:
        """The secret choice the decision to make belongs to, or None (the default): players
        who choose one after another, each unseen by the others until all are revealed together
        (Glory Islands' sail cards), are one choice in the rules. The key is the same for every
        decision of that choice and differs from the next one's (the round, say).

        The order in which such a choice is asked for is the engine's, not the game's, so an
        agent must choose the same whatever its place in it: it starts from
        :meth:`secret_choice_start` rather than from what the others' hidden choices left."""
        return None

    def secret_choice_start(self) -> Self:
        """A copy of this state as the current secret choice began: the choices already made in
        it taken back (they are hidden, so nobody's observation loses anything but the fact that
        they were made). Where :meth:`secret_choice` is None, a plain copy."""
        if self.secret_choice() is not None:
            raise NotImplementedError(f"{type(self).__name__} cannot take back a secret choice")
        return self.clone()

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
        """One outcome of this chance node, drawn with ``rng`` by :meth:`chance_outcomes`. Games
        may override it with a faster draw from the same distribution (the conformance suite
        checks that they agree); it takes exactly one ``rng.random()``."""
        return draw_by(self.chance_outcomes(), rng)

    # -- pictures -------------------------------------------------------------------------------
    def figure(self, **options: Any) -> Any:
        """The position drawn as a matplotlib figure (the game's renderer, ``render.py``)."""
        raise AtollError(f"{type(self).__name__} has no picture", field="render")

    def save_png(self, path: str | Path, *, dpi: int | None = None, **options: Any) -> Path:
        """Draw the position (:meth:`figure` with ``options``) and write a PNG (at ``dpi``, by
        default the game's :attr:`png_dpi`), atomically, making folders."""
        return save_figure(self.figure(**options), path, dpi=dpi or self.png_dpi)

    def _repr_png_(self) -> bytes:
        """The position as a PNG, so a state shows itself in a notebook."""
        return figure_png(self.figure(), dpi=self.notebook_dpi)

    # -- scenarios ------------------------------------------------------------------------------
    def play_text(self, entry: str, rng: random.Random | None = None) -> None:
        """Play one written entry of a scenario's action list (``"p1 move 3"``: the player
        expected to decide, then the action as it prints). At a chance node an entry that is no
        chance outcome is preceded by draws from ``rng`` (an error without one)."""
        who, text = split_player(entry)
        action = self.parse_action(text)
        while self.is_chance_node() and not isinstance(action, self.chance_kinds):
            if rng is None:
                raise AtollError(
                    f"{entry!r}: chance {self.chance_first()}, or give the scenario a seed"
                )
            self.apply(self.sample_chance(rng))
        if who is not None and not self.is_terminal() and who != self.current_player():
            rule, why = self.turn_rule(who)
            skip = explaining(self.skipped, action, who)
            if skip is not None:
                rule, why = skip.rule, f"{skip.reason()}; {why}"
            raise IllegalActionError.refused(action, rule, why, shown=repr(entry))
        try:
            self.apply(action)
        except IllegalActionError as exc:  # "turn 3" names where in the game, inside the entry
            raise IllegalActionError(
                exc.message, rule=exc.rule, action=exc.action, field=exc.entry
            ) from None

    def scenario(self, header: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """The scenario (a table for :func:`~models.data.write_scenario`) that replays to
        this state: ``header``, the top of the file the state came from, less the
        :attr:`scenario_move_keys` (by default its game's players and changed options), then
        every action of :meth:`history` as ``actions`` (see :mod:`models.scenarios`).

        >>> state = load_game("gloryislands", 2, {"hunt": False}).new_initial_state()
        >>> state.play_text("p0 play red-1")
        >>> state.scenario()
        {'players': 2, 'options': {'hunt': False}, 'actions': ['p0 play red-1']}
        """
        return scenario_data(self, header, self.scenario_move_keys)

    def chance_first(self) -> str:
        """What a scenario must say when chance moves first (see :meth:`play_text`)."""
        return (
            f"comes first ({self.decision_kind()}): name its outcome (e.g. "
            f"{str(self.legal_actions()[0])!r})"
        )

    @abstractmethod
    def turn_rule(self, player: int) -> tuple[str, str]:
        """The rule, and why, that refuses ``player`` acting now, another player's turn (the
        why is usually :meth:`not_your_turn`)."""

    def not_your_turn(self, player: int) -> str:
        """``it is player 1's decision (move), not player 0's``."""
        return (
            f"it is player {self.current_player()}'s decision ({self.decision_kind()}), "
            f"not player {player}'s"
        )


class Game(ABC):
    """A game made from a player count, rule options and component data; it makes states."""

    #: What the game is (name, players, chance, information, options and event kinds).
    info: ClassVar[GameInfo]
    #: The top-level keys its scenario files may hold (another game's file is told by them).
    scenario_keys: ClassVar[frozenset[str]] = frozenset()

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

    @classmethod
    @abstractmethod
    def load_scenario(
        cls,
        path: str | Path,
        *,
        steps: int | None = None,
        components: Mapping[str, str] | None = None,
    ) -> GameState:
        """The state a scenario file describes (its first ``steps`` entries, if given; more
        than it lists are refused). ``components`` (by the game's component names) replace the
        files the scenario names, or the bundled ones."""

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


def game_class(name: str) -> type[Game]:
    """The game class registered as ``name`` (see :mod:`models.registry`)."""
    cls: type[Game] = lookup(name)
    return cls


def load_game(
    name: str,
    players: int | None = None,
    options: RuleOptions | Mapping[str, Any] | str | Path | None = None,
    **components: Any,
) -> Game:
    """Make the game ``name`` for ``players`` (its default when ``None``).

    ``options`` is the game's options object, a mapping of option names, or a TOML file;
    ``components`` are the game's component files (South Seas: ``tiles=``, ``ships=``), as
    paths or loaded objects, named as ``info.components`` declares. Every problem is a one-line
    :class:`AtollError`.

    >>> game = load_game("southseas", 3, {"recall": "never"})
    >>> game.num_players, game.options.recall, game.info.title
    (3, 'never', 'Carcassonne: South Seas')
    >>> load_game("gloryislands", 2, tiles="x.toml")
    Traceback (most recent call last):
    ...
    models.errors.AtollError: component: Glory Islands has no component 'tiles' (its components ...)
    """
    cls = game_class(name)
    info = cls.info
    count = info.check_players(players)
    info.check_components(components)  # an unknown name is not the constructor's TypeError
    if options is None:
        chosen = info.options()
    elif isinstance(options, info.options):
        chosen = options
    elif isinstance(options, RuleOptions):
        raise AtollError(
            f"{type(options).__name__} are not {info.title} options ({info.options.__name__})",
            field="options",
        )
    elif isinstance(options, (str, Path)):
        chosen = info.options.from_toml(options)
    else:
        chosen = info.options.from_mapping(options)
    return cls(count, chosen, **components)  # type: ignore[call-arg]
