#!/usr/bin/env bash
# Production start (make serve): migrate, collect static files, import the bundled cards, then gunicorn
# with config/gunicorn.conf.py. DEBUG defaults to 0 here, so SECRET_KEY and ALLOWED_HOSTS must be set;
# everything else comes from the environment as well (docs/production.md).
set -euo pipefail
cd "$(dirname "$0")/.."
PY="${PYTHON:-.venv/bin/python}"
export DEBUG="${DEBUG:-0}"
if [ "$DEBUG" = "0" ] && [ -z "${SECRET_KEY:-}" ]; then
  echo "serve: set SECRET_KEY (and ALLOWED_HOSTS); see docs/production.md" >&2
  exit 2
fi
"$PY" manage.py migrate --noinput
"$PY" manage.py collectstatic --noinput --verbosity 0
"$PY" manage.py import_cards --no-progress
exec "$(dirname "$PY")/gunicorn" -c config/gunicorn.conf.py config.wsgi
