#!/usr/bin/env bash
# make backup: one consistent copy of the database (and the uploaded media) into BACKUP_DIR
# (default var/backups), named by the UTC time:
#   SQLite      <stamp>.sqlite3   python's sqlite3 online backup (safe while the service writes)
#   PostgreSQL  <stamp>.pgdump    pg_dump -Fc (custom format, for pg_restore)
#   media       <stamp>.media.tar.gz when MEDIA_ROOT holds files (card images)
#   private     <stamp>.private.tar.gz when PRIVATE_ROOT holds files (print job PDFs)
# It prints the path of the database copy; scripts/restore.sh FILE puts it back (docs/production.md).
# The database is the one the service uses: DATABASE_URL, else the SQLite file db.sqlite3.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
PY="${PYTHON:-.venv/bin/python}"
BACKUP_DIR="${BACKUP_DIR:-var/backups}"

# Sets DB_ENGINE (sqlite3|postgresql), DB_NAME, MEDIA_ROOT and the PG* variables from the settings.
db_env() {
  eval "$(DEBUG=1 "$PY" - <<'PYEOF'
import os, shlex
os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"
from django.conf import settings
db = settings.DATABASES["default"]
values = {"DB_ENGINE": db["ENGINE"].rsplit(".", 1)[-1], "DB_NAME": str(db["NAME"]), "MEDIA_ROOT": str(settings.MEDIA_ROOT),
          "PRIVATE_ROOT": str(settings.PRIVATE_ROOT)}
if values["DB_ENGINE"] == "postgresql":
    values |= {"PGHOST": db.get("HOST") or "", "PGPORT": str(db.get("PORT") or ""), "PGUSER": db.get("USER") or "",
               "PGPASSWORD": db.get("PASSWORD") or "", "PGDATABASE": db["NAME"]}
for key, value in values.items():
    if value:
        print(f"export {key}={shlex.quote(value)}")
PYEOF
)"
}

# Copy the SQLite database $1 to $2 with the online backup API, check it, leave it self-contained.
sqlite_copy() {
  "$PY" - "$1" "$2" <<'PYEOF'
import os, sqlite3, sys
source, target = sys.argv[1], sys.argv[2]
if not os.path.exists(source):
    sys.exit(f"no SQLite database at {source}")
partial = target + ".part"
src, dst = sqlite3.connect(source, timeout=60), sqlite3.connect(partial)
src.backup(dst, pages=1024)  # in steps: writers are held up only briefly
src.close()
(check,) = dst.execute("PRAGMA integrity_check").fetchone()
if check != "ok":
    sys.exit(f"integrity check of the copy failed: {check}")
dst.execute("PRAGMA journal_mode=DELETE")  # one file, no -wal beside it
dst.close()
os.replace(partial, target)
PYEOF
}

# Archive the folder $2 as $1.$3.tar.gz next to the database copy $1 (nothing when it is empty or absent).
folder_backup() {
  if [ -d "$2" ] && [ -n "$(ls -A "$2")" ]; then
    tar -czf "$1.$3.tar.gz" -C "$2" .
  fi
}

backup() {
  db_env
  mkdir -p "$BACKUP_DIR"
  local stamp target
  stamp="$(date -u +%Y%m%dT%H%M%S.%3NZ)"
  case "$DB_ENGINE" in
    sqlite3) target="$BACKUP_DIR/$stamp.sqlite3"; sqlite_copy "$DB_NAME" "$target" ;;
    postgresql) target="$BACKUP_DIR/$stamp.pgdump"; pg_dump -Fc --no-owner -f "$target.part" && mv "$target.part" "$target" ;;
    *) echo "backup: unsupported database engine $DB_ENGINE" >&2; return 2 ;;
  esac
  folder_backup "$BACKUP_DIR/$stamp" "$MEDIA_ROOT" media
  folder_backup "$BACKUP_DIR/$stamp" "$PRIVATE_ROOT" private
  echo "$target"
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  backup
fi
