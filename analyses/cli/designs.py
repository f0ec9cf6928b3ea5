"""``--design`` for every command that plays a lineup (``study``, ``report``, ``compare``,
``skill``, ``tune``): the option, its default, and games rounded up to whole deals
(:mod:`analyses.studies.designs`).

The design is ``--design`` when given; else, with ``--resume``, the one of the study stored
there (``fixed`` for a study stored before designs, so an old folder resumes as it began);
else :func:`analyses.studies.designs.default_design` of the lineup. ``--fixed-seats`` is the fixed
design (with ``--design duplicate`` a one-line error).

>>> choose_design(None, ("greedy", "random"), 2), choose_design(None, ("greedy",), 2)
('duplicate', 'fixed')
>>> choose_design(None, ("greedy", "random"), 2, stored="fixed")
'fixed'
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from analyses.studies.designs import DESIGNS, default_design, whole_deals
from models.data import parse_json, read_text
from models.errors import AtollError

DESIGN_HELP = (
    "duplicate: every deal (chance seed) is played once per rotation of the lineup, so each "
    "agent sits in each seat on the same deals (--games rounded up to whole deals); fixed: "
    "every game its own deal, the lineup shifted by one seat a game (or not at all with "
    "--fixed-seats). Default: duplicate when the seats hold unlike agents, fixed when every "
    "seat has the same agent or with --fixed-seats; with --resume, the stored study's."
)

design_option = click.option("--design", type=click.Choice(DESIGNS), default=None, help=DESIGN_HELP)


def choose_design(
    given: str | None,
    agents: tuple[str, ...],
    players: int,
    fixed_seats: bool = False,
    stored: str | None = None,
) -> str:
    """``--design`` as given, else the resumed study's, else the default for the lineup
    (:func:`analyses.studies.designs.default_design`); ``--fixed-seats`` is the fixed design."""
    if fixed_seats:
        if given == "duplicate":
            raise AtollError(
                "the duplicate design rotates the lineup over the seats; --fixed-seats keeps "
                "it in place: give one of them",
                field="--design",
            )
        return "fixed"
    return given or stored or default_design(agents, players)


def whole_games(games: int, players: int, design: str) -> int:
    """``games``, in the duplicate design rounded up to whole deals (a multiple of
    ``players``); :func:`say_rounded` tells it, once what was asked for has been checked."""
    return whole_deals(games, players) if design == "duplicate" else games


def say_rounded(flag: str, given: int, games: int, players: int) -> None:
    """A one-line note on stderr when ``flag``'s ``given`` games became ``games``."""
    if games != given:
        click.echo(
            f"atoll: note: {flag} {given} rounded up to {games}: the duplicate design plays "
            f"every deal once per rotation of the lineup ({players} games a deal)",
            err=True,
        )


def stored_design(folder: Path, kw: dict[str, Any]) -> str | None:
    """With ``--resume``, the design of the study stored in ``folder`` (``fixed`` for one
    stored before designs); ``None`` without ``--resume`` or a readable study there (the store
    says what is wrong when it opens it)."""
    return recorded_design(folder / "study.json", ("config",)) if kw.get("resume") else None


def stored_chance(folder: Path, kw: dict[str, Any]) -> str:
    """How the study stored in ``folder`` draws chance when ``--resume`` continues it
    (:func:`recorded_chance`); ``"streams"`` for a new study."""
    return recorded_chance(folder / "study.json", ("config",)) if kw.get("resume") else "streams"


def recorded_chance(path: Path, keys: tuple[str, ...]) -> str:
    """How the study config under ``keys`` in ``path`` draws chance: ``"sequential"`` for one
    recorded before chance streams (it names none: it resumes as it was played), else what it
    names; ``"streams"`` where there is no such config (whoever opens it says what is wrong)."""
    chance = _recorded(path, keys, "chance", "sequential")
    return chance if isinstance(chance, str) else "streams"


def recorded_design(path: Path, keys: tuple[str, ...]) -> str | None:
    """The design of the study config found under ``keys`` in the JSON file ``path``
    (study.json: ``config``; tune.json: ``run``, ``study``), ``fixed`` when it names none;
    ``None`` when there is no such file or config (whoever opens it says what is wrong)."""
    design = _recorded(path, keys, "design", "fixed")
    return design if design in DESIGNS else None


def _recorded(path: Path, keys: tuple[str, ...], field: str, unnamed: str) -> Any:
    """The ``field`` of the study config under ``keys`` in the JSON file ``path``: ``unnamed``
    when the config names none, ``None`` when there is no such file or config."""
    if not path.is_file():
        return None
    try:
        record: Any = parse_json(read_text(path), source=path)
        for key in keys:
            record = record[key]
        return record.get(field, unnamed)
    except (AtollError, KeyError, TypeError, AttributeError):
        return None
