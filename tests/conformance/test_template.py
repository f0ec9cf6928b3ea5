"""The template game (``models/template/``) in the conformance suites, and a copy of it.

The template is no game of atoll's (no entry point installs it): this module registers it
under its name, ``template``, like a test's toy game, and runs the protocol and component
suites on it. Then the test a contributor's first step repeats: the template's folder copied
under a new package name, renamed as ``docs/adding-a-game.md`` says (``name=`` in its
``game.py``), imported, registered and run through the protocol suite in a fresh interpreter
(issue 37: "the template game copied under a new name registers and passes conformance").
"""

from __future__ import annotations

import importlib
import os
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from models.core import Game, register_game
from models.data import parse_toml
from models.template.components import bundled_deck, dump_deck, load_deck, parse_deck
from models.template.refusals import RULES
from tests.conformance.suites import ComponentSuite, ProtocolSuite

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = ROOT / "models" / "template"


def defined_game(module: ModuleType) -> type[Game]:
    """The game class a ``game.py`` module defines (found, not named: a copy may rename it)."""
    (found,) = [v for v in vars(module).values() if isinstance(v, type) and Game in v.__mro__[1:]]
    return found


register_game(defined_game(importlib.import_module("models.template.game")))


class TestTemplateConforms(ProtocolSuite):
    game_name = "template"
    player_counts = (2, 3, 4)
    playouts = 30
    catalogue = frozenset(RULES)  # the template's catalogue is in its code (refusals.py)


class TestTemplateDeck(ComponentSuite):
    """Deck files: the bundled one loads, writes and reads back the same."""

    def bundled(self) -> list[Path]:
        return [bundled_deck()]

    def load(self, path: Path) -> Any:
        return load_deck(path)

    def dump(self, component: Any) -> str:
        return dump_deck(component)

    def parse(self, text: str, source: str) -> Any:
        return parse_deck(parse_toml(text, source=source), source=source)


#: The conformance suite of the copy, as a contributor's ``tests/conformance/test_mygame.py``
#: would hold it, plus checks that the copy is its own game.
COPY_SUITE = """
import sys

from models.core import Game, game_info, load_game, register_game
from tests.conformance.suites import ProtocolSuite

import mygame.game
from mygame.refusals import RULES

# the game class mygame/game.py defines (found, as a contributor's entry point would name it)
(MyGame,) = [v for v in vars(mygame.game).values() if isinstance(v, type) and Game in v.__mro__[1:]]
register_game(MyGame)


def test_the_copy_is_its_own_game():
    assert "models.template.state" not in sys.modules  # nothing of the template is used
    assert game_info("mygame").name == "mygame"
    assert type(load_game("mygame").new_initial_state()).__module__ == "mygame.state"


class TestMyGameConforms(ProtocolSuite):
    game_name = "mygame"
    player_counts = (2, 4)
    catalogue = frozenset(RULES)
"""


def test_the_template_copied_under_a_new_name_registers_and_passes_conformance(
    tmp_path: Path,
) -> None:
    package = tmp_path / "mygame"
    shutil.copytree(TEMPLATE, package, ignore=shutil.ignore_patterns("__pycache__"))
    game = package / "game.py"
    text = game.read_text(encoding="utf-8")
    assert text.count('name="template"') == 1, "the one rename of the guide"
    game.write_text(text.replace('name="template"', 'name="mygame"'), encoding="utf-8")
    for strategy in (package / "data" / "strategies").glob("*.toml"):  # the guide's step 1
        text = strategy.read_text(encoding="utf-8")
        assert text.count('game = "template"') == 1, strategy
        strategy.write_text(text.replace('game = "template"', 'game = "mygame"'), "utf-8")
    (tmp_path / "test_mygame.py").write_text(COPY_SUITE, encoding="utf-8")
    (tmp_path / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(ROOT)])}
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_mygame.py"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert " passed" in result.stdout and "skipped" not in result.stdout, result.stdout[-2000:]
