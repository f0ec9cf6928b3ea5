"""Single-observer information-set Monte Carlo tree search (SO-ISMCTS, Cowling, Powley and
Whitehouse 2012), over the shared protocol only.

Each iteration:

1. **Determinize**: ``state.resample(me, rng)`` — a position the searching player cannot tell
   from the real one, with everything hidden from him redrawn (a plain copy when nothing is
   hidden). The iteration plays on it in place; nothing else is copied.
2. **Select**: from the root, walk a tree of the players' decisions. A node is the sequence of
   decisions made since the root; chance outcomes are sampled (``sample_chance``) and never
   branched on, so the same node stands for every tile or card chance may turn up. At a node
   the actions *available in this determinization* compete by UCB1 for the player to move,
   with Cowling's availability counts: ``mean + c * sqrt(ln(available) / visits)``, where
   ``available`` is how often the action was legal when its parent was passed through.
3. **Expand** one action that is legal here and not yet in the tree (drawn at random). Within
   ``prior_depth`` decisions of the root, instead, every action legal here starts with a
   **prior** (progressive bias from the greedy agent's values): ``prior`` visits' worth of the
   rewards one step after it, judged by the cut-off below — the greedy agent's one-step value,
   read for every player — so that UCB1 tries the promising actions first and judges the
   others' replies as a greedy player would; the prior fades as real visits add up (after n
   visits it is ``prior / (prior + n)`` of the mean). The first iteration through an action
   judges it (as on expansion); later ones walk on. With ``iterations=1`` the agent plays as
   the greedy agent does (on its own determinization).
4. **Roll out**: uniformly random actions for at most ``depth`` more player decisions (chance
   sampled between them), then judge the position: at the end of the game each of the k
   winners gets 1/k and the others 0; at the cut-off each player gets the logistic of his
   heuristic margin over the best other player, ``1 / (1 + exp(-margin / scale))`` with
   ``scale`` the game's ``margin_scale`` (a lead of that many points is worth 0.73, none 0.5;
   2 for South Seas and Glory Islands, 6 gold for Tobago) unless the spec sets ``scale``.
5. **Back up** the reward vector along the path; each node's mean is read for the player who
   moves at its parent.

A **secret choice** (:meth:`~models.core.GameState.secret_choice`: Glory Islands' sail cards,
asked one player after another, revealed together) is searched as one simultaneous move, so
that no chooser's statistics condition on another's hidden choice and the agent plays the same
from every place in the order:

* the search starts where the choice began (:meth:`~models.core.GameState.secret_choice_start`:
  the choices made before the agent's taken back, to be searched like its own);
* at a node where a secret choice begins, each chooser selects from statistics of his own (one
  table per chooser, by UCB1 with availability counts as above: decoupled UCT, "DUCT"), blind
  to the others' selections in the same choice; the node's child is the joint choice, and a new
  joint choice is expanded after the whole choice is made (so a cut-off judges it revealed);
* the move played is the agent's own most visited choice in its table at the root.

Defaults (``iterations=200, depth=0, c=0.7``, scale 2) were tuned on 4-player
South Seas against three greedy agents (``benchmarks/agent_strength.py``, 80 games each): depth
0 — judging the position right after the expanded decision, the tree doing all the lookahead —
won 65% of games, depth 1, 2 and 6 only 45-48% (random islander placements and recalls make
the judged positions worse, not better); 400 iterations won no more than 200; c = 0.4 and 1.2
and scales 1 and 4 did worse. Games with a cheap, weak heuristic may want a deeper rollout.

The prior (``prior=5, prior_depth=1`` by default) was chosen on 4-player Tobago, where plain
ISMCTS does not beat greedy: against three greedy agents, 100 games on the same deals
(``agent_strength.py --game tobago --games 100 --pairing ismcts-greedy``, seed 0), 150
iterations won 0.245 [0.165, 0.330] without a prior, 0.330 [0.245, 0.425] with ``prior=5`` at
the root and 0.570 [0.467, 0.669] with ``prior=5, prior_depth=3`` (a drive is up to three
legs, each a decision, and the others' replies are judged as greedy ones). A prior costs one
greedy evaluation (a copy, the action and the heuristic per legal action) at every new node
within ``prior_depth``: at the root that is one greedy move, nothing beside the iterations;
at depth 3 it doubled Tobago's time per iteration and quadrupled South Seas' (tile placements
branch widely), so the default stays at the root and the ladder
(``agent_strength.py --ladder``) sets ``prior_depth=3`` for Tobago and Glory Islands. At
50 ms a decision (iterations calibrated per game: 233 in South Seas, 214 in Glory Islands, 88
in Tobago; 27-35 CPU ms a decision on the quiet machine) ISMCTS won, against three greedy
agents over 400 games each in the duplicate design, 0.584 [0.537, 0.629] of South Seas, 0.420
[0.367, 0.471] of Glory Islands and 0.578 [0.525, 0.633] of Tobago; at 100 ms, on the same
deals, the win share changed by +0.012, +0.013 and -0.040, none of them clearly (each test would
have found 0.065-0.099 with 80% power). All rungs are in ``solvers/agents/ladder.toml``.

The move played is the most visited root action. The budget is ``iterations`` (deterministic:
the same seed and position give the same move) or ``seconds`` (wall-clock, so *not*
deterministic: how many iterations fit depends on the machine and its load); with both, the
search stops at whichever comes first.

>>> from models.core import load_game, make_rng
>>> state = load_game("southseas", 2).new_initial_state()
>>> rng = make_rng(0)
>>> while state.is_chance_node():
...     state.apply(state.sample_chance(rng))
>>> agent = ISMCTSAgent(seed=3, iterations=30)
>>> move = agent.choose(state)
>>> move in state.legal_actions(), move == ISMCTSAgent(seed=3, iterations=30).choose(state)
(True, True)
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Hashable

from models.core import CHANCE, TERMINAL, GameState, Outcome, make_rng
from solvers.agents.keys import DecisionKeys
from solvers.agents.spec import Agent, Param

#: Iterations when neither ``iterations`` nor ``seconds`` is given.
DEFAULT_ITERATIONS = 200
#: The prior's weight in visits (module doc).
PRIOR = 5
#: How many decisions deep from the root nodes get the prior.
PRIOR_DEPTH = 1


class Node:
    """A node of the decision tree: the statistics of the action that leads to it."""

    __slots__ = ("available", "children", "secret", "totals", "virtual", "visits")

    def __init__(self, players: int) -> None:
        self.children: dict[Hashable, Node] = {}
        #: Of ``visits``, those that are the prior's (no iteration walked them).
        self.virtual = 0
        #: Where a secret choice begins: each chooser's own statistics per action (children are
        #: then keyed by the joint choice, a tuple of (chooser, action)).
        self.secret: dict[int, dict[Hashable, Node]] = {}
        self.visits = 0  # iterations that took this action
        self.available = 0  # iterations in which this action was legal at its parent
        self.totals = [0.0] * players  # each player's summed reward over the visits

    def mean(self, player: int) -> float:
        return self.totals[player] / self.visits if self.visits else 0.0

    def size(self) -> int:
        """Nodes in the subtree, this one included."""
        own = sum(len(table) for table in self.secret.values())
        return 1 + own + sum(child.size() for child in self.children.values())


class ISMCTSAgent(Agent):
    """SO-ISMCTS with UCB1 and availability counts, random rollouts and a heuristic cut-off."""

    params: tuple[Param, ...] = (
        Param("iterations", int, None, "determinized iterations per move", minimum=1),
        Param("seconds", float, None, "wall-clock budget per move (not deterministic)"),
        Param("depth", int, 0, "random player decisions after expansion before the heuristic"),
        Param("c", float, 0.7, "UCB exploration constant (rewards are in [0, 1])"),
        Param(
            "scale",
            float,
            None,
            "cut-off margin scale in points (default: the game's margin_scale)",
            minimum=0.01,
        ),
        Param(
            "prior",
            int,
            PRIOR,
            "visits' worth of the one-step heuristic value each action starts with (0: none)",
        ),
        Param("prior_depth", int, PRIOR_DEPTH, "decisions from the root that get the prior"),
    )

    def __init__(
        self,
        *,
        seed: int,
        iterations: int | None = None,
        seconds: float | None = None,
        depth: int = 0,
        c: float = 0.7,
        scale: float | None = None,
        prior: int = PRIOR,
        prior_depth: int = PRIOR_DEPTH,
        name: str = "ismcts",
    ) -> None:
        self.name = name
        self.rng = make_rng(seed)  # each decision's own (DecisionKeys): luck held per decision
        self.keys = DecisionKeys(seed)
        if iterations is None and seconds is None:
            iterations = DEFAULT_ITERATIONS
        self.iterations, self.seconds = iterations, seconds
        self.depth, self.c, self.scale = depth, c, scale
        self.prior, self.prior_depth = prior, prior_depth
        #: The root of the last search (for inspection and tests).
        self.root: Node | None = None

    def choose(self, state: GameState) -> Hashable:
        actions = state.legal_actions()
        self.rng = self.keys.rng(state)
        if len(actions) == 1:
            return actions[0]
        root = self.search(state)
        # the most visited action; equal visits go to the better mean, then to legal order
        me = state.current_player()
        table = root.secret[me] if state.secret_choice() is not None else root.children
        ranked = [(table[a], i, a) for i, a in enumerate(actions) if a in table]
        best = max(ranked, key=lambda item: (item[0].visits, item[0].mean(me), -item[1]))
        return best[2]

    def search(self, state: GameState) -> Node:
        """Run the budget of iterations from ``state`` (not changed) and return the root."""
        me = state.current_player()
        if me < 0:
            raise ValueError("ISMCTS searches for a player to move, not chance or the end")
        players = len(state.returns())
        root = Node(players)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        start = state.secret_choice_start()  # a plain copy unless a secret choice is under way
        done = 0
        while True:
            self._iterate(root, start.resample(me, self.rng), players)
            done += 1
            if self.iterations is not None and done >= self.iterations:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
        self.root = root
        return root

    def _iterate(self, root: Node, det: GameState, players: int) -> None:
        """One iteration on the determinization ``det`` (played on in place)."""
        rng, c = self.rng, self.c
        node, path = root, list[Node]()
        while True:
            player = det.current_player()
            if player == TERMINAL:
                break
            if player == CHANCE:
                det.apply(det.sample_chance(rng))
                continue
            if det.secret_choice() is not None:
                joint, fresh = _choose_secretly(node, det, path, players, rng, c)
                child = node.children.get(joint)
                if fresh or child is None:  # a new joint choice: expand it, then roll out
                    if child is None:
                        child = node.children[joint] = Node(players)
                    path.append(child)
                    break
                path.append(child)
                node = child
                continue
            actions = det.legal_actions()
            children = node.children
            if self.prior and len(path) < self.prior_depth:
                self._prime(node, det, actions, players)
                action, node = _ucb(children, actions, player, c)
                det.apply(action)
                path.append(node)
                if node.visits == node.virtual:  # a leaf so far: judge it, as on expansion
                    break
                continue
            action, node, new = _select(children, actions, player, players, rng, c)
            det.apply(action)
            path.append(node)
            if new:  # expanded: roll out from it
                break
        rewards = self._rollout(det, rng)
        for visited in path:
            visited.visits += 1
            totals = visited.totals
            for p in range(players):
                totals[p] += rewards[p]

    def _prime(
        self, node: Node, det: GameState, actions: tuple[Hashable, ...], players: int
    ) -> None:
        """Give every action at ``node`` not yet in its table the prior: ``prior`` visits of the
        rewards one step after it (each player's, as at a cut-off), judged on ``det``; counts
        every action's availability."""
        children, weight = node.children, self.prior
        scale = self.scale or det.margin_scale
        for action in actions:
            child = children.get(action)
            if child is not None:
                child.available += 1
                continue
            after = det.clone()
            after.apply(action)
            if after.is_terminal():
                rewards = terminal_rewards(after.outcome(), players)
            else:
                rewards = cutoff_rewards(after.heuristic(), scale)
            child = children[action] = Node(players)
            child.visits = child.virtual = child.available = weight
            child.available += 1
            child.totals = [weight * r for r in rewards]

    def _rollout(self, det: GameState, rng: random.Random) -> list[float]:
        """Random play for at most ``depth`` player decisions, then the rewards (module doc)."""
        decisions = 0
        while True:
            player = det.current_player()
            if player == TERMINAL:
                return terminal_rewards(det.outcome(), len(det.returns()))
            if decisions >= self.depth:
                return cutoff_rewards(det.heuristic(), self.scale or det.margin_scale)
            if player == CHANCE:
                det.apply(det.sample_chance(rng))
            else:
                det.apply(rng.choice(det.legal_actions()))
                decisions += 1


def _choose_secretly(
    node: Node,
    det: GameState,
    path: list[Node],
    players: int,
    rng: random.Random,
    c: float,
) -> tuple[tuple[tuple[int, Hashable], ...], bool]:
    """Every chooser of the secret choice beginning at ``det`` selects from his own table of
    ``node`` (an untried action first, at random, else UCB1), applied in the engine's order;
    their statistics join ``path``. Returns the joint choice and whether any action was new."""
    key, joint, fresh = det.secret_choice(), [], False
    while det.secret_choice() == key and det.current_player() >= 0:
        chooser, actions = det.current_player(), det.legal_actions()
        table = node.secret.setdefault(chooser, {})
        action, stats, new = _select(table, actions, chooser, players, rng, c)
        fresh = fresh or new
        det.apply(action)
        path.append(stats)
        joint.append((chooser, action))
    return tuple(joint), fresh


def _select(
    table: dict[Hashable, Node],
    actions: tuple[Hashable, ...],
    player: int,
    players: int,
    rng: random.Random,
    c: float,
) -> tuple[Hashable, Node, bool]:
    """``player``'s action from ``table`` (a node's children, or a chooser's own statistics):
    an action not in it yet, drawn at random and added (then True), else by UCB1; the
    availability of every action already in it is counted."""
    untried = []
    for action in actions:
        stats = table.get(action)
        if stats is None:
            untried.append(action)
        else:
            stats.available += 1
    if untried:
        action = untried[0] if len(untried) == 1 else rng.choice(untried)
        stats = table[action] = Node(players)
        stats.available = 1
        return action, stats, True
    action, stats = _ucb(table, actions, player, c)
    return action, stats, False


def _ucb(
    children: dict[Hashable, Node], actions: tuple[Hashable, ...], player: int, c: float
) -> tuple[Hashable, Node]:
    """The available action with the highest UCB1 score for ``player`` (first one on ties)."""
    best_score, best = -math.inf, None
    log, sqrt = math.log, math.sqrt
    for action in actions:
        child = children[action]
        visits = child.visits or 1  # visits lag behind availability only within an iteration
        score = child.totals[player] / visits + c * sqrt(log(child.available) / visits)
        if score > best_score:
            best_score, best = score, (action, child)
    assert best is not None
    return best


def terminal_rewards(outcome: Outcome, players: int) -> list[float]:
    """Each player's reward at the end of the game: the k tied winners get 1/k each (a shared
    win is worth a share, so the rewards always sum to 1), everybody else 0.

    >>> terminal_rewards(Outcome((5.0, 5.0, 2.0), (0, 1), final=True), 3)
    [0.5, 0.5, 0.0]
    """
    rewards = [0.0] * players
    for winner in outcome.winners:
        rewards[winner] = 1 / len(outcome.winners)
    return rewards


def cutoff_rewards(values: tuple[float, ...], scale: float = 2.0) -> list[float]:
    """Each player's reward at a heuristic cut-off: the logistic of his margin over the best
    other player, in units of ``scale`` (the game's ``margin_scale`` unless the spec sets one).

    >>> [round(r, 2) for r in cutoff_rewards((10.0, 8.0, 4.0))]
    [0.73, 0.27, 0.05]
    >>> cutoff_rewards((0.0, 5000.0), 0.01)  # far behind: 0, not an overflow
    [0.0, 1.0]
    """
    out = []
    for p, value in enumerate(values):
        best_other = max((v for q, v in enumerate(values) if q != p), default=value)
        out.append(_logistic((value - best_other) / scale))
    return out


def _logistic(x: float) -> float:
    # exp of a large positive number overflows (a player 1,420 scales behind, or 7 points at
    # scale=0.01): take exp of the negative side only
    if x >= 0:
        return 1 / (1 + math.exp(-x))
    e = math.exp(x)
    return e / (1 + e)
