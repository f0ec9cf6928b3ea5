"""The template game, Pearl Divers: a small, complete game to copy when adding a game to atoll.

It is not one of atoll's games (no ``atoll.games`` entry point names it, so the CLI does not
list it); the tests register it under the name ``template`` and run the conformance suite on
it, and on a copy of this folder under another name. ``docs/adding-a-game.md`` lists every
step: copy this folder, rename the game (``name=`` in ``game.py``), fill each role file.

Each module is one role of the skeleton every game folder follows (``tests/test_architecture.py``
lists the required and the optional roles) and says in its docstring what the role is and what
a real game puts there. The optional roles this game leaves to the protocol's defaults:
``heuristic.py`` (the returns so far), ``summary.py`` (no study columns of its own),
``snapshot.py`` (``replay --json`` shows the protocol's view), ``audit.py`` (the conformance
suite is its only check) and ``render.py`` (no picture: ``render`` says so in one line).

The modules import each other relatively (``from .position import ...``), so a copy works
under any package name; what they use of atoll comes from ``models.core`` and its neighbours.

The rules (each rule has an ID, which refusals and event glosses name; a real game keeps its
catalogue in ``docs/rules/<game>.md``, this one in :data:`.refusals.RULES`):

* PD-S1 — setup: a deck of numbered cards (``data/deck.toml``); every player has 0 points.
* PD-D1 — deal: each round, chance deals each player, in seat order, one card face down.
* PD-R1 — dive or rest: then each player in turn, from seat ``round - 1`` (mod players) on,
  says openly ``dive`` or ``rest``.
* PD-R2 — the pearl: the divers show their cards; the single highest takes the pearl, worth
  the round's number in points, and every other diver loses ``penalty`` points; when the
  highest cards tie (or nobody dives) the pearl stays in the sea. Cards of those who rested
  are discarded face down, unseen by the others.
* PD-G1 — the end: after ``rounds`` rounds the most points wins; a tie is a tie.
"""
