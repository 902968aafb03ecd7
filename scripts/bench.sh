#!/usr/bin/env bash
# Runs every benchmark in bench/; each prints `BENCH <name> <value> <unit>` lines.
set -euo pipefail
cd "$(dirname "$0")/.."
for b in bench/*.py; do
  case "$(basename "$b")" in _*) continue ;; esac
  echo "== $b"
  .venv/bin/python "$b"
done
