"""The plug-ins of the registered games (:class:`~analyses.plugin.GamePlugin`), by game name.

The built-in games' plug-ins are imported here by name (light modules); another package adds one
with :func:`register_plugin` or an ``atoll.plugins`` entry point (``name =
"package.module:PLUGIN"``). A game registered without one gets
:data:`~analyses.plugin.GENERIC`: every shared section and command, nothing more.

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

from analyses.gloryislands.plugin import PLUGIN as _GLORY_ISLANDS
from analyses.plugin import GENERIC, GamePlugin, Variant
from analyses.southseas.plugin import PLUGIN as _SOUTH_SEAS
from analyses.tobago.plugin import PLUGIN as _TOBAGO
from models.errors import AtollError

__all__ = ["declared", "game_help", "plugin", "register_plugin"]

_BUILTIN: dict[str, GamePlugin] = {p.game: p for p in (_GLORY_ISLANDS, _SOUTH_SEAS, _TOBAGO)}
_registered: dict[str, GamePlugin] = {}


def register_plugin(found: GamePlugin, *, replace: bool = False) -> GamePlugin:
    """Add a game's plug-in (its ``game`` is the registry name of the game)."""
    if not replace and found.game in _registered and _registered[found.game] is not found:
        raise AtollError(f"a plug-in for {found.game!r} is registered already", field="game")
    _registered[found.game] = found
    return found


def _entry_point(name: str) -> GamePlugin | None:
    try:
        for ep in metadata.entry_points(group="atoll.plugins"):
            if ep.name == name:
                loaded = ep.load()
                return loaded if isinstance(loaded, GamePlugin) else None
    except Exception:  # a broken installation must not hide the built-in plug-ins
        return None
    return None


def plugin(game: str) -> GamePlugin:
    """The plug-in of the game ``game``: registered, built in, from an entry point, or
    :data:`~analyses.plugin.GENERIC` under the game's name."""
    if game in _registered:
        return _registered[game]
    found = _BUILTIN.get(game) or _entry_point(game)
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
