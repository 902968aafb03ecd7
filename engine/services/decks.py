"""The decks of a match: a saved deck (own or public) or an inline ``{format, list}``, checked in the
format the variant declares (whatever format the deck was saved for), as the match keeps them."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from decks.resolution import card_index, resolve
from decks.selectors import deck_visible
from decks.services import UnknownFormat, deck_validate, refs_from_text
from engine.core.match import JSON, DeckCard, Variant
from engine.errors import BadMatchRequest, IllegalDeck
from engine.types import DeckRef, User


def deck_source(*, user: User, deck: DeckRef, index: int) -> tuple[str, str]:
    """(format, list text) of a deck given as a saved deck id (own or public) or ``{format, list}``."""
    if isinstance(deck, int) and not isinstance(deck, bool) or isinstance(deck, str) and deck.isdigit():
        saved = deck_visible(user=user).filter(pk=int(deck)).first()
        if saved is None:
            raise BadMatchRequest(f"deck {index}: there is no deck {deck} you may use", code="unknown_deck")
        return saved.format, saved.list
    if isinstance(deck, Mapping) and isinstance(deck.get("format"), str) and isinstance(deck.get("list"), str):
        return deck["format"], deck["list"]
    raise BadMatchRequest(f"deck {index}: give a saved deck's id or {{format, list}}", code="bad_deck")


def match_deck_resolve(*, user: User, game: str, variant: Variant, deck: DeckRef, index: int = 0) -> list[JSON]:
    """A deck as the match keeps it: ``[{"card": <API dict>, "count", "section"}]`` without the
    sideboard, checked in the variant's format (today's charges where the format has them, E6).
    Raises BadMatchRequest (unknown deck, a deck of another game) or IllegalDeck (its problems)."""
    declared, text = deck_source(user=user, deck=deck, index=index)
    if declared.split("/", 1)[0] != game:
        raise BadMatchRequest(f"deck {index}: {declared!r} is not a format of {game}", code="bad_deck")
    try:
        verdict = deck_validate(format_slug=variant.format, text=text)
    except UnknownFormat as error:
        raise BadMatchRequest(f"deck {index}: {error}", code="bad_deck") from None
    if not verdict["legal"]:
        raise IllegalDeck(index, [p for p in verdict["problems"] if p["severity"] == "error"])
    refs, _ = refs_from_text(text)
    entries, _ = resolve(refs, card_index(game=game))
    return [{"card": dict(e.card), "count": e.count, "section": e.section} for e in entries if e.section != "side"]


def deck_cards(deck: Iterable[Mapping[str, Any]]) -> list[DeckCard]:
    """The engine's deck from a stored one."""
    return [DeckCard(card=item["card"], count=int(item["count"]), section=str(item["section"])) for item in deck]
