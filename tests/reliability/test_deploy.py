"""Deployment (issue 8 item 2): the production settings pass `check --deploy --fail-level WARNING`, and
`make serve` (scripts/serve.sh: migrate, collectstatic, import_cards, gunicorn -c config/gunicorn.conf.py)
serves pages, hashed static files through whitenoise and the API with DEBUG off."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
import requests

from tests.reliability.conftest import BASE_DIR, free_port, service, service_env, wait_for_http

PRODUCTION = {"DEBUG": "0", "ALLOWED_HOSTS": "kartothek.example,127.0.0.1"}


@pytest.fixture(scope="module")
def production_check() -> str:
    """What `check --deploy` says about the production defaults (run once: it takes seconds)."""
    done = deploy_check()
    return f"exit {done.returncode}\n{done.stdout}{done.stderr}"


def deploy_check(**env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=BASE_DIR,
        env=service_env(**{**PRODUCTION, **env}),
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_production_settings_pass_the_deploy_check_at_warning_level(production_check: str) -> None:
    # drf_spectacular's deploy check builds the OpenAPI schema: its warnings name the API view to mend.
    assert production_check.startswith("exit 0"), production_check


def test_production_settings_raise_no_security_warning(production_check: str) -> None:
    assert "security." not in production_check, production_check


def test_turning_the_https_settings_off_is_what_the_deploy_check_flags() -> None:
    done = deploy_check(SECURE_SSL_REDIRECT="0", SECURE_COOKIES="0", SECURE_HSTS_SECONDS="0")
    found = set(re.findall(r"\(security\.(W\d+)\)", done.stdout + done.stderr))
    assert done.returncode != 0 and {"W004", "W008", "W012", "W016"} <= found, done.stderr


def test_without_a_secret_key_production_refuses_to_start() -> None:
    env = service_env(**PRODUCTION)
    del env["SECRET_KEY"]
    done = subprocess.run(
        [sys.executable, "manage.py", "check"], cwd=BASE_DIR, env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode != 0 and "SECRET_KEY must be set" in done.stderr


@pytest.mark.slow
def test_make_serve_answers_pages_static_files_and_the_api_with_debug_off(service_db: str, tmp_path: Path) -> None:
    port = free_port()
    env = service_env(
        **PRODUCTION,
        DATABASE_URL=service_db,
        SECURE_SSL_REDIRECT="0",  # plain HTTP on loopback
        STATIC_ROOT=str(tmp_path / "static"),
        STATIC_COMPRESS="0",  # gzip copies make collectstatic ~10x slower; the hashing is what matters here
        MEDIA_ROOT=str(tmp_path / "media"),
        GUNICORN_BIND=f"127.0.0.1:{port}",
        GUNICORN_WORKERS="2",
    )
    log = tmp_path / "serve.log"
    base = f"http://127.0.0.1:{port}"
    with service(["bash", "scripts/serve.sh"], env, log) as proc:
        wait_for_http(base + "/", proc, log, timeout=180)
        home = requests.get(base + "/", timeout=30)
        assert home.status_code == 200, log.read_text(errors="replace")[-3000:]
        assert home.headers["X-Frame-Options"] == "DENY" and home.headers["Referrer-Policy"] == "same-origin"
        assert home.headers["X-Content-Type-Options"] == "nosniff"
        css = re.search(r'href="(/static/css/site\.[0-9a-f]{12}\.css)"', home.text)
        assert css, "the page does not link the hashed stylesheet"
        sheet = requests.get(base + css.group(1), timeout=30)
        assert sheet.status_code == 200 and "text/css" in sheet.headers["Content-Type"]
        assert "immutable" in sheet.headers.get("Cache-Control", "")  # whitenoise: hashed names cached for good
        games = requests.get(base + "/api/games/", timeout=30)
        assert games.status_code == 200
        assert {g["slug"] for g in games.json()} >= {"kamelo", "eredan", "muhq", "duel", "realmon"}
        cards = requests.get(base + "/api/cards/?game=kamelo", timeout=30).json()
        assert cards["count"] > 0  # serve.sh imported the bundled cards
        missing = requests.get(base + "/api/no-such-thing/", timeout=30)
        assert missing.status_code == 404 and "Traceback" not in missing.text
