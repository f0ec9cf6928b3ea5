"""A tournament: every line-up drawn from a field of entrants, each played as a duplicate study on
the same deals, stored, resumable, and read back as one set of tables.

* **Line-ups.** With at least as many entrants as seats, every combination of ``players``
  entrants, in the field's order (:func:`itertools.combinations`). With fewer entrants than
  seats, every line-up of ``players`` seats drawn from the field with repetition in which every
  entrant plays (:func:`itertools.combinations_with_replacement`, kept when it holds them all):
  two entrants in four seats play AAAB, AABB and ABBB, so each holds the extra seats as often
  as the other.
* **Deals.** Each line-up is a :class:`~analyses.studies.study.StudyConfig` of the duplicate
  design (every deal once per rotation of the line-up, so each entrant sits in each seat on the
  same deals) with the tournament's root seed: deal ``d`` is the same chance in every line-up
  (common random numbers). ``games`` is the tournament's total: it is cut into whole deals per
  line-up, rounded up (:meth:`Tournament.plan`).
* **Storage.** ``DIR/tournament.json`` records the game, players, seed, deals, the field (with
  each strategy file's SHA-256) and the line-ups; line-up ``k`` is a study stored in
  ``DIR/lineups/<k>/`` (:class:`~analyses.studies.store.StudyStore`), so a tournament killed at
  any moment resumes by playing exactly the games its line-ups lack, and a resume with another
  field, an edited strategy file or other settings is refused in one line
  (:func:`check_record`).

>>> from analyses.strategies.field import read_field
>>> field = read_field("gloryislands", "low-cards,greedy,random")
>>> t = Tournament.plan("gloryislands", field, players=2, games=10, seed=3)
>>> t.lineups(), t.deals, t.games
([(0, 1), (0, 2), (1, 2)], 2, 12)
>>> t.config(1).agents, t.config(1).games, t.config(1).design
(('strategy:low-cards', 'random'), 4, 'duplicate')
"""

from __future__ import annotations

import dataclasses
import itertools
import json
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import pandas as pd

from analyses.strategies.field import FIELD, Entrant
from analyses.studies.frames import StudyFrames
from analyses.studies.store import StudyStore, atoll_version
from analyses.studies.study import StudyConfig, run_study
from models.core import game_info
from models.data import parse_json, read_text
from models.errors import AtollError
from models.files import write_bytes_atomically
from models.seeds import check_seed

__all__ = [
    "RECORD",
    "Tournament",
    "TournamentFrames",
    "check_record",
    "kept_games",
    "lineups_of",
    "play_tournament",
    "read_tournament",
    "write_record",
]

#: The tournament's own file in its folder.
RECORD = "tournament.json"
FORMAT = 1


def lineups_of(entrants: int, players: int) -> list[tuple[int, ...]]:
    """The line-ups of a field of ``entrants`` for ``players`` seats, as entrant indices (see the
    module).

    >>> lineups_of(4, 3)
    [(0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3)]
    >>> lineups_of(2, 4), lineups_of(3, 4)
    ([(0, 0, 0, 1), (0, 0, 1, 1), (0, 1, 1, 1)], [(0, 0, 1, 2), (0, 1, 1, 2), (0, 1, 2, 2)])
    """
    if entrants >= players:
        return list(itertools.combinations(range(entrants), players))
    every = set(range(entrants))
    return [
        lineup
        for lineup in itertools.combinations_with_replacement(range(entrants), players)
        if set(lineup) == every
    ]


@dataclasses.dataclass(frozen=True)
class Tournament:
    """What a tournament plays: ``deals`` deals in every line-up of ``field`` for ``players``
    seats, from root seed ``seed``, with rule ``options`` and ``components`` (files by
    component name) as a study takes them (see the module)."""

    game: str
    players: int
    field: tuple[Entrant, ...]
    deals: int
    seed: int = 0
    options: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    components: Mapping[str, str] = dataclasses.field(default_factory=dict)

    @classmethod
    def plan(
        cls,
        game: str,
        field: Sequence[Entrant],
        *,
        players: int | None,
        games: int,
        seed: int,
        options: Mapping[str, Any] | None = None,
        components: Mapping[str, str] | None = None,
    ) -> Tournament:
        """The tournament of about ``games`` games in all: whole deals per line-up, rounded
        up (at least one deal); ``players`` is checked against the game (None: its usual
        number)."""
        players = game_info(game).check_players(players)
        check_seed(seed, "--seed")
        if games < 1:
            raise AtollError(f"must be at least 1, got {games}", field="--games")
        count = len(lineups_of(len(field), players))
        deals = max(1, -(-games // (count * players)))
        return cls(
            game, players, tuple(field), deals, seed, dict(options or {}), dict(components or {})
        )

    def lineups(self) -> list[tuple[int, ...]]:
        """Each line-up as the indices of its entrants in the field (:func:`lineups_of`)."""
        return lineups_of(len(self.field), self.players)

    @property
    def games(self) -> int:
        """Every game of the tournament: deals times seats times line-ups."""
        return self.deals * self.players * len(self.lineups())

    def rounding(self, asked: int) -> str | None:
        """The one line that says how ``asked`` games became whole deals (None: they did not
        change)."""
        if asked == self.games:
            return None
        count = len(self.lineups())
        return (
            f"atoll: note: --games {asked} became {self.games}: {count} line-ups of "
            f"{self.players} seats, each playing {self.deals} deal{'s' * (self.deals != 1)} "
            f"once per rotation ({self.players} games a deal), rounded up"
        )

    def entries(self, lineup: Sequence[int]) -> tuple[str, ...]:
        return tuple(self.field[i].entry for i in lineup)

    def config(self, k: int) -> StudyConfig:
        """The study of line-up ``k``: the duplicate design on the tournament's deals."""
        specs = tuple(self.field[i].spec for i in self.lineups()[k])
        return StudyConfig(
            game=self.game,
            players=self.players,
            agents=specs,
            games=self.deals * self.players,
            seed=self.seed,
            options=dict(self.options),
            components=dict(self.components),
            design="duplicate",
        )

    def configs(self) -> list[StudyConfig]:
        return [self.config(k) for k in range(len(self.lineups()))]

    def entrant_of(self) -> dict[str, str]:
        """Each entrant's entry by the agent spec its games record."""
        return {e.spec: e.entry for e in self.field}

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "deals": self.deals,
            "games": self.games,
            "options": dict(self.options),
            "components": dict(self.components),
            "field": [e.to_dict() for e in self.field],
            "lineups": [list(self.entries(lineup)) for lineup in self.lineups()],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Tournament:
        field = tuple(Entrant.from_dict(e) for e in data["field"])
        return cls(
            data["game"],
            int(data["players"]),
            field,
            int(data["deals"]),
            int(data["seed"]),
            dict(data.get("options", {})),
            dict(data.get("components", {})),
        )


def folder_of(root: Path, k: int) -> Path:
    """Where line-up ``k`` of the tournament in ``root`` is stored."""
    return root / "lineups" / str(k)


def write_record(root: Path, tournament: Tournament) -> Path:
    """Write ``root/tournament.json`` (atomically), with the atoll version that began it."""
    data = {**tournament.to_dict(), "atoll": atoll_version()}
    text = json.dumps(data, indent=2, sort_keys=True)
    return write_bytes_atomically(root / RECORD, text.encode("utf-8"))


def _stored(root: Path) -> dict[str, Any]:
    path = root / RECORD
    data = parse_json(read_text(path), source=path)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise AtollError(
            "is damaged or of another format: not a tournament of this atoll", source=path
        )
    return data


def check_record(root: Path, tournament: Tournament, *, resume: bool) -> None:
    """Whether ``tournament`` may be played into ``root``: a new folder, or with ``resume`` the
    same tournament (the same game, players, seed, deals and field, every strategy file's text
    unchanged); else a one-line error naming what differs."""
    if not (root / RECORD).exists():
        if (root / "lineups").exists():
            raise AtollError(
                "holds line-ups but no tournament.json, so they cannot be checked: name a new "
                "folder",
                source=root,
            )
        return
    if not resume:
        raise AtollError(
            "holds a tournament already: continue it with --resume, or name a new folder",
            source=root,
        )
    stored = _stored(root)
    wanted = tournament.to_dict()
    for key in ("game", "players", "seed", "deals", "options", "components"):
        if stored.get(key, {}) != wanted[key]:
            hint = " (--games is cut into deals per line-up)" if key == "deals" else ""
            raise AtollError(
                f"holds another tournament ({key} {stored.get(key, {})!r} there, {wanted[key]!r} "
                f"here{hint}); --resume continues only the same tournament",
                source=root,
            )
    before = [Entrant.from_dict(e) for e in stored.get("field", [])]
    if [e.spec for e in before] != [e.spec for e in tournament.field]:
        there = ", ".join(e.entry for e in before)
        raise AtollError(
            f"holds a tournament of another field ({there}); --resume continues only the same "
            "tournament",
            source=root,
            field=FIELD,
        )
    for old, new in zip(before, tournament.field, strict=True):
        if old.sha256 != new.sha256:
            raise AtollError(
                f"the strategy file of {new.entry!r} ({new.source}) changed since the tournament "
                "began: its games would mix two strategies; restore it, or name a new folder",
                source=root,
                field=FIELD,
            )


def play_tournament(
    tournament: Tournament,
    root: Path,
    *,
    resume: bool = False,
    workers: int = 1,
    scheduler: str | None = None,
    run: Callable[[StudyConfig, Path, str], Any] | None = None,
) -> Path:
    """Play every game of ``tournament`` that ``root`` lacks (checked first,
    :func:`check_record`); ``run(config, folder, label)`` plays one line-up (the CLI's, with its
    progress and its stop; by default a plain :func:`~analyses.studies.study.run_study` into a
    :class:`~analyses.studies.store.StudyStore`). Returns ``root``."""
    check_record(root, tournament, resume=resume)
    for config in tournament.configs():
        config.check()  # every line-up's agents read before any game
    root.mkdir(parents=True, exist_ok=True)
    if not (root / RECORD).exists():
        write_record(root, tournament)
    count = len(tournament.lineups())
    for k, config in enumerate(tournament.configs()):
        label = (
            f"line-up {k + 1} of {count}: {', '.join(tournament.entries(tournament.lineups()[k]))}"
        )
        if run is not None:
            run(config, folder_of(root, k), label)
            continue
        store = StudyStore.create(folder_of(root, k), config, resume=True)
        try:
            run_study(config, workers=workers, scheduler=scheduler, store=store, collect=False)
        finally:
            store.close()
    return root


def kept_games(root: Path, tournament: Tournament) -> int:
    """How many games of ``tournament`` the line-ups in ``root`` hold (a stopped run's count)."""
    done = 0
    for k in range(len(tournament.lineups())):
        folder = folder_of(root, k)
        if (folder / "study.json").exists():
            done += len(StudyStore.open(folder).done())
    return done


@dataclasses.dataclass
class TournamentFrames:
    """The tables of every line-up as one: each with a ``lineup`` column (the line-up's index),
    ``players``, ``trajectory`` and ``choices`` with the ``entrant`` of each seat (its entry);
    ``games`` keeps each game's ``deal``, the same chance in every line-up. ``records`` are the
    line-ups' study.json records (config, options, components)."""

    tournament: Tournament
    games: pd.DataFrame
    players: pd.DataFrame
    trajectory: pd.DataFrame
    choices: pd.DataFrame
    errors: pd.DataFrame
    records: list[dict[str, Any]]

    @classmethod
    def of(
        cls, tournament: Tournament, parts: Sequence[StudyFrames], records: Sequence[dict[str, Any]]
    ) -> TournamentFrames:
        """The tables of the line-ups' studies (``parts[k]`` line-up ``k``'s) as one."""
        names = tournament.entrant_of()
        tables: dict[str, list[pd.DataFrame]] = {t: [] for t in _TABLES}
        for k, frames in enumerate(parts):
            seats = frames.players[["game", "seat", "agent"]]
            for table in _TABLES:
                frame = frames.table(table).copy()
                if table in ("trajectory", "choices") and not frame.empty:
                    frame = frame.merge(seats, on=["game", "seat"], how="left")
                if "agent" in frame.columns:
                    frame["entrant"] = frame["agent"].map(names)
                frame.insert(0, "lineup", k)
                tables[table].append(frame)
        joined = {t: _joined(frames) for t, frames in tables.items()}
        return cls(tournament, records=list(records), **joined)

    @property
    def entrants(self) -> list[str]:
        """The entrants in the field's order."""
        return [e.entry for e in self.tournament.field]

    def seats(self) -> pd.DataFrame:
        """``players`` with each game's ``deal``: one row per seat of every game played."""
        deals = self.games[["lineup", "game", "deal"]]
        return self.players.merge(deals, on=["lineup", "game"], how="left")


_TABLES = ("games", "players", "trajectory", "choices", "errors")


def _joined(frames: list[pd.DataFrame]) -> pd.DataFrame:
    kept = [f for f in frames if not f.empty]
    if not kept:
        return frames[0] if frames else pd.DataFrame()
    return pd.concat(kept, ignore_index=True)


def read_tournament(root: Path) -> TournamentFrames:
    """The tournament stored in ``root`` and the tables of all its line-ups (each store checked
    before it is read)."""
    tournament = Tournament.from_dict(_stored(root))
    parts, records = [], []
    for k in range(len(tournament.lineups())):
        store = StudyStore.open(folder_of(root, k))
        parts.append(store.frames())
        records.append(store.record)
    return TournamentFrames.of(tournament, parts, records)
