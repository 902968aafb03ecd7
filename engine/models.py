"""The Django adapter's tables: matches, their seats, the append-only action log, idempotency records.

The engine's own state lives in ``Match.state`` (``engine.core.match.Match.to_json()``), so the
database never duplicates the rules: a row is restored with ``game.engine.from_json(state)``.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.urls import reverse


class Match(models.Model):
    """One match of a game: its seed, options, the dealt decks and the engine's whole state.

    ``version`` is the number of accepted actions (every one bumps it, api.md); ``decks`` keeps the
    resolved decks (cards in the API shape) so the log can be replayed bit for bit on a new match
    even after the card database changed.
    """

    game = models.CharField(max_length=20)
    variant = models.CharField(max_length=40)
    rules_version = models.PositiveIntegerField(
        default=1, help_text="the game engine's rules_version when the match was dealt (replays need it)"
    )
    seed = models.BigIntegerField()
    options = models.JSONField(default=dict, blank=True)
    decks = models.JSONField(default=list, blank=True)
    state = models.JSONField(default=dict)
    version = models.PositiveIntegerField(default=0)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="matches_created"
    )
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)
    finished = models.BooleanField(default=False)
    result = models.JSONField(null=True, blank=True)
    rated = models.BooleanField(
        default=False, help_text="once finished between two people, it moves their Elo ratings (api.md)"
    )

    class Meta:
        ordering = ["-updated", "-id"]
        verbose_name_plural = "matches"

    def __str__(self) -> str:
        return f"{self.game}/{self.variant} #{self.pk}"

    def get_absolute_url(self) -> str:
        return reverse("matches:detail", kwargs={"pk": self.pk})


class Seat(models.Model):
    """A player of a match: a human (with the one user who sees its hand and acts for it) or the AI."""

    class Kind(models.TextChoices):
        HUMAN = "human", "human"
        AI = "ai", "AI"

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=5, choices=Kind.choices)
    behaviour = models.CharField(max_length=40, blank=True)
    # a search player's budget (engine.core.mcts, api.md): playouts (deterministic) or milliseconds
    budget_ms = models.PositiveIntegerField(null=True, blank=True)
    playouts = models.PositiveIntegerField(null=True, blank=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="seats"
    )

    class Meta:
        ordering = ["match", "index"]
        constraints = [models.UniqueConstraint(fields=["match", "index"], name="seat_unique_index")]

    def __str__(self) -> str:
        who = self.behaviour if self.kind == self.Kind.AI else getattr(self.user, "username", "?")
        return f"seat {self.index} ({self.kind}: {who})"


class AppendOnly(Exception):
    """An attempt to change or delete a logged action (the log is append-only)."""


class MatchAction(models.Model):
    """One accepted action, in order: ``seq`` is the match's version right after it (1, 2, ...).

    Append-only: a saved row is never changed nor deleted on its own (a match's deletion takes its
    log with it). ``action`` is ``Action.to_json()``: id, label, params. ``public`` is what the
    other seats and spectators saw of it while the match ran (the engine's ``public_action``;
    null when that is the action itself).
    """

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="actions")
    seq = models.PositiveIntegerField()
    player = models.PositiveSmallIntegerField()
    action = models.JSONField()
    public = models.JSONField(null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "seq"]
        constraints = [models.UniqueConstraint(fields=["match", "seq"], name="matchaction_unique_seq")]

    def __str__(self) -> str:
        return f"#{self.seq} P{self.player}: {self.action.get('id')}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            raise AppendOnly(f"action {self.seq} of match {self.match_id} is logged and cannot change")
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> tuple[int, dict[str, int]]:
        raise AppendOnly(f"action {self.seq} of match {self.match_id} is logged and cannot be deleted")


class IdempotencyRecord(models.Model):
    """The first answer to a request sent with an ``Idempotency-Key``: a retry gets it again.

    Unique per user and key; ``request_hash`` tells a retry (same body, same match) from a reuse of
    the key for another request (422).
    """

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    match = models.ForeignKey(Match, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    key = models.CharField(max_length=255)
    request_hash = models.CharField(max_length=64)
    status = models.PositiveSmallIntegerField()
    body = models.JSONField()
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "key"], name="idempotency_unique_user_key")]

    def __str__(self) -> str:
        return f"{self.key} ({self.status})"


class SeatInvitation(models.Model):
    """A human seat offered to another user, who accepts or declines it (issue 19 item 4).

    Nobody is seated without consent: the seat stays empty (``Seat.user`` null) until the invitee
    accepts, and the match starts (the AI's first moves, the first action) only once every
    invitation of it is accepted. ``user`` is null when the name the creator wrote matches no
    account: such an invitation is never answered and lapses at ``expires`` like any unanswered
    one, so the creator learns nothing about which names exist.
    """

    class Status(models.TextChoices):
        PENDING = "pending"
        ACCEPTED = "accepted"
        DECLINED = "declined"

    seat = models.OneToOneField(Seat, on_delete=models.CASCADE, related_name="invitation")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="seat_invitations"
    )
    username = models.CharField(max_length=150, help_text="the name as the match's creator wrote it")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    created = models.DateTimeField(auto_now_add=True)
    expires = models.DateTimeField()
    answered = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created", "-id"]
        indexes = [models.Index(fields=["user", "status"], name="invitation_user_status")]

    def __str__(self) -> str:
        return f"{self.username} for seat {self.seat_id} ({self.status})"
