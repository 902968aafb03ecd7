"""Loopback servers for the reliability tests: a seeded database of their own and gunicorn on a free port.

The database is the kind the suite runs on (``DATABASE_URL``: a SQLite file in WAL mode, or a fresh
database on the same PostgreSQL server). Migrating and importing the bundled cards takes tens of
seconds, so it happens once per machine into a template (a SQLite file under the temp folder, or a
PostgreSQL template database) keyed by a hash of the migrations and card files; every server gets a
copy. ``seed()`` runs inside the template (``manage.py shell``) and adds the users alice and bob and
the staff user admin, each with an API token (``Database.tokens()``).

Fixtures live here rather than in conftest.py (shared with other engineers): tests use the context
managers ``seeded_database()`` and ``LoopbackServer`` directly.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import inspect
import os
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import requests

ROOT = Path(__file__).resolve().parents[2]
PYTHON = str(ROOT / ".venv" / "bin" / "python") if (ROOT / ".venv" / "bin" / "python").exists() else sys.executable
CACHE = Path(tempfile.gettempdir()) / "kartothek-reliability"
USERS = ("alice", "bob", "admin")
SERVER_ENV = {
    "DEBUG": "0",
    "SECRET_KEY": "reliability-tests-only-" + "x" * 40,
    "ALLOWED_HOSTS": "127.0.0.1,localhost",
    "THROTTLE_ANON": "100000000/hour",
    "THROTTLE_USER": "100000000/hour",
    "REDIS_URL": "",
    "SECURE_SSL_REDIRECT": "0",  # plain HTTP on loopback (production settings would redirect to HTTPS)
    "SECURE_COOKIES": "0",
    "SECURE_HSTS_SECONDS": "0",
    "GUNICORN_ACCESS_LOG": "",
    "LOG_LEVEL": "WARNING",
    "PYTHONUNBUFFERED": "1",
}


FULL = os.environ.get("RELIABILITY_FULL") == "1"


def size(name: str, default: int, full: int) -> int:
    """A test's size: the environment's ``RELIABILITY_<NAME>`` if set, else ``full`` under
    ``RELIABILITY_FULL=1``, else the small ``default`` that keeps ``make test`` quick."""
    value = os.environ.get(f"RELIABILITY_{name.upper()}")
    return int(value) if value else full if FULL else default


def password(username: str) -> str:
    """The seeded users' password (the same rule as tests/conftest.py)."""
    return "pw-" + username


def token_key(username: str) -> str:
    """The seeded users' API token (the database keeps only its digest)."""
    return hashlib.sha256(f"kartothek-test-token-{username}".encode()).hexdigest()[:40]


def seed() -> None:
    """Migrate, import the bundled cards and add the users with tokens (run inside ``manage.py shell``)."""
    from django.core.management import call_command

    from accounts.models import User
    from accounts.tokens import token_create

    call_command("migrate", "--noinput", verbosity=0)
    call_command("import_cards", "--no-progress", verbosity=0)
    for name in USERS:
        user = User.objects.create_user(name, password=password(name), is_staff=name == "admin")
        token_create(user=user, name="seed", key=token_key(name), days=365)


def template_key() -> str:
    """A hash of everything the template holds: migrations, bundled cards and this file's seed."""
    digest = hashlib.sha256()
    files = [
        *ROOT.glob("*/migrations/*.py"),
        *ROOT.glob("*/*/migrations/*.py"),
        *ROOT.glob("engine/games/*/data/cards/*.json"),
    ]
    for path in sorted(files):
        digest.update(str(path.relative_to(ROOT)).encode() + path.read_bytes())
    digest.update(inspect.getsource(seed).encode() + inspect.getsource(token_key).encode())
    return digest.hexdigest()[:12]


@contextlib.contextmanager
def _lock(name: str) -> Iterator[None]:
    """A machine-wide lock (pytest-xdist workers build one template between them)."""
    CACHE.mkdir(parents=True, exist_ok=True)
    with open(CACHE / f"{name}.lock", "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _run_seed(database_url: str) -> None:
    env = {**os.environ, **SERVER_ENV, "DATABASE_URL": database_url}
    command = [PYTHON, "manage.py", "shell", "-c", "from tests.reliability.servers import seed; seed()"]
    subprocess.run(command, cwd=ROOT, env=env, check=True, capture_output=True, timeout=600)


def _suite_url() -> str:
    return os.environ.get("DATABASE_URL", "")


def is_postgres() -> bool:
    """Whether the suite runs on PostgreSQL (make test's second pass)."""
    return _suite_url().startswith(("postgres://", "postgresql://"))


def _with_db(url: str, name: str) -> str:
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path="/" + name))


def _pg_admin(sql: str) -> None:
    import psycopg

    with psycopg.connect(_with_db(_suite_url(), "postgres"), autocommit=True) as conn:
        conn.execute(sql)


def _pg_names(pattern: str) -> list[str]:
    import psycopg

    with psycopg.connect(_with_db(_suite_url(), "postgres"), autocommit=True) as conn:
        return [row[0] for row in conn.execute("SELECT datname FROM pg_database WHERE datname LIKE %s", [pattern])]


def _pg_exists(name: str) -> bool:
    return _pg_names(name) == [name]


def sqlite_template() -> Path:
    """The seeded SQLite template file (built once per key)."""
    path = CACHE / f"template-{template_key()}.sqlite3"
    with _lock("sqlite-template"):
        if not path.exists():
            building = path.with_suffix(".building")
            for leftover in CACHE.glob(building.name + "*"):
                leftover.unlink()
            _run_seed(f"sqlite:///{building}")
            with contextlib.closing(sqlite3.connect(building)) as conn:
                conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            for stale in CACHE.glob("template-*.sqlite3*"):  # older migrations or cards
                stale.unlink()
            building.rename(path)
    return path


def postgres_template() -> str:
    """The name of the seeded PostgreSQL template database (built once per key)."""
    name = f"kartothek_reltpl_{template_key()}"
    with _lock("postgres-template"):
        if not _pg_exists(name):
            building = name + "_building"
            _pg_admin(f'DROP DATABASE IF EXISTS "{building}"')
            _pg_admin(f'CREATE DATABASE "{building}"')
            _run_seed(_with_db(_suite_url(), building))
            for stale in set(_pg_names("kartothek_reltpl_%")) - {building, name}:  # older migrations or cards
                _pg_admin(f'DROP DATABASE IF EXISTS "{stale}" WITH (FORCE)')
            _pg_admin(f'ALTER DATABASE "{building}" RENAME TO "{name}"')
    return name


@dataclass
class Database:
    """One server's own seeded database: its URL and ways to look inside it after the server is gone."""

    url: str
    path: Path | None = None  # the SQLite file; None on PostgreSQL

    def rows(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """Run a read query (``%s`` placeholders on both engines)."""
        if self.path is not None:
            with contextlib.closing(sqlite3.connect(self.path, timeout=30)) as conn:
                return list(conn.execute(sql.replace("%s", "?"), params).fetchall())
        import psycopg

        with psycopg.connect(self.url) as conn:
            return list(conn.execute(sql, params).fetchall())  # type: ignore[arg-type]

    def tokens(self) -> dict[str, str]:
        """The API token of each seeded user, by username."""
        return {name: token_key(name) for name in USERS}

    def integrity_check(self) -> str:
        """SQLite's ``PRAGMA integrity_check`` ("ok" when sound); on PostgreSQL a trivial query's answer."""
        if self.path is None:
            return "ok" if self.rows("SELECT 1") == [(1,)] else "unreachable"
        return ";".join(str(row[0]) for row in self.rows("PRAGMA integrity_check"))


@contextlib.contextmanager
def seeded_database(workdir: Path) -> Iterator[Database]:
    """A fresh copy of the seeded template on the suite's database kind, dropped afterwards."""
    if not is_postgres():
        path = workdir / "server.sqlite3"
        shutil.copyfile(sqlite_template(), path)
        yield Database(url=f"sqlite:///{path}", path=path)
        return
    template = postgres_template()
    name = f"kartothek_rel_{uuid.uuid4().hex[:10]}"
    with _lock("postgres-template"):  # CREATE ... TEMPLATE fails while another session uses the template
        _pg_admin(f'CREATE DATABASE "{name}" TEMPLATE "{template}"')
    try:
        yield Database(url=_with_db(_suite_url(), name))
    finally:
        _pg_admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class LoopbackServer:
    """gunicorn serving the project on 127.0.0.1 against ``database``; ``kill()`` is a SIGKILL of the
    whole process group (master and workers), ``start()`` brings it back on the same port and database."""

    def __init__(
        self,
        database: Database,
        workdir: Path,
        *,
        workers: int = 2,
        threads: int = 4,
        worker_class: str = "gthread",
        env: dict[str, str] | None = None,
    ) -> None:
        self.database = database
        self.workdir = workdir
        self.workers = workers
        self.threads = threads
        self.worker_class = worker_class
        self.extra_env = env or {}
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = workdir / "server.log"
        self.process: subprocess.Popen[bytes] | None = None

    def command(self) -> list[str]:
        """The gunicorn command line: the deployment's config file where there is one, with gthread
        workers (so that one worker serves several clients) on our port."""
        conf = ROOT / "config" / "gunicorn.conf.py"
        return [
            PYTHON, "-m", "gunicorn", *(["-c", str(conf)] if conf.exists() else []),
            "config.wsgi:application", "--bind", f"127.0.0.1:{self.port}",
            "--workers", str(self.workers), "--threads", str(self.threads), "--worker-class", self.worker_class,
            "--timeout", "120", "--graceful-timeout", "5", "--log-level", "warning",
        ]  # fmt: skip

    def environment(self) -> dict[str, str]:
        media = self.workdir / "media"
        media.mkdir(exist_ok=True)
        return {
            **os.environ,
            **SERVER_ENV,
            "DATABASE_URL": self.database.url,
            "MEDIA_ROOT": str(media),
            # Production settings serve hashed static names from collectstatic's manifest: a server's own.
            "STATIC_ROOT": str(self.workdir / "static"),
            "STATIC_COMPRESS": "0",
            **self.extra_env,
        }

    def collect_static(self) -> None:
        """collectstatic into the server's STATIC_ROOT once (without it every page is a 500 under
        DEBUG=0: the manifest names each static file)."""
        env = self.environment()
        if env.get("DEBUG") == "1" or Path(env["STATIC_ROOT"]).exists():
            return
        command = [PYTHON, "manage.py", "collectstatic", "--noinput", "--verbosity", "0"]
        subprocess.run(command, cwd=ROOT, env=env, check=True, capture_output=True, timeout=600)

    def start(self, timeout: float = 180) -> None:
        """Start gunicorn and wait until it answers."""
        self.collect_static()
        with open(self.log, "ab") as log:
            self.process = subprocess.Popen(
                self.command(), cwd=ROOT, env=self.environment(), stdout=log, stderr=log, start_new_session=True
            )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited with {self.process.returncode}:\n{self.log_tail()}")
            with contextlib.suppress(requests.RequestException):
                if requests.get(self.url + "/api/games/", timeout=10).status_code == 200:
                    return
            time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"the server did not answer within {timeout} s:\n{self.log_tail()}")

    def kill(self) -> None:
        """SIGKILL master and workers at once: no shutdown code runs."""
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=30)
        self._reap_group()

    def stop(self) -> None:
        """A graceful stop (SIGTERM), escalating to SIGKILL after a few seconds."""
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=30)
        self._reap_group()

    def _reap_group(self) -> None:
        """Workers orphaned by a killed master still hold the port: end what is left of our group."""
        if self.process is None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                os.killpg(self.process.pid, 0)
            except ProcessLookupError:
                return
            time.sleep(0.05)

    def log_tail(self, lines: int = 40) -> str:
        """The end of the server's log (for failure messages)."""
        if not self.log.exists():
            return ""
        return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])

    def session(self, username: str | None = None) -> requests.Session:
        """A requests session, signed in with the user's token when a name is given."""
        session = requests.Session()
        session.headers["Accept"] = "application/json"
        if username is not None:
            session.headers["Authorization"] = "Token " + self.database.tokens()[username]
        return session

    def __enter__(self) -> LoopbackServer:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


@contextlib.contextmanager
def loopback(workdir: Path, **options: Any) -> Iterator[LoopbackServer]:
    """A seeded database and a server on it, both gone afterwards."""
    with seeded_database(workdir) as database, LoopbackServer(database, workdir, **options) as server:
        yield server
