# Kartothek: the README's two commands are `make run` and `make test`.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
PYTHON := $(BIN)/python
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test lint bench serve setup venv deps-dev browser migrate cards clean

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

venv: $(BIN)/python

# Runtime dependencies only; a stamp file avoids re-running pip when nothing changed.
$(VENV)/.deps: requirements.txt | $(BIN)/python
	$(BIN)/pip install --quiet -r requirements.txt
	touch $@

$(VENV)/.deps-dev: requirements.txt requirements-dev.txt | $(BIN)/python
	$(BIN)/pip install --quiet -r requirements-dev.txt
	touch $@ $(VENV)/.deps

deps-dev: $(VENV)/.deps-dev

migrate: $(VENV)/.deps
	$(PYTHON) manage.py migrate --noinput

cards: migrate
	$(PYTHON) manage.py import_cards

setup: cards

run: setup
	$(PYTHON) manage.py runserver $(HOST):$(PORT)

# Debian's chromium for the browser tests (Playwright cannot download browsers here).
browser:
	@command -v chromium >/dev/null 2>&1 || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null)

test: deps-dev browser
	bash scripts/test.sh

lint: deps-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

bench: deps-dev
	bash scripts/bench.sh

clean:
	rm -rf $(VENV) db.sqlite3* media staticfiles

# Production: gunicorn with config/gunicorn.conf.py after migrate, collectstatic and import_cards
# (DEBUG=0 by default: set SECRET_KEY and ALLOWED_HOSTS; docs/production.md).
.PHONY: serve backup restore
serve: $(VENV)/.deps
	HOST=$(HOST) PORT=$(PORT) bash scripts/serve.sh

# Backups into var/backups (BACKUP_DIR): SQLite online backup or pg_dump -Fc, plus the media.
backup: $(VENV)/.deps
	bash scripts/backup.sh

restore: $(VENV)/.deps
	@test -n "$(FILE)" || (echo "usage: make restore FILE=var/backups/<stamp>.sqlite3" >&2; exit 2)
	bash scripts/restore.sh "$(FILE)"
