"""The card, game and calculator shapes in the OpenAPI schema (issue 19 item 11), built from the
engine's own declarations so they follow the games: one card schema per game (``oneOf`` told apart
by ``game``) with that game's attribute keys typed, and one operation per rules calculator with its
request and answer (api.md "Rules calculators"). Documentation only: the views answer dicts.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema_field
from rest_framework import serializers

from cards.api.serializers import CardSerializer, FormatSerializer, GameSerializer
from engine.games import SLUGS, get_game

KINDS: dict[str, Any] = {
    "int": lambda: serializers.IntegerField(required=False, allow_null=True),
    "str": lambda: serializers.CharField(required=False, allow_null=True, allow_blank=True),
    "bool": lambda: serializers.BooleanField(required=False, allow_null=True),
    "list": lambda: serializers.ListField(child=serializers.JSONField(), required=False, allow_null=True),
    "dict": lambda: serializers.DictField(required=False, allow_null=True),
}


def attributes_serializer(slug: str) -> type[serializers.Serializer]:
    """``<Game>Attributes``: every attribute key the game's card schema declares, typed by kind."""
    fields = {attr.key: KINDS[attr.kind]() for attr in get_game(slug).schema.attributes}
    return type(f"{slug.capitalize()}AttributesSerializer", (serializers.Serializer,), fields)


def card_serializer(slug: str) -> type[serializers.Serializer]:
    """``<Game>Card``: the card shape with ``game`` fixed to ``slug`` and its attributes typed."""
    types = list(get_game(slug).schema.types)
    fields = {
        "game": serializers.ChoiceField(choices=[slug]),
        "type": serializers.ChoiceField(choices=types) if types else serializers.CharField(),
        "attributes": attributes_serializer(slug)(),
        "__module__": __name__,
    }
    return type(f"{slug.capitalize()}CardSerializer", (CardSerializer,), fields)


CARD_SERIALIZERS = {slug: card_serializer(slug) for slug in SLUGS}


def card_schema(*, many: bool = False) -> PolymorphicProxySerializer:
    """A card of any game (``many``: a list of them)."""
    return PolymorphicProxySerializer(
        component_name="Card",
        serializers=dict(CARD_SERIALIZERS),
        resource_type_field_name="game",
        many=many,
    )


class SampleDeckSerializer(serializers.Serializer):
    name = serializers.CharField()
    list = serializers.CharField(help_text="a legal deck list in api.md's syntax")


class TypedFormatSerializer(FormatSerializer):
    sample_decks = SampleDeckSerializer(many=True)  # type: ignore[assignment]  # a field of its own, for the schema

    class Meta:
        ref_name = "Format"


@extend_schema_field({"description": "an option value: a whole number or one of its choices"})
class OptionValue(serializers.JSONField):
    pass


class OptionSerializer(serializers.Serializer):
    """An engine option of a variant (sent in ``POST matches/``'s ``options``)."""

    name = serializers.CharField()
    kind = serializers.ChoiceField(choices=["int", "choice", "bool"])
    default = OptionValue()
    help = serializers.CharField()
    minimum = serializers.IntegerField(required=False)
    maximum = serializers.IntegerField(required=False)
    choices = serializers.ListField(child=OptionValue(), required=False)


class VariantSerializer(serializers.Serializer):
    slug = serializers.CharField()
    format = serializers.CharField()
    min_players = serializers.IntegerField(min_value=1)
    max_players = serializers.IntegerField(min_value=1)
    name = serializers.CharField(help_text="the variant's name, in German (the games' language)")
    name_en = serializers.CharField(help_text="the variant's name in English")
    options = OptionSerializer(many=True)


class TypedGameSerializer(GameSerializer):
    """A game with its formats, guilds, card types, calculators and, where it has an engine, its
    variants, AI behaviours and terminations (api.md)."""

    formats = TypedFormatSerializer(many=True)
    variants = VariantSerializer(many=True)  # type: ignore[assignment]  # a field of its own, for the schema
    ai_behaviours = serializers.ListField(child=serializers.CharField())
    terminations = serializers.ListField(child=serializers.CharField())
    rules_version = serializers.JSONField(required=False, help_text="the engine's rules version")  # type: ignore[assignment]  # a field of its own, for the schema

    class Meta:
        ref_name = "Game"
