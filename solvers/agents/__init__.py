"""Players for any game of the protocol: random, greedy (one-step lookahead on the game's
heuristic) and ISMCTS (information-set Monte Carlo tree search).

Agents see only :class:`~models.core.GameState` (``legal_actions``, ``apply``, ``clone``,
``resample``, ``sample_chance``, ``heuristic``, ``returns``, ``outcome``), never a game class
or its internals, so each works for every game of the registry. Each is made from a spec and a
seed (:func:`make_agent`); the seed is the agent's own, separate from the game's, and every
random choice the agent makes comes from it.

>>> from models.core import load_game, make_rng
>>> game = load_game("southseas", 3)
>>> state = game.new_initial_state()
>>> agents = [make_agent(spec, seed) for seed, spec in enumerate(["random", "greedy", "random"])]
>>> chance = make_rng(7)
>>> while not state.is_terminal():
...     player = state.current_player()
...     if player < 0:
...         state.apply(state.sample_chance(chance))
...     else:
...         state.apply(agents[player].choose(state))
>>> state.outcome().final, agents[1].name
(True, 'greedy')
>>> make_agent("ismcts:iterations=50,depth=2", seed=1).name
'ismcts:iterations=50,depth=2'
"""

from __future__ import annotations

from models.errors import AtollError
from solvers.agents.greedy import GreedyAgent
from solvers.agents.ismcts import ISMCTSAgent
from solvers.agents.random_agent import RandomAgent
from solvers.agents.spec import Agent, AgentSpec, Param, parse_spec, split_specs

__all__ = [
    "AGENTS",
    "Agent",
    "AgentSpec",
    "GreedyAgent",
    "ISMCTSAgent",
    "RandomAgent",
    "agent_help",
    "make_agent",
    "read_agent",
    "read_spec",
    "split_specs",
]

_CLASSES: dict[str, type[RandomAgent] | type[GreedyAgent] | type[ISMCTSAgent]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "ismcts": ISMCTSAgent,
}
#: The names of the known agents (the first word of a spec).
AGENTS: tuple[str, ...] = tuple(_CLASSES)
_PARAMS: dict[str, tuple[Param, ...]] = {name: cls.params for name, cls in _CLASSES.items()}


#: The agent whose spec names a strategy (``strategy:NAME`` or ``strategy:FILE``).
STRATEGY = "strategy"


def read_agent(spec: str | AgentSpec, game: str | None = None) -> AgentSpec:
    """A spec read and checked once (one already read is returned as it is). A bad spec is a
    one-line :class:`~models.errors.AtollError` (field ``agent``) listing the known agents and
    their parameters. A strategy (``strategy:NAME[,param=value...]``,
    :mod:`solvers.strategies`) is read for ``game``: its file is loaded and checked here.

    >>> read_agent(" greedy ")
    AgentSpec(text='greedy', name='greedy', values={}, strategy=None)
    >>> read_agent("strategy:low-cards,top=3", "gloryislands").strategy.param("top").value
    3
    """
    if isinstance(spec, AgentSpec):
        return spec
    if isinstance(spec, str) and spec.strip().partition(":")[0].strip() == STRATEGY:
        return _read_strategy(spec, game)
    name, values = parse_spec(spec, _PARAMS)
    return AgentSpec(spec.strip(), name, values)


def _read_strategy(spec: str, game: str | None) -> AgentSpec:
    from solvers.strategies.bundled import find_strategy  # the strategies import the agents

    rest = spec.strip().partition(":")[2]
    target, *settings = [part.strip() for part in rest.split(",")]
    if not target:
        raise AtollError(
            f"{spec!r}: name a bundled strategy or a strategy file (strategy:NAME)", field="agent"
        )
    if game is None:
        raise AtollError(f"{spec!r}: a strategy is read for its game", field="agent")
    values: dict[str, float] = {}
    for item in settings:
        key, eq, text = item.partition("=")
        try:
            values[key.strip()] = float(text)
        except ValueError:
            eq = ""
        if not eq or not key.strip():
            raise AtollError(f"{spec!r}: expected param=number, got {item!r}", field="agent")
    strategy = find_strategy(game, target)
    if values:
        strategy = strategy.with_values(
            {k: int(v) if v.is_integer() else v for k, v in values.items()}
        )
    return AgentSpec(spec.strip(), STRATEGY, values, strategy)


def make_agent(spec: str | AgentSpec, seed: int) -> Agent:
    """The agent a spec names (``"greedy"``, ``"ismcts:seconds=0.5,depth=12,c=0.7"``, or a
    spec read by :func:`read_agent`: a strategy's spec must be, for its game), with its own
    generator made from ``seed``. A bad spec is the one-line error of :func:`read_agent`.

    >>> make_agent("ismcts:depth=two", seed=0)
    Traceback (most recent call last):
    ...
    models.errors.AtollError: agent: 'ismcts:depth=two': depth must be a whole number, got ...
    """
    read = read_agent(spec)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise AtollError(f"an agent's seed must be an integer, got {seed!r}", field="seed")
    if read.strategy is not None:
        from models.core import game_info
        from solvers.strategies.agent import StrategyAgent

        info = game_info(read.strategy.game)
        return StrategyAgent(read.strategy, info, seed=seed, name=read.text)
    return _CLASSES[read.name](seed=seed, name=read.text, **read.values)  # type: ignore[arg-type]


def read_spec(spec: str) -> tuple[str, dict[str, int | float], tuple[Param, ...]]:
    """A spec read and checked: the agent's name, the parameters the spec sets and all the
    parameters that agent takes. A bad spec is the one-line error of :func:`make_agent`.

    >>> name, values, params = read_spec("ismcts:c=0.5")
    >>> name, values, [p.name for p in params][:2]
    ('ismcts', {'c': 0.5}, ['iterations', 'seconds'])
    """
    read = read_agent(spec)
    return read.name, dict(read.values), _PARAMS[read.name]


def agent_help() -> str:
    """One line per agent: its parameters with their defaults and meanings."""
    lines = []
    for name, params in _PARAMS.items():
        shown = "; ".join(f"{p.name}={p.default} ({p.help})" for p in params)
        lines.append(f"{name}: {shown}" if shown else f"{name}: no parameters")
    lines.append(
        f"{STRATEGY}:NAME or {STRATEGY}:FILE.toml, then param=value,...: a strategy file's "
        "rules (`atoll GAME strategies` lists the bundled ones)"
    )
    return "\n".join(lines)
