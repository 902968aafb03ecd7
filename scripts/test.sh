#!/usr/bin/env bash
# The whole suite on SQLite, then again on PostgreSQL when one answers (TEST_POSTGRES_URL, default
# the local server). pytest's "no tests collected" (exit 5) is not a failure. Extra arguments go to
# pytest, e.g. `make test ARGS="tests/cards -x"`.
set -uo pipefail
cd "$(dirname "$0")/.."
PY=.venv/bin/python
# A database name of its own per run, so two runs on one server never share test databases.
PG_URL="${TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/kartothek_run$$}"

run() {
  "$PY" -m pytest -n "${TEST_WORKERS:-2}" "$@"
  local rc=$?
  if [ $rc -eq 5 ]; then echo "no tests collected"; rc=0; fi
  return $rc
}

echo "== SQLite"
DATABASE_URL= run "$@"
rc=$?

if [ "${SKIP_POSTGRES:-}" != "1" ] && "$PY" - "$PG_URL" <<'PYEOF'
import sys
import psycopg
try:
    psycopg.connect(sys.argv[1].rsplit("/", 1)[0] + "/postgres", connect_timeout=3).close()
except Exception as exc:
    print(f"PostgreSQL not reachable ({exc}); skipping the PostgreSQL run")
    sys.exit(1)
PYEOF
then
  echo "== PostgreSQL ($PG_URL)"
  # The pure engine (tests/engine) never touches a database: once, on SQLite, is enough.
  DATABASE_URL="$PG_URL" run -m "not browser" --ignore=tests/engine "$@"
  rc_pg=$?
  [ $rc -eq 0 ] && rc=$rc_pg
fi
exit $rc
