"""Benchmark: seeded random 4-player Glory Islands games on one core.

Run by hand:  python benchmarks/gloryislands_random_games.py --games 2000 [--repeat 3] [--profile]

Plays N games through the shared protocol (``load_game`` and ``models.core.random_playout``:
uniformly random legal actions, chance sampled by its probabilities) on the bundled
reconstructed board, ``--repeat`` times, and prints the median games per second last. Target:
at least 500 games/s. ``--profile`` prints where the time goes (cProfile, top functions by own
time). The results digest (every game's history and returns) must not change when only speed
is worked on.
"""

from __future__ import annotations

from common import random_games

if __name__ == "__main__":
    random_games("gloryislands", __doc__, games=2000)
