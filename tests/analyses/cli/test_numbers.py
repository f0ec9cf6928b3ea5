"""Numbers on the command line are written in the digits 0-9 and, where a time or a weight is
meant, finite (analyses/cli/numbers.py): every number option of every command, and the numbers
inside longer arguments (--feature, --sight, --objective, --param)."""

from __future__ import annotations

from pathlib import Path

import click
import pytest

from analyses.cli.main import main
from tests.analyses.cli.test_verbs import commands

ROOT = Path(__file__).resolve().parents[3]
SCENARIO = ROOT / "examples" / "southseas" / "close-island.toml"
#: Three in Arabic-Indic digits, fullwidth, and a superscript.
OTHER_SCRIPTS = ("\u0663", "\uff13", "\u00b3")


def run(capsys: pytest.CaptureFixture[str], *args: object) -> tuple[int, str, str]:
    status = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return status, out, err


def number_options() -> list[tuple[str, click.Parameter]]:
    """Every option of every command whose value is a whole number or a real one."""
    kinds = (click.types.IntParamType, click.types.FloatParamType)
    return [
        (f"{path} {param.name}", param)
        for path, command in commands()
        for param in command.params
        if isinstance(param.type, kinds)
    ]


def test_every_number_option_refuses_other_scripts_digits_and_non_finite_values() -> None:
    found = number_options()
    names = {name.split()[-1] for name, _ in found}
    assert {"trials", "games", "seed", "step", "time_limit", "draws", "port"} <= names
    for name, param in found:
        ctx = click.Context(click.Command("x"))
        refused = [*OTHER_SCRIPTS]
        if isinstance(param.type, click.types.FloatParamType):
            refused += ["nan", "inf", "-inf", "1e999"]
        for text in refused:
            with pytest.raises(click.BadParameter):
                param.type.convert(text, param, ctx)
                pytest.fail(f"{name} took {text!r}")


@pytest.mark.parametrize("text", ["nan", "inf", "-1", "0", "\u0663"])
@pytest.mark.parametrize("command", [["southseas", "completable", SCENARIO], ["explore"]])
def test_time_limit_that_is_not_a_positive_finite_number_is_one_line(
    capsys: pytest.CaptureFixture[str], command: list[object], text: str
) -> None:
    status, out, err = run(capsys, *command, "--time-limit", text)
    assert (status, out) == (2, "") and len(err.splitlines()) == 1
    assert "--time-limit" in err and "Traceback" not in err


@pytest.mark.parametrize("feature", ["\u0660,\u0660,\u0661", "\uff10,\uff10,\uff11", "0,0,\u00b9"])
def test_completable_feature_in_other_scripts_digits_is_refused(
    capsys: pytest.CaptureFixture[str], feature: str
) -> None:
    status, out, err = run(capsys, "southseas", "completable", SCENARIO, "--feature", feature)
    assert (status, out) == (2, "") and err.startswith("atoll: error: --feature: ")
    assert "digits 0-9" in err and len(err.splitlines()) == 1


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--trials", "\u0663"], "'--trials': '\u0663' is not a number in the digits 0-9"),
        (["--objective", "py:.x:y"], "--objective: write py:MODULE:NAME"),
        (["--objective", "py:os.:y"], "--objective: write py:MODULE:NAME"),
        (["--objective", "py:x y:z"], "--objective: write py:MODULE:NAME"),
        (["--objective", "py:tests.analyses.cli.broken_objective:TERM"], "ZeroDivisionError"),
        (["--objective", "\u0663*seats"], "--objective: a weight must be a number in the digits"),
        (["--objective", "length:\uff14\uff10"], "a length target must be a number in the digits"),
        (["--objective", "margin:nan"], "--objective: a margin target must be finite"),
        (["--param", "option:islanders=\u0663..6"], "--param option:islanders: a range is"),
        (["--param", "tiles:tile[\u0661].count=1..3"], "[\u0661]: an index in the digits 0-9"),
    ],
)
def test_malformed_tune_arguments_are_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, args: list[str], needle: str
) -> None:
    given = {"--param": "option:islanders=4..6", "--objective": "seats", "--trials": "1"}
    given |= {"--games-per-trial": "1", "--check-games": "1", "--workers": "1"}
    given.update(dict(zip(args[::2], args[1::2], strict=True)))
    argv = [a for pair in given.items() for a in pair]
    status, out, err = run(capsys, "southseas", "tune", *argv, "--out", tmp_path / "t")
    assert (status, out) == (2, "") and len(err.splitlines()) == 1, err
    assert needle in err and not (tmp_path / "t").exists()


def test_tobago_sight_and_field_in_other_scripts_digits_are_refused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    hints = ["--hints", ROOT / "examples" / "tobago" / "lagoon-hints.toml"]
    status, _, err = run(capsys, "tobago", "candidates", "lagoon", *hints, "--sight", "0,\u0661")
    assert status == 2 and err.startswith("atoll: error: --sight: ") and "digits 0-9" in err
    why = ["tobago", "why", "lagoon", *hints, "--treasure", "1", "--field", "\u0663,4"]
    status, _, err = run(capsys, *why)
    assert status == 2 and err.startswith("atoll: error: --field: ") and "digits 0-9" in err
