"""Debian's Chromium driven by Playwright, for the explore app's browser tests; the tests are
skipped (saying why) where either is missing. ``python3 tasks.py test`` installs Chromium with
apt-get where it can, and Playwright comes with the test extras (its own browsers are never
downloaded)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from typing import Any

import pytest

#: The flags a root process and a closed network need (no sandbox as root; no background
#: connections, which the machine's network refuses).
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium() -> str | None:
    found = os.environ.get("ATOLL_CHROMIUM") or shutil.which("chromium")
    return found or shutil.which("chromium-browser")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    executable = chromium()
    if executable is None:
        pytest.skip("no Chromium here: `python3 tasks.py test` installs Debian's where it can")
    sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright (test extras)")
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=executable, args=FLAGS)
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    opened = context.new_page()
    opened.set_default_timeout(60_000)
    yield opened
    context.close()


def settled(page: Any) -> None:
    """Wait until the page has no request in flight."""
    page.wait_for_function("() => document.body.dataset.state === 'ready'")
