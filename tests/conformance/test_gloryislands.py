"""Glory Islands in the shared protocol and component suites."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar

from models.core import TERMINAL, load_game, make_rng, random_playout
from models.data import bundled_path, parse_toml
from models.gloryislands.boardfile import dump_board, load_board, parse_board
from models.gloryislands.components import Components
from tests.conformance.suites import ComponentSuite, ProtocolSuite


class TestGloryIslandsProtocol(ProtocolSuite):
    game_name = "gloryislands"
    player_counts = (2, 3, 4)
    playouts = 8
    chance_samples = 2000
    resample_playouts = 2
    resample_stride = 6
    refusal_options: ClassVar[Sequence[Mapping[str, Any]]] = (
        {"hunt": False, "extra_pirate": False, "relocate": False, "sails_may_sink": False},
    )

    # What the shared tests outside this folder need to know of Glory Islands (tests/games.py).
    #: A scenario header the game's reader accepts, and one written entry after it.
    scenario_header: ClassVar[Mapping[str, Any]] = {"players": 2}
    scenario_entry = "p0 play red-1"
    #: A small agent that beats random players clearly (tests/solvers/agents/test_strength_smoke).
    smoke_agent = "ismcts:iterations=20"
    #: Entries with digits of other scripts, each with words of the one-line error refusing it.
    foreign_digit_entries: ClassVar[Sequence[tuple[str, str]]] = (
        ("p0 move \u0663", "cannot read 'move \u0663' as an action (numbers are written"),
        ("p\u0660 play red-5", "the player is written p0, p1, ... in the digits 0-9"),
        ("p0 move \uff13", "not '\uff13'"),
    )

    def test_random_playouts_end_with_scores_and_winners(self) -> None:
        """The suite's check, with Glory Islands' winners: the most fame among the ships
        afloat (GI-F5), since a sunk ship is out (GI-R2, option ``sunk_can_win``)."""
        for n in self.player_counts:
            for seed in range(3 * self.playouts):
                state = load_game(self.game_name, n).new_initial_state()
                moves = random_playout(state, make_rng(seed), self.max_moves)
                where = f"{n} players, seed {seed}"
                assert state.is_terminal() and state.current_player() == TERMINAL, where
                assert state.legal_actions() == () and state.chance_outcomes() == (), where
                assert len(state.history()) == moves, where
                outcome = state.outcome()
                sunk = state.sunk  # type: ignore[attr-defined]
                able = [p for p in range(n) if not sunk[p]]
                top = max((outcome.scores[p] for p in able), default=None)
                assert outcome.final and len(outcome.scores) == n, where
                assert outcome.winners == tuple(p for p in able if outcome.scores[p] == top), where


class TestGloryIslandsDealtColours(TestGloryIslandsProtocol):
    """The protocol again with the card colours dealt by chance (a chance node at the start)."""

    options: ClassVar[Mapping[str, Any] | None] = {"colours": "dealt"}
    player_counts = (2, 4)
    playouts = 3
    resample_playouts = 1
    refusal_options: ClassVar[Sequence[Mapping[str, Any]]] = ()


class TestGloryIslandsBoard(ComponentSuite):
    """Component files: TOML in, TOML out, the reconstruction label and note included."""

    def bundled(self) -> list[Path]:
        return [bundled_path("gloryislands", "board.toml")]

    def load(self, path: Path) -> Components:
        return load_board(path)

    def dump(self, component: Components) -> str:
        return dump_board(component)

    def parse(self, text: str, source: str) -> Components:
        return parse_board(parse_toml(text, source=source), source=source)

    def test_labels_are_part_of_the_comparison(self) -> None:
        board = self.load(self.bundled()[0])
        assert board.reconstruction and board.note
        back = self.parse(self.dump(board), board.source)
        assert (back.reconstruction, back.note) == (board.reconstruction, board.note)
