"""The protocol suite run against the toy game (South Seas and the others plug in the same way)."""

from __future__ import annotations

from tests.conformance.suites import ProtocolSuite
from tests.conformance.toy import Pig


class TestPigConforms(ProtocolSuite):
    player_counts = (2, 3)

    def make_game(self, num_players: int) -> Pig:
        return Pig(num_players)
