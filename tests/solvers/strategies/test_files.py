"""Strategy files: read, checked against the game's vocabulary, written back (issue 38 part 1).

The template game (Pearl Divers) is used directly, not registered: its info carries a small
vocabulary (features card, round, score, leader, divers; kinds dive and rest)."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from pathlib import Path

import pytest

from models.errors import AtollError
from solvers.strategies.files import dump_strategy, load_strategy, parse_strategy
from tests.solvers.strategies.template import INFO

BUNDLED = Path(__file__).parents[3] / "models" / "template" / "data" / "strategies"

GOOD = """
name = "Bold"
game = "template"
about = "Dives with a card of at least `least`."
fallback = "random"

[params]
least = { value = 3, low = 1, high = 6, help = "the lowest card it dives with" }
w = 2.5

[[rules]]
name = "dive high"
kind = "dive"
when = ["card >= least", "round <= 5"]

[[rules]]
name = "rest"
kind = "rest"
"""


def test_a_strategy_file_reads_with_its_rules_params_and_conditions() -> None:
    strategy = parse_strategy(GOOD, INFO, source="bold.toml")
    assert (strategy.name, strategy.fallback, [r.name for r in strategy.rules]) == (
        "Bold",
        "random",
        ["dive high", "rest"],
    )
    first = strategy.rules[0].when[0]
    assert (first.left, first.op, first.right) == ("card", ">=", "least")
    assert strategy.rules[0].when[1].right == 5.0
    assert strategy.param("least").searchable and not strategy.param("w").searchable
    assert [p.name for p in strategy.searchable()] == ["least"]


def test_strategy_files_round_trip_through_their_text(tmp_path: Path) -> None:
    for path in [*BUNDLED.glob("*.toml"), None]:
        strategy = load_strategy(path, INFO) if path else parse_strategy(GOOD, INFO)
        tuned = strategy.with_values({p.name: p.high for p in strategy.searchable()})
        text = dump_strategy(tuned)
        again = parse_strategy(text, INFO, source=tuned.source)
        assert again == tuned
        written = tmp_path / "again.toml"
        written.write_text(text)
        assert dataclasses.replace(load_strategy(written, INFO), source=tuned.source) == tuned


def test_with_values_checks_names_ranges_and_whole_numbers() -> None:
    strategy = parse_strategy(GOOD, INFO)
    assert strategy.with_values({"least": 5}).param("least").value == 5
    assert strategy.with_values({"least": 5.0}).param("least").value == 5
    for values, words in (
        ({"least": 9}, "outside its range 1..6"),
        ({"least": 2.5}, "is a whole number"),
        ({"most": 1}, "no parameter 'most'"),
    ):
        with pytest.raises(AtollError, match=words):
            strategy.with_values(values)


def _broken(old: str, new: str) -> str:
    assert old in GOOD
    return GOOD.replace(old, new, 1)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            _broken('kind = "dive"', 'kind = "swim"'),
            "bad.toml: rule 1 (dive high): kind: unknown action kind 'swim' (the kinds: dive",
        ),
        (
            _broken('"card >= least"', '"cards >= least"'),
            "bad.toml: rule 1 (dive high): when[0]: unknown feature or parameter 'cards'",
        ),
        (
            _broken('"card >= least"', '"card => least"'),
            "bad.toml: rule 1 (dive high): when[0]: 'card => least' is not NAME OP VALUE",
        ),
        (_broken('fallback = "random"', 'fallback = "ismcts"'), "bad.toml: fallback: 'ismcts'"),
        (_broken('game = "template"', 'game = "tobago"'), "bad.toml: game: the file is for"),
        (_broken("value = 3,", "value = 9,"), "bad.toml: params: least: 9 is outside"),
        (_broken("low = 1, high = 6,", "high = 6,"), "bad.toml: params.least: give both low"),
        (_broken("w = 2.5", "card = 2.5"), "bad.toml: params.card: 'card' is a feature"),
        (
            _broken('name = "rest"', 'name = "rest"\nprefer = "lowest depth"'),
            "bad.toml: rule 2 (rest): prefer[0]: 'rest' has no attribute 'depth'",
        ),
        (_broken("about =", 'abuot = "x"\nabout ='), "bad.toml: abuot: unknown field"),
        (
            _broken('name = "rest"', 'name = "rest"\nwhen = ["card > 1", 2]'),
            "bad.toml: rule 2 (rest): when[1]: a condition is a string",
        ),
    ],
)
def test_a_bad_strategy_file_is_one_line_naming_file_rule_and_field(
    text: str, expected: str
) -> None:
    with pytest.raises(AtollError) as caught:
        parse_strategy(text, INFO, source="bad.toml")
    line = caught.value.one_line()
    assert "\n" not in line and line.startswith(expected[:60]), line


def test_a_strategy_for_a_game_without_vocabulary_is_refused() -> None:
    info = dataclasses.replace(INFO, vocabulary=None)
    with pytest.raises(AtollError, match="takes no strategy files"):
        parse_strategy(GOOD, info, source="bold.toml")


def test_a_bad_strategy_on_the_command_line_exits_2_with_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('name = "x"\ngame = "gloryislands"\n[[rules]]\nkind = "swim"\n')
    out = tmp_path / "study"
    run = subprocess.run(
        [sys.executable, "-m", "analyses.cli.main", "gloryislands", "study", "--games", "2",
         "--agents", f"strategy:{bad},random", "--out", str(out)],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert run.returncode == 2, run.stderr
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and "rule 1" in lines[0] and "kind" in lines[0], run.stderr
    assert "Traceback" not in run.stderr and not out.exists()
