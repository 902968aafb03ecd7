"""Writes of the cards app: syncing the games from the engine registry, importing cards, images.

`card_import` is all-or-nothing per call: every card is checked (its game's schema, its set, its
evolution parent) before anything is written, and one bad card stops the whole file with one
`CardProblem` per bad field. Importing what is already stored changes nothing (idempotent), so
`export_cards` followed by `import_cards` is an exact round trip.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction

from cards.models import Card, CardSet, CardStat, CardWord, Game, Guild
from cards.signals import cards_imported, rows_changed
from engine.games import UnknownGameError, all_games, get_game
from stamps import data_changed

# The card fields that an import writes; everything else in the API shape (image, charge, ...)
# is derived and ignored on the way in.
IMPORT_KEYS = (
    "name", "name_en", "type", "set", "guilds", "cost", "rarity", "unique",
    "evolves_from", "text", "text_en", "attributes", "effects", "banned_at_start",
)  # fmt: skip


@dataclass(frozen=True)
class CardProblem:
    """One reason a card cannot be imported: where (source, card) and which field."""

    source: str
    card: str
    field: str
    message: str

    def __str__(self) -> str:
        return f"{self.source}: {self.card}: {self.field}: {self.message}"


class CardImportError(ValueError):
    """A file with bad cards; nothing of it was stored. `problems` has one entry per bad field."""

    def __init__(self, problems: list[CardProblem]) -> None:
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))


@dataclass
class ImportResult:
    """What an import did."""

    created: int = 0
    updated: int = 0
    unchanged: int = 0
    games: set[str] = field(default_factory=set)

    def __str__(self) -> str:
        return f"{self.created} created, {self.updated} updated, {self.unchanged} unchanged"


def game_sync() -> None:
    """Make the Game and Guild rows mirror the engine's registry (idempotent)."""
    for position, definition in enumerate(all_games()):
        game, _ = Game.objects.update_or_create(
            slug=definition.slug,
            defaults={"name": definition.name, "name_en": definition.name_en, "position": position},
        )
        for guild in definition.guilds:
            Guild.objects.update_or_create(
                game=game, slug=guild.slug, defaults={"name": guild.name, "name_en": guild.name_en or guild.name}
            )


def games_migrated(sender: Any, **kwargs: Any) -> None:
    """After ``migrate`` (post_migrate): the Game and Guild rows follow the registry."""
    game_sync()


def normalize_card(data: Mapping[str, Any]) -> dict[str, Any]:
    """An incoming card (API shape, bundled file or export) reduced to the fields an import writes."""
    names = data.get("names") or {}
    texts = data.get("texts") or {}
    set_data = data.get("set") or None
    if isinstance(set_data, Mapping) and set_data.get("code"):
        set_data = {
            "code": set_data["code"],
            "name": set_data.get("name") or set_data["code"],
            "released": str(set_data["released"]) if set_data.get("released") else None,
        }
    return {
        "slug": data.get("slug"),
        "name": data.get("name") or names.get("de"),
        "name_en": data.get("name_en") or names.get("en") or "",
        "type": data.get("type"),
        "set": set_data,
        "guilds": sorted(data.get("guilds") or []),
        "cost": data.get("cost"),
        "rarity": data.get("rarity") or "common",
        "unique": bool(data.get("unique", False)),
        "evolves_from": data.get("evolves_from") or None,
        "text": data.get("text") or texts.get("de") or "",
        "text_en": data.get("text_en") or texts.get("en") or "",
        "attributes": data.get("attributes") or {},
        "effects": data.get("effects") or [],
        "banned_at_start": bool(data.get("banned_at_start", False)),
    }


def stored_card(card: Card) -> dict[str, Any]:
    """A stored card in the same reduced shape as `normalize_card`, to detect changes."""
    return normalize_card(
        {
            **card.to_dict(),
            "name_en": card.name_en,
            "text_en": card.text_en,
            "texts": {},
            "names": {},
        }
    )


def _check_card(game_slug: str, data: Mapping[str, Any], source: str, known: set[str]) -> list[CardProblem]:
    """Every problem of one normalized card: schema, set, evolution parent."""
    schema = get_game(game_slug).schema
    name = str(data.get("slug") or data.get("name") or "?")
    problems = [CardProblem(source, name, e.field, e.message) for e in schema.validate(data)]
    set_data = data.get("set")
    if set_data is not None:
        if not isinstance(set_data, Mapping) or not set_data.get("code"):
            problems.append(CardProblem(source, name, "set", "a set needs at least a code"))
        elif set_data.get("released"):
            try:
                dt.date.fromisoformat(str(set_data["released"]))
            except ValueError:
                problems.append(CardProblem(source, name, "set.released", f"{set_data['released']!r} is not a date"))
    parent = data.get("evolves_from")
    if parent is not None and parent not in known:
        problems.append(CardProblem(source, name, "evolves_from", f"no card {parent!r} in {game_slug}"))
    if parent is not None and parent == data.get("slug"):
        problems.append(CardProblem(source, name, "evolves_from", "a card cannot evolve from itself"))
    if not isinstance(data.get("effects"), list):
        problems.append(CardProblem(source, name, "effects", "must be a list"))
    return problems


def card_check_all(
    *, cards: Iterable[Mapping[str, Any]], game: str | None, source: str
) -> tuple[list[tuple[str, dict[str, Any]]], list[CardProblem]]:
    """Normalize and check a batch of cards; returns `(game, card)` pairs and every problem."""
    items: list[tuple[str, dict[str, Any]]] = []
    problems: list[CardProblem] = []
    for raw in cards:
        if not isinstance(raw, Mapping):
            problems.append(CardProblem(source, "?", "card", "each card must be a JSON object"))
            continue
        game_slug = str(raw.get("game") or game or "")
        try:
            get_game(game_slug)
        except UnknownGameError as exc:
            problems.append(CardProblem(source, str(raw.get("slug", "?")), "game", str(exc)))
            continue
        items.append((game_slug, normalize_card(raw)))
    seen: set[tuple[str, str]] = set()
    for game_slug, card in items:
        key = (game_slug, str(card["slug"]))
        if key in seen:
            problems.append(CardProblem(source, key[1], "slug", "appears twice in this file"))
        seen.add(key)
    known = _known_slugs({g for g, _ in items})
    for game_slug, card in items:
        if isinstance(card["slug"], str):  # a non-string slug is the schema's to report
            known.setdefault(game_slug, set()).add(card["slug"])
    for game_slug, card in items:
        problems.extend(_check_card(game_slug, card, source, known.get(game_slug, set())))
    return items, problems


def _known_slugs(games: set[str]) -> dict[str, set[str]]:
    """The stored card slugs of each game (an evolution parent may be stored or in the batch)."""
    known: dict[str, set[str]] = {}
    for game, slug in Card.objects.filter(game__slug__in=games).values_list("game__slug", "slug"):
        known.setdefault(game, set()).add(slug)
    return known


def card_import(
    *,
    cards: Iterable[Mapping[str, Any]],
    game: str | None = None,
    source: str = "<input>",
    progress: Callable[[int], None] | None = None,
) -> ImportResult:
    """Import a batch of cards all-or-nothing; raises CardImportError with every problem found."""
    items, problems = card_check_all(cards=cards, game=game, source=source)
    if problems:
        raise CardImportError(problems)
    game_sync()
    result = ImportResult()
    with transaction.atomic():
        existing = _existing_cards(items)
        fresh = [(g, d) for g, d in items if (g, d["slug"]) not in existing]
        created = _bulk_create(fresh)
        parents: list[tuple[Card, str | None, str]] = [
            (created[(g, d["slug"])], d["evolves_from"], "created") for g, d in fresh
        ]
        result.created = len(fresh)
        for game_slug, data in items:
            result.games.add(game_slug)
            if (game_slug, data["slug"]) in existing:
                card, outcome = _update(existing[(game_slug, data["slug"])], data)
                setattr(result, outcome, getattr(result, outcome) + 1)
                parents.append((card, data["evolves_from"], outcome))
            if progress:
                progress(1)
        _link_parents(parents, result)
        cards_imported.send(sender=Card, games=sorted(result.games))
    return result


def _existing_cards(items: list[tuple[str, dict[str, Any]]]) -> dict[tuple[str, str], Card]:
    slugs = {slug for _, d in items if isinstance(slug := d["slug"], str)}
    games = {g for g, _ in items}
    rows = Card.objects.filter(game__slug__in=games, slug__in=slugs).select_related("game", "set", "evolves_from")
    return {(c.game.slug, c.slug): c for c in rows.prefetch_related("guilds")}


def _bulk_create(items: list[tuple[str, dict[str, Any]]]) -> dict[tuple[str, str], Card]:
    """Create new cards with a few bulk inserts (a first import of a whole game is one batch)."""
    games = {g.slug: g for g in Game.objects.all()}
    sets: dict[tuple[str, str], CardSet | None] = {}
    cards: list[Card] = []
    for game_slug, data in items:
        set_key = (game_slug, (data["set"] or {}).get("code", ""))
        if set_key not in sets:
            sets[set_key] = _set_for(games[game_slug], data["set"])
        card = Card(
            game=games[game_slug], slug=data["slug"], set=sets[set_key], banned_at_start=data["banned_at_start"]
        )
        for key in CARD_FIELDS:
            setattr(card, key, data[key])
        card.derive()
        cards.append(card)
    Card.objects.bulk_create(cards, batch_size=500)
    stats, card_words = [], []
    for card in cards:
        card_stats, words_of_card = card.index_rows()
        stats += card_stats
        card_words += words_of_card
    CardStat.objects.bulk_create(stats, batch_size=1000)
    CardWord.objects.bulk_create(card_words, batch_size=1000)
    _bulk_guilds(cards, items)
    data_changed()  # bulk inserts send no signals: say it ourselves
    rows_changed(game_ids={card.game_id for card in cards})
    return {(c.game.slug, c.slug): c for c in cards}


def _bulk_guilds(cards: list[Card], items: list[tuple[str, dict[str, Any]]]) -> None:
    guilds = {(g.game.slug, g.slug): g for g in Guild.objects.select_related("game")}
    through = Card.guilds.through
    rows = [
        through(card_id=card.pk, guild_id=guilds[(game_slug, slug)].pk)
        for card, (game_slug, data) in zip(cards, items, strict=True)
        for slug in data["guilds"]
    ]
    through.objects.bulk_create(rows, batch_size=1000)


def _set_for(game: Game, data: Mapping[str, Any] | None) -> CardSet | None:
    if not data:
        return None
    released = dt.date.fromisoformat(str(data["released"])) if data.get("released") else None
    card_set, created = CardSet.objects.get_or_create(
        game=game, code=data["code"], defaults={"name": data.get("name") or data["code"], "released": released}
    )
    name = data.get("name") or data["code"]
    if not created and (card_set.name != name or card_set.released != released):
        card_set.name, card_set.released = name, released
        card_set.save()
    return card_set


CARD_FIELDS = ("name", "name_en", "type", "cost", "rarity", "unique", "text", "text_en", "attributes", "effects")


def _update(card: Card, data: dict[str, Any]) -> tuple[Card, str]:
    """Update one checked, stored card; returns it and 'updated' or 'unchanged'."""
    if _same_except_parent(stored_card(card), data):
        return card, "unchanged"
    for key in CARD_FIELDS:
        setattr(card, key, data[key])
    card.banned_at_start = data["banned_at_start"]
    card.set = _set_for(card.game, data["set"])
    card.save()
    card.guilds.set(Guild.objects.filter(game=card.game, slug__in=data["guilds"]))
    return card, "updated"


def _same_except_parent(stored: dict[str, Any], incoming: dict[str, Any]) -> bool:
    keys = [k for k in IMPORT_KEYS if k != "evolves_from"]
    return all(stored[k] == incoming[k] for k in keys)


def _link_parents(parents: list[tuple[Card, str | None, str]], result: ImportResult) -> None:
    """Set evolves_from once every card of the batch exists (a parent may come later in the file)."""
    for card, parent_slug, outcome in parents:
        current = card.evolves_from.slug if card.evolves_from is not None else None
        if current == parent_slug:
            continue
        card.evolves_from = Card.objects.get(game=card.game, slug=parent_slug) if parent_slug else None
        card.save(update_fields=["evolves_from", "updated"])
        if outcome == "unchanged":  # only its parent moved: an update after all
            result.unchanged -= 1
            result.updated += 1


def card_export(*, game: str) -> dict[str, Any]:
    """Every card of a game in the API's card shape, ordered by slug (stable diffs)."""
    definition = get_game(game)
    cards = (
        Card.objects.filter(game__slug=game)
        .select_related("game", "set", "evolves_from")
        .prefetch_related("guilds")
        .order_by("slug")
    )
    rows = []
    for card in cards:
        data = card.to_dict()
        data["name_en"], data["text_en"] = card.name_en, card.text_en
        for derived in ("image", "charge", "texts"):
            data.pop(derived, None)
        rows.append(data)
    return {"game": definition.slug, "cards": rows}
