"""The Django project of Kartothek.

The Celery app is loaded with Django so that `@shared_task` binds to it and `celery -A config`
finds it (config/celery.py).
"""

from config.celery import app as celery_app

__all__ = ["celery_app"]
