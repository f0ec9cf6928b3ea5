"""``--component NAME=FILE``: the one way every command names a game's component files.

The names are the game's (``Game.info.components``: South Seas ``tiles`` and ``ships``, Glory
Islands ``board``, Tobago ``map``, ``clues``, ``cards``). The flags of atoll 0.2 (``--board``,
``--tiles``, ``--deck``: each game's plug-in names its own, :func:`old_flag`) keep working
with a one-line note saying what to write instead, on every command that takes
``--component`` (:func:`components_options`).

>>> parse_components(("board=b.toml",), "gloryislands")
{'board': 'b.toml'}
>>> parse_components(("tiles=t.toml",), "gloryislands")
Traceback (most recent call last):
...
models.errors.AtollError: --component: Glory Islands has no component 'tiles' (its components ...)
"""

from __future__ import annotations

import functools
import warnings
from collections.abc import Callable
from typing import Any

import click

from models.errors import AtollError, DeprecatedFlag
from models.registry import game_info

__all__ = [
    "chosen_component",
    "component_option",
    "components_options",
    "given_components",
    "old_flag",
    "parse_components",
]


def old_flag(game: str) -> tuple[str, str] | None:
    """The game's flag of atoll 0.2 and the component it names (``--component NAME=FILE``
    now), as its plug-in declares it; ``None`` for a game that never had one.

    >>> old_flag("gloryislands")
    ('--board', 'board')
    """
    from analyses.plugins import plugin

    return plugin(game).component_flag


def component_option(func: Callable[..., Any]) -> Callable[..., Any]:
    """The ``--component NAME=FILE`` option (repeatable), as ``component_pairs``."""
    return click.option(
        "--component",
        "component_pairs",
        multiple=True,
        metavar="NAME=FILE",
        help="A component file NAME=FILE, repeat for each; NAME is one of the game's "
        "components (a wrong one is refused with the list).",
    )(func)


def parse_components(pairs: tuple[str, ...], game: str) -> dict[str, str]:
    """``NAME=FILE`` pairs as a mapping, every name one of the game's, none twice."""
    from models.data import brief

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


def given_components(game: str, pairs: tuple[str, ...], old: str | None) -> dict[str, str]:
    """The component files named by ``--component`` pairs and by the game's old flag (the
    file ``old``, with its note; :func:`old_flag`), by component name."""
    given = parse_components(pairs, game)
    flagged = old_flag(game)
    if old is not None and flagged is not None:
        flag, name = flagged
        given[name] = old
        chosen_component(game, pairs, name, old, flag)  # both given: an error; else the note
    return given


def components_options(game: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """``--component NAME=FILE`` and ``game``'s flag of atoll 0.2 (:func:`old_flag`) for a
    command that loads a game; the command receives ``components``, the files given by
    component name (none: the files a scenario names, or the bundled ones)."""

    def decorate(func: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(func)
        def command(
            *args: Any,
            component_pairs: tuple[str, ...] = (),
            old_file: str | None = None,
            **kw: Any,
        ) -> Any:
            return func(*args, components=given_components(game, component_pairs, old_file), **kw)

        flagged = old_flag(game)
        if flagged is not None:
            flag, name = flagged
            command = click.option(
                flag,
                "old_file",
                type=click.Path(dir_okay=False),
                help=f"Deprecated: --component {name}=FILE.",
            )(command)
        return component_option(command)

    return decorate
