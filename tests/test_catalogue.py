"""Every rule of every catalogue (docs/rules/<game>.md) has a test named after it
(``test_SS_P3_...``, or ``test_SS_F1_SS_F3_...`` for a test of two), so each rule is
traceable to a check of it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.conformance.suites import CATALOGUES, catalogue_ids
from tests.games import installed_games

TESTS = Path(__file__).resolve().parent
GAMES = sorted(p.stem for p in CATALOGUES.glob("*.md"))


def _test_names() -> set[str]:
    names: set[str] = set()
    for path in TESTS.rglob("test_*.py"):
        names.update(re.findall(r"def (test_\w+)", path.read_text(encoding="utf-8")))
    return names


def test_every_game_has_a_catalogue() -> None:
    assert list(installed_games()) == GAMES  # one catalogue per game, and none of no game


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_has_a_test_named_after_it(game: str) -> None:
    names = _test_names()
    ids = catalogue_ids(game)
    assert len(ids) >= 20, f"{game}: the catalogue's IDs were not found"
    named = " ".join(names)
    missing = sorted(
        i for i in ids if not re.search(rf"(test|_){i.replace('-', '_')}(_|\b)", named)
    )
    assert not missing, f"{game}: no test is named after {', '.join(missing)}"
