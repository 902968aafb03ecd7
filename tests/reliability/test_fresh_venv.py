"""requirements.txt alone runs the service's processes (issue 19 item 1): a virtualenv built from it
and nothing else starts a Celery worker on Redis that answers a ping.

The shared development virtualenv also holds the test tools, which pull in packages that the
runtime needs but requirements.txt once forgot (kombu's Redis transport imports ``packaging``): a
worker started there worked, while in production it died at start and every large print job stayed
"queued". Building the virtualenv takes a minute or two (pip's cache makes reruns quicker).
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest
from celery import Celery

from tests.reliability.conftest import BASE_DIR, service, service_env


def build_runtime_venv(target: Path) -> Path:
    """A virtualenv with requirements.txt installed and nothing else; its python."""
    subprocess.run([sys.executable, "-m", "venv", str(target)], check=True, timeout=120)
    python = target / "bin" / "python"
    done = subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "-r", "requirements.txt"],
        cwd=BASE_DIR,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert done.returncode == 0, f"pip install -r requirements.txt failed:\n{done.stdout[-3000:]}{done.stderr[-3000:]}"
    return python


def wait_for_line(log: Path, text: str, proc: subprocess.Popen[bytes], timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        seen = log.read_text(errors="replace") if log.exists() else ""
        if text in seen:
            return
        if proc.poll() is not None:
            pytest.fail(f"the worker exited with {proc.returncode}:\n{seen[-4000:]}")
        time.sleep(0.3)
    pytest.fail(f"no {text!r} within {timeout}s:\n{log.read_text(errors='replace')[-4000:]}")


@pytest.mark.redis
@pytest.mark.slow
def test_a_worker_from_requirements_txt_alone_starts_and_answers(
    service_db: str, spare_redis_url: str, tmp_path: Path
) -> None:
    python = build_runtime_venv(tmp_path / "venv")
    env = service_env(DATABASE_URL=service_db, REDIS_URL=spare_redis_url, DEBUG="1")
    env["PATH"] = f"{python.parent}:{env.get('PATH', '')}"
    env.pop("PYTHONPATH", None)
    log = tmp_path / "worker.log"
    command = [str(python), "-m", "celery", "-A", "config", "worker", "--pool=solo", "--loglevel=INFO"]
    with service(command, env, log) as proc:
        wait_for_line(log, "ready.", proc)
        client = Celery(broker=spare_redis_url, backend=spare_redis_url)
        answers = client.control.ping(timeout=10)
        assert answers and all(next(iter(a.values())) == {"ok": "pong"} for a in answers), answers
