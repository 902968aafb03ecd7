"""Request and response shapes of the matches API (api.md "Matches"); responses are documentation."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from config.openapi import ApiErrorSerializer
from engine.core.mcts import MAX_MS, MAX_PLAYOUTS, MIN_MS, MIN_PLAYOUTS
from engine.games import all_games
from engine.live.clocks import MAX_INCREMENT, MAX_SECONDS
from engine.models import Seat
from engine.services.seats import DEFAULT_SEATS

MAX_PLAYERS = 4  # api.md: matches of 1-4 seats
SEED_MIN, SEED_MAX = -(2**63), 2**63 - 1


@extend_schema_field({"oneOf": [{"type": "integer"}, {"type": "object"}]})
class DeckField(serializers.JSONField):
    """A saved deck's id, or an inline deck ``{"format": "kamelo/dufo", "list": "..."}``."""

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, bool) or not isinstance(data, int | dict):
            raise serializers.ValidationError("a saved deck's id or {format, list}")
        if isinstance(data, dict) and not (isinstance(data.get("format"), str) and isinstance(data.get("list"), str)):
            raise serializers.ValidationError("an inline deck needs `format` and `list` (text)")
        return data


@extend_schema_field(
    {
        "oneOf": [
            {"type": "string", "minLength": 1},
            {"type": "object", "properties": {"id": {"type": "string", "minLength": 1}}, "required": ["id"]},
        ]
    }
)
class ActionField(serializers.JSONField):
    """One of the state's ``legal_actions`` (an object with an ``id``) or just its id."""

    def to_internal_value(self, data: Any) -> str:  # type: ignore[override]  # an action's id, from an object or itself
        if isinstance(data, dict):
            data = data.get("id")
        if not isinstance(data, str) or not data:
            raise serializers.ValidationError("a legal action (object with an `id`) or its id")
        return data


class UserRefField(serializers.CharField):
    """Another player, by username only (an id would let anyone walk the user table); that user is
    invited to the seat (engine.invitations)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(max_length=150, **kwargs)

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            raise serializers.ValidationError("name the user by username")
        return str(super().to_internal_value(data))


class PlayerSerializer(serializers.Serializer):
    """A seat: ``human`` (``user`` defaults to the creator) or ``ai`` with a ``behaviour``."""

    kind = serializers.ChoiceField(choices=Seat.Kind.choices)
    behaviour = serializers.CharField(max_length=40, required=False)
    budget_ms = serializers.IntegerField(
        required=False, min_value=MIN_MS, max_value=MAX_MS, help_text="mcts: milliseconds to think per action"
    )
    playouts = serializers.IntegerField(
        required=False,
        min_value=MIN_PLAYOUTS,
        max_value=MAX_PLAYOUTS,
        help_text="mcts: playouts per action (deterministic for the match's seed)",
    )
    user = UserRefField(required=False, help_text="another user's username: they are invited to the seat")


class ClockSerializer(serializers.Serializer):
    """A clock for both seats of a two-seat match (termination ``time`` when one runs out)."""

    seconds = serializers.IntegerField(min_value=1, max_value=MAX_SECONDS, help_text="each seat's budget")
    increment = serializers.IntegerField(
        min_value=0, max_value=MAX_INCREMENT, default=0, help_text="seconds added after each of a seat's turns"
    )


def _self_dealing() -> str:
    """The games with a variant that deals the decks itself (``starts_without_decks``), for a help
    text that follows the registry."""
    return ", ".join(
        game.slug
        for game in all_games()
        if game.engine is not None and any(game.engine.starts_without_decks(v.slug) for v in game.engine.variants)
    )


class MatchCreateSerializer(serializers.Serializer):
    """``POST matches/``: game, variant, one deck per player, seed, players, engine options, and
    the live settings: a clock and whether the match is public."""

    game = serializers.CharField(max_length=20)
    variant = serializers.CharField(max_length=40)
    decks = serializers.ListField(
        child=DeckField(),
        min_length=1,
        max_length=MAX_PLAYERS,
        required=False,
        allow_null=True,
        default=None,
        help_text=f"one per player; absent or null where the variant deals them itself ({_self_dealing()}: the draft)",
    )
    seed = serializers.IntegerField(required=False, allow_null=True, min_value=SEED_MIN, max_value=SEED_MAX)
    players = PlayerSerializer(many=True, required=False, max_length=MAX_PLAYERS)  # type: ignore[call-arg]  # many=True: a ListSerializer, which takes it
    options = serializers.DictField(required=False, default=dict)
    clock = ClockSerializer(required=False, allow_null=True, default=None, help_text="two seats only")
    public = serializers.BooleanField(
        required=False, default=False, help_text="listed for everyone, and replayable by anyone once finished"
    )
    rated = serializers.BooleanField(
        required=False, default=False, help_text="a match of two people's seats moves their Elo ratings once finished"
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        seats = len(attrs.get("players") or attrs.get("decks") or []) or DEFAULT_SEATS
        if attrs.get("clock") is not None and seats != 2:
            raise serializers.ValidationError({"clock": [f"a clock needs a match of two seats, not {seats}"]})
        return attrs


class ActionSubmitSerializer(serializers.Serializer):
    """``POST matches/{id}/actions/``: who acts, what (a legal action or its id), at which version."""

    player = serializers.IntegerField(min_value=0, max_value=MAX_PLAYERS - 1)
    action = ActionField()
    version = serializers.IntegerField(min_value=0)


class LegalActionSerializer(serializers.Serializer):
    id = serializers.CharField()
    label = serializers.CharField()  # type: ignore[assignment]  # a field of its own, for the schema
    params = serializers.DictField()


class PlayerStateSerializer(serializers.Serializer):
    hand = serializers.ListField(child=serializers.DictField(), allow_null=True, help_text="null where hidden")
    hand_count = serializers.IntegerField()
    deck_count = serializers.IntegerField()


class SeatSerializer(serializers.Serializer):
    index = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=Seat.Kind.choices)
    behaviour = serializers.CharField(allow_null=True)
    budget_ms = serializers.IntegerField(allow_null=True, help_text="mcts seat: its time budget, if set")
    playouts = serializers.IntegerField(allow_null=True, help_text="mcts seat: its playout budget, if set")
    user = serializers.CharField(allow_null=True, help_text="username of a human seat")


class MatchHeadSerializer(serializers.Serializer):
    """What every answer about a match carries: which match, how far it is, who sits where."""

    id = serializers.IntegerField()
    game = serializers.CharField()
    variant = serializers.CharField()
    version = serializers.IntegerField(help_text="grows with every accepted action")
    to_act = serializers.IntegerField(allow_null=True)
    finished = serializers.BooleanField()
    result = serializers.DictField(allow_null=True, help_text="winner, points, termination")
    seats = SeatSerializer(many=True)


class MatchStateSerializer(MatchHeadSerializer):
    """The state as one player (or a spectator) may see it; the game's engine adds its own fields
    (Ka-Mel-Oh!: turn, phase, pending, arena, Datteln, points, log ...)."""

    player = serializers.IntegerField(allow_null=True, help_text="whose view this is; null: a spectator")
    legal_actions = LegalActionSerializer(many=True)
    players = PlayerStateSerializer(many=True)


class MatchSummarySerializer(MatchHeadSerializer):
    """A match in ``GET matches/``."""

    created = serializers.DateTimeField()
    updated = serializers.DateTimeField()


class LoggedActionSerializer(serializers.Serializer):
    seq = serializers.IntegerField()
    player = serializers.IntegerField()
    action = LegalActionSerializer()


class AppliedActionSerializer(LoggedActionSerializer):
    action = LegalActionSerializer(
        help_text="the action; for another seat's action that hides information, while the match runs, what "
        "the table saw of it (id `hidden:<kind>`, a label, no parameters)"
    )


class ActionAnswerSerializer(MatchStateSerializer):
    applied = AppliedActionSerializer(many=True, help_text="this request's action and the AI's answers")


class MatchLogSerializer(serializers.Serializer):
    """The seed and every action, with what a replay needs besides (variant, options, decks)."""

    id = serializers.IntegerField()
    game = serializers.CharField()
    variant = serializers.CharField()
    rules_version = serializers.IntegerField(help_text="the engine's rules version the match was played under")
    finished = serializers.BooleanField()
    seed = serializers.IntegerField(allow_null=True, help_text="null while the match runs")
    options = serializers.DictField()
    decks = serializers.ListField(
        child=serializers.ListField(child=serializers.DictField(), allow_null=True),
        help_text="per seat; while the match runs, null for the seats you do not hold",
    )
    version = serializers.IntegerField()
    actions = AppliedActionSerializer(many=True)
    next = serializers.URLField(allow_null=True, help_text="the next page of actions (engine.api.log_pages), or null")


# One error schema for the whole API (config.openapi): the match errors are its instances.
ErrorSerializer = ApiErrorSerializer
DeckErrorSerializer = ApiErrorSerializer


def player_param(raw: str | None) -> int | None:
    """The ``player`` query parameter (None when absent); ValidationError when not a seat number,
    an empty ``?player=`` included (the schema says integer: a spectator leaves the parameter out)."""
    if raw is None:
        return None
    if not raw.isdigit():
        raise serializers.ValidationError({"player": [f"{raw!r} is not a player number"]})
    return int(raw)


IDEMPOTENCY_KEY_MAX = 255  # IdempotencyRecord.key's length: a longer one failed on PostgreSQL (a 500)


def idempotency_key_param(raw: str | None) -> str | None:
    """The ``Idempotency-Key`` header (None when absent or empty); ValidationError when too long."""
    if not raw:
        return None
    if len(raw) > IDEMPOTENCY_KEY_MAX:
        raise serializers.ValidationError(
            {"Idempotency-Key": [f"at most {IDEMPOTENCY_KEY_MAX} characters, not {len(raw)}"]}
        )
    return raw
