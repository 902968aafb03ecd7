"""The shared contract probe (../shared/contract/check_contract.py) passes against a live server."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from accounts.models import User

PROBE = Path(__file__).resolve().parents[2] / "shared" / "contract" / "check_contract.py"

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.skipif(not PROBE.exists(), reason=f"no contract probe at {PROBE}")
def test_the_contract_probe_passes(live_server: Any, bundled_cards: None) -> None:
    User.objects.create_user("probe", password="probe-password-1")
    done = subprocess.run(
        [sys.executable, str(PROBE), live_server.url, "--user", "probe", "--password", "probe-password-1"],
        capture_output=True, text=True, timeout=240,
    )  # fmt: skip
    failures = [line for line in done.stdout.splitlines() if line.startswith("FAIL")]
    assert done.returncode == 0 and not failures, done.stdout + done.stderr
    assert done.stdout.count("PASS") >= 25
