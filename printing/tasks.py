"""Celery tasks of the printing app (run eagerly in-process when REDIS_URL is not set)."""

from __future__ import annotations

from config.celery import app
from printing.models import PrintJob


@app.task(name="printing.print_job")
def print_job_task(job_id: int) -> None:
    """Render the print job ``job_id`` (a job deleted meanwhile is skipped)."""
    from printing.services import print_job_run

    job = PrintJob.objects.filter(pk=job_id).first()
    if job is not None:
        print_job_run(job=job)
