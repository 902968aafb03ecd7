"""The Celery beat schedule of the charge update: on the 1st and the 15th of each month at 04:00.

The seed updates charges about twice a month (E7). config/settings.py takes it over when REDIS_URL
is set: ``CELERY_BEAT_SCHEDULE = {**CHARGE_BEAT_SCHEDULE}``. Without Redis, cron does the same:
``0 4 1,15 * * cd /srv/kartothek && .venv/bin/python manage.py recompute_charges --game <game>``
for each game with charges (a points system, ``engine.core.points``)..
"""

from __future__ import annotations

from typing import Any

from celery.schedules import crontab

from engine.games import all_games

CHARGE_BEAT_SCHEDULE: dict[str, dict[str, Any]] = {
    f"charges-recompute-{game.slug}": {
        "task": "charges.recompute",
        "schedule": crontab(minute=0, hour=4, day_of_month="1,15"),
        "kwargs": {"game": game.slug},
    }
    for game in all_games()
    if game.points is not None
}
