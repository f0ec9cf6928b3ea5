"""Long check: N seeded random Tobago games (2-4 players), invariants after every move.

Run by hand:  python benchmarks/tobago_invariants.py --games 10000 [--workers 1]

The tests run 500 of these games; this runs the full 10,000. Each game (models.tobago.audit:
``audit_game``) checks after every move that gold, roses, clue cards and amulets are conserved,
that every hint was legal when laid, that no hand is over its size, and that 4 treasures are
searched with the candidates their hints leave; then it replays its history (chance outcomes
included) and compares the result. Rule options cycle through ``VARIANTS``. Seeds come from
models.core.spawn_seeds, so the outcome does not depend on the number of workers. Ctrl-C stops
the workers and prints one line.
"""

from __future__ import annotations

from common import invariants

from models.tobago.audit import audit_game


def check_game(job: tuple[int, int, int]) -> tuple[int, int, list[str]]:
    """Play and audit one game; returns (players, seed, problems)."""
    index, players, seed = job
    return players, seed, audit_game(index, players, seed)


if __name__ == "__main__":
    invariants(
        __doc__,
        check_game,
        lambda seeds: [(i, 2 + i % 3, s) for i, s in enumerate(seeds)],
        workers=1,
    )
