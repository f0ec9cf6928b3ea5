"""No list of game names in code or tests (issue 37): the games are found through the
``atoll.games`` entry points, and a test that covers every game iterates them
(:func:`tests.games.installed_games`), taking what it needs to know of one game from that game.

The check reads the Python files outside the games' own folders (``*/<game>/``) with
:mod:`ast` and fails on an enumeration of games: one list, tuple, set or dict literal (or one
``in (...)`` / ``==`` chain) holding string constants that are exactly two or more different
game names, as elements or as the first fields of its tuple elements (``[("a", 1), ("b", 2)]``,
parametrize rows). Naming one game as an example, and game names in prose (docstrings,
messages, commands), is fine.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator
from pathlib import Path

import pytest

from tests.games import installed_games

ROOT = Path(__file__).resolve().parents[1]
#: What is read: the packages, the benchmarks, the tests, the notebooks' helpers, the tasks.
SCANNED = ("models", "analyses", "solvers", "benchmarks", "tests", "notebooks", "tasks.py")
#: Files that may hold a list of games, each with the reason (ideally none).
EXEMPT: dict[str, str] = {}


def _names(node: ast.AST, games: frozenset[str]) -> set[str]:
    """The game name that ``node`` is, or that heads it as a row: a tuple's first field
    (``("a", "map")``, a parametrize row keyed by its game). A list is a command (``["a",
    "replay", FILE]``): a list of commands names each game as an example, and is not read."""
    if isinstance(node, ast.Tuple) and node.elts:
        node = node.elts[0]
    if isinstance(node, ast.Constant) and node.value in games:
        return {node.value}
    return set()


def _members(node: ast.AST) -> Iterable[ast.AST]:
    """The parts of an enumeration-like node: a literal's elements, a dict's keys and values,
    a comparison's or a boolean chain's operands."""
    if isinstance(node, ast.List | ast.Tuple | ast.Set):
        return node.elts
    if isinstance(node, ast.Dict):
        return [n for n in (*node.keys, *node.values) if n is not None]
    if isinstance(node, ast.Compare):
        return [node.left, *node.comparators]
    if isinstance(node, ast.BoolOp):  # game == "a" or game == "b"
        return [
            part
            for value in node.values
            if isinstance(value, ast.Compare)
            for part in (value.left, *value.comparators)
        ]
    return ()


def game_lists(source: str, games: Iterable[str]) -> Iterator[tuple[int, list[str]]]:
    """Where ``source`` enumerates two or more of ``games``: (line, the names), per literal."""
    known = frozenset(games)
    for node in ast.walk(ast.parse(source)):
        found: set[str] = set()
        for member in _members(node):
            found |= _names(member, known)
        if isinstance(node, ast.Compare):  # x in ("a", "b") is the tuple's own enumeration
            found -= set().union(*(_names(c, known) for c in node.comparators if _nested(c)))
        if len(found) >= 2:
            yield node.lineno, sorted(found)


def _nested(node: ast.AST) -> bool:
    return isinstance(node, ast.List | ast.Tuple | ast.Set)


def scanned_files(games: Iterable[str]) -> Iterator[Path]:
    """The ``.py`` files read: :data:`SCANNED`, less each game's own folders."""
    own = set(games)
    for name in SCANNED:
        path = ROOT / name
        files = [path] if path.is_file() else sorted(path.rglob("*.py"))
        for file in files:
            parts = file.relative_to(ROOT).parts[:-1]
            if not own & set(parts) and ".venv" not in parts:
                yield file


def test_no_file_lists_the_games() -> None:
    games = installed_games()
    assert len(games) >= 2  # else there is nothing to enumerate and the check proves nothing
    found = []
    for path in scanned_files(games):
        where = path.relative_to(ROOT).as_posix()
        if where in EXEMPT:
            continue
        for line, names in game_lists(path.read_text(encoding="utf-8"), games):
            found.append(f"{where}:{line}: {', '.join(names)}")
    assert not found, "games listed by name (iterate tests.games.installed_games()):\n" + (
        "\n".join(found)
    )


def test_the_scan_reads_the_tests_and_skips_the_games_own_folders() -> None:
    games = installed_games()
    files = {p.relative_to(ROOT).as_posix() for p in scanned_files(games)}
    assert "tests/test_no_game_lists.py" in files and "tasks.py" in files
    assert not any(f"/{game}/" in f"/{f}" for f in files for game in games)


SNIPPETS = {
    "parametrize": ('@pytest.mark.parametrize("g", ["a", "b"])\ndef t(g): ...', [(1, ["a", "b"])]),
    "set": ('assert {"a", "b"} <= TUNED', [(1, ["a", "b"])]),
    "in": ('if x in ("a", "b"):\n    pass', [(1, ["a", "b"])]),
    "equals chain": ('ok = g == "a" or g == "b"', [(1, ["a", "b"])]),
    "dict keys": ('SPECS = {\n    "a": "x",\n    "b": "y",\n}', [(1, ["a", "b"])]),
    "tuples": ('for g, f in [("a", "map"), ("b", "tiles")]: ...', [(1, ["a", "b"])]),
    "one game": ('load_game("a", 2)\nargs = ["a", "report", "--games", "2"]', []),
    "prose": ('"""Games: a and b."""\nprint("a", "b is not a name")', []),
    "two examples": ('x = load_game("a", 2)\ny = load_game("b", 2)', []),
    "other strings": ('CASES = [("a", "x"), ("c", "y")]', []),
    "fields not first": ('CASES = [(1, "a"), (2, "b")]', []),
    "commands": ('ARGV = [["a", "replay", "x"], ["b", "render", "y"]]', []),
    "dict of rows": ('D = {"x": ("a", 1), "y": ("b", 2)}', [(1, ["a", "b"])]),
}


@pytest.mark.parametrize("snippet", SNIPPETS)
def test_the_scan_finds_enumerations_and_nothing_else(snippet: str) -> None:
    source, expected = SNIPPETS[snippet]
    assert list(game_lists(source, ("a", "b"))) == expected
