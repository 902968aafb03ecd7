"""Backups (issue 8 item 8): `make backup` / `make restore FILE=...` (scripts/backup.sh, restore.sh) lose
nothing. Cards, decks, a collection, users with tokens and an uploaded file are written, backed up,
changed, restored (the change is undone and kept in the safety copy), wiped, restored again, and
every row (`dumpdata`) and media file compared. Runs on the suite's database: a SQLite file, or a
throwaway PostgreSQL database (pg_dump/pg_restore) in the PostgreSQL run."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.reliability.conftest import BASE_DIR, is_postgres, manage, pg_create, pg_drop, service_env

pytestmark = pytest.mark.slow

POPULATE = """
from accounts.models import User
from accounts.tokens import token_create
from cards.models import Card
from cards.services import card_import
from decks.services import collection_set, deck_create
from engine.games import get_game
game = get_game("kamelo")
card_import(cards=game.bundled_cards(), game="kamelo", source="kamelo")
alice = User.objects.create_user(username="alice", password="pw-alice", email="alice@example.org")
bob = User.objects.create_user(username="bob", password="pw-bob")
token_create(user=alice, name="backup")
deck_create(owner=alice, name="Wüstenwind", format="kamelo/dufo", list="3 Kamel\\n", public=True)
deck_create(owner=bob, name="Privat", format="kamelo/dufo", list="")
for card in Card.objects.all()[:5]:
    collection_set(owner=alice, card=card, count=2)
"""
SNAPSHOT_EXCLUDE = ["contenttypes", "auth.permission", "admin.logentry", "sessions"]


def snapshot(env: dict[str, str]) -> list[dict]:
    """Every row of the database, sorted (dumpdata's JSON)."""
    rows = json.loads(manage(env, "dumpdata", *[f"--exclude={label}" for label in SNAPSHOT_EXCLUDE]))
    return sorted(rows, key=lambda row: (row["model"], str(row["pk"])))


def files(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def script(name: str, env: dict[str, str], *args: str) -> str:
    done = subprocess.run(
        ["bash", f"scripts/{name}", *args], cwd=BASE_DIR, env=env, capture_output=True, text=True, timeout=180
    )
    assert done.returncode == 0, f"{name} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


def wipe(database_url: str) -> None:
    """Lose the database: delete the SQLite file, or drop and recreate the PostgreSQL database empty."""
    if is_postgres(database_url):
        name = database_url.rsplit("/", 1)[1]
        pg_drop(database_url, name)
        pg_create(database_url, name)
    else:
        for suffix in ("", "-wal", "-shm"):
            Path(database_url.removeprefix("sqlite:///") + suffix).unlink(missing_ok=True)


def test_a_backup_restores_every_row_and_file_after_a_change_and_after_a_wipe(service_db: str, tmp_path: Path) -> None:
    if is_postgres(service_db) and not shutil.which("pg_dump"):
        pytest.skip("pg_dump is not installed")
    media, private = tmp_path / "media", tmp_path / "private"
    env = service_env(
        DATABASE_URL=service_db, MEDIA_ROOT=str(media), PRIVATE_ROOT=str(private),
        BACKUP_DIR=str(tmp_path / "backups"), DEBUG="1",
    )  # fmt: skip
    manage(env, "shell", "-c", POPULATE)
    (media / "cards").mkdir(parents=True)
    (media / "cards" / "kamel.png").write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 40)
    (private / "print_jobs").mkdir(parents=True)
    (private / "print_jobs" / "print-1-0123456789abcdef.pdf").write_bytes(b"%PDF-1.4 a print job")
    before, media_before, private_before = snapshot(env), files(media), files(private)
    assert {row["model"] for row in before} >= {"accounts.user", "cards.card", "decks.deck", "decks.collectionitem"}

    backup = Path(script("backup.sh", env).strip().splitlines()[-1])
    assert backup.parent == tmp_path / "backups" and backup.suffix in (".sqlite3", ".pgdump")
    assert Path(f"{backup.with_suffix('')}.media.tar.gz").exists()
    assert Path(f"{backup.with_suffix('')}.private.tar.gz").exists()

    # A change after the backup: the restore undoes it, and the safety copy taken first still has it.
    manage(env, "shell", "-c", "from accounts.models import User; User.objects.create_user(username='carol')")
    (media / "cards" / "late.png").write_bytes(b"late")
    out = script("restore.sh", env, str(backup))
    assert "current database saved as" in out and list((tmp_path / "backups" / "pre-restore").iterdir())
    assert snapshot(env) == before

    wipe(service_db)
    shutil.rmtree(media), shutil.rmtree(private)
    script("restore.sh", env, str(backup))
    assert snapshot(env) == before
    assert files(media) == media_before and files(private) == private_before
    # The restored database takes new rows (PostgreSQL: the sequences came back too).
    manage(env, "shell", "-c", "from accounts.models import User; User.objects.create_user(username='dave')")


def test_restore_refuses_a_file_that_does_not_fit_the_database(service_db: str, tmp_path: Path) -> None:
    wrong = tmp_path / ("backup.sqlite3" if is_postgres(service_db) else "backup.pgdump")
    wrong.write_bytes(b"not a backup")
    env = service_env(DATABASE_URL=service_db, BACKUP_DIR=str(tmp_path / "backups"), DEBUG="1")
    done = subprocess.run(
        ["bash", "scripts/restore.sh", str(wrong)], cwd=BASE_DIR, env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2 and "does not fit" in done.stderr
    assert not (tmp_path / "backups").exists()  # nothing was touched
