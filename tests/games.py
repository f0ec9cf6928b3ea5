"""The games atoll installs, for the tests that cover every game without naming one.

A test that checks something of every game iterates :func:`installed_games` (atoll's
``atoll.games`` entry points, so a toy game a test module registers at import, such as
``tests/conformance/goofspiel.py``, is not among them), and takes what it needs to know of one
game — an example scenario, an expected string, a small agent — from that game's tuned
conformance suite (:func:`suite`, ``tests/conformance/test_<game>.py``) or from what the game
declares itself (its :class:`~models.info.GameInfo`, its ``examples/<game>/`` folder).
"""

from __future__ import annotations

import importlib
from functools import cache
from importlib import metadata
from pathlib import Path

from models.data import bundled_path
from models.registry import game_info
from tests.conformance.suites import EXAMPLES, ProtocolSuite

__all__ = [
    "EXAMPLES",
    "component_files",
    "example_scenario",
    "installed_games",
    "scenario_component_fields",
    "suite",
]


def installed_games() -> tuple[str, ...]:
    """The names of the games installed through the ``atoll.games`` entry points, sorted."""
    return tuple(sorted({ep.name for ep in metadata.entry_points(group="atoll.games")}))


@cache
def suite(game: str) -> type[ProtocolSuite]:
    """The tuned conformance suite of ``game``, the class in ``tests/conformance/test_<game>.py``
    whose ``game_name`` it is: it holds what shared tests need to know of the game. Only that
    module is imported (another one there may register a toy game as it is imported)."""
    module = importlib.import_module(f"tests.conformance.test_{game}")
    found = [
        cls
        for cls in vars(module).values()
        if isinstance(cls, type)
        and issubclass(cls, ProtocolSuite)
        and cls.__dict__.get("game_name") == game
    ]
    if len(found) != 1:
        raise LookupError(f"{game}: not one tuned suite in {module.__name__}: {found}")
    return found[0]


def example_scenario(game: str) -> Path:
    """The game's first example scenario (``examples/<game>/``, a file that lists moves)."""
    found = suite(game)().example_scenarios()
    assert found, f"{game}: no example scenario in {EXAMPLES / game}"
    return found[0]


def component_files(game: str) -> dict[str, Path]:
    """A file of each component the game declares (``game_info(game).components``): the bundled
    ``models/<game>/data/<name>.toml``, or the suite's ``component_examples`` where it is not."""
    examples = getattr(suite(game), "component_examples", {})
    return {
        name: examples.get(name, bundled_path(game, f"{name}.toml"))
        for name, _ in game_info(game).components
    }


def scenario_component_fields(game: str) -> dict[str, str]:
    """The fields of the game's scenario files that name a component file: field -> component.
    A component is named by its own name unless the suite's ``scenario_component_fields`` says
    otherwise."""
    renamed = {c: f for f, c in getattr(suite(game), "scenario_component_fields", {}).items()}
    return {renamed.get(name, name): name for name, _ in game_info(game).components}
