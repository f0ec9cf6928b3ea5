"""The agents' measured strength: the ladder file ``solvers/agents/ladder.toml``.

Every balance number a report prints is a number about games its agents played, so a report
names, beside its findings, how strong each of its agents was measured to be in that game at
that player count — or that it was not measured. The measurements live in one TOML file, one
``[[entry]]`` each (the file's header documents the fields): game, players, agent spec,
opponents, games, win share with its 95% interval, ms per decision, date and the command that
measured it. ``benchmarks/agent_strength.py`` writes them; nobody writes a number by hand.

A malformed file is one line naming the file, the entry (``entry[0]`` is the first) and the
field, as :class:`~models.errors.AtollError`.

>>> import tempfile
>>> from pathlib import Path
>>> text = '''
... [[entry]]
... game = "gloryislands"
... players = 4
... agent = "greedy"
... opponents = "3 random"
... games = 400
... win_share = 0.40
... interval = [0.35, 0.45]
... ms_per_decision = 0.3
... date = 2026-12-01
... command = "python benchmarks/agent_strength.py --game gloryislands --players 4"
... '''
>>> with tempfile.TemporaryDirectory() as tmp:
...     path = Path(tmp) / "ladder.toml"
...     _ = path.write_text(text)
...     ladder = load_ladder(path)
>>> [rung.text() for rung in ladder.measured("gloryislands", 4, "greedy")][0][:44]
'win share 0.40 [0.35, 0.45] against 3 random'
>>> ladder.measured("gloryislands", 2, "greedy")
()
>>> load_ladder().source.endswith("ladder.toml")
True
"""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Annotated, Any, Literal

import pydantic
from annotated_types import Interval, Len

from models.data import Name, read_toml, validate
from models.errors import AtollError
from models.registry import game_names

__all__ = ["LADDER_FILE", "Ladder", "Rung", "agent_key", "load_ladder", "parse_ladder"]

#: The bundled ladder (package data).
LADDER_FILE = "ladder.toml"

_CONFIG = pydantic.ConfigDict(extra="forbid")
_Share = Annotated[float, Interval(ge=0.0, le=1.0)]


class _Entry(pydantic.BaseModel):
    model_config = _CONFIG
    game: Name
    players: Annotated[pydantic.StrictInt, Interval(ge=1, le=10)]
    agent: Name
    opponents: Name
    games: Annotated[pydantic.StrictInt, Interval(ge=1)]
    win_share: _Share
    interval: Annotated[list[_Share], Len(2, 2)]
    ms_per_decision: Annotated[float, Interval(ge=0.0)]
    date: datetime.date
    command: Annotated[Name, Len(1)]
    seed: Annotated[pydantic.StrictInt, Interval(ge=0)] | None = None
    design: Literal["fixed", "duplicate"] | None = None
    note: pydantic.StrictStr = ""


class _File(pydantic.BaseModel):
    model_config = _CONFIG
    entry: list[_Entry] = []


@dataclasses.dataclass(frozen=True)
class Rung:
    """One measurement of an agent's strength (one entry of the file)."""

    game: str
    players: int
    agent: str
    opponents: str
    games: int
    win_share: float
    low: float
    high: float
    ms_per_decision: float
    date: datetime.date
    command: str
    seed: int | None = None
    design: str | None = None
    note: str = ""

    def text(self) -> str:
        """The measurement in words, as a report names it."""
        return (
            f"win share {self.win_share:.2f} [{self.low:.2f}, {self.high:.2f}] against "
            f"{self.opponents} ({self.games} games, {self.ms_per_decision:.3g} ms a decision; "
            f"measured {self.date.isoformat()} by `{self.command}`)"
        )

    def to_dict(self) -> dict[str, Any]:
        """Plain values for report.json (the date as ISO text)."""
        out = dataclasses.asdict(self)
        out["date"] = self.date.isoformat()
        return out


def agent_key(spec: str) -> tuple[Any, ...]:
    """What makes two specs the same agent: its name and every parameter, the declared
    defaults filled in (``"ismcts"`` and ``"ismcts:c=0.7"`` match: 0.7 is c's default).

    >>> agent_key("ismcts") == agent_key("ismcts:c=0.7"), agent_key("greedy")
    (True, ('greedy', ('samples', 8), ('rounds', 32)))
    """
    from solvers.agents import read_spec

    name, values, params = read_spec(spec)
    return (name, *((p.name, values.get(p.name, p.default)) for p in params))


@dataclasses.dataclass(frozen=True)
class Ladder:
    """Every measurement of the file, and the file it was read from."""

    rungs: tuple[Rung, ...]
    source: str

    def measured(self, game: str, players: int, agent: str) -> tuple[Rung, ...]:
        """The measurements of ``agent`` (a spec) in ``game`` at ``players``, newest first."""
        key = agent_key(agent)
        found = [
            r
            for r in self.rungs
            if r.game == game and r.players == players and agent_key(r.agent) == key
        ]
        return tuple(sorted(found, key=lambda r: r.date, reverse=True))


def load_ladder(path: str | Path | None = None) -> Ladder:
    """Read and check the ladder file (the bundled ``solvers/agents/ladder.toml`` when no path
    is given)."""
    if path is None:
        path = Path(str(resources.files("solvers.agents").joinpath(LADDER_FILE)))
    return parse_ladder(read_toml(path), source=path)


def parse_ladder(data: Mapping[str, Any], *, source: str | Path = "<ladder>") -> Ladder:
    """Check a parsed ladder file (a TOML table): every field of every entry, the game a
    registered one, the agent a valid spec, the interval around the win share."""
    raw: _File = validate(_File, data, source=source)
    rungs = []
    for i, entry in enumerate(raw.entry):

        def fail(field: str, message: str, i: int = i) -> AtollError:
            return AtollError(message, source=source, entry=f"entry[{i}]", field=field)

        if entry.game not in game_names():
            raise fail("game", f"unknown game {entry.game!r} (known: {', '.join(game_names())})")
        try:
            agent_key(entry.agent)
        except AtollError as exc:
            raise fail("agent", exc.message) from None
        low, high = entry.interval
        if not low <= entry.win_share <= high:
            raise fail(
                "interval",
                f"[{low}, {high}] does not hold the win share {entry.win_share}",
            )
        rungs.append(
            Rung(
                entry.game,
                entry.players,
                entry.agent.strip(),
                entry.opponents,
                entry.games,
                entry.win_share,
                low,
                high,
                entry.ms_per_decision,
                entry.date,
                entry.command,
                entry.seed,
                entry.design,
                entry.note,
            )
        )
    return Ladder(tuple(rungs), str(source))
