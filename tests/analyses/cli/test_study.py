"""The study commands' arguments (analyses.cli.study): the agent list, seeds, the scheduler,
component names, options and compare's game count — each bad one a single error line, exit 2,
refused before anything is played or written."""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest

import analyses.studies.study as study_module
from analyses.cli.main import main
from analyses.studies.study import executor_for
from models.errors import AtollError
from models.registry import game_info
from tests.games import installed_games

STUDY = ["southseas", "study", "--games", "2", "--players", "2", "--workers", "1"]


def one_error_line(capsys: pytest.CaptureFixture[str], argv: list[object], *named: str) -> str:
    """Run the CLI: exit 2 and exactly one line, ``atoll: error: ...``, naming each of ``named``."""
    status = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    assert status == 2, (status, out, err)
    assert "Traceback" not in err and len(err.splitlines()) == 1, err
    assert err.startswith("atoll: error: "), err
    for name in named:
        assert name in err, err
    return err.strip()


def agents_of(folder: Path) -> list[str]:
    rows = duckdb.sql(f"SELECT DISTINCT agent FROM '{folder}/chunks/*/players.parquet'").fetchall()
    return sorted(a for (a,) in rows)


# -- --agents and --agent ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("listed", "ismcts"),
    [
        (
            ["--agents", "greedy,ismcts:iterations=50,depth=3,random"],
            "ismcts:iterations=50,depth=3",
        ),
        (
            ["--agents", "greedy;ismcts:iterations=50:depth=3;random"],
            "ismcts:iterations=50:depth=3",
        ),
        (
            ["--agents", "greedy; ismcts:iterations=50,depth=3 ;random"],
            "ismcts:iterations=50,depth=3",
        ),
        (
            ["--agent", "greedy", "--agent", "ismcts:iterations=50,depth=3", "--agent", "random"],
            "ismcts:iterations=50,depth=3",
        ),
    ],
    ids=["commas", "semicolons and colons", "mixed", "--agent"],
)
def test_an_ismcts_spec_with_two_parameters_is_one_seat(
    listed: list[str], ismcts: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["southseas", "study", "--games", "3", "--players", "3", "--workers", "1", *listed]
    assert main([*argv, "--out", str(tmp_path / "s")]) == 0, capsys.readouterr().err
    assert agents_of(tmp_path / "s") == ["greedy", ismcts, "random"]


def test_the_agent_list_parses_into_seats() -> None:
    from analyses.cli.study import _agents

    kw = {"agents": "greedy,ismcts:iterations=50,depth=3,random", "agent_specs": ()}
    assert _agents(kw, 3) == ("greedy", "ismcts:iterations=50,depth=3", "random")
    assert _agents({"agents": "random", "agent_specs": ()}, 4) == ("random",)


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--agents", "greedy,random,random"], "--agents: 3 agents for 2 players"),
        (["--agent", "greedy", "--agent", "random", "--agent", "random"], "--agent: 3 agents"),
        (["--agent", "greedy", "--agents", "random,greedy"], "--agent or with --agents, not both"),
        (["--agent", "greedy", "--agents", "random"], "--agent or with --agents, not both"),
        (["--agents", " , "], "--agents: name an agent spec"),
        (["--agent", ""], "--agent: name an agent spec"),
        (["--agents", "greedy,depth=3"], "unknown agent 'depth=3': a parameter follows its agent"),
        (["--agents", "ismcts:depth=\u0663"], "depth must be a whole number in the digits 0-9"),
    ],
)
def test_a_bad_agent_list_is_one_line(
    args: list[str], words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    one_error_line(capsys, [*STUDY, *args, "--out", tmp_path / "s"], words)
    assert not (tmp_path / "s").exists()


# -- --seed -----------------------------------------------------------------------------------


@pytest.mark.parametrize("command", ["study", "report", "compare"])
def test_a_negative_seed_is_one_line(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["southseas", command, "--games", "2", "--seed", "-1", "--out", tmp_path / "s"]
    if command == "compare":
        argv += ["--option", "recall=never"]
    message = one_error_line(capsys, argv)
    assert message == "atoll: error: --seed: a seed is a whole number 0 or more, got -1"
    assert not (tmp_path / "s").exists()


def test_a_huge_seed_is_a_seed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = [*STUDY, "--seed", str(10**30), "--out", str(tmp_path / "s")]
    assert main(argv) == 0, capsys.readouterr().err


# -- --scheduler ------------------------------------------------------------------------------

BAD_ADDRESSES = {
    "not an address": "not an address: give HOST:PORT or tcp://HOST:PORT",
    "bogus://x": "atoll connects over tcp only, not 'bogus'",
    "tcp://127.0.0.1:notaport": "the port must be a whole number 1 to 65535, got 'notaport'",
    "tls://host:8786": "tls needs a security context (certificates)",
    "127.0.0.1:0": "the port must be a whole number 1 to 65535, got '0'",
    "127.0.0.1:65536": "the port must be a whole number 1 to 65535",
    "tcp://:8786": "not an address",
    "": "not an address",
}


@pytest.mark.parametrize(("address", "words"), BAD_ADDRESSES.items(), ids=list(BAD_ADDRESSES))
def test_a_malformed_scheduler_is_one_line_before_anything_is_written(
    address: str, words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "s"
    one_error_line(capsys, [*STUDY, "--scheduler", address, "--out", out], "--scheduler", words)
    assert not out.exists()


@pytest.mark.parametrize(("address", "words"), BAD_ADDRESSES.items(), ids=list(BAD_ADDRESSES))
def test_executor_for_refuses_a_malformed_address_before_connecting(
    address: str, words: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    distributed = pytest.importorskip("distributed")

    def never(*args: object, **kwargs: object) -> None:
        raise AssertionError("connected to a malformed address")

    monkeypatch.setattr(distributed, "Client", never)
    with pytest.raises(AtollError, match="--scheduler") as info, executor_for(1, address or " "):
        pass
    assert words in str(info.value) and "\n" not in str(info.value)


@pytest.mark.parametrize("error", [ValueError("bad"), TypeError("no context"), OSError("down")])
def test_any_failure_of_the_dask_client_is_one_line(
    error: Exception, monkeypatch: pytest.MonkeyPatch
) -> None:
    distributed = pytest.importorskip("distributed")

    def failing(address: str, timeout: float) -> None:
        assert address == "tcp://127.0.0.1:8786"
        raise error

    monkeypatch.setattr(distributed, "Client", failing)
    with pytest.raises(AtollError) as info, executor_for(1, "127.0.0.1:8786"):
        pass
    assert str(info.value) == f"--scheduler: no Dask scheduler at 127.0.0.1:8786: {error}"


# -- --component ------------------------------------------------------------------------------


@pytest.mark.parametrize("game", installed_games())
def test_an_unknown_component_name_lists_the_known_ones(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    info = game_info(game)
    own = [name for name, _ in info.components]
    others = [n for g in installed_games() for n, _ in game_info(g).components if n not in own]
    other = (others or ["nosuch"])[0]  # another game's component where there is one
    words = f"{info.title} has no component {other!r} (its components are {', '.join(own)})"
    argv = [game, "study", "--games", "2", "--component", f"{other}=x.toml"]
    one_error_line(capsys, [*argv, "--out", tmp_path / "s"], "--component", words)
    assert not (tmp_path / "s").exists()


def test_a_missing_component_file_is_one_line_naming_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "nosuch.toml"
    argv = [*STUDY, "--component", f"tiles={missing}", "--out", tmp_path / "s"]
    assert one_error_line(capsys, argv) == f"atoll: error: {missing}: no such file"
    argv = [*STUDY, "--component", "tiles=a", "--component", "tiles=b", "--out", tmp_path / "s"]
    one_error_line(capsys, argv, "--component: 'tiles' is given twice")


# -- --option and compare ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ("[" * 200 + "]" * 200, "--option sight: nested too deeply"),
        ("[" * 5000, "--option sight: nested too deeply"),
        ("9" * 5000, "--option sight: an integer with thousands of digits"),
        ("1\nother = 2", "--option sight: expected one TOML value"),
    ],
    ids=["200 deep", "5000 deep", "huge integer", "two keys"],
)
def test_an_option_value_toml_cannot_hold_names_the_option(
    value: str, words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["tobago", "study", "--games", "2", "--option", f"sight={value}", "--out", tmp_path]
    one_error_line(capsys, argv, words)


def test_compare_needs_two_games_before_playing_any(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def never(*args: object, **kwargs: object) -> None:
        raise AssertionError("played a game")

    monkeypatch.setattr(study_module, "run_study", never)
    argv = ["southseas", "compare", "--games", "1", "--option", "recall=never", "--out", tmp_path]
    message = one_error_line(capsys, argv)
    assert message == "atoll: error: --games: a paired comparison needs at least 2 games, got 1"
    assert list(tmp_path.iterdir()) == []


def test_a_number_in_another_script_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["southseas", "study", "--games", "\u0663", "--out", tmp_path / "s"]
    one_error_line(capsys, argv, "'--games'", "is not a number in the digits 0-9")


# -- progress ---------------------------------------------------------------------------------


def test_progress_says_the_share_of_the_games_done(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Without a terminal, a line at each tenth passed: 20 of 60 games are 33%, not the tenth
    passed (it said "20 done (30%)")."""
    argv = ["gloryislands", "study", "--games", "60", "--workers", "1", "--out", tmp_path / "s"]
    assert main([str(a) for a in argv]) == 0
    lines = [line for line in capsys.readouterr().err.splitlines() if " done (" in line]
    assert lines == [
        "atoll: gloryislands, study: 60 games: 20 done (33%)",
        "atoll: gloryislands, study: 60 games: 40 done (66%)",
        "atoll: gloryislands, study: 60 games: 60 done (100%)",
    ]
