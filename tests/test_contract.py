"""The shared contract probes (../shared/contract/check_contract.py and check_matches.py, api.md
"Matches of every game") pass against a live server."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from accounts.models import User

PROBE = Path(__file__).resolve().parents[2] / "shared" / "contract" / "check_contract.py"
MATCHES_PROBE = PROBE.with_name("check_matches.py")

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


@pytest.mark.skipif(not MATCHES_PROBE.exists(), reason=f"no match probe at {MATCHES_PROBE}")
@pytest.mark.timeout(900)  # the probe plays every variant of every game (its own limit is 600 s); only a hang
def test_the_match_probe_passes_for_every_game_with_an_engine(live_server: Any, bundled_cards: None) -> None:
    from engine.games import all_games

    User.objects.create_user("probe", password="probe-password-1")
    done = subprocess.run(
        [sys.executable, str(MATCHES_PROBE), live_server.url, "--user", "probe", "--password", "probe-password-1"],
        capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    failures = [line for line in done.stdout.splitlines() if line.startswith("FAIL")]
    assert done.returncode == 0 and not failures, done.stdout + done.stderr
    for game in (g for g in all_games() if g.engine is not None):
        for variant in game.engine.variants:
            assert f"PASS {game.slug}/{variant.slug}: POST matches/ -> 201" in done.stdout, done.stdout
