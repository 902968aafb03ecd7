#!/usr/bin/env bash
# Production start (make serve): migrate, collect static files, import the bundled cards, then gunicorn
# with config/gunicorn.conf.py and uvicorn workers (ASGI). DEBUG defaults to 0 here, so SECRET_KEY and ALLOWED_HOSTS must be set;
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
# The ASGI application (pages, API and the live matches' WebSockets) in uvicorn workers. Without Redis
# the channel layer lives in one process, so one worker serves everything; with REDIS_URL any number.
if [ -z "${REDIS_URL:-}" ]; then export GUNICORN_WORKERS="${GUNICORN_WORKERS:-1}"; fi
exec "$(dirname "$PY")/gunicorn" -c config/gunicorn.conf.py --worker-class uvicorn_worker.UvicornWorker config.asgi:application
