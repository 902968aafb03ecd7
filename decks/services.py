"""Writes of the decks app (HackSoft: keyword-only, typed). The deck validation they build on is a
read of its own (``decks.validation``, re-exported here for the callers that know it by this name).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import pgettext

from decks.models import CollectionItem, Deck
from decks.resolution import (
    SUGGESTED_NAMES_MAX,
    CardIndex,
    card_index,
    card_label,
)
from decks.validation import (
    MAX_PROBLEMS,
    StaleVersion,
    UnknownFormat,
    bounded_problems,
    deck_charges,
    deck_validate,
    format_get,
    refs_from_cards,
    refs_from_text,
)
from engine.core import decks as deck_rules
from engine.games import SLUGS

__all__ = [
    "MAX_PROBLEMS",
    "StaleVersion",
    "UnknownFormat",
    "bounded_problems",
    "deck_charges",
    "deck_validate",
    "format_get",
    "refs_from_cards",
    "refs_from_text",
]

DECK_FIELDS = ("name", "format", "list", "public")


# -- saved decks -------------------------------------------------------------------------------


def deck_create(*, owner: Any, name: str, format: str, list: str = "", public: bool = False) -> Deck:
    """Save a new deck for `owner` (its format must exist; the list may be illegal)."""
    deck = Deck(owner=owner, name=name, format=format, list=list, public=public)
    deck.full_clean()
    deck.save()
    return deck


@transaction.atomic
def deck_update(*, deck: Deck, data: Mapping[str, Any], expected_version: int | None = None) -> Deck:
    """Change a deck's fields and bump its version; StaleVersion when `expected_version` is old.

    The version check and the write are one conditional UPDATE, so of two tabs holding the same
    version exactly one wins and the other learns it (412), never a silent overwrite.
    """
    for key, value in data.items():
        if key in DECK_FIELDS:
            setattr(deck, key, value)
    deck.full_clean()
    rows = Deck.objects.filter(pk=deck.pk)
    if expected_version is not None:
        rows = rows.filter(version=expected_version)
    changes = {key: getattr(deck, key) for key in DECK_FIELDS}
    if not rows.update(**changes, version=F("version") + 1, updated=timezone.now()):
        raise StaleVersion()
    deck.refresh_from_db()
    return deck


@transaction.atomic
def deck_delete(*, deck: Deck, expected_version: int | None = None) -> None:
    """Delete a deck; StaleVersion when `expected_version` is not its current version."""
    rows = Deck.objects.filter(pk=deck.pk)
    if expected_version is not None:
        rows = rows.filter(version=expected_version)
    if not rows.delete()[0]:
        raise StaleVersion()


def deck_list_text(lines: Iterable[tuple[int, str, str]], sections: Sequence[str]) -> str:
    """A deck list in api.md's syntax from `(count, name, section)` rows, sections in format order."""
    by_section: dict[str, list[str]] = {}
    for count, name, section in lines:
        if count > 0:
            by_section.setdefault(section, []).append(f"{count} {name}")
    order = [s for s in sections if s in by_section] + [s for s in by_section if s not in sections]
    return "\n\n".join("\n".join([section.capitalize(), *by_section[section]]) for section in order) + "\n"


def deck_change_card(
    *,
    deck: Deck,
    card: str,
    delta: int,
    section: str = "deck",
    text: str | None = None,
    expected_version: int | None = None,
) -> Deck:
    """Add (`delta` > 0) or remove copies of a card in a saved deck's list (the deck builder).

    `text` is the list to change when the page holds one the player has not saved yet (the
    builder's text box), so that the change never drops what they typed; `expected_version` as
    deck_update (StaleVersion). The list is rewritten in normal form (sections in format order,
    one line per card); a card keeps the spelling already in the list, so adding "iro" to a list
    with "Iro" raises its count, and a new card is written by its German name (its slug when the
    name is shared).
    """
    fmt = format_get(deck.format)
    parsed = deck_rules.parse_deck_list(deck.list if text is None else text, default_section="deck")
    index = card_index(game=fmt.game)
    target = index.lookup(card)
    rows: list[tuple[int, str, str]] = []
    matched = False
    for ln in parsed.lines:
        same = ln.section == section and (ln.name == card or (target and index.lookup(ln.name) == target))
        if same and not matched:
            matched = True
            rows.append((ln.count + delta, ln.name, ln.section))
        else:
            rows.append((ln.count, ln.name, ln.section))
    if not matched and delta > 0:
        rows.append((delta, _written_name(index, card, target), section))
    data = {"list": deck_list_text(rows, fmt.sections)}
    return deck_update(deck=deck, data=data, expected_version=expected_version)


def _written_name(index: CardIndex, ref: str, ids: tuple[int, ...]) -> str:
    """How a new line names the card `ref` names: its German name, the slug if that is shared."""
    if len(ids) != 1:
        return ref
    card = index.card_dicts(ids).get(ids[0])
    return card_label(card, index, "de") if card is not None else ref


def deck_copy(*, deck: Deck, owner: Any) -> Deck:
    """A private copy of `deck` (one's own or a public one) for `owner`, named after it."""
    name = f"{deck.name} ({pgettext('deck builder', 'copy')})"[: Deck._meta.get_field("name").max_length]
    return deck_create(owner=owner, name=name, format=deck.format, list=deck.list)


# -- collections -------------------------------------------------------------------------------


def collection_set(*, owner: Any, card: Any, count: int) -> CollectionItem | None:
    """Set how many copies of `card` the owner has; 0 removes the card from the collection."""
    if count < 0:
        raise ValueError("count must be 0 or more")
    if count == 0:
        CollectionItem.objects.filter(owner=owner, card=card).delete()
        return None
    item, _ = CollectionItem.objects.update_or_create(owner=owner, card=card, defaults={"count": count})
    return item


MAX_IMPORT_ERRORS = 100  # bad rows named per answer (50,000 made-up rows answered 2.9 MB)


class CollectionImportError(ValueError):
    """A collection CSV with bad rows; `errors` holds `{"line", "message"}` for the first
    MAX_IMPORT_ERRORS of them, `total` counts them all."""

    def __init__(self, errors: list[dict[str, Any]], total: int | None = None) -> None:
        total = len(errors) if total is None else total
        listed = f"; the first {MAX_IMPORT_ERRORS} are listed" if total > MAX_IMPORT_ERRORS else ""
        super().__init__(f"{total} bad row(s){listed}; nothing was imported")
        self.errors = errors[:MAX_IMPORT_ERRORS]
        self.total = total


MAX_OWNED = 999  # copies of one card in a collection (the API's count field says the same)
CSV_HEADER = ("game", "card", "count")
IMPORT_MODES = ("replace", "add")
MAX_IMPORT_ROWS = 50_000


def _read_csv_rows(text: str) -> list[tuple[int, dict[str, str]]]:
    """The rows of a `game,card,count` CSV with their line numbers; the header is line 1."""
    reader = csv.DictReader(io.StringIO(text))
    header = tuple(name.strip().lower() for name in reader.fieldnames or ())
    if not set(CSV_HEADER) <= set(header):
        raise CollectionImportError([{"line": 1, "message": f"the header must be {','.join(CSV_HEADER)}"}])
    rows = [(reader.line_num, row) for row in reader if any((v or "").strip() for v in row.values())]
    if len(rows) > MAX_IMPORT_ROWS:
        raise CollectionImportError([{"line": 1, "message": f"at most {MAX_IMPORT_ROWS} rows per file"}])
    return rows


def _read_csv_row(row: Mapping[str, str | None], *, suggest: bool = True) -> tuple[int, int]:
    """(card id, count) of one CSV row; ValueError with the reason when the row is bad (naming the
    nearest cards of an unknown one if ``suggest``)."""
    fields = {key.strip().lower(): (value or "").strip() for key, value in row.items() if key}
    game, ref, raw_count = (fields.get(name, "") for name in CSV_HEADER)
    if game not in SLUGS:
        raise ValueError(f"unknown game {game!r}")
    if not raw_count.isdigit():
        raise ValueError(f"count must be a whole number of 0 or more, not {raw_count!r}")
    if len(raw_count) > 6 or int(raw_count) > MAX_OWNED:
        raise ValueError(
            f"count must be at most {MAX_OWNED}, not {raw_count[:12]}{'...' if len(raw_count) > 12 else ''}"
        )
    index = card_index(game=game)
    ids = index.lookup(ref)
    if not ids:
        nearest = index.nearest(ref) if suggest else []
        raise ValueError(f"no card {ref!r} in {game}" + (f"; did you mean {', '.join(nearest)}?" if nearest else ""))
    if len(ids) > 1:
        raise ValueError(f"{ref!r} names several cards of {game}: {', '.join(sorted(index.slugs[i] for i in ids))}")
    return ids[0], int(raw_count)


def collection_import(*, owner: Any, text: str, mode: str = "replace") -> dict[str, Any]:
    """Import a `game,card,count` CSV into the owner's collection, all or nothing.

    `replace`: the collection becomes the file; `add`: the file's counts are added to those owned.
    A card listed twice counts twice. Raises CollectionImportError naming every bad row's line.
    """
    if mode not in IMPORT_MODES:
        raise CollectionImportError([{"line": None, "message": f"mode must be one of {', '.join(IMPORT_MODES)}"}])
    counts: dict[int, int] = {}
    last_line: dict[int, int] = {}
    errors: list[dict[str, Any]] = []
    bad = 0
    for line, row in _read_csv_rows(text):
        try:
            # only the errors listed get suggestions: each compares the name with every card's
            card_id, count = _read_csv_row(row, suggest=len(errors) < SUGGESTED_NAMES_MAX)
        except ValueError as error:
            if len(errors) < MAX_IMPORT_ERRORS:
                errors.append({"line": line, "message": str(error)})
            bad += 1
            continue
        counts[card_id] = counts.get(card_id, 0) + count
        last_line[card_id] = line
    if errors:
        raise CollectionImportError(errors, total=bad)
    _collection_write(owner=owner, counts=counts, mode=mode, lines=last_line)
    return {"mode": mode, "cards": sum(1 for n in counts.values() if n), "copies": sum(counts.values())}


@transaction.atomic
def _collection_write(*, owner: Any, counts: dict[int, int], mode: str, lines: Mapping[int, int]) -> None:
    """Write imported counts in one transaction (replace: drop everything else first). A card
    whose copies would exceed MAX_OWNED (the file's rows and, adding, those owned) is an error
    at the card's last row, and nothing is written."""
    items = CollectionItem.objects.filter(owner=owner)
    if mode == "replace":
        items.delete()
    else:
        for card_id, owned in items.filter(card_id__in=counts).values_list("card_id", "count"):
            counts[card_id] += owned
    too_many = [
        {"line": lines[card_id], "message": f"{n} copies in all; at most {MAX_OWNED} of a card"}
        for card_id, n in counts.items()
        if n > MAX_OWNED
    ]
    if too_many:
        raise CollectionImportError(sorted(too_many, key=lambda e: e["line"]))
    CollectionItem.objects.bulk_create(
        [CollectionItem(owner=owner, card_id=card_id, count=n) for card_id, n in counts.items() if n > 0],
        update_conflicts=True,
        unique_fields=["owner", "card"],
        update_fields=["count"],
    )
