"""Saved decks and collections: what a player keeps on the service."""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MinValueValidator
from django.db import models
from django.urls import reverse

from engine.games import get_format


def validate_format_slug(value: str) -> None:
    """A format slug the engine knows (`eredan/standard`, `kamelo/dufo`, ...)."""
    try:
        get_format(value)
    except KeyError:
        raise ValidationError(f"unknown format {value!r}", code="unknown_format") from None


class Deck(models.Model):
    """A deck list saved by its owner, private unless `public` (read-only sharing).

    `list` keeps the text the player wrote (api.md's list syntax); cards are resolved when the deck
    is validated, so a renamed or re-imported card never breaks a saved deck. `version` grows with
    every edit and is the deck's ETag, so two tabs never silently overwrite each other.
    """

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="decks")
    name = models.CharField(max_length=200)
    format = models.CharField(max_length=40, validators=[validate_format_slug])
    list = models.TextField(blank=True)
    public = models.BooleanField(default=False)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)
    version = models.PositiveIntegerField(default=1, editable=False)

    class Meta:
        ordering = ["-updated", "-id"]
        indexes = [
            models.Index(fields=["owner", "-updated"], name="deck_owner_updated"),
            models.Index(fields=["public", "-updated"], name="deck_public_updated"),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("decks:detail", kwargs={"pk": self.pk})

    @property
    def game(self) -> str:
        """The game slug of the deck's format."""
        return self.format.split("/", 1)[0]

    @property
    def etag(self) -> str:
        """The strong ETag of this version of the deck."""
        return f'"deck-{self.pk}-v{self.version}"'


class CollectionItem(models.Model):
    """How many copies of one card a user owns (a count of 0 is never stored)."""

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="collection")
    card = models.ForeignKey("cards.Card", on_delete=models.CASCADE, related_name="+")
    count = models.PositiveIntegerField(validators=[MinValueValidator(0)])

    class Meta:
        ordering = ["card__game__position", "card__name_folded"]
        constraints = [models.UniqueConstraint(fields=["owner", "card"], name="collection_unique_card")]

    def __str__(self) -> str:
        return f"{self.count} x {self.card}"
