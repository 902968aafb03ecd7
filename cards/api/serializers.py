"""Card API shapes (api.md). Reads use `Card.to_dict()`; these classes document them and check writes."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from cards.labels import games_named, with_points
from cards.models import Card


class CardSetSerializer(serializers.Serializer):
    code = serializers.CharField()
    name = serializers.CharField()
    released = serializers.DateField(allow_null=True)


class ImageSerializer(serializers.Serializer):
    full = serializers.CharField(help_text="the card image, or the rendered face where the card has none")
    thumb = serializers.CharField()


class NamesSerializer(serializers.Serializer):
    de = serializers.CharField()
    en = serializers.CharField()


class CardSerializer(serializers.Serializer):
    """A card as the API answers it: `Card.to_dict()`."""

    game = serializers.CharField()
    slug = serializers.SlugField()
    name = serializers.CharField()
    names = NamesSerializer()
    type = serializers.CharField()
    set = CardSetSerializer(allow_null=True)
    guilds = serializers.ListField(child=serializers.CharField())
    cost = serializers.IntegerField(allow_null=True)
    rarity = serializers.CharField()
    unique = serializers.BooleanField()
    evolves_from = serializers.CharField(allow_null=True)
    text = serializers.CharField(allow_blank=True)
    texts = NamesSerializer()
    attributes = serializers.DictField()
    effects = serializers.ListField(child=serializers.DictField())
    image = ImageSerializer()
    charge = serializers.IntegerField(
        allow_null=True, help_text=f"current charge ({games_named(with_points)}, E6); null elsewhere"
    )

    def to_representation(self, instance: Any) -> dict[str, Any]:
        if isinstance(instance, dict):
            return instance
        assert isinstance(instance, Card)
        return instance.to_dict(request=self.context.get("request"))


class CardWriteSerializer(serializers.Serializer):
    """A card to create or replace (staff only); checked by the game's schema like an import."""

    slug = serializers.SlugField(max_length=120)
    name = serializers.CharField(max_length=200)
    names = serializers.DictField(child=serializers.CharField(allow_blank=True), required=False)
    type = serializers.CharField(max_length=40)
    set = CardSetSerializer(required=False, allow_null=True)
    guilds = serializers.ListField(child=serializers.SlugField(), required=False)
    cost = serializers.IntegerField(required=False, allow_null=True)
    rarity = serializers.CharField(required=False, max_length=20)
    unique = serializers.BooleanField(required=False)
    evolves_from = serializers.SlugField(required=False, allow_null=True)
    text = serializers.CharField(required=False, allow_blank=True)
    text_en = serializers.CharField(required=False, allow_blank=True)
    attributes = serializers.DictField(required=False)
    effects = serializers.ListField(child=serializers.DictField(), required=False)
    banned_at_start = serializers.BooleanField(required=False)


class FormatSerializer(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()
    sections = serializers.ListField(child=serializers.CharField())
    rules = serializers.ListField(child=serializers.CharField())
    sample_decks = serializers.ListField(child=serializers.DictField())


class GuildSerializer(serializers.Serializer):
    game = serializers.CharField()
    slug = serializers.CharField()
    name = serializers.CharField()
    name_en = serializers.CharField()
    card_count = serializers.IntegerField()


class OptionSerializer(serializers.Serializer):
    """A match option of a variant and what it may be."""

    name = serializers.CharField()
    default = serializers.JSONField(allow_null=True)
    kind = serializers.ChoiceField(choices=["int", "choice", "bool"])
    help = serializers.CharField()
    minimum = serializers.IntegerField(required=False, allow_null=True)
    maximum = serializers.IntegerField(required=False, allow_null=True)
    choices = serializers.ListField(child=serializers.JSONField(allow_null=True), required=False)


class VariantSerializer(serializers.Serializer):
    """A match variant (api.md "Matches of every game")."""

    slug = serializers.CharField()
    format = serializers.CharField(help_text="the deck format of every seat")
    min_players = serializers.IntegerField(min_value=1)
    max_players = serializers.IntegerField(min_value=1)
    options = OptionSerializer(many=True)


class GameSerializer(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()
    name_en = serializers.CharField()
    card_count = serializers.IntegerField()
    formats = FormatSerializer(many=True)
    guilds = serializers.ListField(child=serializers.CharField())
    types = serializers.ListField(child=serializers.CharField())
    attributes = serializers.ListField(child=serializers.CharField())
    calculators = serializers.ListField(child=serializers.CharField())
    rules_version = serializers.IntegerField(allow_null=True, help_text="the engine's rules version; null: no engine")
    variants = VariantSerializer(many=True, help_text="the match variants of the game's engine (none without one)")
    ai_behaviours = serializers.ListField(child=serializers.CharField(), help_text="computer players")
    terminations = serializers.ListField(child=serializers.CharField(), help_text="codes of result.termination")
