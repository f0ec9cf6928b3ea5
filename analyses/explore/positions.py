"""Stepping through a scenario of any game, and trying a line from any of its positions:
what the explore app's position page shows, through the game protocol alone.

A *line* is a scenario file under the root, how many of its entries are played (``step``; all
of them by default), and the actions played after them on the page (``plays``, each as it
prints, optionally ``"pN ..."``). :func:`view` replays it and tells the position: its picture,
what the game's plug-in says of it (the ``replay --json`` snapshot), the events this step
logged, the legal actions — all of it as the designer sees it, or (``seat``) as that player
knows it (:mod:`analyses.explore.seats`); :func:`save` writes the line as a scenario the CLI
replays (:meth:`models.core.GameState.scenario`), beside the file it came from.

>>> from analyses.explore.root import Root
>>> root = Root("examples")
>>> line = Line("southseas", "southseas/close-island.toml", step=1)
>>> shown = view(root, line)
>>> shown.entries, shown.step, shown.state.turn_number() > 0
(3, 1, True)
>>> hands = view(root, Line("tobago", "tobago/first-treasure.toml", seat=0)).summary["hands"]
>>> hands[0][:2], hands[1][:2]  # player 0 sees his own hint cards, not player 1's
(['not next to sea', 'not next to mountain'], [hidden, hidden])
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Hashable, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from analyses.cli.scenarios import load_position, protocol_view
from analyses.explore.display import HIDDEN
from analyses.explore.root import ReplaceRefused, Root
from analyses.explore.seats import hidden_anywhere, known_to
from analyses.plugins import plugin
from models.core import GameState
from models.data import parse_json, parse_toml, write_scenario
from models.errors import AtollError
from models.files import confinement
from models.registry import game_names

__all__ = [
    "MAX_PLAYS",
    "Line",
    "Shown",
    "guess_game",
    "line_of",
    "read_line",
    "save",
    "scenario_files",
    "view",
]

#: Actions a line may add to its scenario on the page.
MAX_PLAYS = 2000
#: Legal actions listed at one position (South Seas offers a few hundred placements at most).
MAX_LISTED_ACTIONS = 1000
#: The keys of a scenario file whose list holds its entries (what ``steps`` counts): the
#: ``actions`` of every game, South Seas' ``[[move]]`` tables.
_ENTRY_KEYS = ("actions", "move")


@dataclasses.dataclass(frozen=True)
class Line:
    """A scenario file of ``game``, its first ``step`` entries (``None``: all), then ``plays``;
    shown to the designer (``seat`` ``None``) or as player ``seat`` knows it."""

    game: str
    file: str
    step: int | None = None
    plays: tuple[str, ...] = ()
    seat: int | None = None

    def query(self, **changes: Any) -> str:
        """This line (changed) as the page's query string."""
        line = dataclasses.replace(self, **changes)
        pairs: list[tuple[str, str]] = [("game", line.game), ("file", line.file)]
        if line.step is not None:
            pairs.append(("step", str(line.step)))
        pairs += [("play", p) for p in line.plays]
        if line.seat is not None:
            pairs.append(("seat", str(line.seat)))
        return urlencode(pairs)


@dataclasses.dataclass(frozen=True)
class Shown:
    """A position of a line, told as the page shows it: ``told`` holds the protocol's
    ``facts``, the game's ``summary``, this step's ``events`` and the ``actions``, each part
    the line's seat cannot see :data:`~analyses.explore.display.HIDDEN`."""

    line: Line
    state: GameState
    entries: int
    step: int
    told: dict[str, Any]
    header: dict[str, Any]

    @property
    def facts(self) -> dict[str, Any]:
        """The protocol's view of the state (``replay --json`` of a game without a snapshot)
        and the kind of decision it waits for."""
        return dict(self.told["facts"])

    @property
    def summary(self) -> dict[str, Any]:
        """What ``replay --json`` prints (the game's snapshot), without its event log."""
        return dict(self.told["summary"])

    @property
    def events(self) -> Any:
        """The events this step logged (as the protocol logs them)."""
        return self.told["events"]

    @property
    def actions(self) -> Any:
        """The legal actions (or chance outcomes), (text, chance) each; hidden from a player
        who cannot tell what another may do."""
        return self.told["actions"]

    @property
    def actions_cut(self) -> int:
        cut = self.told["actions_cut"]
        return 0 if cut is HIDDEN else int(cut)

    @property
    def hides(self) -> bool:
        """Whether anything of the position is hidden from the line's seat."""
        return hidden_anywhere(self.told)


def line_of(game: Any, file: Any, step: Any = None, plays: Any = (), seat: Any = None) -> Line:
    """A line from a page's values, each checked (a one-line error naming the field)."""
    if game not in game_names():
        raise AtollError(f"no game {game!r} (one of: {', '.join(game_names())})", field="game")
    if not isinstance(file, str):
        raise AtollError("a file under the root", field="file")
    if step is not None and (not isinstance(step, int) or isinstance(step, bool) or step < 0):
        raise AtollError(f"a whole number of entries, got {step!r}", field="step")
    if not isinstance(plays, (list, tuple)) or not all(isinstance(p, str) for p in plays):
        raise AtollError("a list of actions, each as it prints", field="play")
    if len(plays) > MAX_PLAYS:
        raise AtollError(f"at most {MAX_PLAYS} actions after the scenario", field="play")
    if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool) or seat < 0):
        raise AtollError(f"a player's seat (0, 1, ...), got {seat!r}", field="seat")
    return Line(game, file, step, tuple(plays), seat)


def read_line(query: Any) -> Line:
    """The line a page's query names (``game``, ``file``, ``step``, ``play`` repeated)."""
    step: Any = query.get("step")
    if step in (None, ""):
        step = None
    elif str(step).isascii() and str(step).isdigit():
        step = int(step)
    plays = query.getlist("play") if hasattr(query, "getlist") else ()
    seat: Any = query.get("seat")
    if seat in (None, "", "designer"):
        seat = None
    elif str(seat).isascii() and str(seat).isdigit() and len(str(seat)) < 4:
        seat = int(seat)
    return line_of(query.get("game") or "", query.get("file") or "", step, plays, seat)


def _data(root: Root, file: str) -> dict[str, Any]:
    text = root.read_text(file)
    data = (
        parse_json(text, source=file)
        if file.lower().endswith(".json")
        else parse_toml(text, source=file)
    )
    if not isinstance(data, dict):
        raise AtollError("a scenario is a table of players, options and entries", source=file)
    return data


def _entries(data: dict[str, Any]) -> int:
    """How many entries a scenario lists (the first of :data:`_ENTRY_KEYS` that has any)."""
    lists = [v for k in _ENTRY_KEYS if isinstance(v := data.get(k), list) and v]
    return len(lists[0]) if lists else 0


def _replayed(game: str, path: Path, step: int) -> GameState:
    """A scenario's position (kept while the file is unchanged: stepping back is free)."""
    return _replayed_under(game, str(path), path.stat().st_mtime_ns, step, confinement())


@functools.lru_cache(maxsize=256)
def _replayed_under(
    game: str, path: str, mtime: int, step: int, confined: tuple[Path, ...] | None
) -> GameState:
    """The position, cached by the folders its files were read under too (``confined``): a
    scenario read for one root is never shown from the cache under another."""
    return load_position(game, path, step)


def _load(root: Root, line: Line, step: int) -> GameState:
    return _replayed(line.game, root.file(line.file), step).clone()


def _play(state: GameState, plays: Sequence[str]) -> None:
    for i, text in enumerate(plays):
        try:
            state.play_text(text)
        except AtollError as exc:
            raise AtollError(exc.message, entry=f"play[{i}]", field=exc.field) from None


def state_of(root: Root, line: Line) -> tuple[GameState, int, int, dict[str, Any]]:
    """The line's state, how many entries the scenario has, the step reached, its header."""
    data = _data(root, line.file)
    entries = _entries(data)
    step = entries if line.step is None else line.step
    if step > entries:
        raise AtollError(f"the scenario has {entries} entries, not {step}", field="step")
    state = _load(root, line, step)
    _play(state, line.plays)
    keys = type(state).scenario_move_keys
    header = {k: v for k, v in data.items() if k not in keys}
    return state, entries, step, header


def _before(root: Root, line: Line, step: int) -> GameState | None:
    """The position one step back along the line (``None`` at the start)."""
    if line.plays:
        state = _load(root, line, step)
        _play(state, line.plays[:-1])
        return state
    if step == 0:
        return None
    return _load(root, line, step - 1)


def _event(event: Any) -> dict[str, Any]:
    return {
        "turn": event.turn,
        "player": event.player,
        "kind": str(event.kind),
        "data": dict(event.data),
    }


def _summary(state: GameState, game: str) -> dict[str, Any]:
    """What ``replay --json`` prints (the game's snapshot), but its event log."""
    found = plugin(game).snapshot
    snap: dict[str, Any] = found(state) if found else {}
    snap.pop("events", None)
    return snap


def _told(state: GameState, game: str, old: int) -> dict[str, Any]:
    """Everything the page says of ``state`` (``old``: the events logged before this step)."""
    actions, cut = _actions(state)
    return {
        "facts": {**protocol_view(state), "decision": state.decision_kind()},
        "summary": _summary(state, game),
        "events": [_event(e) for e in state.events()[old:]],
        "actions": actions,
        "actions_cut": cut,
    }


def _actions(state: GameState) -> tuple[tuple[tuple[str, str], ...], int]:
    if state.is_terminal():
        return (), 0
    if state.is_chance_node():
        listed = [(str(a), f"{p:.3f}") for a, p in state.chance_outcomes()]
    else:
        listed = [(str(a), "") for a in state.legal_actions()]
    cut = max(0, len(listed) - MAX_LISTED_ACTIONS)
    return tuple(listed[:MAX_LISTED_ACTIONS]), cut


def view(root: Root, line: Line) -> Shown:
    """The position a line reaches, told for the page as the designer sees it or as the line's
    seat knows it (every problem a one-line error)."""
    state, entries, step, header = state_of(root, line)
    before = _before(root, line, step)
    old = len(before.events()) if before is not None else 0

    def told(s: GameState) -> dict[str, Any]:
        return _told(s, line.game, old)

    seen = told(state) if line.seat is None else known_to(state, line.seat, told)
    return Shown(line, state, entries, step, seen, header)


def entry_of(state: GameState, action: Hashable) -> str:
    """An action as a scenario entry: ``pN`` before a player's decision, bare for chance."""
    if state.is_chance_node():
        return str(action)
    return f"p{state.current_player()} {action}"


def save(root: Root, line: Line, name: str, *, replace: bool = False) -> Path:
    """Write the line as a scenario beside the file it came from (its component files are
    named relative to that folder); ``name`` is a file name, .toml or .json. A file that exists
    (the scenario shown, whose comments a saved line does not keep, above all) is replaced only
    with ``replace``: the user's confirmation, sent with the request."""
    if "/" in name or not name.strip():
        raise AtollError("a file name (saved beside the scenario it came from)", field="name")
    state, _, _, header = state_of(root, line)
    folder = Path(line.file).parent.as_posix()
    target = name if folder in ("", ".") else f"{folder}/{name}"
    try:
        path = root.writable(target, suffixes=(".toml", ".json"), replace=replace)
    except ReplaceRefused:
        if root.writable(target, suffixes=(".toml", ".json"), replace=True) != root.file(line.file):
            raise
        raise ReplaceRefused(
            "is the scenario shown here: a saved line keeps none of its comments: replace it?",
            source=target,
        ) from None
    return write_scenario(state.scenario(header), path)


def scenario_files(root: Root) -> list[tuple[str, str | None]]:
    """The .toml and .json files under the root that list scenario entries, each with the game
    it is guessed to be of (``None``: none guessed)."""
    out = []
    for name, path in root.files(".toml", ".json"):
        if path.stat().st_size > 1024 * 1024:
            continue
        try:
            data = _data(root, name)
        except AtollError:
            continue
        if not any(isinstance(data.get(k), list) for k in _ENTRY_KEYS):
            continue
        out.append((name, guess_game(name, path)))
    return out


def guess_game(name: str, path: Path) -> str | None:
    """The game a scenario is of: the one named in its path, else the first whose scenario
    reader accepts its header (every reader refuses keys it does not know)."""
    parts = [p.lower() for p in Path(name).parts]
    for game in game_names():
        if any(game in p for p in parts):
            return game
    for game in game_names():
        try:
            _replayed(game, path, 0)
        except (AtollError, OSError):
            continue
        return game
    return None
