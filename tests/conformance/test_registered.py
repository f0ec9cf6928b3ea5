"""Every game the registry can make gets the conformance suite.

The games with tuned suites (``test_<game>.py``: player counts, sizes, the game's own checks)
are found by their ``game_name``; every other registered game — one added by another package
through ``register_game`` or the ``atoll.games`` entry point — gets the suite here with its
defaults, so no new game escapes it.
"""

from __future__ import annotations

import importlib
import pkgutil

import tests.conformance as package
from models.registry import game_names
from tests.conformance.suites import ProtocolSuite
from tests.games import installed_games


def _subclasses(cls: type) -> list[type]:
    found = []
    for sub in cls.__subclasses__():
        found += [sub, *_subclasses(sub)]
    return found


def _tuned() -> set[str]:
    """The games a tuned suite covers (importing every suite module of this package)."""
    for info in pkgutil.iter_modules(package.__path__):
        if info.name.startswith("test_") and info.name != "test_registered":
            importlib.import_module(f"{package.__name__}.{info.name}")
    suites = _subclasses(ProtocolSuite)
    return {s.__dict__["game_name"] for s in suites if "game_name" in s.__dict__}


TUNED = _tuned()
#: The games registered when the suites are collected (a test's own toy game registered later
#: by another test module is no game of atoll's).
REGISTERED = set(game_names())
UNTUNED = sorted(REGISTERED - TUNED)

for _name in UNTUNED:  # the default suite for each game no tuned suite covers
    globals()[f"TestRegistered_{_name}"] = type(
        f"TestRegistered_{_name}", (ProtocolSuite,), {"game_name": _name, "__module__": __name__}
    )


def test_every_registered_game_gets_the_suite() -> None:
    made = {v.game_name for k, v in globals().items() if k.startswith("TestRegistered_")}
    assert TUNED | made >= REGISTERED
    assert set(installed_games()) <= TUNED  # atoll's own games (its entry points) are tuned


def test_every_built_in_game_has_an_example_scenario_to_save_again() -> None:
    """The suite's scenario round trip starts from each game's example files too."""
    for game in installed_games():
        suites = [s for s in _subclasses(ProtocolSuite) if s.__dict__.get("game_name") == game]
        assert suites, game
        for suite in suites:
            assert suite().example_scenarios(), suite.__name__
