"""Print jobs: large print sheets rendered in the background (issue 6 item 5)."""

from __future__ import annotations

import secrets
from typing import Any

from django.conf import settings
from django.core.files.storage import FileSystemStorage
from django.db import models
from django.urls import reverse
from django.utils.functional import cached_property


class PrivateStorage(FileSystemStorage):
    """Files under ``settings.PRIVATE_ROOT``, outside the public media: they have no URL, so only a
    view that checks the owner can hand them out. The folder is read when first used (and again
    when a test changes the setting), like FileSystemStorage's MEDIA_ROOT."""

    def __init__(self) -> None:
        super().__init__(base_url=None)

    @cached_property
    def base_location(self) -> str:
        return str(settings.PRIVATE_ROOT)

    def url(self, name: str | None) -> str:
        raise ValueError("private files have no URL; the API serves them to their owner")

    def _clear_cached_properties(self, setting: str, **kwargs: object) -> None:
        super()._clear_cached_properties(setting, **kwargs)  # type: ignore[arg-type]  # any setting, as Django sends them
        if setting == "PRIVATE_ROOT":
            self.__dict__.pop("base_location", None)
            self.__dict__.pop("location", None)


_PRIVATE = PrivateStorage()


def private_storage() -> PrivateStorage:
    """The storage of the print job PDFs (a callable, so migrations name it rather than a path)."""
    return _PRIVATE


def job_pdf_path(job: PrintJob, filename: str) -> str:
    """``print_jobs/print-<id>-<random>.pdf``: unguessable even if the folder were ever served."""
    return f"print_jobs/print-{job.pk}-{secrets.token_hex(8)}.pdf"


class PrintJob(models.Model):
    """A print sheet rendered by a Celery worker; its owner polls the progress and fetches the PDF.

    ``cards`` keeps the resolved cards in print order as ``[game, slug]`` pairs and ``options`` the
    request's option dict, so the worker prints exactly what was asked even if a deck changes.
    """

    class Status(models.TextChoices):
        QUEUED = "queued"
        RUNNING = "running"
        DONE = "done"
        FAILED = "failed"

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="print_jobs")
    title = models.CharField(max_length=200, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED)
    total = models.PositiveIntegerField(default=0)
    done = models.PositiveIntegerField(default=0)
    cards = models.JSONField(default=list)
    options = models.JSONField(default=dict)
    pdf = models.FileField(upload_to=job_pdf_path, storage=private_storage, blank=True)
    error = models.TextField(blank=True)
    created = models.DateTimeField(auto_now_add=True)
    finished = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created", "-id"]
        indexes = [models.Index(fields=["owner", "-created"], name="printjob_owner_created")]

    def __str__(self) -> str:
        return f"{self.title or 'Print job'} ({self.status})"

    def get_absolute_url(self) -> str:
        return reverse("printing:job", kwargs={"pk": self.pk})

    @property
    def progress(self) -> int:
        """Percent of the cards placed (100 once done)."""
        if self.status == self.Status.DONE:
            return 100
        return int(100 * self.done / self.total) if self.total else 0

    def to_dict(self) -> dict[str, Any]:
        """The job as `GET print/jobs/{id}/` answers it."""
        return {
            "id": self.pk,
            "title": self.title,
            "status": self.status,
            "total": self.total,
            "done": self.done,
            "progress": self.progress,
            "error": self.error or None,
            "pdf": reverse("printing-api:job-pdf", kwargs={"pk": self.pk}) if self.status == self.Status.DONE else None,
            "created": self.created.isoformat() if self.created else None,
            "finished": self.finished.isoformat() if self.finished else None,
        }
