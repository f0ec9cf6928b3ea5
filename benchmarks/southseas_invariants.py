"""Long check: N seeded random South Seas games (2-5 players), invariants after every move.

Run by hand:  python benchmarks/southseas_invariants.py --games 10000 [--workers 2]

The tests run 500 of these games; this runs the full 10,000. Each game checks, after every
move, the invariants of models.southseas.audit (islanders, wares traced to evaluated symbols,
ships, covered fish never paid, score recomputable from the log), then replays its history
(chance outcomes included) and compares the result. Seeds come from models.core.spawn_seeds, so
the outcome does not depend on the number of workers.
"""

from __future__ import annotations

from common import invariants

from models.core import CHANCE, load_game, make_rng
from models.southseas.audit import problems


def check_game(job: tuple[int, int]) -> tuple[int, int, list[str]]:
    players, seed = job
    game = load_game("southseas", players)
    state = game.new_initial_state()
    rng = make_rng(seed)
    found: list[str] = []
    while not state.is_terminal() and not found:
        covered, since = set(state.covered), len(state.log)  # type: ignore[attr-defined]
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
        found = problems(state, covered, since)  # type: ignore[arg-type]
    again = game.replay(state.history())
    if again.events() != state.events() or again.returns() != state.returns():
        found.append("replay differs")
    return players, seed, found


if __name__ == "__main__":
    invariants(
        __doc__, check_game, lambda seeds: [(2 + i % 4, s) for i, s in enumerate(seeds)], workers=2
    )
