"""What a game adds to atoll beyond the protocol, declared in one typed place per game.

A game's ``analyses/<game>/plugin.py`` declares one :class:`GamePlugin`: its report sections,
the rule variants worth measuring, how the report shows them and the game's own measures they
are judged on (:class:`VariantReport`), its own CLI commands, and how ``replay`` describes and
``render`` draws what is not a scenario. The scenario loader and the renderer of a position
belong to the game itself (:meth:`models.core.Game.load_scenario`,
:meth:`models.core.GameState.figure`). Plug-ins are found by the registry's game names
(:mod:`analyses.plugins`), never by module-name strings.

Plug-in modules stay light (``atoll --help`` imports no pandas): what they declare loads its
heavy parts when first called.

>>> Variant("without amulets", {"amulets_when": "never"}).options
{'amulets_when': 'never'}
>>> GENERIC.variant_report.title
'What each rule is worth'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # types only: the plug-in types are light, what they name is not
    import click
    import pandas as pd

    from analyses.reports.tables import Section
    from analyses.studies.frames import StudyFrames
    from models.core import GameState

__all__ = ["GENERIC", "GamePlugin", "Measure", "Variant", "VariantReport", "VariantRun"]

#: A measure compared: its name, its values per game in the study and in the variant.
Measure = tuple[str, "pd.Series", "pd.Series"]
#: A report section maker: the study's frames and its record -> sections.
Sections = Callable[["StudyFrames", dict[str, Any]], list["Section"]]
#: The measures a variant is judged on: the study's frames and the variant's -> measures.
Measures = Callable[["StudyFrames", "StudyFrames"], list["Measure"]]


@dataclasses.dataclass(frozen=True)
class Variant:
    """A rule variant: what it is called in the report, the rule options it sets, and
    ``direct``: words naming the measures it changes by construction (``("amulet",)``: every
    measure with "amulet" in its name), shown as direct effects of the rule, not tested as
    findings (events a rule option rules out are found from the game's glossary anyway)."""

    label: str
    options: Mapping[str, Any]
    direct: tuple[str, ...] = ()


@dataclasses.dataclass(frozen=True)
class VariantRun:
    """A variant as played: its definition, its stored frames and the options it ran with."""

    variant: Variant
    frames: StudyFrames
    options: Mapping[str, Any]


@dataclasses.dataclass(frozen=True)
class VariantReport:
    """How the report shows what each rule variant is worth (one section, a table or two per
    variant). ``measures`` replaces the shared measures when given; ``extra`` adds a second
    table of the game's own measures (``extra_title`` after the variant's label); ``notes``
    adds sentences per variant (slug, the study's frames, the run)."""

    title: str = "What each rule is worth"
    intro: str = (
        "Each variant replays the study's games from the same seeds with the same agents in "
        "the same seats, one rule changed; a difference is the variant minus the study, game "
        "by game, with its 95% interval over games. p: sign-flip permutation test; adjusted by "
        "Holm with all the report's tests together; 'clear' when the adjusted p is below "
        "0.05. A measure that is "
        "another's effect again (the other agent's share, the same number under another name) "
        "is shown once."
    )
    measures: Measures | None = None
    extra: Measures | None = None
    extra_title: str = "the game's measures, paired by seed"
    notes: Callable[[str, StudyFrames, VariantRun], list[str]] | None = None
    #: Whether the section says so when its games are too few for its tests.
    small_sample_note: bool = True


@dataclasses.dataclass(frozen=True)
class Ladder:
    """How the agent ladder (``benchmarks/agent_strength.py``) measures the game's search
    agent: its ISMCTS ``spec`` (the budget is added as iterations) and the CPU milliseconds one
    iteration of it takes (``iteration_ms``, calibrated with ``--calibrate``), so that a budget
    in milliseconds is a deterministic number of iterations; ``None``: not calibrated, the game
    is not on the ladder."""

    spec: str = "ismcts"
    iteration_ms: float | None = None


def _no_sections(frames: StudyFrames, record: dict[str, Any]) -> list[Section]:
    return []


def _no_commands() -> Sequence[click.Command]:
    return ()


@dataclasses.dataclass(frozen=True)
class GamePlugin:
    """Everything one game adds: see the module's documentation for each part."""

    #: The registry name of the game.
    game: str
    #: The one-line help of ``atoll GAME``.
    help: str
    #: The game's own report sections, after the shared ones.
    sections: Sections = _no_sections
    #: Rule variants the report replays on the study's seeds (slug -> variant); ``compare
    #: --variant SLUG`` plays the same.
    variants: Mapping[str, Variant] = dataclasses.field(default_factory=dict)
    variant_report: VariantReport = VariantReport()
    #: The game's own measures (:mod:`analyses.reports.metrics`: metrics and metric sets), after the
    #: shared ones wherever measures are listed (compare pages, ``tune --objective metric:``).
    metrics: Sequence[Any] = ()
    #: How the agent ladder measures the game's search agent (:class:`Ladder`).
    ladder: Ladder = Ladder()
    #: Parameters ``benchmarks/tune_balance.py`` tunes in this game (``tune``'s syntax).
    tune_example: tuple[str, ...] = ()
    #: One-value changes ``benchmarks/luck_agreement.py`` plays the same seeded games under:
    #: (parameter path in ``tune``'s syntax, one value, another).
    luck_changes: tuple[tuple[str, Any, Any], ...] = ()
    #: The game's component flag of atoll 0.2 and the component it names (``--component
    #: NAME=FILE`` now; the old flag still works, with a note).
    component_flag: tuple[str, str] | None = None
    #: What the game records during a study besides its log: a maker of a fresh
    #: :class:`~analyses.studies.watchers.StudyWatcher` per game (``None``: nothing more).
    watcher: Callable[[], Any] | None = None
    #: The game's own commands (``board``, ``tiles``, ``candidates``...), made when first used.
    commands: Callable[[], Sequence[click.Command]] = _no_commands
    #: ``replay``: prints what a replayed state shows (``show_events``: the log too); ``None``:
    #: the protocol's view (whose turn, the returns, the history's length).
    describe: Callable[[GameState, bool], None] | None = None
    #: ``replay --json``: the state as plain data (the game's snapshot); ``None``: the
    #: protocol's view.
    snapshot: Callable[[GameState], dict[str, Any]] | None = None
    #: ``render FILE`` for a file that is not a scenario (a bare board, an island map): draws
    #: it to the PNG and returns True, or returns False to read FILE as a scenario (with the
    #: ``--step`` and the ``--component`` files given, which only a scenario takes).
    render_file: Callable[[str, str, int | None, Mapping[str, str]], bool] | None = None
    #: ``atoll explore``: the game's own pages, made from the app's
    #: :class:`~analyses.explore.site.Site` into :class:`~analyses.explore.site.GamePages`
    #: (routes under ``/GAME/``); ``None``: only the pages every game has.
    pages: Callable[[Any], Any] | None = None


#: What a game without a plug-in gets: the shared sections and commands only.
GENERIC = GamePlugin(game="", help="")
