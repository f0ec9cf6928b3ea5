"""Command groups that answer an unknown command with the closest known one.

``atoll tobbago maps`` says ``No such command 'tobbago'. Did you mean 'tobago'?``: the names
are the group's commands (for the root group, every registered game's CLI name and
``explore``), compared with :func:`difflib.get_close_matches`, so a game's group suggests its
own verbs the same way (``atoll tobago mpas``: ``maps``).

>>> group = SuggestingGroup("g", commands=[click.Command("maps"), click.Command("render")])
>>> ctx = click.Context(group)
>>> group.resolve_command(ctx, ["mpas"])
Traceback (most recent call last):
...
click.exceptions.UsageError: No such command 'mpas'. Did you mean 'maps'?
"""

from __future__ import annotations

import difflib

import click

__all__ = ["SuggestingGroup"]


class SuggestingGroup(click.Group):
    """A :class:`click.Group` whose unknown command is one line naming the closest command."""

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        name = click.utils.make_str(args[0])
        unknown = not name.startswith("-") and self.get_command(ctx, name) is None
        if unknown and not ctx.resilient_parsing:
            close = difflib.get_close_matches(name, self.list_commands(ctx), n=1)
            hint = f" Did you mean {close[0]!r}?" if close else ""
            raise click.UsageError(f"No such command {name!r}.{hint}", ctx)
        return super().resolve_command(ctx, args)
