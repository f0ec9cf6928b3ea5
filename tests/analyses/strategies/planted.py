"""Tournaments of planted strength on the template game (Pearl Divers), for the strategy report's
tests: its bundled ``high-card-diver`` dives with a card of at least ``least``; against random
play, diving with every card (``least=1``) wins about 0.77 of 2-player games, the starting value
``least=4`` about 0.62, and ``least=6`` (almost never diving) about 0.05, so the field below
has the known order least=1 > least=4 > random > least=6 (600 games: every pair but the top
two and the middle two told apart)."""

from __future__ import annotations

from pathlib import Path

from analyses.strategies.field import read_field
from analyses.strategies.tournament import (
    Tournament,
    TournamentFrames,
    play_tournament,
    read_tournament,
)
from models.core import register_game
from tests.solvers.strategies.template import TEMPLATE

GAME = TEMPLATE.info.name
BEST = "strategy:high-card-diver,least=1"
GOOD = "strategy:high-card-diver,least=4"
WORST = "strategy:high-card-diver,least=6"
#: The field in a scrambled order, and the order planted in it (the strongest first).
FIELD = (WORST, "random", BEST, GOOD)
PLANTED = [BEST, GOOD, "random", WORST]


def register() -> str:
    """Register the template game (no installed game) and return its name. A test module that
    is collected before the reports' tests registers it when it runs, not when it is imported:
    a game registered during collection would join their parametrization over the games."""
    register_game(TEMPLATE, replace=True)
    return GAME


def planted(root: Path, *, games: int = 600, players: int = 2, seed: int = 0,
            field: tuple[str, ...] = FIELD) -> TournamentFrames:  # fmt: skip
    """The planted field's tournament played into ``root`` (one worker) and read back."""
    register()
    tournament = Tournament.plan(
        GAME, read_field(GAME, list(field)), players=players, games=games, seed=seed
    )
    play_tournament(tournament, root)
    return read_tournament(root)
