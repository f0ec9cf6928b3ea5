"""``--component NAME=FILE``: the one way every command names a game's component files.

The names are the game's (``Game.info.components``: South Seas ``tiles`` and ``ships``, Glory
Islands ``board``, Tobago ``map``, ``clues``, ``cards``). The flags of atoll 0.2 (``--board``,
``--tiles``, ``--deck``) keep working with a one-line note saying what to write instead.

>>> parse_components(("board=b.toml",), "gloryislands")
{'board': 'b.toml'}
>>> parse_components(("tiles=t.toml",), "gloryislands")
Traceback (most recent call last):
...
models.errors.AtollError: --component: Glory Islands has no component 'tiles' (its components ...)
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from typing import Any

import click

from models.core import game_info
from models.data import brief
from models.errors import AtollError, DeprecatedFlag

__all__ = ["chosen_component", "component_option", "parse_components"]


def component_option(func: Callable[..., Any]) -> Callable[..., Any]:
    """The ``--component NAME=FILE`` option (repeatable), as ``component_pairs``."""
    return click.option(
        "--component",
        "component_pairs",
        multiple=True,
        metavar="NAME=FILE",
        help="A component file NAME=FILE, repeat for each (South Seas: tiles, ships; Glory "
        "Islands: board; Tobago: map, clues, cards).",
    )(func)


def parse_components(pairs: tuple[str, ...], game: str) -> dict[str, str]:
    """``NAME=FILE`` pairs as a mapping, every name one of the game's, none twice."""
    out: dict[str, str] = {}
    for text in pairs:
        name, sep, path = text.partition("=")
        if not sep or not name or not path:
            raise AtollError(f"expected NAME=FILE, got {text!r}", field="--component")
        if name in out:
            raise AtollError(f"{brief(name)} is given twice", field="--component")
        try:
            game_info(game).check_components([name])
        except AtollError as exc:
            raise AtollError(exc.message, field="--component") from None
        out[name] = path
    return out


def chosen_component(
    game: str, pairs: tuple[str, ...], name: str, old: str | None, old_flag: str
) -> str | None:
    """The file given for component ``name``: by ``--component NAME=FILE``, or by the old flag
    (``old``, with a one-line deprecation note); ``None`` when neither names one."""
    given = parse_components(pairs, game)
    if old is None:
        return given.get(name)
    if name in given:
        raise AtollError(
            f"{old_flag} and --component {name}=... both name the {name}: give one",
            field=old_flag,
        )
    warnings.warn(
        DeprecatedFlag(f"{old_flag} FILE is deprecated: write --component {name}=FILE"),
        stacklevel=2,
    )
    return old
