"""Celery tasks of the printing app (run eagerly in-process when REDIS_URL is not set): they call
the services, which hand their jobs here through ``config.queue`` (plugged in below)."""

from __future__ import annotations

from config.celery import app
from config.queue import plug
from printing.models import PrintJob
from printing.services import PRINT_JOB, print_job_run


@app.task(name=PRINT_JOB)
def print_job_task(job_id: int) -> None:
    """Render the print job ``job_id`` (a job deleted meanwhile is skipped)."""
    job = PrintJob.objects.filter(pk=job_id).first()
    if job is not None:
        print_job_run(job=job)


plug(PRINT_JOB, print_job_task.delay)
