"""Headless Chromium (Debian's, installed by `make test`) driven by Playwright against a live server."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from typing import Any

import pytest

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
# How long a page may take to do what a test waits for. Only a hang reaches it: generous, so that a
# loaded machine (CI beside other suites) is slow, never failing.
TIMEOUT_MS = 60_000
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-dev-shm-usage", "--no-first-run", "--disable-sync"]  # fmt: skip
# The contexts tests.browser.looks.open_page opened in the running test.
OPENED: list[Any] = []


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not shutil.which(CHROMIUM):
        pytest.skip(f"no Chromium at {CHROMIUM} (make test installs Debian's chromium)")
    from playwright.sync_api import sync_playwright

    # While Playwright runs, its event loop makes Django refuse ORM calls from this thread (the
    # fixtures' and live_server's setup); allowed for this module only, so that no later test
    # (nor a subprocess it starts, such as the deploy check) inherits the switch.
    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        yield from _launch(sync_playwright)
    finally:
        if previous is None:
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = previous


def _launch(sync_playwright: Any) -> Iterator[Any]:
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        yield browser
        browser.close()


@pytest.fixture(autouse=True)
def _close_opened_pages() -> Iterator[None]:
    """Closes the pages a test opened before its database is flushed: a page left open goes on
    loading (images, htmx) into the live server, and a query running there while the flush empties
    the in-memory SQLite database fails it with "database table is locked"."""
    yield
    while OPENED:
        OPENED.pop().close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(locale="de-DE")
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    yield page
    context.close()
