"""Saving a position as a scenario: the table that replays it (written by ``write_scenario``).

:meth:`models.core.GameState.scenario` gives a state's scenario as a plain table (what
:func:`scenario_data` makes): the top of the file the state came from (players, seed, component
files, options) without the keys that listed its moves, then ``actions``, every action of the
state's history as it prints — ``pN ACTION`` for a decision of seat N, the bare outcome for
chance — so the game's ``load_scenario`` replays it to the same history and log, and its
``steps=k`` to the state after k actions. :func:`models.data.write_scenario` writes such a
table as TOML or JSON. Component files a header names are read relative to the scenario file:
write the new file beside the old one, or name them by absolute paths.

>>> import tempfile
>>> from pathlib import Path
>>> from models.core import game_class, load_game, write_scenario
>>> state = load_game("gloryislands", 2).new_initial_state()
>>> for entry in ("p0 play red-1", "p1 play blue-3a"):
...     state.play_text(entry)
>>> data = state.scenario({"players": 2, "seed": 7, "actions": ["p0 play red-5"]})
>>> data
{'players': 2, 'seed': 7, 'actions': ['p0 play red-1', 'p1 play blue-3a']}
>>> with tempfile.TemporaryDirectory() as tmp:
...     path = write_scenario(data, Path(tmp) / "line.toml")
...     print(path.read_text(encoding="utf-8"), end="")
...     again = game_class("gloryislands").load_scenario(path)
players = 2
seed = 7
actions = [
    "p0 play red-1",
    "p1 play blue-3a",
]
>>> again.history() == state.history() and again.events() == state.events()
True
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from models.errors import AtollError

__all__ = ["default_header", "scenario_data", "written_actions"]


def scenario_data(
    state: Any, header: Mapping[str, Any] | None, move_keys: Sequence[str]
) -> dict[str, Any]:
    """``header`` (by default :func:`default_header` of the state's game) less ``move_keys``,
    then the state's history as ``actions`` (see :meth:`models.core.GameState.scenario`)."""
    game = getattr(state, "game", None)
    if header is None:
        if game is None:
            raise AtollError(
                f"{type(state).__name__} does not know its game: give the scenario's header",
                field="header",
            )
        header = default_header(game)
    data = {key: value for key, value in header.items() if key not in move_keys}
    data["actions"] = written_actions(state.history(), game)
    return data


def default_header(game: Any) -> dict[str, Any]:
    """The top of a scenario for ``game``: its players and the options that differ from the
    defaults. A game made from other components than the bundled ones needs the header that
    names them (an error here, not a scenario that replays another game)."""
    info = game.info
    bundled = type(game)(game.num_players, info.options())
    if game.components() != bundled.components():
        raise AtollError(
            "the game's components are not the bundled ones: give the scenario's header "
            "naming them",
            field="header",
        )
    defaults = info.options().to_dict()
    changed = {k: v for k, v in game.options.to_dict().items() if v != defaults.get(k)}
    return {"players": game.num_players, **({"options": changed} if changed else {})}


def written_actions(history: Sequence[Hashable], game: Any) -> list[str]:
    """Each action as a scenario entry: ``pN ACTION`` for a decision of seat N (found by
    replaying on ``game``), the bare action for chance (and for every action when ``game`` is
    ``None``: the prefix is only a check)."""
    if game is None:
        return [str(action) for action in history]
    state = game.new_initial_state()
    entries = []
    for action in history:
        who = state.current_player()
        entries.append(f"p{who} {action}" if 0 <= who <= 9 else str(action))
        state.apply(action)
    return entries
