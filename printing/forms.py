"""The print dialog's form fields -> the API's print request, so both validate alike."""

from __future__ import annotations

from typing import Any

from django.http import QueryDict

CHECKBOXES = ("crop_marks", "backs", "calibration", "missing")
PASSED_ON = ("paper", "card_size", "bleed_mm", "gap_mm", "grid", "duplex", "title")


def dialog_request(data: QueryDict) -> dict[str, Any]:
    """The print request a submitted dialog asks for (source, then options).

    The source is the first one given: a saved deck, a pasted list, or the gallery's
    ``game`` + ``cards`` (comma-separated slugs; a slug given twice prints twice).
    """
    request: dict[str, Any] = {name: data[name] for name in PASSED_ON if data.get(name, "").strip()}
    for name in CHECKBOXES:
        request[name] = name in data
    request["back_offset_mm"] = [data.get("back_offset_x") or 0, data.get("back_offset_y") or 0]
    if data.get("deck"):
        request["deck"] = data["deck"]
    else:
        request.pop("missing")
        if data.get("list", "").strip():
            request.update({"format": data.get("format", ""), "list": data["list"]})
        elif data.get("cards"):
            request["cards"] = gallery_cards(str(data.get("game") or ""), str(data["cards"]))
    return request


def gallery_cards(game: str, slugs: str) -> list[dict[str, Any]]:
    """``"kamel,kamel,duene"`` -> ``[{game, card: kamel, count: 2}, {game, card: duene, count: 1}]``."""
    counts: dict[str, int] = {}
    for slug in (s.strip() for s in slugs.split(",")):
        if slug:
            counts[slug] = counts.get(slug, 0) + 1
    return [{"game": game, "card": slug, "count": n} for slug, n in counts.items()]
