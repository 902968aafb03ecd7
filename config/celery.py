"""The Celery app: background print jobs and charge updates when REDIS_URL is set.

Without REDIS_URL tasks run eagerly in the calling process (CELERY_TASK_ALWAYS_EAGER).
"""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
app = Celery("kartothek")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
