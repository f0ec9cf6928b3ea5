"""The one game registry: games are found by name through :func:`load_game`.

The CLI, studies, agents and tests make games only here; no code outside a game's own folder
names a game class. The built-in games are imported on first use (so listing them is cheap);
another package can add a game with :func:`register_game` or an ``atoll.games`` entry point
(``name = "package.module:GameClass"``).

>>> "southseas" in game_names()
True
>>> game = load_game("southseas", 3, {"recall": "never"})
>>> game.num_players, game.options.recall, game.info.title
(3, 'never', 'Carcassonne: South Seas')
>>> load_game("chess")
Traceback (most recent call last):
...
models.errors.AtollError: game: unknown game 'chess' (known: ...southseas...)
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from importlib import metadata
from pathlib import Path
from typing import TYPE_CHECKING, Any

from models.errors import AtollError
from models.options import RuleOptions

if TYPE_CHECKING:
    from models.core import Game, GameInfo

#: Built-in games: name -> "module:class", imported when first asked for.
_BUILTIN: dict[str, str] = {
    "gloryislands": "models.gloryislands.game:GloryIslands",
    "southseas": "models.southseas.game:SouthSeas",
    "tobago": "models.tobago.game:Tobago",
}
_registered: dict[str, type[Game]] = {}


def register_game(cls: type[Game], *, replace: bool = False) -> type[Game]:
    """Add a game class (usable as a decorator); its ``info.name`` is the registry name."""
    name = cls.info.name
    if not replace and name in _registered and _registered[name] is not cls:
        raise AtollError(f"a game named {name!r} is registered already", field="game")
    _registered[name] = cls
    return cls


def _entry_points() -> dict[str, str]:
    try:
        found = metadata.entry_points(group="atoll.games")
    except Exception:  # a broken installation must not hide the built-in games
        return {}
    return {ep.name: ep.value for ep in found}


def game_names() -> tuple[str, ...]:
    """Every game that :func:`load_game` can make, sorted."""
    return tuple(sorted({*_BUILTIN, *_registered, *_entry_points()}))


def game_class(name: str) -> type[Game]:
    """The class registered as ``name`` (importing a built-in game on first use)."""
    if name in _registered:
        return _registered[name]
    target = _BUILTIN.get(name) or _entry_points().get(name)
    if target is None:
        known = ", ".join(game_names())
        raise AtollError(f"unknown game {name!r} (known: {known})", field="game")
    module, _, attr = target.partition(":")
    cls: type[Game] = getattr(importlib.import_module(module), attr)
    _registered[name] = cls
    return cls


def game_info(name: str) -> GameInfo:
    """What the game ``name`` is: players, chance and information kinds, options, events."""
    return game_class(name).info


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
