"""The tables of a study and what each column means.

Eight tables, one row per game, per player of a game, per logged event, per failed game, per
player's thinking time, per point of the score race and seat, per kind of decision, and per kind
of choice a seat made:

* ``games`` — :data:`GAME_COLUMNS` plus the game's own ``info.summary_columns``;
* ``players`` — :data:`PLAYER_COLUMNS` plus the game's ``info.player_columns``;
* ``events`` — :data:`EVENT_COLUMNS`: every event of every game, its details as JSON;
* ``errors`` — :data:`ERROR_COLUMNS`: games that raised, with seed and traceback;
* ``timings`` — :data:`TIMING_COLUMNS`: moves and seconds per seat (kept apart because wall
  time differs from run to run, while the other tables are the same for the same seed);
* ``trajectory`` — :data:`TRAJECTORY_COLUMNS`: each seat's standing after every turn and the
  final scores (the score race, :mod:`analyses.studies.trace`);
* ``branching`` — :data:`BRANCHING_COLUMNS`: decisions counted by kind, part of the game and
  number of legal actions (the branching factor);
* ``choices`` — :data:`CHOICES_COLUMNS`: decisions counted by seat, kind, third of the game and
  the kind of action chosen (what each player actually does, :mod:`analyses.studies.trace`).

A table added after studies were first stored (:data:`ADDED_LATER`: ``choices``) is missing from
the chunks of a study stored before it; such a chunk reads it as an empty table, and the study
resumes (its new chunks have it).

>>> sorted(GAME_COLUMNS)[:3]
['config', 'deal', 'game']
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np
import orjson
import pandas as pd

from analyses.studies.trace import branching, choices
from models.core import Event, GameInfo

GAME_COLUMNS: dict[str, str] = {
    "game": "index of the game in the study (0 to games - 1); its seed depends on this alone",
    "seed": "the game's seed: its chance and every agent's choices come from it (in the "
    "duplicate design the deal's seed, the same in each of its rotations)",
    "deal": "the deal the game plays (its chance seed): the game index in the fixed design; in "
    "the duplicate design game // players, every deal played once per rotation of the lineup",
    "rotation": "seats the lineup is shifted by in this game (game % players; 0 in fixed seats)",
    "config": "hash of the study's config (game, players, agents, options, components, seed)",
    "winners": "seats with the highest score (several when tied)",
    "tied": "whether several seats shared the win",
    "moves": "decisions the players made (chance outcomes not counted)",
}
PLAYER_COLUMNS: dict[str, str] = {
    "game": "index of the game",
    "seat": "seat, 0 moves first",
    "agent": "the agent spec that played this seat",
    "score": "final score (the game's returns)",
    "win": "whether the seat was among the winners",
    "win_share": "1/k for each of k tied winners, else 0 (win rates count ties this way)",
    "rank": "1 + the number of seats that scored more",
}
EVENT_COLUMNS: dict[str, str] = {
    "game": "index of the game",
    "index": "position of the event in the game's log",
    "turn": "turn the event happened in",
    "player": "the player it concerns (the active player, or the one paid or given a ship)",
    "kind": "event kind (the game's event enum, e.g. 'complete', 'boat', 'draw')",
    "data": "the event's details as JSON (see the game's events module)",
}
ERROR_COLUMNS: dict[str, str] = {
    "game": "index of the game that raised",
    "seed": "its seed, to replay it",
    "error": "the exception, one line",
    "traceback": "the full traceback",
}
TIMING_COLUMNS: dict[str, str] = {
    "game": "index of the game",
    "seat": "seat",
    "moves": "decisions the seat's agent made",
    "seconds": "seconds the agent spent choosing them",
}
TRAJECTORY_COLUMNS: dict[str, str] = {
    "game": "index of the game",
    "point": "the point of the score race, 0 after the first turn; the last is the end",
    "turn": "the game's turn number the point was taken after (a round in Glory Islands)",
    "decisions": "decisions the players had made by then, all together",
    "seat": "seat",
    "score": "the seat's standing: its returns so far, or the game's estimate of its final "
    "score where most of it comes at the end (Glory Islands); at the last point its final score",
    "final": "whether this is the end of the game (final scores)",
}
BRANCHING_COLUMNS: dict[str, str] = {
    "game": "index of the game",
    "kind": "the kind of decision (the game's phase, e.g. 'place', 'choose', 'turn')",
    "part": "the tenth of the game (by turn) the decisions were made in, 0 to 9",
    "actions": "legal actions the player had to choose from",
    "decisions": "how many decisions of this kind, part and number of actions the game had",
}
CHOICES_COLUMNS: dict[str, str] = {
    "game": "index of the game",
    "seat": "the seat that chose",
    "kind": "the kind of decision (the game's phase, e.g. 'place', 'choose', 'turn')",
    "part": "the third of the game (by turn) the choices were made in: 0 early, 1 middle, 2 late",
    "action": "the kind of action chosen: its action kind in the game's vocabulary (the words "
    "of strategy files) where the game has one, else the action's class name in lower case",
    "decisions": "how many decisions of this seat, kind and part chose an action of this kind",
}
TABLES = (
    "games",
    "players",
    "events",
    "errors",
    "timings",
    "trajectory",
    "branching",
    "choices",
)
#: Tables added after studies were first stored: a chunk stored before one has none (its
#: manifest does not list it), and reads it as an empty table.
ADDED_LATER: tuple[str, ...] = ("choices",)


def column_docs(info: GameInfo) -> dict[str, dict[str, str]]:
    """Every table's columns with their meaning, the game's own columns included."""
    return {
        "games": {**GAME_COLUMNS, **dict(info.summary_columns)},
        "players": {**PLAYER_COLUMNS, **dict(info.player_columns)},
        "events": dict(EVENT_COLUMNS),
        "errors": dict(ERROR_COLUMNS),
        "timings": dict(TIMING_COLUMNS),
        "trajectory": dict(TRAJECTORY_COLUMNS),
        "branching": dict(BRANCHING_COLUMNS),
        "choices": dict(CHOICES_COLUMNS),
    }


def event_row(game: int, event: Event, index: int | None = None) -> dict[str, Any]:
    """One events-table row (details as JSON, keys as strings; orjson, as a game logs some
    hundreds of events and the standard library would spend a millisecond on them)."""
    return {
        "game": game,
        "index": index,
        "turn": event.turn,
        "player": event.player,
        "kind": event.kind.value,
        "data": orjson.dumps(event.data, option=_JSON, default=_plain).decode(),
    }


_ORDER = {
    "games": ["game"],
    "players": ["game", "seat"],
    "events": ["game", "index"],
    "errors": ["game"],
    "timings": ["game", "seat"],
    "trajectory": ["game", "point", "seat"],
    "branching": ["game", "kind", "part", "actions"],
    "choices": ["game", "seat", "kind", "part", "action"],
}
_COLUMNS = {
    "games": GAME_COLUMNS,
    "players": PLAYER_COLUMNS,
    "events": EVENT_COLUMNS,
    "errors": ERROR_COLUMNS,
    "timings": TIMING_COLUMNS,
    "trajectory": TRAJECTORY_COLUMNS,
    "branching": BRANCHING_COLUMNS,
    "choices": CHOICES_COLUMNS,
}


def _tidy(table: str, frame: pd.DataFrame | None) -> pd.DataFrame:
    """Sorted by game (and seat, event), lists as lists (Parquet gives arrays back), and an
    empty table with its columns when there are no rows."""
    if frame is None or frame.empty:
        return pd.DataFrame(columns=list(_COLUMNS[table]))
    for column in frame.columns[frame.dtypes == "object"]:
        first = frame[column].iloc[0]
        if isinstance(first, np.ndarray):  # a list column read back from Parquet
            frame[column] = frame[column].map(_as_list)
    return frame.sort_values(_ORDER[table], kind="stable").reset_index(drop=True)


def empty_table(table: str) -> pd.DataFrame:
    """The table ``table`` without rows (its columns only): what a chunk stored before the
    table was added holds of it (:data:`ADDED_LATER`)."""
    return pd.DataFrame(columns=list(_COLUMNS[table]))


def _as_list(value: Any) -> Any:
    return value.tolist() if isinstance(value, np.ndarray) else value


_JSON = orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS


def _plain(value: Any) -> Any:
    if isinstance(value, (set, frozenset)):
        return sorted(value)
    return str(value)


#: The tables a game hands over as columns (one block of lists per game), not as row dicts:
#: they have hundreds of rows a game, and a frame is made from columns far faster.
COLUMNAR = ("trajectory", "branching")


@dataclasses.dataclass
class Chunk:
    """The rows of some games (what a worker sends back): lists of row dicts, and for the
    :data:`COLUMNAR` tables one block of columns per game."""

    games: list[dict[str, Any]] = dataclasses.field(default_factory=list)
    players: list[dict[str, Any]] = dataclasses.field(default_factory=list)
    events: list[dict[str, Any]] = dataclasses.field(default_factory=list)
    errors: list[dict[str, Any]] = dataclasses.field(default_factory=list)
    timings: list[dict[str, Any]] = dataclasses.field(default_factory=list)
    trajectory: list[dict[str, Any]] = dataclasses.field(default_factory=list)
    branching: list[dict[str, Any]] = dataclasses.field(default_factory=list)  # decisions
    #: counted from the decisions (the ``branching`` blocks) when the frames are made
    choices: list[dict[str, Any]] = dataclasses.field(default_factory=list)

    def extend(self, other: Chunk) -> None:
        for table in TABLES:
            getattr(self, table).extend(getattr(other, table))

    def clear_game(self, game: int) -> None:
        """Drop whatever rows of ``game`` were made before it failed."""
        for table in TABLES:
            rows = getattr(self, table)
            if table in COLUMNAR:
                rows[:] = [b for b in rows if not (b["game"] and b["game"][0] == game)]
            else:
                rows[:] = [r for r in rows if r.get("game") != game]

    @property
    def indices(self) -> list[int]:
        return sorted({r["game"] for r in (*self.games, *self.errors)})

    def frames(self) -> StudyFrames:
        tables: dict[str, Any] = {t: getattr(self, t) for t in TABLES}
        for table in COLUMNAR:
            blocks = tables[table]
            names = list(blocks[0]) if blocks else []
            tables[table] = (
                {c: np.concatenate([b[c] for b in blocks]) for c in names} if blocks else []
            )
        if tables["branching"]:  # the decisions, counted here for the whole chunk at once
            decisions = pd.DataFrame(tables["branching"])
            tables["branching"] = branching(decisions)
            tables["choices"] = choices(decisions)
        return StudyFrames.from_rows(tables)


@dataclasses.dataclass
class StudyFrames:
    """The tables of a study as pandas frames, sorted by game (and seat, event); ``choices``
    may be left out (an empty table: frames made before it was recorded)."""

    games: pd.DataFrame
    players: pd.DataFrame
    events: pd.DataFrame
    errors: pd.DataFrame
    timings: pd.DataFrame
    trajectory: pd.DataFrame
    branching: pd.DataFrame
    choices: pd.DataFrame = dataclasses.field(default_factory=lambda: empty_table("choices"))

    @classmethod
    def from_rows(cls, rows: Mapping[str, Any]) -> StudyFrames:
        """The tables from lists of row dicts (or dicts of columns)."""
        return cls(**{t: _tidy(t, pd.DataFrame(rows.get(t, []))) for t in TABLES})

    @classmethod
    def concat(cls, parts: list[StudyFrames]) -> StudyFrames:
        """The tables of several chunks as one study, sorted by game."""
        out = {}
        for table in TABLES:
            frames = [p.table(table) for p in parts if not p.table(table).empty]
            out[table] = _tidy(table, pd.concat(frames, ignore_index=True) if frames else None)
        return cls(**out)

    @property
    def indices(self) -> list[int]:
        """The games these tables hold (played or failed)."""
        return sorted({*self.games["game"].tolist(), *self.errors["game"].tolist()})

    def table(self, name: str) -> pd.DataFrame:
        frame: pd.DataFrame = getattr(self, name)
        return frame


# -- the events' details ---------------------------------------------------------------------------


def events_of(frames: StudyFrames, *kinds: str) -> pd.DataFrame:
    """The events of ``kinds`` with their details read from JSON: ``data`` holds dicts (an
    object column also when no event of these kinds happened).

    >>> frames = StudyFrames.from_rows({"events": [
    ...     {"game": 0, "index": 0, "turn": 1, "player": 0, "kind": "draw", "data": '{"n": 2}'}]})
    >>> events_of(frames, "draw")["data"].tolist(), len(events_of(frames, "boat"))
    ([{'n': 2}], 0)
    """
    chosen = frames.events[frames.events["kind"].isin(kinds)]
    details = [orjson.loads(d) for d in chosen["data"]]
    return chosen.assign(data=pd.Series(details, index=chosen.index, dtype=object))


def detail(
    events: pd.DataFrame, read: Callable[[dict[str, Any]], Any], dtype: Any = float
) -> pd.Series:
    """One value per event of :func:`events_of`, read from its details, as ``dtype`` also when
    there is no event. Not ``data.map(read)``: pandas 3 keeps an empty string column's ``str``
    dtype through ``map``, so a number read from no events would make a string column, which a
    sum per game then cannot fill with 0 (a study in which a rule event never happened).

    >>> frames = StudyFrames.from_rows({"events": [
    ...     {"game": 0, "index": 0, "turn": 1, "player": 0, "kind": "draw", "data": '{"n": 2}'}]})
    >>> detail(events_of(frames, "draw"), lambda d: d["n"]).tolist()
    [2.0]
    >>> detail(events_of(frames, "boat"), lambda d: d["n"]).dtype
    dtype('float64')
    """
    return pd.Series([read(d) for d in events["data"]], index=events.index, dtype=dtype)
