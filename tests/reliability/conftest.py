"""Real services on loopback for the reliability tests: a migrated database of its own (a SQLite file,
or a throwaway PostgreSQL database when the suite runs on PostgreSQL), a spare Redis database,
gunicorn and Celery worker subprocesses that are always stopped at the end."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

import pytest
import requests

BASE_DIR = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
REDIS_HOST, REDIS_PORT = "127.0.0.1", 6379
SECRET_KEY = "reliability-tests-" + "k3y-" * 10  # 50+ characters, many distinct: passes check --deploy
CLAIM_KEY = "kartothek:test-claim"


def suite_database_url() -> str:
    """The suite's DATABASE_URL (empty: SQLite), as scripts/test.sh sets it."""
    return os.environ.get("DATABASE_URL", "")


def is_postgres(url: str) -> bool:
    return url.split(":", 1)[0] in {"postgres", "postgresql", "pgsql"}


def service_env(**extra: str) -> dict[str, str]:
    """The environment of a service subprocess: this one's, without the suite's database and Redis."""
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL", "PYTEST_XDIST_WORKER"}}
    env.update(DJANGO_SETTINGS_MODULE="config.settings", SECRET_KEY=SECRET_KEY, LOG_LEVEL="WARNING")
    env.update(extra)
    return env


def manage(env: dict[str, str], *args: str, timeout: float = 120) -> str:
    """Run `manage.py ARGS` with ``env``; its stdout (a failure shows stderr)."""
    done = subprocess.run(
        [sys.executable, "manage.py", *args], cwd=BASE_DIR, env=env, capture_output=True, text=True, timeout=timeout
    )
    assert done.returncode == 0, f"manage.py {' '.join(args)} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


# --- Databases -------------------------------------------------------------------------------------


def _pg_admin(url: str) -> Any:
    import psycopg

    return psycopg.connect(url.rsplit("/", 1)[0] + "/postgres", autocommit=True, connect_timeout=3)


def pg_create(url: str, name: str, template: str | None = None) -> str:
    """Create database ``name`` on ``url``'s server (from ``template``); its URL."""
    with _pg_admin(url) as conn:
        conn.execute(f'CREATE DATABASE "{name}"' + (f' TEMPLATE "{template}"' if template else ""))
    return url.rsplit("/", 1)[0] + "/" + name


def pg_drop(url: str, name: str) -> None:
    with _pg_admin(url) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(scope="session")
def migrated_template(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A migrated database to copy from (SQLite file path or PostgreSQL database name), once per session."""
    suite_url = suite_database_url()
    if is_postgres(suite_url):
        name = f"kartothek_rel_tmpl_{uuid.uuid4().hex[:10]}"
        url = pg_create(suite_url, name)
        try:
            manage(service_env(DATABASE_URL=url), "migrate", "--noinput")
            yield name
        finally:
            pg_drop(suite_url, name)
    else:
        path = tmp_path_factory.mktemp("template") / "template.sqlite3"
        manage(service_env(DATABASE_URL=f"sqlite:///{path}"), "migrate", "--noinput")
        yield str(path)


@pytest.fixture
def service_db(migrated_template: str, tmp_path: Path) -> Iterator[str]:
    """DATABASE_URL of a fresh migrated database that subprocesses share; dropped afterwards."""
    suite_url = suite_database_url()
    if is_postgres(suite_url):
        name = f"kartothek_rel_{uuid.uuid4().hex[:10]}"
        url = pg_create(suite_url, name, template=migrated_template)
        yield url
        pg_drop(suite_url, name)
    else:
        path = tmp_path / "service.sqlite3"
        shutil.copyfile(migrated_template, path)
        yield f"sqlite:///{path}"


# --- Redis ------------------------------------------------------------------------------------------


def redis_or_skip() -> Any:
    redis = pytest.importorskip("redis")
    client = redis.Redis(host=REDIS_HOST, port=REDIS_PORT, socket_connect_timeout=1)
    try:
        client.ping()
    except redis.exceptions.RedisError as exc:
        pytest.skip(f"Redis does not answer on {REDIS_HOST}:{REDIS_PORT} ({exc})")
    return client


@pytest.fixture
def spare_redis_url() -> Iterator[str]:
    """redis://127.0.0.1:6379/<n> of an empty database (15 down to 8) claimed for this test, emptied afterwards."""
    import redis

    redis_or_skip()
    for number in range(15, 7, -1):
        client = redis.Redis(host=REDIS_HOST, port=REDIS_PORT, db=number)
        if client.dbsize() == 0 and client.set(CLAIM_KEY, os.getpid(), nx=True, ex=600):
            try:
                yield f"redis://{REDIS_HOST}:{REDIS_PORT}/{number}"
            finally:
                client.flushdb()
            return
    pytest.skip("no empty Redis database among 8-15")


# --- Processes --------------------------------------------------------------------------------------


@contextmanager
def service(args: list[str], env: dict[str, str], log: Path) -> Iterator[subprocess.Popen[bytes]]:
    """Run ``args`` in its own process group, output to ``log``; always stopped (TERM, then KILL)."""
    with log.open("wb") as out:
        proc = subprocess.Popen(
            args, cwd=BASE_DIR, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )
        try:
            yield proc
        finally:
            _stop(proc)


def _stop(proc: subprocess.Popen[bytes]) -> None:
    for sig, wait in ((signal.SIGTERM, 15), (signal.SIGKILL, 5)):
        if proc.poll() is not None:
            return
        with suppress(ProcessLookupError):
            os.killpg(proc.pid, sig)
        with suppress(subprocess.TimeoutExpired):
            proc.wait(wait)


def wait_for_http(url: str, proc: subprocess.Popen[bytes], log: Path, timeout: float = 60) -> None:
    """Wait until ``url`` answers anything; fail with the log if the process dies or time runs out."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            pytest.fail(f"{proc.args} exited with {proc.returncode}:\n{log.read_text(errors='replace')[-4000:]}")
        with suppress(requests.RequestException):
            # One long probe rather than many short ones: a probe that timed out is still served later.
            requests.get(url, timeout=max(deadline - time.monotonic(), 1), allow_redirects=False)
            return
        time.sleep(0.2)
    pytest.fail(f"{url} did not answer within {timeout}s:\n{log.read_text(errors='replace')[-4000:]}")


@contextmanager
def gunicorn(env: dict[str, str], log: Path, workers: int = 1) -> Iterator[str]:
    """gunicorn -c config/gunicorn.conf.py config.wsgi on a free loopback port; its base URL."""
    port = free_port()
    env = {**env, "GUNICORN_BIND": f"127.0.0.1:{port}", "GUNICORN_WORKERS": str(workers), "GUNICORN_ACCESS_LOG": ""}
    args = [str(BIN / "gunicorn"), "-c", "config/gunicorn.conf.py", "config.wsgi"]
    with service(args, env, log) as proc:
        base = f"http://127.0.0.1:{port}"
        wait_for_http(base + "/", proc, log)  # a page: not counted by the API's throttles
        yield base


@contextmanager
def celery_worker(env: dict[str, str], log: Path) -> Iterator[subprocess.Popen[bytes]]:
    """A real Celery worker (solo pool) of the app in config/celery.py."""
    args = [str(BIN / "celery"), "-A", "config", "worker", "--pool=solo", "--without-gossip", "--without-mingle"]
    with service([*args, "--loglevel=INFO"], env, log) as proc:
        yield proc
