"""Celery for real (issue 8 item 1): with REDIS_URL a worker process (celery -A config worker --pool=solo)
takes the print jobs above 200 cards and the charge update, through Redis, on a database it shares
with the web server; without REDIS_URL tasks run eagerly in the calling process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
import requests
from celery import Celery

from config import celery_app
from tests.reliability.conftest import BASE_DIR, celery_worker, gunicorn, manage, service_env

SEED = """
from accounts.models import User
from accounts.tokens import token_create
from cards.models import Card, Game
kamelo, _ = Game.objects.get_or_create(slug="kamelo", defaults={"name": "Ka-Mel-Oh!"})
eredan, _ = Game.objects.get_or_create(slug="eredan", defaults={"name": "Eredan"})
Card.objects.create(game=kamelo, slug="kamel", name="Kamel", type="monster", cost=2,
                    attributes={"ap": 30, "dp": 20, "lp": 150, "hk": 2})
for slug in ("iro", "zil-wache"):
    Card.objects.create(game=eredan, slug=slug, name=slug.title(), type="character")
user = User.objects.create_user(username="alice", password="pw-alice")
print(token_create(user=user, name="worker test")[1])
"""


def wait_for_job(base: str, headers: dict[str, str], job_id: int, log: Path, timeout: float = 120) -> dict:
    """Poll the job until it is done or failed; fail with the worker's log when it takes too long."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        job = requests.get(f"{base}/api/print/jobs/{job_id}/", headers=headers, timeout=30).json()
        if job["status"] in ("done", "failed"):
            return job
        time.sleep(0.3)
    pytest.fail(f"print job {job_id} not done after {timeout}s: {job}\n{log.read_text(errors='replace')[-4000:]}")


@pytest.mark.redis
@pytest.mark.slow
def test_a_real_worker_renders_a_large_print_job_and_updates_charges(
    service_db: str, spare_redis_url: str, tmp_path: Path
) -> None:
    env = service_env(DATABASE_URL=service_db, REDIS_URL=spare_redis_url, DEBUG="1", MEDIA_ROOT=str(tmp_path / "media"))
    token = manage(env, "shell", "-c", SEED).strip().splitlines()[-1]
    headers = {"Authorization": f"Token {token}"}
    worker_log = tmp_path / "worker.log"
    with celery_worker(env, worker_log) as worker, gunicorn(env, tmp_path / "gunicorn.log") as base:
        answer = requests.post(
            f"{base}/api/print/",
            json={"cards": [{"game": "kamelo", "card": "kamel", "count": 201}]},
            headers=headers,
            timeout=60,
        )
        assert answer.status_code == 202, answer.text
        job = wait_for_job(base, headers, answer.json()["id"], worker_log)
        assert job["status"] == "done" and job["done"] == job["total"] == 201, job
        pdf = requests.get(base + job["pdf"], headers=headers, timeout=30)
        assert pdf.status_code == 200 and pdf.headers["Content-Type"] == "application/pdf"
        assert pdf.content.startswith(b"%PDF")

        # The charge update as beat would send it: by name, through the broker, to the worker.
        client = Celery(broker=spare_redis_url, backend=spare_redis_url)
        list_id = client.send_task("charges.recompute", kwargs={"game": "eredan", "as_of": "2026-01-15"}).get(60)
        charges = requests.get(f"{base}/api/charges/?game=eredan&as_of=2026-01-15", timeout=30).json()
        assert isinstance(list_id, int) and charges["date"] == "2026-01-15"
        assert {row["card"] for row in charges["charges"]} == {"iro", "zil-wache"}
    assert worker.returncode is not None, "the worker was not stopped"
    succeeded = [line for line in worker_log.read_text(errors="replace").splitlines() if "succeeded" in line]
    assert any("printing.print_job" in line for line in succeeded), "the worker did not run the print job"
    assert any("charges.recompute" in line for line in succeeded), "the worker did not run the charge update"


def settings_in_subprocess(**env: str) -> dict:
    """The Celery settings a fresh process derives from ``env``."""
    code = (
        "import json, django; django.setup(); from django.conf import settings as s; from config import celery_app as a;"
        "print(json.dumps({'beat': sorted(s.CELERY_BEAT_SCHEDULE), 'eager': a.conf.task_always_eager,"
        " 'broker': a.conf.broker_url, 'cache': s.CACHES['default']['BACKEND']}))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=BASE_DIR, env=service_env(**env), capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_with_redis_url_beat_schedules_the_charge_update_and_tasks_go_to_the_broker() -> None:
    seen = settings_in_subprocess(REDIS_URL="redis://127.0.0.1:6379/15")
    assert seen == {
        "beat": ["charges-recompute-eredan"],
        "eager": False,
        "broker": "redis://127.0.0.1:6379/15",
        "cache": "django.core.cache.backends.redis.RedisCache",
    }


def test_without_redis_url_tasks_run_eagerly_and_nothing_is_scheduled() -> None:
    if os.environ.get("REDIS_URL"):
        pytest.skip("the suite runs with REDIS_URL set")
    assert celery_app.conf.task_always_eager and not celery_app.conf.beat_schedule
    assert settings_in_subprocess()["beat"] == []
