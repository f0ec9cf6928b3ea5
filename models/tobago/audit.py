"""Invariants of a Tobago game, checked from the state and its log.

Used by the random-game tests and the invariants benchmark:

* gold is conserved: deck + players' gold + cards refused by all + cards given up to curses +
  cards never turned up + the share in progress (the card offered included) + curses turned
  up = the 39 gold cards and the curses (TB-G1..G5, TB-E1);
* roses are conserved: supply + roses at treasures (the share's living roses for the treasure
  being shared) = 15 per player;
* clue cards are conserved: draw pile + discards + hands + hints at treasures = the deck, and
  no hand is over its size (TB-S3, TB-H1);
* amulets are conserved: supply + on the island + held + spent = 20 (TB-A1, A2, D3);
* every hint was legal when laid: it excluded at least one candidate and not all (TB-H2, H3)
  — from the log — and each treasure's candidates are exactly what its hints leave;
* 4 treasures are searched at all times (TB-S2): none has an empty candidate set, and a raised
  treasure is begun afresh.

>>> from models.core import load_game, make_rng, random_playout
>>> state = load_game("tobago", 3).new_initial_state()
>>> audit = Audit(state)
>>> rng = make_rng(1)
>>> found = []
>>> while not state.is_terminal() and not found:
...     _ = random_playout(state, rng, max_moves=1)
...     found = audit.step(state)
>>> found, state.ended
([], 'the gold deck ran out')
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, cast

from models.tobago.events import TobagoEvent as EV

if TYPE_CHECKING:
    from models.core import Game
    from models.tobago.state import TobagoState


class Audit:
    """Checks a game after every move; the log is read only where it grew."""

    def __init__(self, state: TobagoState) -> None:
        game = state.game
        self.gold_cards = game.cards.total_gold + game.cards.curses
        self.roses = game.cards.roses_per_player * state.n
        self.clue_cards = len(game.deck.cards)
        self.amulets = game.cards.amulets
        self.seen = 0

    def step(self, state: TobagoState) -> list[str]:
        """The invariants the state breaks now (an empty list when all hold)."""
        found = self._new_hints(state)
        self.seen = len(state.log)
        return found + problems(self, state)

    def _new_hints(self, state: TobagoState) -> list[str]:
        found = []
        for event in state.log[self.seen :]:
            if event.kind is EV.HINT and (event.data["excluded"] < 1 or event.data["left"] < 1):
                found.append(f"an illegal hint was laid: {event.data}")
        return found


def problems(audit: Audit, state: TobagoState) -> list[str]:
    """Every conservation and treasure invariant ``state`` breaks (see the module)."""
    found = []
    share = state.share
    in_share = 0
    if share is not None:  # face down in the share, and the card being offered
        in_share = sum(share.pile) + (share.offered >= 0)
    gold = (
        state.deck_size
        + sum(len(g) for g in state.gold)
        + len(state.unwanted)
        + len(state.cursed_gold)
        + sum(state.gold_out)
        + in_share
        + state.curses_out
    )
    if gold != audit.gold_cards or sum(state.deck) != state.deck_size or min(state.deck) < 0:
        found.append(f"gold: {gold} cards accounted for, {audit.gold_cards} in the game")
    shared = share.treasure if share is not None else -1
    roses = sum(state.roses) + sum(len(q) for t, q in enumerate(state.queues) if t != shared)
    if share is not None:
        roses += sum(share.alive)
    if roses != audit.roses or min(state.roses) < 0:
        found.append(f"roses: {roses} accounted for, {audit.roses} in the game")
    size = state.game.hand_size
    clues = state.pile_size + len(state.discards) + sum(len(h) for h in state.hints)
    clues += sum(len(h) for h in state.hands)
    if clues != audit.clue_cards or sum(state.pile) != state.pile_size:
        found.append(f"clue cards: {clues} accounted for, {audit.clue_cards} in the deck")
    if any(len(h) > size for h in state.hands):
        found.append(f"a hand is over its size {size}: {[len(h) for h in state.hands]}")
    amulets = state.amulet_supply + sum(state.amulets_on.values()) + sum(state.amulets)
    if amulets + state.amulets_spent != audit.amulets:
        found.append(f"amulets: {amulets + state.amulets_spent} accounted for")
    found += _treasures(state)
    return found


def _treasures(state: TobagoState) -> list[str]:
    """TB-S2, TB-H2..H6: 4 treasures searched, each with the candidates its hints leave."""
    if len(state.cand) != 4 or len(state.hints) != 4:
        return [f"{len(state.cand)} treasures are searched, not 4"]
    game = state.game
    found = []
    for t in range(4):
        cand = game.full
        for index in state.hints[t]:
            cand &= game.masks[index]
        if cand != state.cand[t]:
            found.append(f"treasure {t + 1}: its candidates are not what its hints leave")
        if not cand:
            found.append(f"treasure {t + 1}: no candidate is left")
    return found


def replays(state: TobagoState) -> bool:
    """Whether replaying the history (chance outcomes included) gives the same game."""
    game = cast("Game", state.game)  # the Tobago game is its own components
    again = game.replay(state.history())
    return (
        again.events() == state.events()
        and again.returns() == state.returns()
        and again.observation(0) == state.observation(0)
    )


#: Rule options the random-game checks cycle through (every game index modulo their count).
VARIANTS: tuple[dict[str, object], ...] = (
    {},
    {"amulet_field": "wave", "refusal": "per_rose"},
    {},
    {"nobody_takes": "front_takes", "start_claims": "shared"},
    {"first_hint_without_receiver": "nobody", "ties": "amulets", "amulet_field": "gaze"},
    {"same_field": "next_turn", "fixed_under_vehicle": "standing", "curse_without_gold": "nothing"},
    {"amulets_when": "raise", "amulets_per_statue": 2, "raise_in_place": False},
    {"exchange_hand": False, "amulet_extra_action": False, "amulet_against_curse": False},
)


@lru_cache(maxsize=64)
def _game(players: int, variant: int) -> Game:
    """The game for a player count and variant, made once (reading the map takes ~40 ms)."""
    from models.core import load_game

    return load_game("tobago", players, VARIANTS[variant])


def audit_game(index: int, players: int, seed: int) -> list[str]:
    """Play one seeded random game (rule options by ``index``, see :data:`VARIANTS`), audit
    every move and replay it at the end; the problems found (an empty list when none)."""
    from models.core import checked_playout, make_rng

    state = _game(players, index % len(VARIANTS)).new_initial_state()
    found = checked_playout(state, make_rng(seed), Audit(state).step)  # type: ignore[arg-type]
    if not found and not replays(state):  # type: ignore[arg-type]
        found.append("replaying the history gives another game")
    return found
