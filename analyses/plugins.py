"""The plug-ins of the registered games (:class:`~analyses.plugin.GamePlugin`), by game name.

Every game's plug-in is an ``atoll.plugins`` entry point (``name = "package.module:PLUGIN"``):
atoll's own three are declared in its pyproject.toml exactly like a third-party package's, so
no list of games is kept in code; :func:`register_plugin` adds one at run time. A game
registered without one gets :data:`~analyses.plugin.GENERIC`: every shared section and
command, nothing more.

>>> plugin("tobago").variants["no-amulets"].options
{'amulets_when': 'never'}
>>> plugin("gloryislands").variant_report.title
'What each special action is worth'
>>> plugin("southseas").variants
{}
>>> plugin("chess").help
''
"""

from __future__ import annotations

import dataclasses
from importlib import metadata

from analyses.plugin import GENERIC, GamePlugin, Variant
from models.errors import AtollError

__all__ = ["declared", "game_help", "plugin", "register_plugin"]

_registered: dict[str, GamePlugin] = {}


def register_plugin(found: GamePlugin, *, replace: bool = False) -> GamePlugin:
    """Add a game's plug-in (its ``game`` is the registry name of the game)."""
    if not replace and found.game in _registered and _registered[found.game] is not found:
        raise AtollError(f"a plug-in for {found.game!r} is registered already", field="game")
    _registered[found.game] = found
    return found


def _entry_point(name: str) -> GamePlugin | None:
    """The plug-in an ``atoll.plugins`` entry point names for the game ``name``, if any."""
    for ep in metadata.entry_points(group="atoll.plugins", name=name):
        loaded = ep.load()
        if not isinstance(loaded, GamePlugin):
            raise AtollError(f"the atoll.plugins entry point {ep.value} is no GamePlugin",
                             field="game")  # fmt: skip
        return loaded
    return None


def plugin(game: str) -> GamePlugin:
    """The plug-in of the game ``game``: registered, from an entry point, or
    :data:`~analyses.plugin.GENERIC` under the game's name."""
    if game in _registered:
        return _registered[game]
    found = _entry_point(game)
    if found is None:
        found = dataclasses.replace(GENERIC, game=game)
    _registered[game] = found
    return found


def game_help(game: str) -> str:
    """The one-line help of ``atoll GAME``: the plug-in's, else the game's title."""
    found = plugin(game).help
    if found:
        return found
    from models.core import game_info  # only for a game without a plug-in: loads the game

    return game_info(game).title


def declared(game: str) -> dict[str, Variant]:
    """The rule variants the game's plug-in declares (none if it declares none)."""
    return dict(plugin(game).variants)
