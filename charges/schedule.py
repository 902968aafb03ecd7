"""The Celery beat schedule of the charge update: on the 1st and the 15th of each month at 04:00.

The seed updates charges about twice a month (E7). config/settings.py takes it over when REDIS_URL
is set: ``CELERY_BEAT_SCHEDULE = {**CHARGE_BEAT_SCHEDULE}``. Without Redis, cron does the same:
``0 4 1,15 * * cd /srv/kartothek && .venv/bin/python manage.py recompute_charges --game eredan``.
"""

from __future__ import annotations

from typing import Any

from celery.schedules import crontab

CHARGE_BEAT_SCHEDULE: dict[str, dict[str, Any]] = {
    "charges-recompute-eredan": {
        "task": "charges.recompute",
        "schedule": crontab(minute=0, hour=4, day_of_month="1,15"),
        "kwargs": {"game": "eredan"},
    },
}
