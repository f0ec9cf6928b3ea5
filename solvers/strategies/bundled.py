"""The strategies a game ships (``data/strategies/*.toml`` beside the module of its game class:
``models/<game>/data/strategies/`` for atoll's own, wherever a third-party game lives for its)
and how a strategy is named on a command line: a bundled strategy's name (the file's stem) or a
strategy file's path.

>>> "low-cards" in bundled_names("gloryislands")
True
>>> find_strategy("gloryislands", "no-such-plan")
Traceback (most recent call last):
...
models.errors.AtollError: strategy: no bundled strategy 'no-such-plan' for gloryislands (...)
"""

from __future__ import annotations

import sys
from pathlib import Path

from models.core import game_class, game_info
from models.errors import AtollError
from solvers.strategies.files import Strategy, load_strategy

__all__ = ["bundled_names", "bundled_path", "bundled_strategy", "find_strategy"]


def _folder(game: str) -> Path:
    module = sys.modules[game_class(game).__module__]
    return Path(str(module.__file__)).parent / "data" / "strategies"


def bundled_names(game: str) -> tuple[str, ...]:
    """The names of the strategies ``game`` ships, sorted."""
    folder = _folder(game)
    if not folder.is_dir():
        return ()
    return tuple(sorted(p.stem for p in folder.glob("*.toml")))


def bundled_path(game: str, name: str) -> Path:
    """The file of a bundled strategy."""
    return _folder(game) / f"{name}.toml"


def bundled_strategy(game: str, name: str) -> Strategy:
    """A bundled strategy by name."""
    return load_strategy(bundled_path(game, name), game_info(game))


def find_strategy(game: str, text: str) -> Strategy:
    """The strategy ``text`` names: a path (it ends in ``.toml`` or holds a ``/``) or a
    bundled strategy's name."""
    text = text.strip()
    if text.endswith(".toml") or "/" in text or "\\" in text:
        return load_strategy(Path(text), game_info(game))
    names = bundled_names(game)
    if text not in names:
        raise AtollError(
            f"no bundled strategy {text!r} for {game} (bundled: {', '.join(names) or 'none'};"
            " or give a strategy file's path)",
            field="strategy",
        )
    return bundled_strategy(game, text)
