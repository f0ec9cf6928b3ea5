"""Layering and documentation rules of the code base, checked on every run."""

from __future__ import annotations

import ast
import dataclasses
import doctest
import enum
import importlib
import pkgutil
from pathlib import Path
from typing import TYPE_CHECKING

import networkx as nx
import pytest

if TYPE_CHECKING:
    from models.core import Game

ROOT = Path(__file__).resolve().parents[1]
#: What each top-level package may import from the project.
ALLOWED = {
    "models": {"models"},
    "solvers": {"models", "solvers"},
    "analyses": {"models", "solvers", "analyses"},
}


def _modules() -> list[str]:
    names = []
    for package in ALLOWED:
        pkg = importlib.import_module(package)
        names.append(package)
        for info in pkgutil.walk_packages(pkg.__path__, prefix=f"{package}."):
            names.append(info.name)
    return names


def _project_imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module.split(".")[0])
    return found & set(ALLOWED)


@pytest.mark.parametrize("package", sorted(ALLOWED))
def test_layering_models_solvers_analyses(package: str) -> None:
    for path in (ROOT / package).rglob("*.py"):
        bad = _project_imports(path) - ALLOWED[package]
        assert not bad, f"{path.relative_to(ROOT)} imports {sorted(bad)}"


def test_modules_stay_small() -> None:
    for package in ALLOWED:
        for path in (ROOT / package).rglob("*.py"):
            lines = len(path.read_text(encoding="utf-8").splitlines())
            assert lines <= 450, f"{path.relative_to(ROOT)} has {lines} lines"


def test_packages_are_typed() -> None:
    for package in ALLOWED:
        assert (ROOT / package / "py.typed").exists()


@pytest.mark.parametrize("name", _modules())
def test_docstring_examples_run(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{name}: {result.failed} doctest failures"


def _game_classes() -> dict[str, set[str]]:
    """Each game folder and the names of the game classes it defines (from the registry)."""
    from models.core import game_class, game_names

    found: dict[str, set[str]] = {}
    for name in game_names():
        cls = game_class(name)
        parts = cls.__module__.split(".")
        if parts[0] == "models":
            found.setdefault(parts[1], set()).add(cls.__name__)
    return found


def test_no_code_outside_a_game_folder_names_its_game_class() -> None:
    """Agents, studies, reports, the CLI and benchmarks make games through load_game only."""
    classes = _game_classes()
    assert classes, "the registry names no game"
    folders = ["models", "solvers", "analyses", "benchmarks", "tests"]
    for folder in folders:
        for path in (ROOT / folder).rglob("*.py"):
            parts = path.relative_to(ROOT).parts
            tree = ast.parse(path.read_text(encoding="utf-8"))
            used = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
            used |= {
                a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) for a in n.names
            }
            for game, names in classes.items():
                own = game in parts  # models/<game>/..., tests/models/<game>/...
                bad = used & names
                assert own or not bad, f"{path.relative_to(ROOT)} names {sorted(bad)}"


#: What a short command must not load (pydantic too, for `atoll --help`).
HEAVY = ("numpy", "pandas", "networkx", "matplotlib", "ortools")


def _run_loading(argv: list[str], heavy: tuple[str, ...]) -> tuple[list[str], list[str]]:
    """The lines ``atoll ARGV`` prints in a fresh interpreter, and which of ``heavy`` it loaded."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from analyses.cli.main import main\n"
        f"main({argv!r})\n"
        f"print(sorted(set({heavy!r}) & set(sys.modules)))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    lines = result.stdout.strip().splitlines()
    return lines[:-1], ast.literal_eval(lines[-1])


def test_the_cli_starts_without_heavy_imports() -> None:
    """`atoll --help` loads no numpy, pandas, networkx, matplotlib or OR-Tools (speed)."""
    assert _run_loading(["--help"], (*HEAVY, "pydantic"))[1] == []


def test_tobago_maps_lists_the_maps_without_loading_solvers_or_tables() -> None:
    """`atoll tobago maps` (2.2 s before, for three lines) makes the Tobago group and reads
    three maps: no numpy, pandas, networkx, matplotlib or OR-Tools is loaded for that."""
    lines, loaded = _run_loading(["tobago", "maps"], HEAVY)
    assert loaded == [] and [line.split()[0] for line in lines] == ["caldera", "lagoon", "reef"]


def test_game_groups_list_their_own_help() -> None:
    """`atoll --help` shows each game's one-line help from its plug-in, without importing the
    game; the group made for the game says the same."""
    from analyses.cli.games import game_group
    from analyses.plugins import game_help
    from models.registry import game_names

    for name in game_names():
        short = game_help(name)
        group = game_group(name)
        assert group.name == name
        assert (group.help or "").splitlines()[0] == short


# -- one skeleton for every game (issue 18; required and optional roles, issue 37) ----------------

#: The role files every game folder has, the same name for the same role in each (README,
#: "Layout"; docs/adding-a-game.md): what the protocol cannot do without — the game and its
#: GameInfo, the protocol class on its plain position, the actions, the options class, scenario
#: files, what a player knows, why an action is refused, the event kinds.
REQUIRED = (
    "game", "state", "position", "actions", "options", "scenario", "observation", "refusals",
    "events",
)  # fmt: skip
#: The role files a game may leave out, each because the protocol (or the analyses' generic
#: plug-in) gives a working default; :data:`DEFAULTS` says which, and a test checks it is there.
OPTIONAL = (
    "components", "resample", "heuristic", "summary", "snapshot", "audit", "render", "vocabulary",
)  # fmt: skip
#: What serves a game without the optional role's file.
DEFAULTS = {
    "components": "no component files: GameInfo.components empty, Game.components() and "
    "Game.component_texts() empty",
    "resample": "GameState.resample: a copy, right where nothing is hidden (the conformance "
    "suite fails a copy where something is)",
    "heuristic": "GameState.heuristic and standing: the returns so far",
    "summary": "GameState.summary and player_summary: no study columns of the game's own",
    "snapshot": "GamePlugin.snapshot None: `replay --json` prints the protocol's view",
    "audit": "no invariants beyond the conformance suite's (only a game's own tests and "
    "benchmarks call its audit)",
    "render": "GameState.figure: no picture, refused in one line by `render` and the explore app",
    "vocabulary": "GameInfo.vocabulary None: the game takes no strategy files (a strategy spec "
    "for it is refused in one line)",
}
#: Every role file (the name each game gives it).
SKELETON = (*REQUIRED, *OPTIONAL)
#: The template game (models/template/, docs/adding-a-game.md): a skeleton like every game's,
#: but no installed game (no entry point names it; its tests register it).
TEMPLATE = "template"
#: The installed games' folders.
GAMES = sorted(
    p.name for p in (ROOT / "models").iterdir() if (p / "game.py").exists() and p.name != TEMPLATE
)
#: Every folder checked as a skeleton: the games and the template.
FOLDERS = [*GAMES, TEMPLATE]


def test_the_games_are_found() -> None:
    from importlib import metadata

    from models.registry import game_names

    # every game folder is a registered game (its entry point), and atoll has some
    assert GAMES and set(GAMES) <= set(game_names())
    # the template is a skeleton, no game of atoll's: no entry point installs it
    assert (ROOT / "models" / TEMPLATE / "game.py").exists()
    assert TEMPLATE not in {ep.name for ep in metadata.entry_points(group="atoll.games")}


def test_the_roles_are_required_or_optional() -> None:
    assert len(set(SKELETON)) == len(SKELETON) == 17
    assert set(DEFAULTS) == set(OPTIONAL)


def test_every_optional_role_has_a_default_that_serves() -> None:
    """A role is optional only where the protocol really gives a default."""
    from analyses.plugin import GENERIC
    from models.core import Game, GameInfo, GameState

    abstract = GameState.__abstractmethods__ | Game.__abstractmethods__
    defaults = {
        "components": ("components", "component_texts"),
        "resample": ("resample",),
        "heuristic": ("heuristic", "standing"),
        "summary": ("summary", "player_summary"),
        "render": ("figure",),
    }
    for role, methods in defaults.items():
        assert not set(methods) & abstract, f"{role}: {methods} must have a default"
    fields = {f.name: f.default for f in dataclasses.fields(GameInfo)}
    assert fields["components"] == () and fields["vocabulary"] is None
    assert GENERIC.snapshot is None  # replay --json: the protocol's view
    for path in (ROOT / "analyses").rglob("*.py"):  # an audit is the game's own tests' only
        assert ".audit import" not in path.read_text(encoding="utf-8"), path


def _new_game(folder: str) -> Game:
    """The game of a folder: an installed game by ``load_game``; the template, which no entry
    point installs, made from its class (found, not named: only its folder names it)."""
    from models.core import Game, load_game

    if folder != TEMPLATE:
        return load_game(folder)
    module = importlib.import_module(f"models.{TEMPLATE}.game")
    (cls,) = [v for v in vars(module).values() if isinstance(v, type) and Game in v.__mro__[1:]]
    game: Game = cls()
    return game


@pytest.mark.parametrize("game", FOLDERS)
def test_every_game_has_the_same_file_for_the_same_role(game: str) -> None:
    """Every required role has its file; an optional one may be absent (its default serves);
    the installed games declare their analyses plug-in."""
    missing = [role for role in REQUIRED if not (ROOT / "models" / game / f"{role}.py").exists()]
    assert not missing, f"models/{game} lacks {missing}"
    if game != TEMPLATE:
        assert (ROOT / "analyses" / game / "plugin.py").exists()


def _imports(path: Path, package: str) -> set[str]:
    """Every module of the project ``path`` imports — at the top, under TYPE_CHECKING or inside
    a function alike (a late import does not make a cycle go away)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            base = node.module
            if node.level:
                base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1])
                base = f"{base}.{node.module}"
            found.add(base)
            found |= {f"{base}.{a.name}" for a in node.names}
    return found


def _module_graph() -> nx.DiGraph:
    names = {}
    for top in ALLOWED:
        for path in (ROOT / top).rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            names[name] = path
    graph = nx.DiGraph()
    graph.add_nodes_from(names)
    for name, path in names.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for target in _imports(path, package):
            if target in names and target != name:
                graph.add_edge(name, target)
    return graph


def test_no_import_cycle_anywhere() -> None:
    """No circle among the project's modules, counting function-local and TYPE_CHECKING
    imports (a package's ``__init__`` re-exporting its modules is not a circle of design)."""
    graph = _module_graph()
    cycles = [c for c in nx.simple_cycles(graph) if not _through_init(c, graph)]
    assert not cycles, f"import cycles: {cycles[:5]}"


def _through_init(cycle: list[str], graph: nx.DiGraph) -> bool:
    """Whether the cycle only closes through a package importing its own submodule."""
    return any(b.startswith(f"{a}.") for a, b in zip(cycle, [*cycle[1:], cycle[0]], strict=True))


_MUTATORS = {"append", "extend", "insert", "pop", "remove", "clear", "update", "add", "discard"}
#: Methods that make an object's copy and may fill its private fields.
_COPIERS = {"clone", "_copy_record", "resample", "__copy__", "__deepcopy__"}


def _private_writes(path: Path) -> list[str]:
    """``x._name = ...`` or ``x._name.append(...)`` where ``x`` is not ``self``/``cls``
    (outside the methods that fill a copy)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    bad: list[str] = []

    def foreign(node: ast.AST) -> bool:
        return (
            isinstance(node, ast.Attribute)
            and node.attr.startswith("_")
            and not node.attr.startswith("__")
            and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"))
        )

    for func in ast.walk(tree):
        if not isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)) or func.name in _COPIERS:
            continue
        for node in ast.walk(func):
            targets: list[ast.AST] = []
            if isinstance(node, ast.Assign):
                targets = list(node.targets)
            elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
                targets = [node.target]
            elif (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in _MUTATORS
            ):
                targets = [node.func.value]
            bad += [f"{path.name}:{t.lineno}" for t in targets if foreign(t)]  # type: ignore[attr-defined]
    return bad


def test_no_module_writes_another_objects_private_attributes() -> None:
    found = [w for path in (ROOT / "models").rglob("*.py") for w in _private_writes(path)]
    assert not found, f"private attributes written from outside: {found}"


def _phase_literals(path: Path) -> list[str]:
    """``x.phase == "choose"``, ``x.phase in ("a", "b")`` or ``x.phase = "over"``: a phase
    written as a bare string instead of a member of the game's ``Phase``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    bad = []

    def literal(node: ast.AST) -> bool:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return True
        return isinstance(node, (ast.Tuple, ast.List, ast.Set)) and any(
            literal(e) for e in node.elts
        )

    def is_phase(node: ast.AST) -> bool:
        return isinstance(node, ast.Attribute) and node.attr == "phase"

    for node in ast.walk(tree):
        compares = isinstance(node, ast.Compare) and is_phase(node.left)
        assigns = isinstance(node, ast.Assign) and any(is_phase(t) for t in node.targets)
        found = compares and any(literal(c) for c in node.comparators)  # type: ignore[attr-defined]
        if found or (assigns and literal(node.value)):  # type: ignore[attr-defined]
            bad.append(f"{path.name}:{node.lineno}")  # type: ignore[attr-defined]
    return bad


@pytest.mark.parametrize("game", FOLDERS)
def test_phases_are_members_of_the_games_phase_enum(game: str) -> None:
    position = importlib.import_module(f"models.{game}.position")
    assert issubclass(position.Phase, enum.StrEnum)
    for kind in [v for v in vars(position).values() if isinstance(v, type)]:
        if issubclass(kind, enum.StrEnum) and kind is not enum.StrEnum:  # as keys, like strings
            assert all(hash(m) == hash(m.value) for m in kind), kind
    found = [b for p in (ROOT / "models" / game).rglob("*.py") for b in _phase_literals(p)]
    assert not found, f"bare phase strings in models/{game}: {found}"


@pytest.mark.parametrize("game", FOLDERS)
def test_the_protocol_class_sits_on_the_position_and_uses_the_shared_template(game: str) -> None:
    from models.core import GameState, Position

    state = _new_game(game).new_initial_state()
    cls = type(state)
    assert cls.__module__ == f"models.{game}.state"
    positions = [k for k in cls.__mro__ if k.__module__ == f"models.{game}.position"]
    assert positions and issubclass(positions[0], Position)
    for name in ("apply", "history", "events", "event", "save_png", "play_text"):
        assert getattr(cls, name) is getattr(GameState, name), f"{game} overrides {name}"
    assert type(_new_game(game)).__module__ == f"models.{game}.game"


# -- every file read on a user's behalf goes through one reader (issue 34) ------------------------

#: What opens a file by its name: builtins, methods, and module functions by their module.
_OPENING_CALLS = {"open", "FileResponse"}
_OPENING_METHODS = {
    "open", "read_text", "read_bytes", "read_parquet", "read_csv", "read_json", "read_table",
    "read_feather", "ParquetFile", "connect", "fromfile", "loadtxt", "genfromtxt",
}  # fmt: skip
_OPENING_FUNCTIONS = {
    "shutil": {"copy", "copyfile", "copy2", "copytree"},
    **{module: {"load"} for module in ("json", "tomllib", "pickle", "marshal", "np", "numpy")},
}
#: ``Root.read_text`` of the explore app reads through the one reader.
_THROUGH_THE_READER = {"root.read_text", "site.root.read_text", "self.root.read_text"}
#: The modules that open files themselves, and why none of those is a file a user's file names.
OWN_FILES = {
    "models/files.py": "the one reader (read_regular, where confinement is checked) and the "
    "atomic writer",
    "analyses/cli/main.py": "os.devnull, to quiet stdout after a broken pipe",
    "analyses/studies/store.py": "a study's own folder: its study.json and Parquet chunks",
    "analyses/studies/manifest.py": "a study's chunk manifests and the chunk files they hash",
    "analyses/studies/verify.py": "a study's own folder, through StudyStore.open",
    "analyses/strategies/tournament.py": "a tournament's own line-up studies, through "
    "StudyStore.open",
    "analyses/tuning/storage.py": "a tuning's own tune.json and the head of its tune.db",
    "analyses/studies/locks.py": "a run's own lock file in the folder it writes",
    "solvers/southseas/exhaust_ready.py": "the compiled search's build lock, beside numba's cache",
    "analyses/tuning/report.py": "the tuned component files the tuning itself wrote",
    "analyses/explore/app.py": "FileResponse of a report under the root, checked by Root.file "
    "and models.files.confined, the check read_regular makes",
    "analyses/explore/studies.py": "a tuning's tune.db under the root (checked by Root.file), "
    "read only, to count its finished trials",
}


def _opening_calls(path: Path) -> list[str]:
    """The calls in a module that open a file by name, as written (``path.read_text``)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        text = ast.unparse(func)
        if isinstance(func, ast.Name) and func.id in _OPENING_CALLS:
            found.append(f"{text} (line {node.lineno})")
        elif isinstance(func, ast.Attribute) and text not in _THROUGH_THE_READER:
            receiver = ast.unparse(func.value)
            if func.attr in _OPENING_METHODS or func.attr in _OPENING_FUNCTIONS.get(receiver, ()):
                found.append(f"{text} (line {node.lineno})")
    return found


def test_every_user_file_is_read_through_the_one_reader() -> None:
    """A loader that opened a file itself would bypass the explore app's confinement (and the
    refusal of pipes and oversized files): only the modules of :data:`OWN_FILES` open files."""
    bad = {}
    for package in ALLOWED:
        for path in sorted((ROOT / package).rglob("*.py")):
            name = path.relative_to(ROOT).as_posix()
            calls = _opening_calls(path)
            if calls and name not in OWN_FILES:
                bad[name] = calls
    assert not bad, f"open files through models.data.read_text / models.files.read_regular: {bad}"
    stale = [name for name in OWN_FILES if not _opening_calls(ROOT / name)]
    assert not stale, f"OWN_FILES lists modules that open nothing: {stale}"
