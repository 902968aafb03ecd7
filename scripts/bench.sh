#!/usr/bin/env bash
# Runs every benchmark in bench/; each prints `BENCH <name> <value> <unit>` lines.
set -euo pipefail
cd "$(dirname "$0")/.."
for b in bench/*.py; do
  case "$(basename "$b")" in _*) continue ;; esac
  echo "== $b"
  case "$(basename "$b")" in
    # 200 games of mcts per variant take about a day: each run plays what its deadline allows and
    # keeps the games in a committed file, so the figures grow run by run (bench/ai.py's docstring).
    ai.py) .venv/bin/python "$b" --deadline "${BENCH_AI_SECONDS:-900}" --results bench/results/ai.jsonl ;;
    *) .venv/bin/python "$b" ;;
  esac
done
