"""The browser tests' wait for the live server (conftest's ``_Served``): a test's database is
flushed only once every request its pages sent has been answered."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest

from tests.browser.conftest import _Served


class _Server:
    """socketserver.ThreadingMixIn's two steps: accept in the serving loop, answer in a thread."""

    def __init__(self) -> None:
        self.answered: list[str] = []

    def process_request(self, request: Any, client_address: Any) -> None:
        threading.Thread(target=self.process_request_thread, args=(request, client_address), daemon=True).start()

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        time.sleep(request)
        self.answered.append(client_address)


def test_the_wait_ends_after_the_last_request_is_answered() -> None:
    server = _Server()
    served = _Served(server)
    server.process_request(0.5, "slow")
    server.process_request(0.05, "fast")
    served.wait_until_idle(quiet_s=0.05, timeout_s=10)
    assert sorted(server.answered) == ["fast", "slow"]
    assert served.running == 0


def test_the_wait_waits_for_a_quiet_spell_when_nothing_runs() -> None:
    served = _Served(_Server())
    started = time.monotonic()
    served.wait_until_idle(quiet_s=0.2, timeout_s=10)
    assert time.monotonic() - started >= 0.15


class _Refusing(_Server):
    def process_request(self, request: Any, client_address: Any) -> None:
        raise OSError("can't start new thread")


def test_a_request_that_fails_to_start_is_not_counted_as_running() -> None:
    server = _Refusing()
    served = _Served(server)
    with pytest.raises(OSError):
        server.process_request(0, "refused")
    assert served.running == 0
