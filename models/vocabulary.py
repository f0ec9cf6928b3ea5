"""A game's vocabulary for strategy files: the features of what a player can see and the kinds
of action, with their attributes, that a strategy's rules may name.

A strategy file (:mod:`solvers.strategies`) is a list of rules such as "when ``round >= 3``,
play a card whose ``value <= 2``, the lowest ``value`` first". The words in it are declared by
the game, once, in its ``vocabulary.py`` (an optional role: a game without one takes no
strategy files) and given as :attr:`models.info.GameInfo.vocabulary`:

* a :class:`Feature` is a number about the position as the player to move sees it (the round,
  his score and the leader's, cards in hand...): ``value(state, player)``;
* an :class:`ActionKind` is a group of actions (``play``, ``place``...) recognised by
  ``matches(action)``, with :class:`Attribute` numbers about one action
  (``value(state, action)``: a card's value, an island's size...).

Both see only what the player knows: the conformance suite checks that every feature and
attribute is the same in a state and in every ``state.resample(player, rng)`` of it, and that
they do not change while the other players make their hidden part of a secret choice (they
are read at :meth:`~models.core.GameState.secret_choice_start`). Booleans are 0 and 1.

Two features every game has come from the protocol: ``turn``
(:meth:`~models.core.GameState.turn_number`) and ``players``.

>>> from models.core import load_game
>>> vocab = Vocabulary(
...     features=(Feature("half", "1 in the second half of the game", lambda s, p: 0.0),),
...     kinds=(ActionKind("any", "every action", lambda a: True,
...                       (Attribute("one", "always 1", lambda s, a: 1.0),)),),
... )
>>> sorted(vocab.feature_names()), vocab.kind_of("x").name, vocab.kind("any").attribute_names()
(['half', 'players', 'turn'], 'any', ('one',))
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Hashable
from typing import Any

from models.errors import AtollError

#: A position of the game (a :class:`~models.core.GameState`; not imported: the core imports
#: this module through :mod:`models.info`).
GameState = Any

__all__ = ["ActionKind", "Attribute", "Feature", "Vocabulary", "of_type"]


@dataclasses.dataclass(frozen=True)
class Feature:
    """A number about the position as ``player`` sees it."""

    name: str
    help: str
    value: Callable[[GameState, int], float]


@dataclasses.dataclass(frozen=True)
class Attribute:
    """A number about one action of a kind, as the player choosing it sees it.

    It is given the position and the action, not the player: the player choosing is
    ``state.current_player()`` — except at a secret choice, where the strategy agent reads the
    position where the choice began (its current player is the first chooser). An attribute
    of a secret choice's actions names its player from the action itself (Glory Islands finds
    a sail card's holder in the public hands)."""

    name: str
    help: str
    value: Callable[[GameState, Hashable], float]


@dataclasses.dataclass(frozen=True)
class ActionKind:
    """A group of actions a rule may prefer, and the attributes of each."""

    name: str
    help: str
    matches: Callable[[Hashable], bool]
    attributes: tuple[Attribute, ...] = ()

    def attribute_names(self) -> tuple[str, ...]:
        return tuple(a.name for a in self.attributes)

    def attribute(self, name: str) -> Attribute:
        for attribute in self.attributes:
            if attribute.name == name:
                return attribute
        raise KeyError(name)


def of_type(*classes: type) -> Callable[[Hashable], bool]:
    """An :attr:`ActionKind.matches` for the actions of ``classes``: their exact type, so a
    subclass of an action is a kind of its own (and the test is one ``type()`` per action).

    >>> play, either = of_type(int), of_type(int, str)
    >>> play(3), play(True), play("3"), either("3")
    (True, False, False, True)
    """
    if len(classes) == 1:
        (only,) = classes
        return lambda action: type(action) is only
    chosen = frozenset(classes)
    return lambda action: type(action) in chosen


def _turn(state: GameState, player: int) -> float:
    return float(state.turn_number())


def _players(state: GameState, player: int) -> float:
    return float(len(state.returns()))


#: The features every game has, from the protocol alone.
COMMON_FEATURES = (
    Feature("turn", "how many of the game's turns have begun", _turn),
    Feature("players", "how many players play", _players),
)


@dataclasses.dataclass(frozen=True)
class Vocabulary:
    """The features and action kinds a game's strategy files may name (see the module)."""

    features: tuple[Feature, ...]
    kinds: tuple[ActionKind, ...]

    def __post_init__(self) -> None:
        names = [f.name for f in self.all_features()]
        if len(set(names)) != len(names):
            raise AtollError("a feature is declared twice", field="features")
        kinds = [k.name for k in self.kinds]
        if len(set(kinds)) != len(kinds):
            raise AtollError("an action kind is declared twice", field="kinds")

    def all_features(self) -> tuple[Feature, ...]:
        """The game's features and the common ones (``turn``, ``players``)."""
        return (*COMMON_FEATURES, *self.features)

    def feature_names(self) -> tuple[str, ...]:
        return tuple(f.name for f in self.all_features())

    def feature(self, name: str) -> Feature:
        for feature in self.all_features():
            if feature.name == name:
                return feature
        raise KeyError(name)

    def kind(self, name: str) -> ActionKind:
        for kind in self.kinds:
            if kind.name == name:
                return kind
        raise KeyError(name)

    def kind_of(self, action: Hashable) -> ActionKind | None:
        """The first declared kind an action matches (None: no kind names it)."""
        for kind in self.kinds:
            if kind.matches(action):
                return kind
        return None

    def describe(self) -> str:
        """Every feature and kind with its attributes, one per line (for help texts and docs)."""
        lines = ["features:"]
        lines += [f"  {f.name}: {f.help}" for f in self.all_features()]
        lines.append("action kinds:")
        for kind in self.kinds:
            lines.append(f"  {kind.name}: {kind.help}")
            lines += [f"    {a.name}: {a.help}" for a in kind.attributes]
        return "\n".join(lines)
