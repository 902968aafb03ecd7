"""What the live pages add to a match: whether its owner made it public, and its clock."""

from __future__ import annotations

from django.db import models

from engine.models import Match


class LiveMatch(models.Model):
    """A match's live settings: ``public`` (listed and replayable for anyone once finished) and the
    optional clock: ``clock_ms`` per seat with ``increment_ms`` after each of its actions;
    ``remaining`` (ms per seat) as of ``since``, when ``running`` (the seat to act) started."""

    match = models.OneToOneField(Match, primary_key=True, on_delete=models.CASCADE, related_name="live")
    public = models.BooleanField(default=False)
    clock_ms = models.PositiveIntegerField(null=True, blank=True, help_text="each seat's budget; null: no clock")
    increment_ms = models.PositiveIntegerField(default=0)
    remaining = models.JSONField(default=list, blank=True)
    running = models.PositiveSmallIntegerField(null=True, blank=True)
    since = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"live {self.match_id}"
