"""Goofspiel with hidden bids (OpenSpiel's ``imp_info`` variant): the conformance suite's toy game.

Every player holds the cards 1..N. Each round chance turns up a prize card (uniformly among those
left); then each player bids a card from his hand, secretly, asked in seat order from seat
``first`` on (the order is the engine's: the bids are one secret choice, revealed together);
the single highest bid wins the prize's value, and a tie for the highest discards it. Players
never see the others' bids, only who won each round (or that it was a tie). After N rounds the
prize points are the returns.

Small on purpose, but a real game of the protocol; importing this module registers it.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Hashable, Mapping
from itertools import product
from pathlib import Path
from typing import NamedTuple, Self

from models.core import (
    CHANCE,
    TERMINAL,
    ChanceKind,
    EventKind,
    Game,
    GameInfo,
    GameState,
    InformationKind,
    RuleOptions,
    play_entries,
    register_game,
)
from models.errors import AtollError, IllegalActionError
from models.scenarios import first_entries, read_scenario


@dataclasses.dataclass(frozen=True)
class GoofspielOptions(RuleOptions):
    cards: int = 4  # each player's hand is 1..cards, and so are the prize cards
    first: int = 0  # the seat asked for its bid first (then the next seats, cyclically)


class GoofspielEvent(EventKind):
    PRIZE = "prize"  # data: prize
    ROUND = "round"  # data: prize, bids (in seat order), winner (None for a tie)


@dataclasses.dataclass(frozen=True, slots=True, order=True)
class Prize:
    """Chance: the prize card turned up for this round."""

    value: int

    def __str__(self) -> str:
        return f"prize {self.value}"


@dataclasses.dataclass(frozen=True, slots=True, order=True)
class Bid:
    """Bid a card from one's hand for the current prize."""

    card: int

    def __str__(self) -> str:
        return f"bid {self.card}"


class View(NamedTuple):
    """What one player knows (his observation)."""

    round: int
    prizes: tuple[int, ...]  # revealed, in order
    my_bids: tuple[int, ...]  # his own bids in order, this round's included once made
    winners: tuple[int | None, ...]  # of the resolved rounds, None for a tie
    others_bid: int  # how many others have bid in the current round
    to_move: int
    scores: tuple[float, ...]


def round_winner(bids: list[int]) -> int | None:
    """The seat of the single highest bid, or None when the highest is tied."""
    top = max(bids)
    holders = [p for p, b in enumerate(bids) if b == top]
    return holders[0] if len(holders) == 1 else None


class GoofspielState(GameState):
    chance_kinds = (Prize,)

    def __init__(self, game: Goofspiel) -> None:
        self.game = game
        self.prizes: list[int] = []
        self.bids: list[list[int]] = []  # per round in asking order; the current may be partial
        self.winners: list[int | None] = []
        self.scores = [0.0] * game.num_players
        super().__init__()  # the log and the history

    @property
    def cards(self) -> int:
        return self.game.options.cards

    def place(self, player: int) -> int:
        """Where ``player`` is asked in a round's order of bids."""
        return (player - self.game.options.first) % self.game.num_players

    def seat_order(self, bids: list[int]) -> list[int]:
        """A whole round's bids (asking order) by seat."""
        return [bids[self.place(p)] for p in range(self.game.num_players)]

    def hand(self, player: int) -> list[int]:
        k = self.place(player)
        spent = {b[k] for b in self.bids if len(b) > k}
        return [c for c in range(1, self.cards + 1) if c not in spent]

    def prizes_left(self) -> list[int]:
        return [v for v in range(1, self.cards + 1) if v not in self.prizes]

    # -- protocol -------------------------------------------------------------------------------
    def current_player(self) -> int:
        if len(self.winners) == self.cards:
            return TERMINAL
        if len(self.prizes) == len(self.winners):
            return CHANCE
        return (self.game.options.first + len(self.bids[-1])) % self.game.num_players

    def secret_choice(self) -> Hashable | None:
        """A round's bids are one secret choice."""
        return ("bids", len(self.prizes)) if self.current_player() >= 0 else None

    def secret_choice_start(self) -> Self:
        twin = self.clone()
        made = len(twin.bids[-1]) if twin.current_player() >= 0 else 0
        if made:
            twin.bids[-1] = []
            del twin._history[-made:]
        return twin

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def legal_actions(self) -> tuple[Prize | Bid, ...]:
        player = self.current_player()
        if player == TERMINAL:
            return ()
        if player == CHANCE:
            return tuple(Prize(v) for v in self.prizes_left())
        return tuple(Bid(c) for c in self.hand(player))

    def chance_outcomes(self) -> tuple[tuple[Hashable, float], ...]:
        if self.current_player() != CHANCE:
            return ()
        left = self.prizes_left()
        return tuple((Prize(v), 1 / len(left)) for v in left)

    def is_legal(self, action: Hashable) -> bool:
        return action in self.legal_actions()

    def refusal(self, action: Hashable) -> IllegalActionError:
        player = self.current_player()
        if player == TERMINAL:
            return IllegalActionError("GS-END: the game is over", rule="GS-END", action=action)
        if player == CHANCE:
            message = f"GS-PRIZE: {action} is not a prize card left"
            return IllegalActionError(message, rule="GS-PRIZE", action=action)
        if not isinstance(action, Bid):
            message = f"GS-BID: player {player} must bid a card, not {action}"
            return IllegalActionError(message, rule="GS-BID", action=action)
        message = f"GS-BID: card {action.card} is not in your hand"
        return IllegalActionError(message, rule="GS-BID", action=action)

    def do_apply(self, action: Hashable) -> None:
        if isinstance(action, Prize):
            self.prizes.append(action.value)
            self.bids.append([])
            self.event(GoofspielEvent.PRIZE, None, prize=action.value)
        else:
            assert isinstance(action, Bid)
            self.bids[-1].append(action.card)
            if len(self.bids[-1]) == self.game.num_players:
                self._resolve()

    def turn_number(self) -> int:
        return len(self.prizes)

    def parse_action(self, text: str) -> Prize | Bid:
        word, _, number = text.strip().partition(" ")
        if word in ("prize", "bid") and number.isascii() and number.isdigit():
            return Prize(int(number)) if word == "prize" else Bid(int(number))
        raise AtollError(f"cannot read {text!r} as an action (prize N, bid N)")

    def turn_rule(self, player: int) -> tuple[str, str]:
        return "GS-BID", self.not_your_turn(player)

    def _resolve(self) -> None:
        bids, prize = self.seat_order(self.bids[-1]), self.prizes[-1]
        winner = round_winner(bids)
        if winner is not None:
            self.scores[winner] += prize
        self.winners.append(winner)
        self.event(GoofspielEvent.ROUND, winner, prize=prize, bids=tuple(bids), winner=winner)

    def returns(self) -> tuple[float, ...]:
        return tuple(self.scores)

    def clone(self) -> Self:
        twin = object.__new__(type(self))
        twin.game = self.game
        twin.prizes, twin.winners = list(self.prizes), list(self.winners)
        twin.bids = [list(b) for b in self.bids]
        twin.scores = list(self.scores)
        self._copy_record(twin)
        return twin

    def observation(self, player: int) -> View:
        current = self.bids[-1] if len(self.prizes) > len(self.winners) else []
        k = self.place(player)
        return View(
            round=len(self.prizes),
            prizes=tuple(self.prizes),
            my_bids=tuple(b[k] for b in self.bids if len(b) > k),
            winners=tuple(self.winners),
            others_bid=len(current) - (k < len(current)),
            to_move=self.current_player(),
            scores=tuple(self.scores),
        )

    def resample(self, player: int, rng: random.Random) -> Self:
        """The same prizes, winners and bids of ``player``; the others' bids redrawn so that
        every resolved round has the winner it had (a randomized search, round by round)."""
        others = [q for q in range(self.game.num_players) if q != player]
        hands = {q: frozenset(range(1, self.cards + 1)) for q in others}
        drawn = self._redraw(0, player, hands, rng)
        assert drawn is not None, "the true bids are always a solution"
        twin = type(self)(self.game)
        for prize, bids, redrawn in zip(self.prizes, self.bids, drawn, strict=True):
            twin.apply(Prize(prize))
            for k in range(len(bids)):
                q = (self.game.options.first + k) % self.game.num_players
                twin.apply(Bid(bids[k] if q == player else redrawn[q]))
        return twin

    def _redraw(
        self, r: int, player: int, hands: dict[int, frozenset[int]], rng: random.Random
    ) -> list[dict[int, int]] | None:
        """Bids of the others for rounds r.. that fit the winners, or None if there are none."""
        if r == len(self.bids):
            return []
        bids = self.bids[r]
        seats = [q for q in hands if self.place(q) < len(bids)]  # the others who bid in round r
        choices = list(product(*(sorted(hands[q]) for q in seats)))
        rng.shuffle(choices)
        for choice in choices:
            made = dict(zip(seats, choice, strict=True))
            if r < len(self.winners):
                full = [bids[self.place(q)] if q == player else made[q] for q in range(len(bids))]
                if round_winner(full) != self.winners[r]:
                    continue
            rest = {q: hand - {made[q]} if q in made else hand for q, hand in hands.items()}
            later = self._redraw(r + 1, player, rest, rng)
            if later is not None:
                return [made, *later]
        return None


class Goofspiel(Game):
    info = GameInfo(
        name="goofspiel",
        title="Goofspiel",
        min_players=2,
        max_players=3,
        default_players=2,
        chance=ChanceKind.EXPLICIT,
        information=InformationKind.IMPERFECT,
        options=GoofspielOptions,
        events=GoofspielEvent,
    )

    def __init__(self, players: int, options: GoofspielOptions | None = None) -> None:
        self._players = self.info.check_players(players)
        self._options = options or GoofspielOptions()
        if not 1 <= self._options.cards <= 8:
            raise AtollError(f"from 1 to 8 cards, not {self._options.cards}", field="cards")
        if not 0 <= self._options.first < self._players:
            raise AtollError(f"a seat, not {self._options.first}", field="first")

    @property
    def num_players(self) -> int:
        return self._players

    @property
    def options(self) -> GoofspielOptions:
        return self._options

    def new_initial_state(self) -> GoofspielState:
        return GoofspielState(self)

    @classmethod
    def load_scenario(
        cls,
        path: str | Path,
        *,
        steps: int | None = None,
        components: Mapping[str, str] | None = None,
    ) -> GoofspielState:
        """A TOML (or ``.json``) file ``players = N``, ``actions = ["prize 3", "p0 bid 2",
        ...]`` and an optional ``[options]`` table."""
        data = read_scenario(path)
        options = GoofspielOptions.from_mapping(data.get("options", {}), source=path)
        state = cls(int(data.get("players", 2)), options).new_initial_state()
        entries = first_entries(list(data.get("actions", [])), steps, source=path)
        return play_entries(state, entries, GoofspielState.play_text, source=path)


register_game(Goofspiel)
