"""``atoll GAME strategies``: every bundled strategy listed with what it does, one shown as a
file that reads back, the words a strategy file may use (issue 38)."""

from __future__ import annotations

import pytest

from analyses.cli.main import main
from models.core import game_info
from solvers.strategies.bundled import bundled_names, bundled_strategy
from solvers.strategies.files import parse_strategy
from tests.games import installed_games


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    status = main(list(args))
    captured = capsys.readouterr()
    return status, captured.out + captured.err


@pytest.mark.parametrize("game", installed_games())
def test_the_list_names_every_bundled_strategy_with_what_it_does(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, output = _run(capsys, game, "strategies")
    assert status == 0, output
    names = bundled_names(game)
    assert len(names) >= 4, f"{game} ships {len(names)} strategies"
    for name in names:
        strategy = bundled_strategy(game, name)
        assert f"{name}: {strategy.name} (" in output
        assert strategy.about.split()[0] in output


@pytest.mark.parametrize("game", installed_games())
def test_a_shown_strategy_is_a_file_that_reads_back(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    name = bundled_names(game)[0]
    status, output = _run(capsys, game, "strategies", name)
    assert status == 0, output
    shown = parse_strategy(output, game_info(game))
    original = bundled_strategy(game, name)
    assert (shown.rules, shown.params, shown.about) == (
        original.rules,
        original.params,
        original.about,
    )


@pytest.mark.parametrize("game", installed_games())
def test_the_words_list_every_feature_and_kind(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, output = _run(capsys, game, "strategies", "--words")
    assert status == 0, output
    vocab = game_info(game).vocabulary
    assert vocab is not None
    for word in (*vocab.feature_names(), *(k.name for k in vocab.kinds)):
        assert f"  {word}: " in output


def test_an_unknown_strategy_is_one_line_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    status, output = _run(capsys, "gloryislands", "strategies", "telepathy")
    assert status == 2 and len(output.strip().splitlines()) == 1
    assert "no bundled strategy 'telepathy'" in output
