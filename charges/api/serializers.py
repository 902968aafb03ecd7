"""Query parameters and answers of the charges API."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from cards.models import Card
from charges.conf import default_game, no_charges
from charges.models import ChargeList, ChargePin
from charges.selectors import has_charges
from engine.games import SLUGS


class GameParam(serializers.Serializer):
    """``game`` (by default the one game with charges): a known game that has charges, else 400."""

    game = serializers.CharField(required=False, default=default_game())

    def validate_game(self, value: str) -> str:
        if value not in SLUGS:
            raise serializers.ValidationError(f"unknown game {value!r}; the games are {', '.join(SLUGS)}")
        if not has_charges(value):
            raise serializers.ValidationError(no_charges(value))
        return value


class ChargesParams(GameParam):
    """``GET charges/``: the game and the date (default today) whose list in force is wanted."""

    as_of = serializers.DateField(required=False, default=None, allow_null=True)


class DiffParams(GameParam):
    """``GET charges/diff/``: two dates, the lists in force at each are compared."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # "from" is a Python keyword: declared here instead of as a class attribute.
        self.fields["from"] = serializers.DateField()
        self.fields["to"] = serializers.DateField()


class ChargeEntry(serializers.Serializer):
    card = serializers.CharField()
    charge = serializers.IntegerField()


class ChargesAnswer(serializers.Serializer):
    game = serializers.CharField()
    date = serializers.DateField(allow_null=True, help_text="date of the list in force; null: no list yet")
    as_of = serializers.DateField()
    list = serializers.IntegerField(allow_null=True)
    charges = ChargeEntry(many=True)


class ChargeListSerializer(serializers.ModelSerializer):
    game: serializers.SlugRelatedField[Any] = serializers.SlugRelatedField(slug_field="slug", read_only=True)

    class Meta:
        model = ChargeList
        fields = ["id", "game", "date", "created"]


class ChargePinSerializer(serializers.ModelSerializer):
    """An administrator's pin or ban; the model's clean() runs, as in the admin."""

    game = serializers.CharField(write_only=True, default=default_game())
    card = serializers.CharField(source="card.slug")
    format = serializers.CharField(max_length=40, required=False, help_text=None)  # absent: the counted one
    created_by = serializers.CharField(source="created_by.username", read_only=True, default=None)

    class Meta:
        model = ChargePin
        fields = ["id", "game", "card", "format", "charge", "banned", "reason", "active", "created_by", "created"]
        read_only_fields = ["created"]

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        game = attrs.pop("game", None) or default_game()
        slug = attrs.pop("card")["slug"]
        card = Card.objects.filter(game__slug=game, slug=slug).first()
        if card is None:
            raise serializers.ValidationError({"card": f"no card {slug!r} in {game}"})
        attrs["card"] = card
        pin = ChargePin(**attrs)
        pin.clean()
        return attrs


class DiffSide(serializers.Serializer):
    as_of = serializers.DateField()
    date = serializers.DateField(allow_null=True, help_text="the date of the list in force then (null: none yet)")


class DiffChange(serializers.Serializer):
    card = serializers.CharField()

    def get_fields(self):  # type: ignore[no-untyped-def]
        fields = super().get_fields()
        fields["from"] = serializers.IntegerField(allow_null=True)  # `from` is a Python keyword
        fields["to"] = serializers.IntegerField(allow_null=True)
        return fields


class DiffAnswer(serializers.Serializer):
    """`GET charges/diff/`: the cards whose charge changed between two dates."""

    game = serializers.CharField()
    changes = DiffChange(many=True)

    def get_fields(self):  # type: ignore[no-untyped-def]
        fields = super().get_fields()
        fields["from"] = DiffSide()  # `from` is a Python keyword: declared here
        fields["to"] = DiffSide()
        return fields


class HistoryPoint(serializers.Serializer):
    list = serializers.IntegerField()
    date = serializers.DateField()
    charge = serializers.IntegerField()


class HistoryAnswer(serializers.Serializer):
    """`GET charges/history/{card}/`: a card's charge in every list, oldest first."""

    game = serializers.CharField()
    card = serializers.CharField()
    name = serializers.CharField()
    history = HistoryPoint(many=True)
