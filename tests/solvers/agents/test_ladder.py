"""The agents' measured strength (solvers/agents/ladder.py): the bundled file reads, an agent is
matched by its spec with defaults filled in, and a malformed file is one line naming the file,
the entry and the field — also when a report reads it."""

from __future__ import annotations

from pathlib import Path

import pytest

from analyses.cli.main import main
from analyses.reports import agents
from models.errors import AtollError
from solvers.agents.ladder import agent_key, load_ladder

ENTRY = """
[[entry]]
game = "gloryislands"
players = 2
agent = "ismcts:iterations=100"
opponents = "1 greedy"
games = 400
win_share = 0.55
interval = [0.50, 0.60]
ms_per_decision = 42.0
date = 2026-12-01
command = "python benchmarks/agent_strength.py --game gloryislands --players 2"
"""


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "ladder.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_bundled_ladder_reads_and_every_entry_names_its_command() -> None:
    ladder = load_ladder()
    assert ladder.source.endswith("solvers/agents/ladder.toml")
    for rung in ladder.rungs:  # only measured entries, each with the command that measured it:
        # the ladder benchmark, or a skill trace of the ladder's rungs (--from-skill)
        measured = "agent_strength.py" in rung.command or f"atoll {rung.game} skill" in rung.command
        assert measured and rung.games > 0


def test_an_agent_is_matched_by_its_spec_with_defaults_filled_in(tmp_path: Path) -> None:
    ladder = load_ladder(_write(tmp_path, ENTRY))
    assert agent_key("ismcts:c=0.7") == agent_key("ismcts")  # 0.7 is the declared default
    assert len(ladder.measured("gloryislands", 2, "ismcts:c=0.7,iterations=100")) == 1
    assert len(ladder.measured("gloryislands", 2, " ismcts:iterations=100 ")) == 1
    assert ladder.measured("gloryislands", 2, "ismcts:iterations=200") == ()
    assert ladder.measured("gloryislands", 3, "ismcts:iterations=100") == ()


@pytest.mark.parametrize(
    ("change", "where"),
    [
        (("win_share = 0.55", "win_share = 1.5"), "entry[0]: win_share:"),
        (("interval = [0.50, 0.60]", "interval = [0.60, 0.70]"), "entry[0]: interval:"),
        (("interval = [0.50, 0.60]", "interval = [0.5]"), "entry[0]: interval:"),
        (('game = "gloryislands"', 'game = "chess"'), "entry[0]: game: unknown game 'chess'"),
        (('agent = "ismcts:iterations=100"', 'agent = "genius"'), "entry[0]: agent:"),
        (("games = 400", 'games = "many"'), "entry[0]: games:"),
        (("date = 2026-12-01", 'date = "yesterday"'), "entry[0]: date:"),
        (("games = 400", "games = 400\nspeed = 3"), "entry[0]: speed: unknown field"),
        (("players = 2\n", ""), "entry[0]: players:"),
    ],
)
def test_malformed_ladder_is_one_line_naming_file_entry_and_field(
    tmp_path: Path, change: tuple[str, str], where: str
) -> None:
    path = _write(tmp_path, ENTRY + ENTRY.replace(*change))  # the second entry is broken
    with pytest.raises(AtollError) as raised:
        load_ladder(path)
    message = str(raised.value)
    assert message.startswith(f"{path}: {where.replace('[0]', '[1]')}"), message
    assert "\n" not in message


def test_a_report_with_a_malformed_ladder_stops_with_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = _write(tmp_path, ENTRY.replace("win_share = 0.55", "win_share = -1"))
    monkeypatch.setattr(agents, "load_ladder", lambda: load_ladder(bad))
    args = [
        "gloryislands",
        "report",
        "--games",
        "2",
        "--players",
        "2",
        "--no-variants",
        "--no-strategies",
    ]
    status = main([*args, "--workers", "1", "--out", str(tmp_path / "out")])
    err = capsys.readouterr().err
    assert status == 2 and "Traceback" not in err
    assert f"{bad}: entry[0]: win_share:" in err and len(err.strip().splitlines()) == 1
