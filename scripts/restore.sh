#!/usr/bin/env bash
# make restore FILE=var/backups/<stamp>.sqlite3 (or .pgdump): put a backup of scripts/backup.sh back
# into the database the service uses, its media archive (<stamp>.media.tar.gz) into MEDIA_ROOT and its private one (print PDFs) into PRIVATE_ROOT.
# The current database is backed up first (its path is printed), so a wrong restore can be undone.
#   SQLite      the online backup API copies FILE over the live database (readers see old or new,
#               never half); the service may keep running.
#   PostgreSQL  pg_restore --clean --if-exists in one transaction; stop gunicorn and the workers
#               first, and restore into an empty database (dropdb/createdb) to drop tables that
#               newer migrations added. Run `manage.py migrate` afterwards if the code is newer.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# shellcheck source=scripts/backup.sh
source scripts/backup.sh

FILE="${1:-${FILE:-}}"
if [ -z "$FILE" ] || [ ! -f "$FILE" ]; then
  echo "usage: scripts/restore.sh FILE (a .sqlite3 or .pgdump file of scripts/backup.sh)" >&2
  exit 2
fi
db_env
case "$DB_ENGINE:$FILE" in
  sqlite3:*.sqlite3) ;;
  postgresql:*.pgdump) ;;
  *) echo "restore: $FILE does not fit the $DB_ENGINE database" >&2; exit 2 ;;
esac

if [ "${RESTORE_SKIP_SAFETY_BACKUP:-0}" != "1" ] && { [ "$DB_ENGINE" != sqlite3 ] || [ -f "$DB_NAME" ]; }; then
  echo "current database saved as $(BACKUP_DIR="$BACKUP_DIR/pre-restore" backup)"
fi
case "$DB_ENGINE" in
  sqlite3) mkdir -p "$(dirname "$DB_NAME")"; "$PY" - "$FILE" "$DB_NAME" <<'PYEOF'
import sqlite3, sys
src, dst = sqlite3.connect(sys.argv[1]), sqlite3.connect(sys.argv[2], timeout=60)
(check,) = src.execute("PRAGMA integrity_check").fetchone()
if check != "ok":
    sys.exit(f"the backup fails its integrity check: {check}")
src.backup(dst)
dst.execute("PRAGMA journal_mode=WAL")
src.close(); dst.close()
PYEOF
  ;;
  postgresql) pg_restore --clean --if-exists --no-owner --no-privileges --single-transaction -d "$PGDATABASE" "$FILE" ;;
esac

# Unpack the archive <stamp>.$1.tar.gz, if the backup has one, into the folder $2.
restore_folder() {
  local archive="${FILE%.*}.$1.tar.gz"
  if [ -f "$archive" ]; then
    mkdir -p "$2"
    tar -xzf "$archive" -C "$2"
  fi
}
restore_folder media "$MEDIA_ROOT"
restore_folder private "$PRIVATE_ROOT"
echo "restored $FILE"
