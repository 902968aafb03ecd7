"""ASGI servers on loopback for the live tests and bench/live.py: daphne's runserver (``make run``)
or gunicorn with uvicorn workers (``make serve``), on a seeded database of their own
(tests.reliability.servers: users alice, bob and admin with their tokens), plus signing in and a
WebSocket client that keeps every frame with the time it came."""

from __future__ import annotations

import json
import queue
import re
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import requests

from tests.reliability.servers import PYTHON, ROOT, LoopbackServer, password, seeded_database


class AsgiServer(LoopbackServer):
    """The project's ASGI application: ``runserver`` (daphne, DEBUG on: it serves the static files
    too) or gunicorn's uvicorn workers (production settings)."""

    def __init__(self, *args: Any, runserver: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.runserver = runserver

    def command(self) -> list[str]:
        if self.runserver:
            return [PYTHON, "manage.py", "runserver", f"127.0.0.1:{self.port}", "--noreload"]
        return [
            PYTHON, "-m", "gunicorn", "-c", str(ROOT / "config" / "gunicorn.conf.py"), "config.asgi:application",
            "--worker-class", "uvicorn_worker.UvicornWorker", "--bind", f"127.0.0.1:{self.port}",
            "--workers", str(self.workers), "--timeout", "120", "--graceful-timeout", "5", "--log-level", "warning",
        ]  # fmt: skip

    def environment(self) -> dict[str, str]:
        env = super().environment()
        if self.runserver:
            env.update(DEBUG="1", SECRET_KEY="live-tests-only-" + "y" * 40)
        return env


@contextmanager
def asgi_server(workdir: Path, **options: Any) -> Iterator[AsgiServer]:
    """A seeded database and an ASGI server on it, both gone afterwards."""
    with seeded_database(workdir) as database, AsgiServer(database, workdir, **options) as server:
        yield server


def sign_in(server: AsgiServer, username: str, base: str | None = None) -> requests.Session:
    """A browser-like session signed in through the sign-in page (session and CSRF cookies)."""
    url = (base or server.url) + "/accounts/login/"
    session = requests.Session()
    page = session.get(url, timeout=30).text
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
    assert token is not None
    form = {"username": username, "password": password(username), "csrfmiddlewaretoken": token.group(1)}
    answer = session.post(url, data=form, headers={"Referer": url}, timeout=30, allow_redirects=False)
    assert answer.status_code == 302, answer.text[:500]
    return session


class Feed:
    """A WebSocket of a match page in a thread of its own: every frame, decoded, with ``perf_counter``."""

    def __init__(self, base: str, match_id: int, session: requests.Session | None = None) -> None:
        cookies = "; ".join(f"{k}={v}" for k, v in (session.cookies.items() if session else []))
        self.headers = {"Origin": base, **({"Cookie": cookies} if cookies else {})}
        self.url = base.replace("http", "ws", 1) + f"/ws/matches/{match_id}/"
        self.frames: queue.Queue[tuple[float, dict[str, Any]]] = queue.Queue()
        self.opened = threading.Event()
        self.socket: Any = None
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()
        assert self.opened.wait(timeout=60), "the socket did not open"

    def _read(self) -> None:
        from websockets.exceptions import ConnectionClosed
        from websockets.sync.client import connect

        try:
            with connect(self.url, additional_headers=self.headers) as socket:
                self.socket = socket
                self.opened.set()
                for message in socket:
                    self.frames.put((time.perf_counter(), json.loads(message)))
        except (ConnectionClosed, OSError):
            pass
        finally:
            self.opened.set()
            self.frames.put((time.perf_counter(), {"closed": True, "version": -1}))

    def _next(self, deadline: float) -> tuple[float, dict[str, Any]]:
        at, frame = self.frames.get(timeout=max(0.01, deadline - time.monotonic()))
        if frame.get("closed"):
            raise ConnectionError("the server closed the socket")
        return at, frame

    def until(self, version: int, timeout: float = 60) -> tuple[float, dict[str, Any]]:
        """The first frame at ``version`` or later (and when it came)."""
        deadline = time.monotonic() + timeout
        while True:
            at, frame = self._next(deadline)
            if frame["version"] >= version:
                return at, frame

    def close(self) -> None:
        if self.socket is not None:
            self.socket.close()
        self.thread.join(timeout=10)
