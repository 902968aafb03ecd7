"""Headless Chromium (Debian's, installed by `make test`) driven by Playwright against a live server."""

from __future__ import annotations

import os
import shutil
import threading
import time
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
def _close_opened_pages(request: pytest.FixtureRequest) -> Iterator[None]:
    """Closes the pages a test opened, then waits until the live server has answered every request
    they sent, before the test's database is flushed. A closed page stops loading, but a request it
    sent (an image, an htmx swap) goes on running in the server's thread, on the test's own
    connection to the in-memory SQLite database; a query still running there when the flush empties
    the database fails it with "database table is locked" (seen on CI)."""
    served = _Served.of(request.getfixturevalue("live_server")) if "live_server" in request.fixturenames else None
    yield
    while OPENED:
        OPENED.pop().close()
    if served is not None:
        served.wait_until_idle()


class _Served:
    """Counts the requests the live server is answering. Its threads are daemons, which
    socketserver does not keep track of, so the count wraps the server's own two steps: accepting
    a request (in the serving loop) and answering it (in the request's thread)."""

    def __init__(self, httpd: Any) -> None:
        self.lock = threading.Lock()
        self.running = 0
        self.changed = time.monotonic()
        accept, answer = httpd.process_request, httpd.process_request_thread

        def counted_accept(request: Any, client_address: Any) -> None:
            self._add(1)
            try:
                accept(request, client_address)
            except BaseException:
                self._add(-1)
                raise

        def counted_answer(request: Any, client_address: Any) -> None:
            try:
                answer(request, client_address)
            finally:
                self._add(-1)

        httpd.process_request, httpd.process_request_thread = counted_accept, counted_answer

    @classmethod
    def of(cls, live_server: Any) -> _Served:
        httpd = live_server.thread.httpd
        if not isinstance(getattr(httpd, "served", None), cls):
            httpd.served = cls(httpd)
        return httpd.served

    def _add(self, n: int) -> None:
        with self.lock:
            self.running += n
            self.changed = time.monotonic()

    def wait_until_idle(self, quiet_s: float = 0.2, timeout_s: float = 60.0) -> None:
        """Returns once no request has run for `quiet_s` (one the browser sent just before its
        page closed may still wait to be accepted), or after `timeout_s`."""
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            with self.lock:
                if self.running == 0 and time.monotonic() - self.changed >= quiet_s:
                    return
            time.sleep(0.02)


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(locale="de-DE")
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    yield page
    context.close()
