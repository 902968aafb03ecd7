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
from engine.core.samples import sample_decks
from engine.games import SLUGS


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


def _game_field(slug: str) -> serializers.ChoiceField:
    return serializers.ChoiceField(choices=[slug])


class KameloPlayerSerializer(PlayerBaseSerializer):
    dates = serializers.IntegerField()
    arena = cards()
    desert = cards()
    oases = cards()


class EredanCharacterSerializer(serializers.Serializer):
    card = AnyCard()
    health = serializers.IntegerField()
    dead = serializers.BooleanField()
    weakened = serializers.BooleanField()


class EredanPlayerSerializer(PlayerBaseSerializer):
    characters = EredanCharacterSerializer(many=True)
    discard_count = serializers.IntegerField(min_value=0)


class DuelCreatureSerializer(serializers.Serializer):
    card = AnyCard()
    position = serializers.ChoiceField(choices=["attack", "defense"])
    attack = serializers.IntegerField()
    defense = serializers.IntegerField()


class DuelPlayerSerializer(PlayerBaseSerializer):
    life = serializers.IntegerField()
    creatures = DuelCreatureSerializer(many=True, max_length=3)
    support = cards('at most 3; a face-down trap is {"card": null, "face_down": true} to all but its owner')
    reinforcement = AnyCard(allow_null=True)
    graveyard = cards()
    discard = cards()


class RealmonPlayerSerializer(PlayerBaseSerializer):
    abyss = cards()
    monsters_in_hand = serializers.IntegerField(min_value=0)
    combat_cost_spent = serializers.IntegerField(min_value=0)


class MuhqPlayerSerializer(PlayerBaseSerializer):
    resources = serializers.JSONField()
    store = cards()
    discard = cards("open to all")


class MuhqMapSerializer(serializers.Serializer):
    slug = serializers.CharField()
    width = serializers.IntegerField(min_value=1)
    height = serializers.IntegerField(min_value=1)
    tiles = serializers.ListField(
        child=serializers.ListField(child=serializers.JSONField()), help_text="rows of tile codes"
    )


@extend_schema_field({"oneOf": [{"type": "integer"}, {"type": "string", "enum": ["kraken"]}]})
class OwnerField(serializers.JSONField):
    """A seat, or ``"kraken"`` for the Kraken's own."""


class MuhqPermanentSerializer(serializers.Serializer):
    card = AnyCard()
    owner = OwnerField()
    controller = OwnerField()
    x = serializers.IntegerField()
    y = serializers.IntegerField()
    life = serializers.IntegerField()
    tapped = serializers.BooleanField()
    stack = cards()


class KameloStateSerializer(StateBaseSerializer):
    game = _game_field("kamelo")
    phase = serializers.CharField()
    players = KameloPlayerSerializer(many=True)


class EredanStateSerializer(StateBaseSerializer):
    game = _game_field("eredan")
    round = serializers.IntegerField()
    players = EredanPlayerSerializer(many=True)


class DuelStateSerializer(StateBaseSerializer):
    game = _game_field("duel")
    players = DuelPlayerSerializer(many=True)


class RealmonStateSerializer(StateBaseSerializer):
    game = _game_field("realmon")
    announcer = serializers.IntegerField(allow_null=True, help_text="the announcing seat")
    category = serializers.CharField(allow_null=True, help_text="null until set")
    players = RealmonPlayerSerializer(many=True)


class MuhqStateSerializer(StateBaseSerializer):
    game = _game_field("muhq")
    map = MuhqMapSerializer()
    permanents = MuhqPermanentSerializer(many=True)
    dropping = serializers.ListField(
        child=serializers.DictField(), help_text="permanents waiting to be set down, on no field, with `fields` (M31)"
    )
    kraken = serializers.JSONField(allow_null=True, help_text="its resources and deck_count; null outside that mode")
    players = MuhqPlayerSerializer(many=True)


STATES: dict[str, type[serializers.Serializer]] = {
    "kamelo": KameloStateSerializer,
    "eredan": EredanStateSerializer,
    "duel": DuelStateSerializer,
    "realmon": RealmonStateSerializer,
    "muhq": MuhqStateSerializer,
}
assert set(STATES) == set(SLUGS), "every game needs its state schema"

MATCH_STATE = PolymorphicProxySerializer(
    component_name="MatchState", serializers=STATES, resource_type_field_name="game", many=False
)


def match_create_examples() -> list[OpenApiExample]:
    """A ``POST matches/`` body that creates a match (two bundled sample decks against the
    computer): for readers of the docs, and a valid start for schemathesis' stateful phase."""
    decks = [{"format": "kamelo/dufo", "list": deck["list"]} for deck in sample_decks("kamelo/dufo")[:2]]
    body = {"game": "kamelo", "variant": "dufo", "decks": decks, "seed": 7,
            "players": [{"kind": "human"}, {"kind": "ai", "behaviour": "random"}]}  # fmt: skip
    return [OpenApiExample("A Ka-Mel-Oh! match against the computer", value=body, request_only=True)]
