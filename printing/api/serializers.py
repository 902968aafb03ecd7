"""The print request (api.md "Print sheets"): one source of cards plus options; anything unknown is 400."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from printing.layouts import CARD_SIZES, DUPLEX_MODES, MAX_BLEED_MM, MAX_GAP_MM, MAX_OFFSET_MM, PAPERS, LayoutError
from printing.options import OPTION_NAMES, parse_grid
from printing.options import print_options as build_options
from printing.selectors import MAX_CARDS


class StrictSerializer(serializers.Serializer):
    """A serializer that refuses keys it does not know, naming them (api.md: unknown options are 400)."""

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, dict):
            unknown = sorted(set(data) - set(self.fields))
            if unknown:
                known = ", ".join(sorted(self.fields))
                raise serializers.ValidationError(
                    {key: [f"unknown option; the options are {known}"] for key in unknown}
                )
        return super().to_internal_value(data)


class CardEntrySerializer(StrictSerializer):
    """`{"game", "card", "count"}`: card is a slug or the exact name."""

    game = serializers.CharField(max_length=20)
    card = serializers.CharField(max_length=200)
    count = serializers.IntegerField(min_value=1, max_value=MAX_CARDS, default=1)


class PrintRequestSerializer(StrictSerializer):
    """A print request: `deck` (+ `missing`), or `format` + `list`, or `cards`; then the options."""

    deck = serializers.IntegerField(required=False, min_value=1)
    missing = serializers.BooleanField(default=False, help_text="with `deck`: only the copies your collection lacks")
    format = serializers.CharField(required=False, max_length=40)
    list = serializers.CharField(required=False, max_length=20000)
    cards = CardEntrySerializer(many=True, required=False)
    paper = serializers.CharField(default="a4", max_length=40, help_text=f"{', '.join(PAPERS)} or WxH in mm")
    card_size = serializers.CharField(default="poker", max_length=40, help_text=f"{', '.join(CARD_SIZES)} or WxH in mm")
    bleed_mm = serializers.FloatField(default=0.0, min_value=0.0, max_value=MAX_BLEED_MM)
    gap_mm = serializers.FloatField(default=0.0, min_value=0.0, max_value=MAX_GAP_MM)
    margin_mm = serializers.FloatField(default=5.0, min_value=5.0, max_value=100.0)
    grid = serializers.CharField(required=False, allow_blank=True, max_length=10, help_text="COLUMNSxROWS, e.g. 3x3")
    crop_marks = serializers.BooleanField(default=True)
    backs = serializers.BooleanField(default=False)
    duplex = serializers.ChoiceField(choices=DUPLEX_MODES, default="long")
    back_offset_mm = serializers.ListField(
        child=serializers.FloatField(min_value=-MAX_OFFSET_MM, max_value=MAX_OFFSET_MM),
        min_length=2,
        max_length=2,
        default=[0.0, 0.0],
    )
    calibration = serializers.BooleanField(default=False)
    title = serializers.CharField(required=False, max_length=200)

    def validate_paper(self, value: str) -> str:
        return _checked(lambda: build_options({"paper": value}), value)

    def validate_card_size(self, value: str) -> str:
        return _checked(lambda: build_options({"card_size": value}), value)

    def validate_grid(self, value: str) -> str:
        return _checked(lambda: parse_grid(value), value)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        sources = [name for name in ("deck", "list", "cards") if attrs.get(name) not in (None, "", [])]
        if len(sources) != 1:
            raise serializers.ValidationError('give exactly one of "deck", "format" with "list", or "cards"')
        if "list" in attrs and not attrs.get("format"):
            raise serializers.ValidationError(
                {"format": ['a "list" needs its "format" ("<game>/<name>", as GET games/ lists them)']}
            )
        if attrs.get("missing") and "deck" not in attrs:
            raise serializers.ValidationError({"missing": ['"missing" needs a saved "deck"']})
        return attrs

    @staticmethod
    def options(validated: dict[str, Any]) -> dict[str, Any]:
        """The option part of a validated request (what a job stores)."""
        return {name: validated[name] for name in OPTION_NAMES if name in validated}


def _checked(parse: Any, value: str) -> str:
    try:
        parse()
    except LayoutError as exc:
        raise serializers.ValidationError(str(exc)) from None
    return value


class PrintJobSerializer(serializers.Serializer):
    """A background print job (for the schema; the view answers `PrintJob.to_dict()`)."""

    id = serializers.IntegerField()
    title = serializers.CharField()
    status = serializers.ChoiceField(choices=["queued", "running", "done", "failed"])
    total = serializers.IntegerField()
    done = serializers.IntegerField()
    progress = serializers.IntegerField(help_text="percent")
    error = serializers.CharField(allow_null=True)
    pdf = serializers.CharField(allow_null=True, help_text="URL of the PDF once done")
    created = serializers.DateTimeField()
    finished = serializers.DateTimeField(allow_null=True)
