"""Malformed input of every file kind, through the real CLI: exit 0 or one line, exit 2.

Each kind starts from valid documents (bundled data, examples, documented snippets) and applies
hypothesis-drawn mutations: delete a key, add an unknown key, replace a value by one of another
type (int, float, NaN, inf, bool, string, list, table, huge or negative numbers), repeat a list
entry past the format's bounds, nest deeply; and on the text: truncate, insert garbage, delete a
span, duplicate a line, break the UTF-8. Every file then goes to the command that reads it
(``analyses.cli.main.main``, in-process), which must either accept it (the mutation stayed valid) or
exit 2 printing exactly one line, ``atoll: error: ...``, naming the file — never a traceback,
never another exception. Warnings may precede it, one line each.
"""

from __future__ import annotations

import collections
import copy
import json
import math
import os
import signal
import socket
import stat
import tomllib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from analyses.cli.main import main
from models.data import NESTED_TOO_DEEPLY, bundled_path
from models.tobago.island.mapfile import EXAMPLE as MAP_EXAMPLE
from models.tobago.island.mapfile import bundled_maps
from tests.games import installed_games, suite

ROOT = Path(__file__).resolve().parents[1]
TEST_TILES = ROOT / "tests" / "models" / "southseas" / "scenario_tiles.toml"
TEST_SHIPS = ROOT / "tests" / "models" / "southseas" / "scenario_ships.toml"
SCENARIOS = sorted((ROOT / "examples" / "southseas").glob("*.toml"))
HINTS = '[treasure.1]\nhints = ["in jungle"]\n'


@dataclass(frozen=True)
class Raw:
    """Text written as is into a TOML or JSON document (values Python cannot hold or print)."""

    toml: str
    json: str


def deep_list(depth: int) -> Raw:
    return Raw("[" * depth + "]" * depth, "[" * depth + "]" * depth)


def deep_table(depth: int) -> Raw:
    return Raw("{a = " * depth + "1" + "}" * depth, '{"a": ' * depth + "1" + "}" * depth)


HUGE_INT = Raw("9" * 5000, "9" * 5000)  # more digits than Python converts


def to_toml(data: dict[str, Any]) -> str:
    """A document as ``"key" = value`` lines with inline tables and arrays."""
    return "".join(f"{json.dumps(k)} = {_toml_value(v)}\n" for k, v in data.items())


def _toml_value(value: Any) -> str:
    if isinstance(value, Raw):
        return value.toml
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and not math.isfinite(value):
        return "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf")
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007F")
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    return "{" + ", ".join(f"{json.dumps(k)} = {_toml_value(v)}" for k, v in value.items()) + "}"


def to_json(value: Any) -> str:
    if isinstance(value, Raw):
        return value.json
    if isinstance(value, list):
        return "[" + ", ".join(to_json(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(k)}: {to_json(v)}" for k, v in value.items()) + "}"
    return json.dumps(value)  # NaN and Infinity as Python writes them


# -- the file kinds -------------------------------------------------------------------------------

TILE_SCENARIO = """players = 2
tiles = "tiles.toml"
ships_file = "ships.toml"
[[move]]
tile = "bridge"
at = [1, 0]
islander = 1
[[move]]
tile = "sea"
at = [0, 1]
[[move]]
tile = "cap"
"""
OPTIONS_SCENARIO = """players = 3
seed = 4
tiles = "tiles.toml"
ships_file = "ships.toml"
[options]
recall = "when_empty"
boat_unoccupied = "cover_fish"
boat_occupancy = "before_islander"
boat_all_covered = "evaluate"
boat_returns_fishers = false
last_ship = "delivered"
ware_supply = 40
score_unfinished = false
islanders = 5
display = 4
[[move]]
tile = "sea"
at = [0, 1]
islander = 0
"""


@dataclass(frozen=True)
class Kind:
    """A file kind: valid seed documents, the file they go to, and the command that reads it."""

    name: str
    seeds: tuple[str, ...]
    file: str
    argv: Callable[[Path], list[str]]
    helpers: dict[str, str] = field(default_factory=dict)
    #: Other files an error may name instead (the scenario that refers to this file).
    also_named: tuple[str, ...] = ()
    #: Structural mutations only under this key (the options table of a scenario).
    focus: str | None = None
    examples: int = 50

    @property
    def json(self) -> bool:
        return self.file.endswith(".json")


def _read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def _scenario_helpers() -> dict[str, str]:
    return {"tiles.toml": _read(TEST_TILES), "ships.toml": _read(TEST_SHIPS)}


def _as_json(text: str) -> str:
    return json.dumps(tomllib.loads(text), indent=1)


def _lagoon(command: str, folder: Path) -> list[str]:
    return ["tobago", command, "lagoon", "--hints", str(folder / "h.toml")]


def _small_deck() -> str:
    data = tomllib.loads(_read(bundled_path("tobago", "clues.toml")))
    return to_toml({**data, "card": data["card"][:10]})


KINDS = {
    kind.name: kind
    for kind in (
        Kind(
            "tobago map",
            (MAP_EXAMPLE, *(_read(p) for p in bundled_maps().values())),
            "map.toml",
            lambda d: ["tobago", "candidates", str(d / "map.toml"), "--hints", str(d / "h.toml")],
            {"h.toml": HINTS},
        ),
        Kind(
            "tobago hints",
            (_read(ROOT / "examples" / "tobago" / "lagoon-hints.toml"), HINTS),
            "hints.toml",
            lambda d: ["tobago", "candidates", "lagoon", "--hints", str(d / "hints.toml")],
        ),
        Kind(
            "tobago clue deck",
            (_read(bundled_path("tobago", "clues.toml")), _small_deck()),
            "deck.toml",
            lambda d: [*_lagoon("legal", d), "--component", f"clues={d / 'deck.toml'}"],
            {"h.toml": HINTS},
        ),
        Kind(
            "tobago options",
            ("sight = [1, 2]\nnext_to_includes_inside = false\nmarker_threshold = 17\n", ""),
            "options.toml",
            lambda d: [*_lagoon("candidates", d), "--options", str(d / "options.toml")],
            {"h.toml": HINTS},
        ),
        Kind(
            "southseas tiles",
            (_read(TEST_TILES), _read(bundled_path("southseas", "tiles.toml"))),
            "tiles.toml",
            lambda d: ["southseas", "tiles", "--component", f"tiles={d / 'tiles.toml'}"],
        ),
        Kind(
            "southseas tiles of a scenario",
            (_read(TEST_TILES),),
            "tiles.toml",
            lambda d: ["southseas", "replay", str(d / "s.toml")],
            {"s.toml": TILE_SCENARIO, "ships.toml": _read(TEST_SHIPS)},
            also_named=("s.toml",),
        ),
        Kind(
            "southseas ships of a scenario",
            (_read(TEST_SHIPS), _read(bundled_path("southseas", "ships.toml"))),
            "ships.toml",
            lambda d: ["southseas", "replay", str(d / "s.toml")],
            {"s.toml": TILE_SCENARIO, "tiles.toml": _read(TEST_TILES)},
            also_named=("s.toml",),
        ),
        Kind(
            "southseas options",
            (OPTIONS_SCENARIO,),
            "s.toml",
            lambda d: ["southseas", "replay", str(d / "s.toml")],
            _scenario_helpers(),
            focus="options",
        ),
        Kind(
            "southseas scenario (TOML)",
            (TILE_SCENARIO, *(_read(p) for p in SCENARIOS)),
            "s.toml",
            lambda d: ["southseas", "replay", str(d / "s.toml")],
            _scenario_helpers(),
            examples=60,
        ),
        Kind(
            "southseas scenario (JSON)",
            tuple(_as_json(t) for t in (TILE_SCENARIO, *(_read(p) for p in SCENARIOS))),
            "s.json",
            lambda d: ["southseas", "replay", str(d / "s.json")],
            _scenario_helpers(),
            examples=60,
        ),
    )
}

# -- mutations ------------------------------------------------------------------------------------

FLOATS = st.sampled_from([math.nan, math.inf, -math.inf, 0.5, 2.0, -1.0, 1e300])
INTS = st.integers(-3, 5) | st.sampled_from([-(2**63), 2**63 - 1, 10**30, 65, 201, 501, 1001])
OTHER_VALUES = st.one_of(
    INTS,
    FLOATS,
    st.booleans(),
    st.text(max_size=12),
    st.sampled_from(["", "x" * 5000, "in jungle", "cap", "A5", "E", "1", "a\nb"]),
    st.lists(INTS, max_size=3),
    st.dictionaries(st.sampled_from(["a", "id", "shells", "1"]), INTS, max_size=2),
    st.just(HUGE_INT),
)
DEEP = st.sampled_from([deep_list(40), deep_list(5000), deep_table(40), deep_table(5000)])
#: What a number in a file becomes: out of every bound, or not an integer at all.
NOT_A_NUMBER_HERE = st.one_of(
    st.sampled_from([HUGE_INT, -(2**63), 2**63 - 1, 10**8, 10**30, -1, 0]),
    FLOATS,
    st.booleans(),
    st.sampled_from(["2", "two", ""]),
)
KEYS = st.sampled_from(["colour", "a b", "a\nb", "", "é", "Id", "count ", "move.0"])
GARBAGE = st.text(
    st.sampled_from(list("\"'[]{}=#.,:\\ \n\r\t\x00\x7f\x85\u2028\ufeffé9-+")) | st.characters(),
    min_size=1,
    max_size=6,
)


def _places(data: Any, focus: str | None) -> list[tuple[Any, Any]]:
    """Every (container, key) in ``data``; under ``data[focus]`` only (itself included)."""
    found: list[tuple[Any, Any]] = []
    stack = [data]
    if focus is not None:
        found += [(data, focus)] if focus in data else []
        stack = [data.get(focus)]
    while stack:
        value = stack.pop()
        if not isinstance(value, (dict, list)):
            continue
        for key, item in value.items() if isinstance(value, dict) else enumerate(value):
            found.append((value, key))
            stack.append(item)
    return found


@st.composite
def mutate_data(draw: st.DrawFn, data: dict[str, Any], focus: str | None) -> None:
    """One structural change, in place."""
    places = _places(data, focus)
    tables = [data] + [c[k] for c, k in places if isinstance(c[k], dict)]
    lists = [(c, k) for c, k in places if isinstance(c[k], list) and c[k]]
    numbers = [(c, k) for c, k in places if type(c[k]) is int]
    operation = draw(
        st.sampled_from(["delete", "add", "replace", "number", "number", "repeat", "nest", "nest"])
    )
    if operation == "add" or not places:
        table = draw(st.sampled_from(tables)) if focus is None else data.setdefault(focus, {})
        if isinstance(table, dict):
            table[draw(KEYS)] = draw(OTHER_VALUES)
        return
    if operation == "repeat" and lists:
        container, key = draw(st.sampled_from(lists))
        times = draw(st.sampled_from([2, 64, 201, 1001]))
        container[key] = (container[key] * times)[: max(times, len(container[key]) + 1)]
        return
    if operation == "number" and numbers:
        container, key = draw(st.sampled_from(numbers))
        container[key] = draw(NOT_A_NUMBER_HERE)
        return
    container, key = draw(st.sampled_from(places))
    if operation == "delete":
        del container[key]
    else:
        container[key] = draw(DEEP if operation == "nest" else OTHER_VALUES)


@st.composite
def mutate_text(draw: st.DrawFn, text: str) -> str:
    i = draw(st.integers(0, len(text)))
    operation = draw(st.sampled_from(["truncate", "insert", "delete", "duplicate line"]))
    if operation == "truncate":
        return text[:i]
    if operation == "insert":
        return text[:i] + draw(GARBAGE) + text[i:]
    if operation == "delete":
        return text[:i] + text[i + draw(st.integers(1, 40)) :]
    lines = text.splitlines(keepends=True) or [""]
    j = draw(st.integers(0, len(lines) - 1))
    return "".join(lines[: j + 1] + lines[j:])


@st.composite
def malformed(draw: st.DrawFn, kind_name: str) -> bytes:
    """A seed document of a kind after one to three mutations."""
    kind = KINDS[kind_name]
    text = draw(st.sampled_from(kind.seeds))
    structural = draw(st.integers(0, 2))
    textual = draw(st.integers(0 if structural else 1, 1))
    if structural:
        data = json.loads(text) if kind.json else tomllib.loads(text)
        data = copy.deepcopy(data)
        for _ in range(structural):
            draw(mutate_data(data, kind.focus))
        text = to_json(data) if kind.json else to_toml(data)
    for _ in range(textual):
        text = draw(mutate_text(text))
    raw = text.encode("utf-8", "surrogatepass")
    if draw(st.integers(0, 19)) == 0:  # now and then, bytes that are not UTF-8
        i = draw(st.integers(0, len(raw)))
        raw = raw[:i] + b"\xff\xc3" + raw[i:]
    return raw


# -- the check ------------------------------------------------------------------------------------

#: Outcomes per kind over the whole run (exit status -> count), for the report.
OUTCOMES: dict[str, collections.Counter[int]] = collections.defaultdict(collections.Counter)


def check_run(capsys: pytest.CaptureFixture[str], argv: list[str], names: tuple[Path, ...]) -> int:
    """Run the CLI; it must exit 0, or 2 with one error line naming one of ``names``."""
    status = main([*argv, "--backend", "bitset"] if argv[0] == "tobago" else argv)
    _, err = capsys.readouterr()
    assert status in (0, 2), f"exit {status}: {err}"
    assert "Traceback" not in err and "\r" not in err, err
    lines = err.splitlines()
    errors = [line for line in lines if line.startswith("atoll: error: ")]
    assert all(line.startswith("atoll: warning: ") for line in lines if line not in errors), err
    if status == 0:
        assert not errors, err
    else:
        assert len(errors) == 1, err
        assert any(str(name) in errors[0] for name in names), errors[0]
    return status


def _fuzz(kind: Kind, folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for name, text in kind.helpers.items():
        (folder / name).write_text(text, encoding="utf-8")
    target = folder / kind.file
    names = (target, *(folder / n for n in kind.also_named))

    @settings(
        max_examples=kind.examples,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(malformed(kind.name))
    def run(document: bytes) -> None:
        target.write_bytes(document)
        OUTCOMES[kind.name][check_run(capsys, kind.argv(folder), names)] += 1

    run()


@pytest.mark.parametrize("kind", KINDS.values(), ids=KINDS.keys())
def test_seed_documents_are_valid(
    kind: Kind, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The fuzz starts from valid files, in their own text and as the fuzz writes them."""
    for name, text in kind.helpers.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    for seed in kind.seeds:
        data = json.loads(seed) if kind.json else tomllib.loads(seed)
        for text in (seed, to_json(data) if kind.json else to_toml(data)):
            (tmp_path / kind.file).write_text(text, encoding="utf-8")
            assert check_run(capsys, kind.argv(tmp_path), (tmp_path / kind.file,)) == 0


@pytest.mark.parametrize("kind", KINDS.values(), ids=KINDS.keys())
def test_malformed_files_exit_2_with_one_line(
    kind: Kind, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _fuzz(kind, tmp_path, capsys)
    outcomes = OUTCOMES[kind.name]
    print(f"{kind.name}: {sum(outcomes.values())} files, exit 2 for {outcomes[2]}")
    assert sum(outcomes.values()) >= kind.examples // 2
    assert outcomes[2] >= sum(outcomes.values()) // 2, "most mutations should break the file"


# -- regressions: the cases that once gave a traceback, a MemoryError or a weak message ----------


def _write(folder: Path, kind: Kind, document: str) -> Path:
    for name, text in kind.helpers.items():
        (folder / name).write_text(text, encoding="utf-8")
    (folder / kind.file).write_text(document, encoding="utf-8")
    return folder / kind.file


def _error(capsys: pytest.CaptureFixture[str], argv: list[str], *names: Path) -> str:
    assert check_run(capsys, argv, names) == 2
    status = main([*argv, "--backend", "bitset"] if argv[0] == "tobago" else argv)
    assert status == 2
    return capsys.readouterr().err.strip()


@pytest.mark.parametrize("nest", [deep_list(5000), deep_table(5000), deep_list(33)], ids=str)
@pytest.mark.parametrize("kind", KINDS.values(), ids=KINDS.keys())
def test_deep_nesting_is_one_line_naming_the_file(
    kind: Kind, nest: Raw, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    document = f'{{"a": {nest.json}}}' if kind.json else f"a = {nest.toml}\n"
    path = _write(tmp_path, kind, document)
    message = _error(capsys, kind.argv(tmp_path), path)
    assert message.endswith(f"{path}: nested too deeply (tables and arrays: at most 32 levels)")


@pytest.mark.parametrize("count", [2**63 - 1, 10**8, 201, 0])
def test_a_tile_count_out_of_bounds_in_a_scenarios_tile_file(
    count: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    kind = KINDS["southseas tiles of a scenario"]
    cap = 'id = "cap"                    # island cap N, sea elsewhere\ncount = 8\n'
    assert cap in _read(TEST_TILES)
    path = _write(tmp_path, kind, _read(TEST_TILES).replace(cap, f'id = "cap"\ncount = {count}\n'))
    message = _error(capsys, kind.argv(tmp_path), path)
    assert message == (
        f"atoll: error: {tmp_path / 's.toml'}: tiles: {path}: tile 'cap': count: "
        f"must be a whole number 1 to 200, got {count}"
    )


def test_a_directory_as_map(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "h.toml").write_text(HINTS, encoding="utf-8")
    argv = ["tobago", "candidates", str(tmp_path), "--hints", str(tmp_path / "h.toml")]
    message = _error(capsys, argv, tmp_path)
    assert message == f"atoll: error: {tmp_path}: is a directory, not a map file"


@pytest.mark.parametrize(
    ("document", "words"),
    [
        ('{"players": 2, "players": 3}', "invalid JSON: duplicate key 'players'"),
        ('{"players": NaN}', "invalid JSON: NaN is not a JSON number"),
        ('{"seed": ' + "9" * 5000 + "}", "invalid JSON: an integer with thousands of digits"),
        ('{"move": [{"tile": "\\ud800"}]}', "not valid Unicode: '\\ud800' holds a lone surrogate"),
        ('{"move": [{"tile": "sea\\u2028", "at": [0, 1]}]}', "move[0]: tile: must be printable"),
    ],
    ids=["duplicate key", "NaN", "huge integer", "lone surrogate", "line separator"],
)
def test_json_scenario_is_plain_data(
    document: str, words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    kind = KINDS["southseas scenario (JSON)"]
    path = _write(tmp_path, kind, document)
    assert words in _error(capsys, kind.argv(tmp_path), path)


@pytest.mark.parametrize("kind", KINDS.values(), ids=KINDS.keys())
def test_unreadable_text_names_the_file(
    kind: Kind, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _write(tmp_path, kind, "")
    path.write_bytes(b"a = 1\n\xff\n")
    message = _error(capsys, kind.argv(tmp_path), path)
    assert message.endswith(f"{path}: not UTF-8 text (byte 6: invalid start byte)")
    if not kind.json:
        _write(tmp_path, kind, "a = " + "9" * 5000 + "\n")
        message = _error(capsys, kind.argv(tmp_path), path)
        assert message.endswith(f"{path}: invalid TOML: an integer with thousands of digits")


def test_a_file_too_large_is_refused_unread(tmp_path: Path) -> None:
    from models.data import MAX_FILE_BYTES, read_text

    path = tmp_path / "big.toml"
    path.write_bytes(b"#" * (MAX_FILE_BYTES + 1))
    with pytest.raises(Exception, match=r"big.toml: too large \(more than 8 MB\)"):
        read_text(path)


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("marker_threshold = 1001", "marker_threshold: Input should be less than or equal to 1000"),
        ("marker_threshold = 0", "marker_threshold: Input should be greater than 0"),
        ('marker_threshold = "17"', "marker_threshold: Input should be a valid integer (got '17')"),
        ("marker_threshold = 17.0", "marker_threshold: Input should be a valid integer (got 17.0)"),
        ("sight = [11]", "sight[0]: Input should be less than or equal to 10 (got 11)"),
        ("sight = [true]", "sight[0]: Input should be a valid integer (got True)"),
        ("sight = []", "sight: List should have at least 1 item after validation, not 0"),
        ("sight = 2", "sight: Input should be a valid list (got 2)"),
        ('next_to_includes_inside = "yes"', "next_to_includes_inside: Input should be a valid bo"),
    ],
)
def test_tobago_options_are_strict_and_bounded(
    line: str, words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    kind = KINDS["tobago options"]
    path = _write(tmp_path, kind, line + "\n")
    assert _error(capsys, kind.argv(tmp_path), path).startswith(f"atoll: error: {path}: {words}")


def test_tobago_options_at_their_bounds_work(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    kind = KINDS["tobago options"]
    _write(tmp_path, kind, "sight = [1, 10]\nmarker_threshold = 1000\n")
    assert check_run(capsys, kind.argv(tmp_path), ()) == 0
    argv = [*_lagoon("candidates", tmp_path), "--sight", "2,11"]
    assert _error(capsys, argv, Path("--sight")) == (
        "atoll: error: --sight: Input should be less than or equal to 10 (got 11)"
    )


# -- what is not a regular file, digits of other scripts, composed files ---------------------------


def _one_line(capsys: pytest.CaptureFixture[str], argv: list[str], *names: Path) -> str:
    """Run the CLI once as given: exit 2, one line ``atoll: error: ...`` naming ``names``."""
    status = main(argv)
    err = capsys.readouterr().err
    assert status == 2, err
    assert "Traceback" not in err and len(err.splitlines()) == 1, err
    assert err.startswith("atoll: error: ") and all(str(n) in err for n in names), err
    return err.strip()


class _Hung(BaseException):
    """A read that blocked: nothing in atoll may catch it."""


@pytest.fixture
def no_hang() -> Iterator[None]:
    """Fail (instead of hanging the run) when a command waits more than 30 s, as a read of a
    named pipe without a writer would."""

    def hung(signum: int, frame: object) -> None:
        raise _Hung("the command blocked")

    previous = signal.signal(signal.SIGALRM, hung)
    signal.alarm(30)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)


@pytest.mark.parametrize("kind", KINDS.values(), ids=KINDS.keys())
def test_a_named_pipe_is_refused_unread(
    kind: Kind, tmp_path: Path, capsys: pytest.CaptureFixture[str], no_hang: None
) -> None:
    path = _write(tmp_path, kind, "")
    path.unlink()
    os.mkfifo(path)
    message = _error(capsys, kind.argv(tmp_path), path, *(tmp_path / n for n in kind.also_named))
    assert message.endswith(f"{path}: is a named pipe (FIFO): not a regular file")


@pytest.mark.parametrize("where", ["map", "hints"])
def test_a_socket_or_device_is_refused_and_dev_null_is_empty(
    where: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # a socket's path must be short
    with socket.socket(socket.AF_UNIX) as listening:
        listening.bind("s.sock")
        for other, words in (("s.sock", "is a socket"), ("/dev/zero", "is a device")):
            target = Path(other).resolve()
            argv = ["tobago", "candidates", "lagoon", "--hints", str(target)]
            if where == "map":
                argv = ["tobago", "candidates", str(target), "--hints", os.devnull]
            assert _error(capsys, argv, target).endswith(f"{target}: {words}: not a regular file")
    assert check_run(capsys, ["tobago", "candidates", "lagoon", "--hints", os.devnull], ()) == 0


def test_a_sections_map_whose_sections_cover_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "gaps.toml").write_text('[side.a]\nterrain = """\n. .\n . .\n"""\n', "utf-8")
    (tmp_path / "sea.toml").write_text('[side.a]\nterrain = """\n~ ~\n ~ ~\n"""\n', "utf-8")
    for section, words in (
        (
            "gaps.toml",
            "section: the sections placed cover no position (their sides are all '.'): the "
            "assembled map has no island fields",
        ),
        ("sea.toml", "the assembled map has no island fields"),
    ):
        path = tmp_path / "map.toml"
        placed = f'file = "{section}"\nside = "a"\nat = [0, 0]\n'
        path.write_text(f'name = "M"\n[[section]]\n{placed}', encoding="utf-8")
        argv = ["tobago", "candidates", str(path), "--hints", os.devnull]
        assert _error(capsys, argv, path) == f"atoll: error: {path}: {words}"


@pytest.mark.parametrize(
    ("old", "new", "words"),
    [
        (
            "2 = [4, 2, 0]",
            '"²" = [4, 2, 0]',
            "island_scoring: '²': a key is an island size 1 to 25 (digits 0-9)",
        ),
        (
            "3 = [6, 3, 1]",
            '"٣" = [6, 3, 1]',
            "island_scoring: '٣': a key is an island size 1 to 25 (digits 0-9)",
        ),
        (
            "2 = [4, 2, 0]",
            '2 = [4, 2, 0]\n"02" = [5, 2, 0]',
            "island_scoring: 02: island size 2 is given twice (keys '2' and '02')",
        ),
    ],
    ids=["superscript", "arabic-indic", "2 and 02"],
)
def test_a_scoring_key_is_one_ascii_size_once(
    old: str, new: str, words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    board = _read(bundled_path("gloryislands", "board.toml"))
    assert board.count(f"\n{old}\n") == 1
    path = tmp_path / "board.toml"
    path.write_text(board.replace(f"\n{old}\n", f"\n{new}\n"), encoding="utf-8")
    argv = ["gloryislands", "board", "--board", str(path)]
    assert _one_line(capsys, argv, path) == f"atoll: error: {path}: {words}"


#: Each game's entries with digits of other scripts and the words refusing each (its suite's
#: ``foreign_digit_entries``, tests/conformance/test_<game>.py; a game may have none).
FOREIGN_DIGITS = [
    (game, entry, words)
    for game in installed_games()
    for entry, words in getattr(suite(game), "foreign_digit_entries", ())
]


def test_games_state_entries_with_foreign_digits() -> None:
    assert len({game for game, _, _ in FOREIGN_DIGITS}) >= 2


@pytest.mark.parametrize(("game", "entry", "words"), FOREIGN_DIGITS)
def test_digits_of_other_scripts_in_actions_are_refused(
    game: str, entry: str, words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "s.toml"
    path.write_text(f"players = 2\nseed = 1\nactions = [{json.dumps(entry)}]\n", encoding="utf-8")
    message = _one_line(capsys, [game, "replay", str(path)], path)
    assert message.startswith(f"atoll: error: {path}: actions[0]: ") and words in message


@pytest.mark.parametrize("field", ["map", "clues", "cards"])
def test_a_missing_file_a_tobago_scenario_names_names_its_field(
    field: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "s.toml"
    path.write_text(f'players = 2\n{field} = "missing.toml"\n', encoding="utf-8")
    missing = tmp_path / "missing.toml"
    message = _one_line(capsys, ["tobago", "replay", str(path)], path)
    assert message == f"atoll: error: {path}: {field}: {missing}: no such file"
    path.write_text('players = 2\nmap = "nowhere"\n', encoding="utf-8")
    message = _one_line(capsys, ["tobago", "replay", str(path)], path)
    assert message.startswith(f"atoll: error: {path}: map: no bundled map 'nowhere'")


# -- outputs that cannot be written: exit 1, one line naming the path ------------------------------


def _cannot_write(capsys: pytest.CaptureFixture[str], argv: list[str], path: Path) -> str:
    status = main(argv)
    err = capsys.readouterr().err
    assert status == 1, err
    assert "Traceback" not in err and len(err.splitlines()) == 1, err
    assert err.startswith(f"atoll: error: cannot write {path}"), err
    return err.strip()


@pytest.mark.parametrize(
    ("argv", "name"),
    [
        (["tobago", "render", "lagoon", "--out"], "x.png"),
        (["tobago", "puzzle", "lagoon", "--random", "--clues", "3", "--out"], "x.toml"),
        (
            ["gloryislands", "render", str(ROOT / "examples/gloryislands/midgame.toml"), "--out"],
            "x.png",
        ),
        (["southseas", "study", "--games", "2", "--workers", "1", "--out"], "x"),
    ],
    ids=["render", "puzzle", "gloryislands render", "study"],
)
def test_an_output_under_a_regular_file_exits_1_naming_it(
    argv: list[str], name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocking = tmp_path / "somefile.txt"
    blocking.write_text("x", encoding="utf-8")
    out = blocking / name
    message = _cannot_write(capsys, [*argv, str(out)], out)  # a study names the file it began
    assert message.endswith(f"{blocking} is a file, not a folder") or argv[1] == "study"


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only folders")
def test_an_output_in_a_read_only_folder_exits_1_naming_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        out = folder / "x.png"
        message = _cannot_write(capsys, ["tobago", "render", "lagoon", "--out", str(out)], out)
        assert message == f"atoll: error: cannot write {out}: Permission denied"
        assert list(folder.iterdir()) == []
    finally:
        folder.chmod(0o755)


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full (Linux)")
def test_a_full_device_as_output_exits_1_and_dev_null_stays_a_device(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["tobago", "compare-maps", "--count", "1", "--island-fields", "50", "--positions", "5"]
    full = Path("/dev/full")
    message = _cannot_write(capsys, [*argv, "--csv", str(full)], full)
    assert message == "atoll: error: cannot write /dev/full: No space left on device"
    assert main([*argv, "--csv", os.devnull]) == 0, capsys.readouterr().err
    assert stat.S_ISCHR(os.stat(os.devnull).st_mode)  # written in place, never renamed over


def test_a_missing_input_is_still_bad_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "missing.toml"
    for argv in (
        ["tobago", "candidates", str(missing), "--hints", os.devnull],
        ["tobago", "candidates", "lagoon", "--hints", str(missing)],
        ["southseas", "render", str(missing), "--out", str(tmp_path / "x.png")],
        ["southseas", "study", "--games", "2", "--options", str(missing), "--out", str(tmp_path)],
    ):
        assert _one_line(capsys, argv, missing) == f"atoll: error: {missing}: no such file"


# -- names longer than the system allows, stored records nested deeply (issue 34) ---------------

LONG_NAME = "a" * 300  # the system holds 255 bytes a name (ENAMETOOLONG beyond)


@pytest.mark.parametrize(
    "argv",
    [
        ["tobago", "candidates", "{long}.toml", "--hints", os.devnull],
        ["tobago", "candidates", "lagoon", "--hints", "{long}.toml"],
        ["tobago", "candidates", "lagoon", "--hints", os.devnull, "--component", "clues={long}"],
        ["tobago", "replay", "{long}.toml"],
        ["tobago", "render", "lagoon", "--out", "{long}.png"],
        ["southseas", "completable", "{long}.toml"],
        ["southseas", "tiles", "--tiles", "{long}.toml"],
        ["southseas", "study", "--games", "2", "--workers", "1", "--out", "{long}"],
        ["southseas", "verify", "{long}"],
        ["gloryislands", "board", "--board", "{long}.toml"],
        ["explore", "--root", "{long}"],
    ],
    ids=" ".join,
)
def test_a_300_character_path_argument_exits_2_with_one_line(
    argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    long = tmp_path / LONG_NAME
    message = _one_line(capsys, [a.replace("{long}", str(long)) for a in argv], long)
    assert "File name too long" in message


def test_a_deeply_nested_study_record_exits_2_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "study"
    assert main(["southseas", "study", "--games", "2", "--workers", "1", "--out", str(folder)]) == 0
    manifest = next(folder.glob("chunks/*/manifest.json"))
    capsys.readouterr()
    manifest.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    assert main(["southseas", "verify", str(folder)]) == 2
    out, err = capsys.readouterr()
    assert err == f"atoll: error: {folder}: 1 bad chunks (see above)\n"
    assert "its manifest.json is damaged (nested too deeply)" in out
    (folder / "study.json").write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    message = _one_line(capsys, ["southseas", "verify", str(folder)], folder)
    assert message == f"atoll: error: {folder}: study.json is damaged: {NESTED_TOO_DEEPLY}"
