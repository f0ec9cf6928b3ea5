"""Which decisions matter: what each kind of decision costs the agents of a study, in shares
of a win, with intervals over games.

* **Positions.** Each game of the study is played again from its seed with its agents, as the
  study played it (:func:`study_decisions`); ``positions`` of its *decisions* (more than one
  legal action) are drawn with a seeded generator, each equally likely.
* **Values.** Each legal action of the player to move (at most ``max_actions``: the chosen
  one and others drawn) is valued by ``playouts`` playouts to the end, the ``policy`` agent in
  every seat, as the player's share of the win (a tie shared), with **common random numbers**
  (:func:`value_actions`): playout ``r`` of every action starts from the same determinization
  (the player's view), draws the same chance and seeds the agents alike.
* **Regret** is the best value minus the chosen action's. The best of noisy values is biased
  upward, so it is **cross-validated** (:func:`cross_validated_regret`): the best action picked
  on the even playouts is valued on the odd ones, and the other way round. Its expectation is
  at most the true regret, the in-sample regret's at least: the two bracket it.
* **Aggregates** by decision kind (``state.decision_kind()``) and third of the game (by
  ``state.turn_number()`` over the game's length): the mean regret, each decision weighted by
  its game's decisions over those drawn, with an interval resampling games (deals in the
  duplicate design), how often the choice mattered, the positions (:func:`regret_table`).

Everything comes from the study's seeds and ``seed``: the same on 1 worker or N.

>>> from analyses.studies.study import StudyConfig
>>> config = StudyConfig("gloryislands", 2, ("random",), games=4, seed=1)
>>> found = which_decisions_matter(config, DecisionSample(positions=1, playouts=2))
>>> len(found.positions), found.section().title, bool(found.positions["value"].between(0, 1).all())
(4, 'Which decisions matter', True)
"""

from __future__ import annotations

import dataclasses
import functools
import math
from collections.abc import Hashable, Sequence
from typing import Any

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from analyses.reports.figures import error_bars, figure_uri, legend_outside
from analyses.reports.sections import small_sample
from analyses.reports.tables import Finding, Section, Table, estimate_cell, estimate_text
from analyses.statistics import pergame
from analyses.studies.study import StudyConfig, game_agents, game_seeds
from analyses.studies.workers import process_pool
from models.core import CHANCE, Game, GameState, game_info, make_rng, spawn_seeds
from models.errors import AtollError
from models.luck import Luck
from models.seeds import check_seed, split_seed
from solvers.agents import AgentSpec, make_agent, read_agent
from solvers.agents.play import play_out

#: A choice mattered when it cost more than this share of a win (both ways of the
#: cross-validation): a twentieth of a win.
EPSILON = 0.05
#: The thirds of a game, by its turn over its length.
PHASES = ("early", "middle", "late")


@dataclasses.dataclass(frozen=True)
class DecisionSample:
    """How decisions are sampled and valued: ``positions`` per game, ``playouts`` per action
    (even: half pick the best action, half value it), the ``policy`` agent spec that plays
    every seat in a playout, at most ``max_actions`` actions valued per position, the
    ``epsilon`` of a choice that mattered, and the ``seed`` of the draws and playouts. The
    ``random`` policy by default: a ``greedy`` playout costs 50 to 200 times more (measured,
    2026-12: about 0.2 s in South Seas, 0.4 s in Glory Islands, 2 s in Tobago).

    >>> DecisionSample(playouts=3)
    Traceback (most recent call last):
    ...
    models.errors.AtollError: playouts: an even number, 2 or more, got 3
    """

    positions: int = 3
    playouts: int = 8
    policy: str = "random"
    max_actions: int = 8
    epsilon: float = EPSILON
    seed: int = 0

    def __post_init__(self) -> None:
        check_seed(self.seed)
        whole = isinstance(self.positions, int) and not isinstance(self.positions, bool)
        if not whole or not 1 <= self.positions <= 10_000:
            raise AtollError(f"1 to 10,000, got {self.positions!r}", field="positions")
        if not isinstance(self.playouts, int) or self.playouts < 2 or self.playouts % 2:
            raise AtollError(f"an even number, 2 or more, got {self.playouts!r}", field="playouts")
        if not isinstance(self.max_actions, int) or self.max_actions < 2:
            raise AtollError(f"2 or more, got {self.max_actions!r}", field="max_actions")
        if not 0 <= self.epsilon < 1:
            raise AtollError(f"from 0 to below 1, got {self.epsilon!r}", field="epsilon")


@dataclasses.dataclass(frozen=True)
class _Decision:
    """A decision of a study game: at which step of its history, whose, of what kind, on
    which turn, among how many legal actions."""

    step: int
    player: int
    kind: str
    turn: int
    legal: int


class _Recorder:
    """A watcher of :func:`~solvers.agents.play.play_out` that notes every decision."""

    def __init__(self) -> None:
        self.decisions: list[_Decision] = []

    def decision(self, state: GameState, actions: tuple[Hashable, ...]) -> None:
        step, player = state.moves_played(), state.current_player()
        kind, turn = state.decision_kind(), state.turn_number()
        self.decisions.append(_Decision(step, player, kind, turn, len(actions)))


def study_decisions(
    config: StudyConfig, game: Game, index: int, seed: int
) -> tuple[GameState, list[_Decision]]:
    """Game ``index`` of the study (its seed ``seed``) played again as the study plays it
    (:func:`analyses.studies.study.play_game`: the same chance seed, the same agents from the
    same seeds, by place in the lineup in the duplicate design): its final state and its
    decisions."""
    agents, chance = game_agents(config, index, seed)
    state, recorder = game.new_initial_state(), _Recorder()
    play_out(state, agents, chance, max_steps=config.max_moves, watcher=recorder)
    return state, recorder.decisions


def value_actions(
    state: GameState,
    actions: Sequence[Hashable],
    seeds: Sequence[tuple[int, int, int]],
    policy: AgentSpec,
    *,
    players: int,
    max_moves: int = 100_000,
) -> np.ndarray:
    """Each of ``actions`` (legal for the player to move) valued by one playout per
    ``(view, chance, agents)`` seed triple, the ``policy`` agent in every seat: the player's
    win share at the end, in an array ``actions x playouts``. Playout ``r`` is the same for
    every action but for the action: the same determinization (``state.resample``: nothing the
    player cannot see), the same chance, the same agents' seeds, so that the actions differ by
    themselves, not by their luck. A secret choice is played from where it began
    (:meth:`~models.core.GameState.secret_choice_start`), the others choosing by the policy:
    a chooser's place in the order does not matter."""
    player, key = state.current_player(), state.secret_choice()
    start = state if key is None else state.secret_choice_start()
    out = np.empty((len(actions), len(seeds)))
    for r, (view, chance_seed, agents_seed) in enumerate(seeds):
        seen = start.resample(player, make_rng(view))  # what he cannot see, redrawn
        agent_seeds = split_seed(agents_seed, players)
        for i, action in enumerate(actions):
            after, chance = seen.clone(), Luck(chance_seed)  # keyed: the actions share luck
            agents = [make_agent(policy, s) for s in agent_seeds]
            # a secret choice from its start: those asked before him choose by the policy
            while key is not None and after.current_player() != player:
                mover = after.current_player()
                if mover == CHANCE:
                    after.apply(chance.draw(after))
                else:
                    after.apply(agents[mover].choose(after))
            after.apply(action)
            play_out(after, agents, chance, max_steps=max_moves)
            winners = after.outcome().winners
            out[i, r] = 1 / len(winners) if player in winners else 0.0
    return out


def cross_validated_regret(
    values: np.ndarray, epsilon: float = EPSILON
) -> tuple[float, float, bool]:
    """From ``actions x playouts`` values, the chosen action first: the in-sample regret (best
    mean minus the chosen one's: at least 0, biased upward), the cross-validated regret (the
    best on the even playouts valued on the odd ones, minus the chosen one there, and the other
    way round, averaged; a tie picks the chosen action) and whether the choice mattered (both
    ways above ``epsilon``).

    >>> cross_validated_regret(np.array([[0, 0, 1, 0], [1, 1, 1, 1]], dtype=float))
    (0.75, 0.75, True)

    Noise alone: the in-sample regret sees a cost, the cross-validated one none.

    >>> cross_validated_regret(np.array([[0, 1, 0, 1], [1, 1, 1, 1], [1, 0, 1, 1]], dtype=float))
    (0.5, 0.0, False)
    """
    means = values.mean(axis=1)
    even, odd = values[:, 0::2].mean(axis=1), values[:, 1::2].mean(axis=1)
    one = float(odd[int(np.argmax(even))] - odd[0])
    other = float(even[int(np.argmax(odd))] - even[0])
    return float(means.max() - means[0]), (one + other) / 2, min(one, other) > epsilon


def _phase(turn: int, turns: int) -> str:
    """The third of the game ``turn`` of ``turns`` falls in."""
    return PHASES[min(2, max(0, math.ceil(3 * turn / max(1, turns)) - 1))]


def _chunk_rows(
    config: StudyConfig, sample: DecisionSample, jobs: Sequence[tuple[int, int, int]]
) -> list[list[dict[str, Any]] | None]:
    """The valued positions of some study games (a worker's task: the game made once)."""
    game, policy = config.make_game(), read_agent(sample.policy, config.game)
    return [_game_rows(config, sample, game, policy, job) for job in jobs]


def _game_rows(
    config: StudyConfig,
    sample: DecisionSample,
    game: Game,
    policy: AgentSpec,
    job: tuple[int, int, int],
) -> list[dict[str, Any]] | None:
    """The valued positions of one study game (``job``: its index, its seed and the analysis
    seed of the game), or None when the game fails as the study's would."""
    index, seed, own = job
    try:
        final, decisions = study_decisions(config, game, index, seed)
    except Exception:  # the study records it in its errors table; here it is left out
        return None
    history, turns = final.history(), final.turn_number()
    choices = [d for d in decisions if d.legal > 1]
    rng = make_rng(own)
    drawn = sorted(rng.sample(range(len(choices)), min(sample.positions, len(choices))))
    rows = []
    for k in drawn:
        d = choices[k]
        state, chosen = game.replay(history[: d.step]), history[d.step]
        others = [a for a in state.legal_actions() if a != chosen]
        if len(others) >= sample.max_actions:  # the chosen one and others drawn
            others = rng.sample(others, sample.max_actions - 1)
        actions = [chosen, *others]
        seeds = [(rng.getrandbits(63), rng.getrandbits(63), rng.getrandbits(63))
                 for _ in range(sample.playouts)]  # fmt: skip
        values = value_actions(state, actions, seeds, policy, players=config.players,
                               max_moves=config.max_moves)  # fmt: skip
        naive, regret, mattered = cross_validated_regret(values, sample.epsilon)
        best = actions[int(np.argmax(values.mean(axis=1)))]
        rows.append(dict(zip(_COLUMNS, (
            index, config.deal(index), d.player, config.seats(index)[d.player], d.kind, d.turn,
            turns, _phase(d.turn, turns), d.legal, len(actions), str(chosen), str(best),
            float(values[0].mean()), naive, regret, mattered, len(choices) / len(drawn),
        ), strict=True)))  # fmt: skip
    return rows


def sample_positions(
    config: StudyConfig, sample: DecisionSample, *, workers: int = 1
) -> tuple[pd.DataFrame, list[int]]:
    """Every valued position of the study's games, one row each (module doc), and the games
    that failed (as in the study's errors table). The same on 1 worker or N."""
    config.check()
    read_agent(sample.policy, config.game)  # a bad policy fails here, in one line
    own = spawn_seeds(sample.seed, config.games)
    jobs = [(i, s, own[i]) for i, s in enumerate(game_seeds(config))]
    size = len(jobs) if workers <= 1 else max(1, math.ceil(len(jobs) / (4 * workers)))
    chunks = [jobs[k : k + size] for k in range(0, len(jobs), size)]
    work = functools.partial(_chunk_rows, config, sample)
    if workers <= 1:
        results = [rows for chunk in chunks for rows in work(chunk)]
    else:
        with process_pool(min(workers, len(chunks))) as pool:
            results = [rows for done in pool.map(work, chunks) for rows in done]
    failed = [job[0] for job, rows in zip(jobs, results, strict=True) if rows is None]
    rows = [row for result in results if result for row in result]
    return pd.DataFrame(rows, columns=_COLUMNS), failed


_COLUMNS = ["game", "deal", "seat", "agent", "decision", "turn", "turns", "phase", "legal",
            "valued", "chosen", "best", "value", "in-sample regret", "regret", "mattered",
            "weight"]  # fmt: skip


def regret_table(
    positions: pd.DataFrame, units: Sequence[int], *, unit: str = "game", seed: int = 0
) -> pd.DataFrame:
    """By decision kind (ranked by mean regret, highest first), over the whole game and in
    each third of it where drawn: the weighted mean regret and in-sample regret (shares of a
    win) and how often the choice mattered, each with an interval over the ``units`` (values
    of the ``unit`` column: games, or deals), the positions valued and their units."""
    rows = []
    for kind, of_kind in positions.groupby("decision", sort=False):
        for phase in ("all", *PHASES):
            part = of_kind if phase == "all" else of_kind[of_kind["phase"] == phase]
            if part.empty:  # a kind never drawn in this third of the game
                continue
            rows.append({"decision": kind, "phase": phase,
                         **_estimates(part, units, unit, seed)})  # fmt: skip
    overall = {r["decision"]: r["mean regret"].value for r in rows if r["phase"] == "all"}
    rows.sort(key=lambda r: (-overall[r["decision"]], str(r["decision"])))  # phases keep order
    return pd.DataFrame(rows, columns=_TABLE)


_TABLE = ["decision", "phase", "mean regret", "in-sample regret", "mattered", "positions",
          "units"]  # fmt: skip


def _estimates(part: pd.DataFrame, units: Sequence[int], unit: str, seed: int) -> dict[str, Any]:
    w = part["weight"]
    weighted = pd.DataFrame({"game": part[unit], "w": w, "regret": w * part["regret"]})
    weighted["naive"] = w * part["in-sample regret"]
    weighted["mattered"] = w * part["mattered"].astype(float)
    sums = {c: pergame.per_game_sums(weighted, units, c) for c in weighted.columns[1:]}
    return {
        "mean regret": pergame.ratio(sums["regret"], sums["w"], is_share=False, seed=seed),
        "in-sample regret": pergame.ratio(sums["naive"], sums["w"], is_share=False, seed=seed),
        "mattered": pergame.ratio(sums["mattered"], sums["w"], seed=seed),
        "positions": len(part),
        "units": int(part[unit].nunique()),
    }


@dataclasses.dataclass
class Decisions:
    """What :func:`which_decisions_matter` found: the valued positions, the :func:`regret_table`
    and the games left out (failed, as in the study); :meth:`section` is its report section."""

    config: StudyConfig
    sample: DecisionSample
    positions: pd.DataFrame
    table: pd.DataFrame
    failed: list[int]

    def section(self) -> Section:
        """The tables, the figure, the sentence ranking the decisions, how they were measured."""
        config, sample, positions, table = self.config, self.sample, self.positions, self.table
        unit = "deals" if config.design == "duplicate" else "games"
        overall = table[table["phase"] == "all"].drop(columns="phase").reset_index(drop=True)
        phases = table[table["phase"] != "all"].reset_index(drop=True)
        units = dict.fromkeys(("mean regret", "in-sample regret"), "share of a win")
        units["mattered"] = "share of decisions"
        caption = (
            f"Mean regret by decision and third of the game, with 95% intervals over {unit}; "
            f"{len(positions)} positions of {config.games} games, study seed {config.seed}, "
            f"decisions seed {sample.seed}, {sample.playouts} {sample.policy} playouts an action."
        )
        section = Section(
            "Which decisions matter",
            f"{len(positions)} decisions drawn from {config.games} games of the study (up to "
            f"{sample.positions} a game, each of its decisions equally likely; a forced move "
            f"is none), made by {', '.join(config.agents)}. Every legal action of the player "
            f"to move was valued by {sample.playouts} playouts to the end with the "
            f"{sample.policy!r} agent in every seat, from the player's view (what he cannot see "
            "redrawn), as his share of the win (a tie shared). A choice's regret is the best "
            "action's value minus its own: what it cost, in shares of a win.",
            tables=[
                Table("Regret by decision", overall, over=unit, units=units),
                Table("Regret by decision and third of the game", phases, over=unit, units=units),
            ],
            figures=[(caption, figure_uri(decisions_figure(table)))],
            findings=[Finding(_sentence(game_info(config.game).title, sample, overall, unit))],
            notes=_notes(sample, unit, int((positions["legal"] > positions["valued"]).sum())),
            data={"sample": dataclasses.asdict(sample), "failed games": list(self.failed)},
        )
        if self.failed:
            section.warnings.append(f"{len(self.failed)} games failed and are left out.")
        small_sample(section, config.deals if unit == "deals" else config.games, unit)
        return section


def which_decisions_matter(
    config: StudyConfig, sample: DecisionSample | None = None, *, workers: int = 1
) -> Decisions:
    """The positions of ``config``'s games valued, and the regret table (module doc)."""
    sample = sample or DecisionSample()
    positions, failed = sample_positions(config, sample, workers=workers)
    unit = "deal" if config.design == "duplicate" else "game"
    units = list(range(config.deals if unit == "deal" else config.games))
    table = regret_table(positions, units, unit=unit, seed=sample.seed)
    return Decisions(config, sample, positions, table, failed)


def decisions_figure(table: pd.DataFrame) -> Figure:
    """The mean regret of each decision kind (ranked) over the whole game and in each third,
    as bars with their intervals."""
    kinds = list(dict.fromkeys(table["decision"]))
    fig = Figure(figsize=(1.6 * len(kinds) + 3.2, 3.2))
    ax = fig.subplots()
    colours = {"all": "#35556a", "early": "#8fb3c9", "middle": "#5d8fad", "late": "#2f6f8f"}
    width = 0.2
    for j, phase in enumerate(("all", *PHASES)):
        rows = table[table["phase"] == phase].set_index("decision")["mean regret"]
        drawn = [(i + (j - 1.5) * width, rows[k]) for i, k in enumerate(kinds) if k in rows.index]
        xs, es = [x for x, _ in drawn], [e for _, e in drawn]
        error_bars(ax, xs, es, width, color=colours[phase], label=phase)
        ax.scatter(xs, [e.value for e in es], marker="_", color="black", s=80, zorder=3)  # 0 too
    ax.axhline(0, color="grey", linewidth=0.8)
    ax.set_xticks(range(len(kinds)), [str(k) for k in kinds])
    ax.set_ylabel("regret (share of a win)")
    ax.set_xlabel("decision (highest mean regret first)")
    legend_outside(ax, title="phase")
    fig.tight_layout()
    return fig


def _sentence(title: str, sample: DecisionSample, overall: pd.DataFrame, unit: str) -> str:
    """The decisions ranked by what they cost, in words."""
    costs = [
        (r["decision"], estimate_text(e, unit) if e.constant else estimate_cell(e))
        for _, r in overall.iterrows()
        for e in [r["mean regret"]]
    ]
    if not costs:
        return f"No decision of {title} was sampled."
    rest = "".join(f"; '{kind}', {cost}" for kind, cost in costs[1:])
    return (
        f"In {title}, the '{costs[0][0]}' decision costs {costs[0][1]} of a win on average{rest} "
        f"(cross-validated regret, {sample.policy} playouts, 95% intervals over {unit})."
    )


def _notes(sample: DecisionSample, unit: str, capped: int) -> list[str]:
    """How the regrets were measured, for the reader."""
    shared = " (the rotations of a deal share its chance)" if unit == "deals" else ""
    notes = [
        "Common random numbers: playout r of every action of a position starts from the same "
        "determinization, draws chance from the same seed and seeds every seat's agent alike, "
        "so the actions differ by themselves, not by their luck. A secret choice is valued "
        "from where it began, the others choosing by the policy. Values are under the policy "
        "in every seat, not the study's agents: what a choice is worth against that play.",
        "The best of noisy values is biased upward: the in-sample regret (never below 0) "
        "overstates what a choice cost. The mean regret is cross-validated: the best action "
        "picked on half of the playouts is valued, with the chosen one, on the other half, "
        "both ways, averaged. Its expectation is at most the true regret (the pick may not be "
        "the best action), the in-sample one's at least: the two bracket it. A choice "
        f"mattered when both ways the pick beat it by more than {sample.epsilon:g} of a win.",
        "Means weight each decision by its game's decisions over those drawn from it; "
        f"intervals resample {unit}, the unit of observation{shared}.",
    ]
    if capped:
        notes.append(
            f"At {capped} positions the player had more than {sample.max_actions} legal "
            f"actions: {sample.max_actions} were valued (the chosen one and others drawn), so "
            "the regret there is against the best of those: a lower bound."
        )
    return notes
