"""The match state in the OpenAPI schema, one schema per game (issue 19 item 11): the keys api.md
"Matches of every game" fixes for every game, and each game's own, as a ``oneOf`` told apart by
``game``. Documentation only (the state is the engine's view plus engine.selectors' keys): every
game may add keys, so each object allows more properties than it lists.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiExample, PolymorphicProxySerializer, extend_schema_field
from rest_framework import serializers

from engine.api.serializers import AppliedActionSerializer, LegalActionSerializer, SeatSerializer
from engine.core.shape import (
    Anything,
    Card,
    Cards,
    Choice,
    Dict,
    Field,
    Flag,
    Int,
    ListOf,
    Obj,
    SeatOr,
    StateShape,
    Text,
)
from engine.games import all_games, sample_decks


@extend_schema_field({"description": "a card as the state shows it (its id, and what the viewer may see of it)"})
class AnyCard(serializers.JSONField):
    """A card in a state (an object with an ``id`` where the viewer may see it)."""


def cards(help_text: str = "", **kwargs: Any) -> serializers.ListField:
    return serializers.ListField(child=AnyCard(), help_text=help_text, **kwargs)


class MatchResultSerializer(serializers.Serializer):
    """A finished match's result (api.md)."""

    winner = serializers.IntegerField(allow_null=True, help_text="the single winner, or null")
    winners = serializers.ListField(child=serializers.IntegerField(), help_text="every winning seat")
    points = serializers.ListField(child=serializers.IntegerField())
    termination = serializers.CharField(help_text="one of the game's terminations (GET games/)")


class InvitationStateSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    status = serializers.ChoiceField(choices=["pending", "accepted", "declined"])


class PlayerBaseSerializer(serializers.Serializer):
    """What every game's players carry (api.md)."""

    hand = cards("null where the viewer may not see it", allow_null=True)
    hand_count = serializers.IntegerField(min_value=0)
    deck_count = serializers.IntegerField(min_value=0)
    points = serializers.IntegerField(help_text="the figure that decides the winner")


class ClockSeatSerializer(serializers.Serializer):
    index = serializers.IntegerField()
    left_ms = serializers.IntegerField(min_value=0, help_text="at the time of the answer")
    running = serializers.BooleanField()
    text = serializers.CharField(help_text="m:ss, as the page shows it")


class ClockStateSerializer(serializers.Serializer):
    """A two-seat match's clock (``POST matches/`` with ``clock``)."""

    seats = ClockSeatSerializer(many=True)
    running = serializers.IntegerField(allow_null=True, help_text="the seat whose time runs; null when none")
    increment_ms = serializers.IntegerField()
    budget_ms = serializers.IntegerField()


class StateBaseSerializer(serializers.Serializer):
    """What every game's state carries (api.md "Matches" and "Matches of every game")."""

    id = serializers.IntegerField()
    variant = serializers.CharField()
    version = serializers.IntegerField(min_value=0, help_text="grows with every accepted action")
    turn = serializers.IntegerField()
    to_act = serializers.IntegerField(allow_null=True, help_text="null when nobody acts (finished, or waiting)")
    player = serializers.IntegerField(allow_null=True, help_text="whose view this is; null: a spectator")
    legal_actions = LegalActionSerializer(many=True, help_text="for `player`; empty for a spectator")
    finished = serializers.BooleanField()
    result = MatchResultSerializer(allow_null=True)
    seats = SeatSerializer(many=True)
    invitations = InvitationStateSerializer(
        many=True, help_text="seats offered to other users; starts when all accepted"
    )
    applied = AppliedActionSerializer(many=True, required=False, help_text="POST actions/: what this request applied")
    clock = ClockStateSerializer(allow_null=True, help_text="null: the match has no clock")


def _field(shape: Field, name: str, game: str) -> serializers.Field:
    """The serializer field of one declared key (``name``: where it sits, for an object's name)."""
    common: dict[str, Any] = {"help_text": shape.help} if shape.help else {}
    if shape.nullable:
        common["allow_null"] = True
    match shape:
        case Int():
            if shape.min is not None:
                common["min_value"] = shape.min
            return serializers.IntegerField(**common)
        case Text():
            return serializers.CharField(**common)
        case Flag():
            return serializers.BooleanField(**common)
        case Choice():
            return serializers.ChoiceField(choices=list(shape.choices), **common)
        case Card():
            return AnyCard(**common)
        case Cards():
            return cards(**common)
        case Dict():
            return serializers.DictField(**common)
        case Anything():
            return serializers.JSONField(**common)
        case SeatOr():
            return _seat_or(shape.words)(**common)
        case ListOf(item=Obj() as item):
            if shape.max_length is not None:
                common["max_length"] = shape.max_length
            return _object(item, game)(many=True, **common)
        case ListOf():
            return serializers.ListField(child=_field(shape.item, name, game), **common)
        case Obj():
            return _object(shape, game)(**common)
    raise TypeError(f"{game}: {name} has a shape the schema does not know: {shape!r}")


def _object(shape: Obj, game: str) -> type[serializers.Serializer]:
    """The serializer of a declared object, named ``<Game><name>`` in the schema."""
    fields = {key: _field(value, key, game) for key, value in shape.fields.items()}
    return type(
        f"{game.capitalize()}{shape.name}Serializer", (serializers.Serializer,), {**fields, "__module__": __name__}
    )


def _seat_or(words: tuple[str, ...]) -> type[serializers.JSONField]:
    schema = {"oneOf": [{"type": "integer"}, {"type": "string", "enum": list(words)}]}
    doc = f"A seat, or one of {', '.join(words)}."
    return extend_schema_field(schema)(type("SeatOrWordField", (serializers.JSONField,), {"__doc__": doc}))


def state_serializer(game: str, shape: StateShape) -> type[serializers.Serializer]:
    """``<Game>State`` (with its ``<Game>Player``): the keys every state has, then the game's own."""
    player_fields = {key: _field(value, key, game) for key, value in shape.player.items()}
    player = type(
        f"{game.capitalize()}PlayerSerializer", (PlayerBaseSerializer,), {**player_fields, "__module__": __name__}
    )
    fields: dict[str, Any] = {"game": serializers.ChoiceField(choices=[game])}
    fields.update({key: _field(value, key, game) for key, value in shape.state.items()})
    fields["players"] = player(many=True)
    return type(f"{game.capitalize()}StateSerializer", (StateBaseSerializer,), {**fields, "__module__": __name__})


STATES: dict[str, type[serializers.Serializer]] = {
    game.slug: state_serializer(game.slug, game.state_shape) for game in all_games()
}

MATCH_STATE = PolymorphicProxySerializer(
    component_name="MatchState",
    serializers=dict(STATES),
    resource_type_field_name="game",
    many=False,
)


def match_create_examples() -> list[OpenApiExample]:
    """A ``POST matches/`` body that creates a match (two bundled sample decks against the
    computer) in the first game's first variant that has them: for readers of the docs, and a
    valid start for schemathesis' stateful phase."""
    for game in all_games():
        variant = game.engine.variants[0] if game.engine is not None else None
        samples = sample_decks(variant.format)[:2] if variant is not None and variant.max_players >= 2 else []
        if variant is None or len(samples) < 2:
            continue
        decks = [{"format": variant.format, "list": deck["list"]} for deck in samples]
        body = {"game": game.slug, "variant": variant.slug, "decks": decks, "seed": 7,
                "players": [{"kind": "human"}, {"kind": "ai", "behaviour": "random"}]}  # fmt: skip
        return [OpenApiExample(f"A {game.name_en} match against the computer", value=body, request_only=True)]
    return []
