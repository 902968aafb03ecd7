"""Requests and answers of the tournaments API (api.md "Tournaments and ratings"). The answers are
built by ``tournaments.selectors``; these serializers document them for the OpenAPI schema."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from engine.games import SLUGS
from tournaments.models import Tournament
from tournaments.services.events import MAX_ROUNDS

GAMES = sorted(SLUGS)


class TournamentClockSerializer(serializers.Serializer):
    """Each seat's time in a pairing played in the service, and the seconds added per turn."""

    seconds = serializers.IntegerField(min_value=1, max_value=24 * 3600)
    increment = serializers.IntegerField(min_value=0, max_value=3600, default=0)


class TournamentCreateSerializer(serializers.Serializer):
    """``POST tournaments/``."""

    name = serializers.CharField(max_length=200)
    format = serializers.CharField(max_length=40, help_text="a format slug: <game>/<name>")
    date = serializers.DateField(help_text="the day of the event: decks are checked as of it")
    rounds = serializers.IntegerField(
        min_value=1, max_value=MAX_ROUNDS, required=False, allow_null=True, default=None,
        help_text="null: ceil(log2(players)), fixed at the start",
    )  # fmt: skip
    rated = serializers.BooleanField(required=False, default=True)
    public = serializers.BooleanField(required=False, default=True, help_text="false: unlisted, read by its link")
    best_of = serializers.ChoiceField(choices=[1, 3], required=False, default=1)
    seed = serializers.IntegerField(required=False, allow_null=True, default=None, min_value=0, max_value=2**31 - 1)
    clock = TournamentClockSerializer(required=False, allow_null=True, default=None)


@extend_schema_field(
    {
        "oneOf": [
            {"type": "integer", "description": "a saved deck's id (yours, or a public one)"},
            {
                "type": "object",
                "properties": {"list": {"type": "string"}, "name": {"type": "string"}},
                "required": ["list"],
            },
        ]
    }
)
class DeckChoiceField(serializers.Field):
    """A saved deck's id, or ``{"list": ...}``."""

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, int) and not isinstance(data, bool):
            return data
        if isinstance(data, dict) and isinstance(data.get("list"), str) and len(data["list"]) <= 20_000:
            name = str(data.get("name") or "")[:200]
            if "\x00" in data["list"] + name:
                raise serializers.ValidationError("a deck list cannot hold NUL characters")
            return {"list": data["list"], "name": name}
        raise serializers.ValidationError('give a saved deck\'s id or {"list": "..."}')

    def to_representation(self, value: Any) -> Any:
        return value


class RegisterSerializer(serializers.Serializer):
    """``POST tournaments/{id}/register/``."""

    deck = DeckChoiceField()


class ResultSerializer(serializers.Serializer):
    """``POST tournaments/{id}/pairings/{pairing}/result/``: [a's wins, b's wins, draws]."""

    games = serializers.ListField(child=serializers.IntegerField(min_value=0, max_value=3), min_length=3, max_length=3)


class DropSerializer(serializers.Serializer):
    """``POST tournaments/{id}/drop/``: yourself, or (the organiser) the player named."""

    user = serializers.CharField(required=False, max_length=150, help_text="the organiser drops this player")


class ListParams(serializers.Serializer):
    """``GET tournaments/``: filters."""

    game = serializers.ChoiceField(choices=GAMES, required=False)
    status = serializers.ChoiceField(choices=Tournament.Status.choices, required=False)


class RatingParams(serializers.Serializer):
    """``GET ratings/``: the game."""

    game = serializers.ChoiceField(choices=GAMES)


# -- answers (documentation of what the selectors build) --------------------------------------


class ResultAnswerSerializer(serializers.Serializer):
    games = serializers.ListField(child=serializers.IntegerField(), help_text="[a's wins, b's wins, draws]")
    confirmed = serializers.BooleanField(help_text="final: confirmed by both, entered by the organiser, or played")
    decided_by = serializers.ChoiceField(
        choices=["bye", "players", "organiser", "match"], required=False, allow_null=True
    )
    reported_by = serializers.CharField(required=False, allow_null=True)
    disputed = serializers.ListField(
        child=serializers.IntegerField(), required=False, allow_null=True, help_text="the other player's report"
    )


class PairingAnswerSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    round = serializers.IntegerField()
    table = serializers.IntegerField(allow_null=True, help_text="null for a bye")
    players = serializers.ListField(child=serializers.CharField(allow_null=True), help_text="[a, b or null: a bye]")
    result = ResultAnswerSerializer(allow_null=True)
    match = serializers.IntegerField(allow_null=True, help_text="the latest match played in the service")
    matches = serializers.ListField(child=serializers.IntegerField())


class StandingSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    user = serializers.CharField()
    points = serializers.IntegerField()
    omw = serializers.FloatField(help_text="opponents' match-win %, 0..1 (MTR Appendix C)")
    gw = serializers.FloatField(help_text="game-win %, 0..1, at least 0.33")
    ogw = serializers.FloatField(help_text="opponents' game-win %, 0..1")
    rounds = serializers.IntegerField()
    dropped = serializers.BooleanField()


class RegisteredDeckSerializer(serializers.Serializer):
    name = serializers.CharField()
    list = serializers.CharField()


class PlayerAnswerSerializer(serializers.Serializer):
    user = serializers.CharField()
    dropped = serializers.BooleanField()
    dropped_round = serializers.IntegerField(required=False)
    deck = RegisteredDeckSerializer(required=False, help_text="shown once finished; before, to the organiser")


class TournamentSummarySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    format = serializers.CharField()
    game = serializers.CharField()
    date = serializers.DateField()
    status = serializers.ChoiceField(choices=Tournament.Status.choices)
    round = serializers.IntegerField()
    rounds = serializers.IntegerField(allow_null=True)
    organiser = serializers.CharField()
    public = serializers.BooleanField()


class TournamentSerializer(TournamentSummarySerializer):
    rated = serializers.BooleanField()
    best_of = serializers.IntegerField()
    clock = TournamentClockSerializer(allow_null=True)
    players = PlayerAnswerSerializer(many=True)
    pairings = PairingAnswerSerializer(many=True)
    standings = StandingSerializer(many=True)


class RatingSerializer(serializers.Serializer):
    user = serializers.CharField()
    rating = serializers.IntegerField(help_text="Elo, start 1500, K 32")
    games = serializers.IntegerField()


class ExportPlayerSerializer(serializers.Serializer):
    name = serializers.CharField()
    elo = serializers.IntegerField(help_text="the rating before the game")
    deck = serializers.ListField(child=serializers.CharField(), help_text="card slugs, one per copy")


class ExportGameSerializer(serializers.Serializer):
    players = ExportPlayerSerializer(many=True)
    winner = serializers.IntegerField(allow_null=True, help_text="0, 1 or null for a draw")


class ExportTournamentSerializer(serializers.Serializer):
    name = serializers.CharField()
    date = serializers.DateField()
    format = serializers.CharField()
    games = ExportGameSerializer(many=True)


class ExportSerializer(serializers.Serializer):
    """``import_tournaments``' file shape (api.md)."""

    tournaments = ExportTournamentSerializer(many=True)
