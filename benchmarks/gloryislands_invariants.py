"""Long check: N seeded random Glory Islands games (2-4 players), invariants after every move.

Run by hand:  python benchmarks/gloryislands_invariants.py --games 10000 [--workers 2]

The tests run 500 of these games; this runs the full 10,000. Each game checks, after every
move, the invariants of models.gloryislands.audit (pirates, barrels, treasure tiles and cards
conserved, sail-track markers and ships only moving forward, fame recomputable from the log),
then replays its history (chance outcomes included) and compares the result. Every seventh
game sends a sunk ship's pirates off the board (option ``sunk_pirates = "removed"``). Seeds
come from models.core.spawn_seeds, so the outcome does not depend on the number of workers.
Ctrl-C stops the workers and prints one line.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from common import invariants

from models.core import checked_playout, load_game, make_rng
from models.gloryislands.audit import Audit


def check_game(job: tuple[int, int, int]) -> tuple[int, int, list[str], int]:
    """Play one game, auditing every move; returns (players, seed, problems, sunk ships)."""
    index, players, seed = job
    options = {"sunk_pirates": "removed"} if index % 7 == 3 else None
    game = load_game("gloryislands", players, options)
    state = game.new_initial_state()
    found = checked_playout(state, make_rng(seed), Audit(state).step)  # type: ignore[arg-type]
    again = game.replay(state.history())
    if again.events() != state.events() or again.returns() != state.returns():
        found.append("replaying the history gives another game")
    return players, seed, found, sum(state.sunk)  # type: ignore[attr-defined]


def ships_sunk(results: list[Sequence[Any]]) -> str:
    return f"{sum(r[3] for r in results)} ships sunk"


if __name__ == "__main__":
    invariants(
        __doc__,
        check_game,
        lambda seeds: [(i, 2 + i % 3, s) for i, s in enumerate(seeds)],
        workers=2,
        tally=ships_sunk,
    )
