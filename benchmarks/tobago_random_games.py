"""Benchmark: seeded random Tobago games on one core, and the agents' time per move.

Run by hand:  python benchmarks/tobago_random_games.py --games 300 [--players 4] [--repeat 3]
              [--agent-games 4] [--profile]

Plays N games through the shared protocol (``load_game`` and ``models.core.random_playout``:
uniformly random legal actions, chance sampled by its probabilities) on the bundled map
``lagoon`` with the bundled, reconstructed clue deck and gold cards, ``--repeat`` times. Then
it times the random and greedy agents of solvers/agents: ``--agent-games`` games where every
seat is that agent (chance from its own seeded generator), the mean milliseconds per decision.
The median games per second is printed last (``games/s: X``). ``--profile`` prints where the
time of the random games goes (cProfile, top functions by own time). The results digest (every
game's history and returns) must not change when only speed is worked on.
"""

from __future__ import annotations

from common import random_games

if __name__ == "__main__":
    random_games("tobago", __doc__, games=300, agent_games=2)
