"""Tournaments run in the service (api.md "Tournaments and ratings"): the event, its registered
players with their locked lists, its pairings and their results, the games played and the Elo
ratings they move."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from decks.models import validate_format_slug
from engine.models import Match
from tournaments import elo


class Tournament(models.Model):
    """A Swiss tournament of one format: its organiser (the creator) registers nobody but opens it;
    players register with a deck checked as of ``date``; ``round`` is the round being played (0
    before the start); ``rounds`` null means ceil(log2(players)), fixed at the start. ``seed`` draws
    round 1 and breaks the last ties of the standings."""

    class Status(models.TextChoices):
        REGISTERING = "registering", _("registering")
        RUNNING = "running", _("running")
        FINISHED = "finished", _("finished")

    name = models.CharField(max_length=200)
    format = models.CharField(max_length=40, validators=[validate_format_slug])
    game = models.CharField(max_length=20, editable=False, help_text="the format's game (for filters)")
    date = models.DateField(help_text="the day of the event: decks are checked as of it")
    rounds = models.PositiveSmallIntegerField(null=True, blank=True)
    rated = models.BooleanField(default=True, help_text="its games move the players' Elo ratings")
    public = models.BooleanField(default=True, help_text="listed and readable by everyone")
    best_of = models.PositiveSmallIntegerField(choices=[(1, "best of 1"), (3, "best of 3")], default=1)
    clock_seconds = models.PositiveIntegerField(
        null=True, blank=True, help_text="each seat's time in a pairing played in the service (null: no clock)"
    )
    clock_increment = models.PositiveIntegerField(default=0, help_text="seconds added per turn")
    seed = models.BigIntegerField()
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.REGISTERING)
    round = models.PositiveSmallIntegerField(default=0)
    organiser = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="organised")
    created = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-date", "-id"]
        indexes = [
            models.Index(fields=["game", "status"], name="tournament_game_status"),
            models.Index(fields=["public", "-date"], name="tournament_public_date"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.date.isoformat()})"

    def save(self, *args: object, **kwargs: object) -> None:
        self.game = self.format.split("/", 1)[0]
        super().save(*args, **kwargs)  # type: ignore[arg-type]

    def get_absolute_url(self) -> str:
        return reverse("tournaments:detail", kwargs={"pk": self.pk})


class Player(models.Model):
    """A registered player and the copy of the deck list locked at registration: ``deck_list`` as
    written and ``cards`` resolved (``[{"card": <API card>, "count", "section"}]``), so the list
    stays what was checked whatever happens to the saved deck or the card database."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="players")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="tournament_entries")
    deck_name = models.CharField(max_length=200, blank=True)
    deck_list = models.TextField()
    cards = models.JSONField(default=list)
    dropped = models.BooleanField(default=False)
    dropped_round = models.PositiveSmallIntegerField(null=True, blank=True, help_text="the last round played")
    registered = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "registered", "id"]
        constraints = [models.UniqueConstraint(fields=["tournament", "user"], name="player_unique_user")]

    def __str__(self) -> str:
        return f"{self.user} in {self.tournament}"


class Pairing(models.Model):
    """Two players of a round at a table, or one player's bye (``b`` null, won 2-0, no table).

    ``games`` (a's wins, b's wins, draws) is the final result: confirmed by both players, entered
    by the organiser, or counted from the matches played in the service. Before that ``claim`` is
    the first player's report and ``dispute`` the other's differing one (the organiser decides)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="pairings")
    round = models.PositiveSmallIntegerField()
    table = models.PositiveSmallIntegerField(null=True, blank=True)
    a = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    b = models.ForeignKey(Player, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    games = models.JSONField(null=True, blank=True)
    claim = models.JSONField(null=True, blank=True)
    claimed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    dispute = models.JSONField(null=True, blank=True)
    decided = models.CharField(
        max_length=12,
        blank=True,
        choices=[("bye", "bye"), ("players", "both players"), ("organiser", "the organiser"), ("match", "matches")],
    )

    class Meta:
        ordering = ["tournament", "round", "table", "id"]
        constraints = [models.UniqueConstraint(fields=["tournament", "round", "a"], name="pairing_unique_a")]

    def __str__(self) -> str:
        return f"round {self.round}, table {self.table}: {self.a} vs {self.b}"

    @property
    def final(self) -> bool:
        return self.games is not None

    def side_of(self, user_id: int | None) -> int | None:
        """0 for player a's user, 1 for b's, None for anyone else."""
        if user_id is not None and self.a.user_id == user_id:
            return 0
        if user_id is not None and self.b is not None and self.b.user_id == user_id:
            return 1
        return None


class PairingMatch(models.Model):
    """One game of a pairing played as a match in the service (``number`` 1, 2, 3 in best of 3)."""

    pairing = models.ForeignKey(Pairing, on_delete=models.CASCADE, related_name="matches")
    match = models.OneToOneField(Match, on_delete=models.CASCADE, related_name="pairing_game")
    number = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["pairing", "number"]
        constraints = [models.UniqueConstraint(fields=["pairing", "number"], name="pairingmatch_unique_number")]

    def __str__(self) -> str:
        return f"game {self.number} of {self.pairing}"


class Rating(models.Model):
    """A user's Elo rating in one game (start 1500) and the rated games it counts."""

    game = models.CharField(max_length=20)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings")
    rating = models.FloatField(default=elo.START)
    games = models.PositiveIntegerField(default=0)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["game", "-rating", "user_id"]
        constraints = [models.UniqueConstraint(fields=["game", "user"], name="rating_unique_user")]

    def __str__(self) -> str:
        return f"{self.user} {self.game}: {self.rating:.0f}"


class PlayedGame(models.Model):
    """One game between two users, with both ratings as they stood before it and the change it made
    (0 when it was not rated), so that "the Elo when the game was played" is exact. A tournament
    game belongs to its pairing (``number`` within it); a rated match also names its match."""

    game = models.CharField(max_length=20)
    played = models.DateTimeField()
    pairing = models.ForeignKey(Pairing, null=True, blank=True, on_delete=models.CASCADE, related_name="played")
    match = models.ForeignKey(Match, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    number = models.PositiveSmallIntegerField(default=1)
    player_a = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    player_b = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    winner = models.PositiveSmallIntegerField(null=True, blank=True, choices=[(0, "a"), (1, "b")])
    rating_a = models.FloatField()
    rating_b = models.FloatField()
    change_a = models.FloatField(default=0)
    change_b = models.FloatField(default=0)
    rated = models.BooleanField()

    class Meta:
        ordering = ["played", "id"]
        indexes = [models.Index(fields=["game", "played"], name="playedgame_game_played")]

    def __str__(self) -> str:
        return f"{self.player_a} vs {self.player_b} ({self.game})"
