"""MkDocs hook: the doctests of atoll's docstrings (``>>>`` lines and their output, up to a
blank line) shown as Python console code in the API reference, not read as Markdown (where
``>>>`` would be a quote and ``[a, b]`` a link). Code fences already written are left alone."""

from __future__ import annotations

import re
from typing import Any

from markdown import Extension, Markdown
from markdown.preprocessors import Preprocessor
from mkdocs.plugins import event_priority

FENCE = re.compile(r"^\s*(```|~~~)")
PROMPT = re.compile(r"^(\s*)>>>( |$)")


class DoctestFences(Preprocessor):
    def run(self, lines: list[str]) -> list[str]:
        out: list[str] = []
        fenced = False
        block: list[str] = []
        indent = ""
        for line in [*lines, ""]:
            if block:
                if line.strip():
                    block.append(line)
                    continue
                out += ["", f"{indent}```pycon", *block, f"{indent}```", ""]
                block = []
            if FENCE.match(line):
                fenced = not fenced
            prompt = None if fenced else PROMPT.match(line)
            if prompt:
                indent = prompt.group(1)
                block = [line]
            else:
                out.append(line)
        return out[:-1] if out and out[-1] == "" and (not lines or lines[-1] != "") else out


class DoctestExtension(Extension):
    def extendMarkdown(self, md: Markdown) -> None:  # Markdown's name for it
        # before the fenced code blocks (priority 25) are taken out of the text
        md.preprocessors.register(DoctestFences(md), "atoll_doctests", 29)


@event_priority(100)  # before mkdocstrings reads the Markdown extensions
def on_config(config: Any) -> Any:
    config.markdown_extensions.append(DoctestExtension())
    return config
