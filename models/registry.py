"""Where game classes are found by name: the ``atoll.games`` entry point group (``name =
"package.module:GameClass"``) and :func:`register_game`.

Every game is found the same way: atoll's own three are entry points of its pyproject.toml,
exactly like a third-party package's game, so no list of games is kept in code. This module
only finds classes; :func:`models.core.load_game` makes games from them (the one way the CLI,
studies, agents and tests make a game). A game's module is imported on first use, so listing
the games is cheap. A registered class is anything with an ``info`` of
:class:`~models.info.GameInfo` (in practice a :class:`models.core.Game`).

>>> "southseas" in game_names()
True
>>> lookup("southseas").info.title
'Carcassonne: South Seas'
>>> lookup("chess")
Traceback (most recent call last):
...
models.errors.AtollError: game: unknown game 'chess' (known: ...southseas...)
"""

from __future__ import annotations

import importlib
from importlib import metadata
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, TypeVar

from models.errors import AtollError

if TYPE_CHECKING:  # the registry itself stays light: listing games imports no pydantic
    from models.info import GameInfo

__all__ = ["Registrable", "game_info", "game_names", "lookup", "register_game"]


class Registrable(Protocol):
    """What the registry needs of a game class: its :class:`GameInfo`."""

    info: ClassVar[GameInfo]


R = TypeVar("R", bound=type[Any])

_registered: dict[str, type[Any]] = {}


def register_game(cls: R, *, replace: bool = False) -> R:
    """Add a game class (usable as a decorator); its ``info.name`` is the registry name."""
    name = cls.info.name
    if not replace and name in _registered and _registered[name] is not cls:
        raise AtollError(f"a game named {name!r} is registered already", field="game")
    _registered[name] = cls
    return cls


def _entry_points() -> dict[str, str]:
    """The ``atoll.games`` entry points of every installed package: name -> "module:class"."""
    return {ep.name: ep.value for ep in metadata.entry_points(group="atoll.games")}


def game_names() -> tuple[str, ...]:
    """Every game that :func:`models.core.load_game` can make, sorted."""
    return tuple(sorted({*_registered, *_entry_points()}))


def lookup(name: str) -> type[Any]:
    """The class registered as ``name`` (importing an entry point's game on first use)."""
    if name in _registered:
        return _registered[name]
    target = _entry_points().get(name)
    if target is None:
        known = ", ".join(game_names())
        raise AtollError(f"unknown game {name!r} (known: {known})", field="game")
    module, _, attr = target.partition(":")
    cls: type[Any] = getattr(importlib.import_module(module), attr)
    _registered[name] = cls
    return cls


def game_info(name: str) -> GameInfo:
    """What the game ``name`` is: players, chance and information kinds, options, events."""
    info: GameInfo = lookup(name).info
    return info
