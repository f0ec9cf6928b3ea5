"""``atoll GAME``: one command group per registered game, made from the shared verbs and the
game's plug-in (:mod:`analyses.plugins`).

Every game gets ``study``, ``report``, ``compare``, ``verify``, ``skill``
(:mod:`analyses.cli.study`, :mod:`analyses.cli.skill`), ``replay`` and ``render``
(:mod:`analyses.cli.position`); the plug-in adds the game's own commands (``board``,
``tiles``, ``candidates``...), and one of its commands named like a shared verb takes the
verb's place (Tobago's ``render`` also draws island maps).

>>> group = game_group("southseas")
>>> sorted(group.commands)[:4]
['best-response', 'compare', 'completable', 'render']
>>> "tiles" in group.commands and group.help.startswith("Carcassonne: South Seas")
True
"""

from __future__ import annotations

import click

from analyses.cli.bestresponse import add_best_response_command
from analyses.cli.groups import SuggestingGroup
from analyses.cli.position import add_position_commands
from analyses.cli.report import add_report_command
from analyses.cli.skill import add_skill_command
from analyses.cli.strategies import add_strategies_command
from analyses.cli.study import add_study_commands
from analyses.cli.tournament import add_tournament_command
from analyses.cli.tune import add_tune_command
from analyses.plugins import game_help, plugin

__all__ = ["game_group"]


def game_group(game: str) -> click.Group:
    """The command group of ``game``: the shared verbs, then the game's own commands."""
    found = plugin(game)
    group = SuggestingGroup(game, help=game_help(game))
    add_skill_command(group, game)
    add_study_commands(group, game)
    add_report_command(group, game)
    add_tune_command(group, game)
    add_tournament_command(group, game)
    add_best_response_command(group, game)
    add_strategies_command(group, game)
    add_position_commands(group, game)
    for command in found.commands():
        group.add_command(command)
    return group
