"""Tournaments and their games (E7's input), the versioned charge lists (E6), administrators' pins."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q

from cards.models import Card, Game
from engine.games import UnknownGameError, get_game


class Tournament(models.Model):
    """A tournament of one format (E7 counts the last 8 of the points system's format); unique by name and date."""

    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="tournaments")
    name = models.CharField(max_length=200)
    date = models.DateField()
    format = models.CharField(max_length=40)
    imported = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-date", "name"]
        constraints = [models.UniqueConstraint(fields=["name", "date"], name="tournament_unique_name_date")]
        indexes = [models.Index(fields=["format", "date"], name="tournament_format_date")]

    def __str__(self) -> str:
        return f"{self.name} ({self.date.isoformat()})"


class TournamentGame(models.Model):
    """One game of a tournament: two players (name, Elo at the time, deck as card slugs), the winner.

    Decks are stored compactly as JSON lists of slugs, as the import file has them; the charge
    update reads thousands of games in one query. ``winner`` is 0 or 1, or null for a draw.
    """

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="games")
    number = models.PositiveIntegerField(help_text="position of the game in the tournament's file")
    player0_name = models.CharField(max_length=100)
    player0_elo = models.PositiveIntegerField()
    player0_deck = models.JSONField(default=list)
    player1_name = models.CharField(max_length=100)
    player1_elo = models.PositiveIntegerField()
    player1_deck = models.JSONField(default=list)
    winner = models.PositiveSmallIntegerField(null=True, blank=True, choices=[(0, "player 0"), (1, "player 1")])

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [models.UniqueConstraint(fields=["tournament", "number"], name="tournamentgame_unique_number")]

    def __str__(self) -> str:
        return f"{self.tournament}: {self.player0_name} vs {self.player1_name}"


class ChargeList(models.Model):
    """One charge update (E7) of a game, dated: every past list is kept so old decks can be re-checked."""

    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="charge_lists")
    date = models.DateField()
    parameters = models.JSONField(default=dict, help_text="the constants and tournaments this list was computed with")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-date", "-created", "-id"]
        indexes = [models.Index(fields=["game", "date"], name="chargelist_game_date")]

    def __str__(self) -> str:
        return f"{self.game.slug} charges of {self.date.isoformat()}"


class ChargeValue(models.Model):
    """The charge of one card in one list (bulk-inserted by the update)."""

    list = models.ForeignKey(ChargeList, on_delete=models.CASCADE, related_name="values")
    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="charge_values")
    charge = models.IntegerField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["list", "card"], name="chargevalue_unique_card")]
        indexes = [models.Index(fields=["card", "list"], name="chargevalue_card_list")]

    def __str__(self) -> str:
        return f"{self.card.slug}: {self.charge}"


class ChargePin(models.Model):
    """An administrator's pin of a card's charge, or a ban of the card in a format (E7).

    An active pin overrides the formula in every later update and, from its creation on, the list
    in force; a ban makes the format refuse the card (``banned_card``). Deactivate instead of
    deleting, so that who pinned what, when and why stays on record.
    """

    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="charge_pins")
    format = models.CharField(max_length=40, blank=True)  # blank: the format whose tournaments count
    charge = models.IntegerField(null=True, blank=True, help_text="the pinned charge (empty for a ban only)")
    banned = models.BooleanField(default=False, help_text="ban the card in the format")
    reason = models.TextField(blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="charge_pins"
    )
    created = models.DateTimeField(auto_now_add=True)
    active = models.BooleanField(default=True)

    class Meta:
        ordering = ["-created", "-id"]
        constraints = [
            models.CheckConstraint(condition=Q(charge__isnull=False) | Q(banned=True), name="chargepin_pins_or_bans"),
        ]
        indexes = [models.Index(fields=["active", "format"], name="chargepin_active_format")]

    def __str__(self) -> str:
        what = "banned" if self.banned else f"pinned at {self.charge}"
        return f"{self.card.slug} {what} in {self.format}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.format = self.format or counted_format(self.card.game.slug)
        super().save(*args, **kwargs)

    def clean(self) -> None:
        """A pin sets a charge or bans (or both), for a format of the card's game (blank: the one
        whose tournaments count)."""
        if self.card_id:
            self.format = self.format or counted_format(self.card.game.slug)
        if self.charge is None and not self.banned:
            raise ValidationError({"charge": "give a charge to pin, or tick banned"})
        if self.charge is not None and self.charge < 0:
            raise ValidationError({"charge": "a charge is never negative"})
        if self.card_id and not self.format.startswith(f"{self.card.game.slug}/"):
            raise ValidationError({"format": f"{self.format} is not a format of {self.card.game.slug}"})


def counted_format(game: str) -> str:
    """The format whose tournaments count for ``game``'s charges ("" for a game without)."""
    try:
        system = get_game(game).points
    except UnknownGameError:
        return ""
    return system.format if system is not None else ""
