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

import random
from collections.abc import Callable, Hashable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

from annotated_types import Len, MinLen
from pydantic import StrictStr

from models.data import parse_json, parse_toml, read_text, validate
from models.errors import AtollError, IllegalActionError
from models.registry import game_info, game_names, lookup
from models.seeds import make_rng

if TYPE_CHECKING:
    from models.options import RuleOptions

__all__ = [
    "MAX_ENTRIES",
    "Entries",
    "FileName",
    "OtherGameScenario",
    "default_header",
    "first_entries",
    "other_game_reading",
    "play_entries",
    "read_scenario",
    "scenario_data",
    "scenario_folder",
    "scenario_options",
    "scenario_rng",
    "validate_scenario",
    "written_actions",
]

#: Entries in one scenario's list (``actions``, South Seas' ``[[move]]``), the same for every
#: game: a whole 4-player game has about 250 actions (Tobago about 1,000).
MAX_ENTRIES = 5000
#: One written entry of a scenario (an action as it prints).
Entry = Annotated[StrictStr, Len(1, 200)]
#: A scenario's list of written entries.
Entries = Annotated[list[Entry], Len(0, MAX_ENTRIES)]
#: A component file a scenario names.
FileName = Annotated[StrictStr, MinLen(1)]

M = TypeVar("M")
S = TypeVar("S")  # a game state
Opts = TypeVar("Opts", bound="RuleOptions")  # a game's rule options


class OtherGameScenario(AtollError):
    """A scenario file of game ``other`` read as one of ``game``: ``.game`` names ``other``."""

    def __init__(self, other: str, game: str, *, source: str | Path | None) -> None:
        self.game = other
        title, theirs = game_info(game).title, game_info(other).title
        super().__init__(f"a {theirs} scenario, not a {title} one", source=source)


def read_scenario(path: str | Path) -> dict[str, Any]:
    """The table of a scenario file: JSON for a ``.json`` file, TOML otherwise."""
    path = Path(path)
    text = read_text(path)
    data = (
        parse_json(text, source=path) if path.suffix == ".json" else parse_toml(text, source=path)
    )
    if not isinstance(data, dict):
        raise AtollError("must be a table of players, options and actions", source=path)
    return data


def validate_scenario(
    model: type[M], data: Mapping[str, Any], *, game: str, source: str | Path
) -> M:
    """``data`` read as a scenario of ``game`` (its pydantic ``model``). Keys ``game`` does not
    know that are another game's scenario keys (:attr:`models.core.Game.scenario_keys`) say
    which game the file is of, not just "unknown field"."""
    keys = set(data)
    if not keys <= set(getattr(model, "model_fields", keys)):
        for other in game_names():
            if other != game and keys <= set(getattr(lookup(other), "scenario_keys", ())):
                raise OtherGameScenario(other, game, source=source)
    result: M = validate(model, data, source=source)
    return result


def other_game_reading(path: str | Path, game: str) -> OtherGameScenario | None:
    """For a scenario whose first entry ``game`` refuses and whose keys every game has
    (``players``, ``actions``): the other game that plays its header and first entry, if one
    does (the file is then that game's)."""
    for other in game_names():
        if other == game:
            continue
        try:
            lookup(other).load_scenario(path, steps=1)
        except (AtollError, OSError):
            continue
        return OtherGameScenario(other, game, source=path)
    return None


def first_entries(
    entries: Sequence[M], steps: int | None, *, source: str | Path, key: str = "actions"
) -> Sequence[M]:
    """The first ``steps`` of a scenario's entries (all when ``None``); more steps than the
    scenario lists are refused, naming the count (every game's ``replay`` and ``render``)."""
    if steps is None:
        return entries
    count = len(entries)
    if not 0 <= steps <= count:
        word = "moves" if key == "move" else key
        raise AtollError(
            f"--step {steps}: the scenario has {count} {word} (0 to {count})", source=source
        )
    return entries[:steps]


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


def play_entries(
    state: S,
    entries: Sequence[M],
    play: Callable[[S, M], None],
    *,
    source: str | Path,
    key: str = "actions",
) -> S:
    """Play a scenario's list of entries on ``state`` with ``play`` (for written actions
    :meth:`models.core.GameState.play_text`); an error names the scenario, the entry
    (``actions[4]``) and where inside it (``s.toml: actions[4]: round 1: move 6 is not legal:
    GI-A1: ...``)."""
    for i, entry in enumerate(entries):
        try:
            play(state, entry)
        except IllegalActionError as exc:
            raise IllegalActionError(
                exc.message,
                rule=exc.rule,
                action=exc.action,
                source=source,
                entry=f"{key}[{i}]",
                field=exc.field,
            ) from None
        except AtollError as exc:
            inside = exc.one_line() if exc.source else exc.message
            field = None if exc.source else exc.field
            raise AtollError(inside, source=source, entry=f"{key}[{i}]", field=field) from None
    return state


# -- what every game's scenario reader shares ------------------------------------------------


def scenario_options(options: type[Opts], raw: Mapping[str, Any], source: str | Path) -> Opts:
    """A scenario's ``[options]`` table as the game's options; an error in it names the
    scenario and the entry (``s.toml: options: recall: ...``)."""
    try:
        return options.from_mapping(raw, source=source)
    except AtollError as exc:
        raise exc.located(source, entry="options") from None


def scenario_folder(source: str | Path) -> Path:
    """Where the component files a scenario names are read from: its own folder (the working
    folder for a scenario given as a table, not a file)."""
    return Path(source).parent if isinstance(source, Path) else Path.cwd()


def scenario_rng(seed: int | None) -> random.Random | None:
    """The generator a scenario's chance outcomes come from: its ``seed``'s, or ``None`` when
    it names every outcome itself.

    >>> scenario_rng(None) is None, scenario_rng(3).random() == scenario_rng(3).random()
    (True, True)
    """
    return make_rng(seed) if seed is not None else None
