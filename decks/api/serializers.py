"""Request and response shapes of the decks API."""

from __future__ import annotations

from typing import Any

from django.db import models
from rest_framework import serializers

from cards.labels import games_named, with_points
from config.fields import TextField
from config.openapi import ProblemSerializer
from decks.models import CollectionItem, Deck

MAX_COUNT = 999  # copies in a deck entry or a collection (decks.services.MAX_OWNED)


class CardCountSerializer(serializers.Serializer):
    """One entry of the `cards` request form: a card (slug or exact name), a count, a section."""

    card = TextField(max_length=200)
    count = serializers.IntegerField(min_value=1, max_value=MAX_COUNT)
    section = TextField(max_length=40, required=False, default="deck")
    game = TextField(max_length=20, required=False)


class ValidateRequestSerializer(serializers.Serializer):
    """`POST decks/validate/`: a format and either `list` (text) or `cards`, optionally `as_of`."""

    format = TextField(max_length=40)
    list = TextField(required=False, allow_blank=True, trim_whitespace=False)
    cards = CardCountSerializer(many=True, required=False)
    as_of = serializers.DateField(required=False, allow_null=True)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if "list" not in attrs and "cards" not in attrs:
            raise serializers.ValidationError({"list": ["give the deck as `list` (text) or as `cards`"]})
        return attrs


class DeckSerializer(serializers.ModelSerializer):
    """A saved deck; `owner` is the owner's username, `version` the number in its ETag."""

    owner = serializers.CharField(source="owner.username", read_only=True)
    list = TextField(required=False, allow_blank=True, trim_whitespace=False)
    game = serializers.CharField(read_only=True)
    # name and format, from the model: text only, as the schema says
    serializer_field_mapping = {**serializers.ModelSerializer.serializer_field_mapping, models.CharField: TextField}

    class Meta:
        model = Deck
        fields = ["id", "name", "format", "game", "list", "public", "owner", "version", "created", "updated"]
        read_only_fields = ["id", "owner", "version", "created", "updated"]


class MissingCardSerializer(serializers.Serializer):
    """A card a deck needs more copies of than the collection holds."""

    card = serializers.CharField()
    name = serializers.CharField()
    needed = serializers.IntegerField()
    owned = serializers.IntegerField()
    missing = serializers.IntegerField()


class CollectionItemSerializer(serializers.ModelSerializer):
    """An owned card: its game, slug and name, and how many copies."""

    game = serializers.CharField(source="card.game.slug", read_only=True)
    card = serializers.CharField(source="card.slug", read_only=True)
    name = serializers.CharField(source="card.name", read_only=True)
    count = serializers.IntegerField(min_value=0, max_value=MAX_COUNT)

    class Meta:
        model = CollectionItem
        fields = ["id", "game", "card", "name", "count"]


class CollectionSetAnswerSerializer(CollectionItemSerializer):
    """What setting a count answers: the item, or with a count of 0 the removed card (`id` null)."""

    id = serializers.IntegerField(allow_null=True, read_only=True)


class CollectionSetSerializer(serializers.Serializer):
    """`POST collection/`: `{"game", "card" (slug or exact name), "count"}`; count 0 removes."""

    game = serializers.CharField(max_length=20)
    card = serializers.CharField(max_length=200)
    count = serializers.IntegerField(min_value=0, max_value=MAX_COUNT)


class CollectionImportSerializer(serializers.Serializer):
    """`POST collection/import/`: a multipart CSV `file` and the `mode` (`replace` or `add`)."""

    file = serializers.FileField()
    mode = serializers.ChoiceField(choices=["replace", "add"], default="replace")


class SummarySerializer(serializers.Serializer):
    """A deck's summary: its count and sections, and what its game adds (Eredan: charge, guilds)."""

    count = serializers.IntegerField(min_value=0)
    sections = serializers.DictField(child=serializers.IntegerField(), help_text="section -> number of cards")
    charge = serializers.IntegerField(
        required=False, allow_null=True, help_text=f"{games_named(with_points)}: the total charge (E6)"
    )
    guilds = serializers.ListField(
        child=serializers.CharField(),
        required=False,
        help_text=f"{games_named(lambda game: bool(game.guilds))}: the deck's guilds",
    )
    multi_guild = serializers.BooleanField(required=False)


class ValidationResultSerializer(serializers.Serializer):
    """``POST decks/validate/`` and ``GET decks/{id}/validation/``: the verdict (api.md)."""

    legal = serializers.BooleanField(help_text="true exactly when no problem has severity error")
    format = serializers.CharField()
    problems = ProblemSerializer(many=True, help_text="at most 100, errors first")
    problems_omitted = serializers.IntegerField(min_value=0, help_text="problems beyond the first 100")
    summary = SummarySerializer()


class ImportSummarySerializer(serializers.Serializer):
    """What a collection import did."""

    mode = serializers.ChoiceField(choices=["replace", "add"])
    cards = serializers.IntegerField(min_value=0, help_text="distinct cards in the file")
    copies = serializers.IntegerField(min_value=0, help_text="copies in the file")
