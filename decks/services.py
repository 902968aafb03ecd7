"""Writes of the decks app, and the deck validation service (HackSoft: keyword-only, typed).

`deck_validate` joins the pieces: the engine parses the list (or takes the `cards` form), names
become cards of the format's game (decks.resolution), the charge engineer's selectors give the
context (Eredan's charges in force, bans), and the format's rules return every problem at once.
"""

from __future__ import annotations

import csv
import datetime
import io
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import pgettext

import stamps
from charges import selectors as charge_selectors
from decks.models import CollectionItem, Deck
from decks.resolution import (
    SUGGESTED_NAMES_MAX,
    CardIndex,
    CardRef,
    card_index,
    card_index_recheck,
    card_label,
    resolve,
)
from engine.core import decks as deck_rules
from engine.core.decks import Violation
from engine.games import SLUGS, get_format

DECK_FIELDS = ("name", "format", "list", "public")


class UnknownFormat(ValueError):
    """A format slug the engine does not know; the message lists the formats of its game."""

    def __init__(self, slug: str) -> None:
        super().__init__(f"unknown format {slug!r}")
        self.slug = slug


class StaleVersion(Exception):
    """The deck changed since the client read it (its If-Match names an older version)."""


def format_get(slug: str) -> Any:
    """The engine's format `slug` (`eredan/quilingo`); raises UnknownFormat."""
    try:
        return get_format(slug)
    except KeyError:
        raise UnknownFormat(slug) from None


# -- validation --------------------------------------------------------------------------------


def _charge_context(*, fmt: Any, as_of: datetime.date, index: CardIndex, today: datetime.date) -> dict[str, Any]:
    """Eredan's charges in force at `as_of` (E6) and the format's bans (E7), from the charges app.

    Only a game with charges loads them (the summary's `charge` figure, ChargeLimit) and only a
    format with a Banned rule loads bans. Today's are kept with the name index, so they live
    exactly as long as it does: until the data changes (`data_stamp`).
    """
    if as_of != today:
        return _charges_and_bans(fmt, as_of)
    key = ("context", fmt.slug)
    if key not in index.memo:
        index.memo[key] = _charges_and_bans(fmt, as_of)
    context: dict[str, Any] = index.memo[key]
    return context


def _charges_and_bans(fmt: Any, as_of: datetime.date) -> dict[str, Any]:
    context: dict[str, Any] = {"as_of": as_of, "charges": {}, "banned": frozenset()}
    if charge_selectors.has_charges(fmt.game):
        context["charges"] = charge_selectors.charges_in_force(game=fmt.game, as_of=as_of)
    if any(isinstance(rule, deck_rules.Banned) for rule in fmt.rules):
        context["banned"] = frozenset(charge_selectors.banned_cards(game=fmt.game, format=fmt.slug))
    return context


def deck_charges(*, format_slug: str) -> dict[str, int]:
    """Today's charge of every card of the format's game (E6), as the validation counts them (the
    same kept copy); {} for a game without charges. Raises UnknownFormat."""
    fmt = format_get(format_slug)
    stamp = stamps.data_stamp(game=fmt.game)
    index = card_index(game=fmt.game, stamp=stamp)
    charges: dict[str, int] = _charge_context(fmt=fmt, as_of=stamp[1], index=index, today=stamp[1])["charges"]
    return charges


def refs_from_text(text: str) -> tuple[list[CardRef], list[Violation]]:
    """The engine's reading of a deck list: one reference per line, `bad_line` for the unread."""
    parsed = deck_rules.parse_deck_list(text, default_section="deck")
    return parsed.lines, parsed.problems


def refs_from_cards(cards: Iterable[Mapping[str, Any]], *, game: str) -> tuple[list[CardRef], list[Violation]]:
    """References from the request's `cards` form; an entry naming another game is unknown."""
    refs: list[CardRef] = []
    problems: list[Violation] = []
    for item in cards:
        other = item.get("game")
        if other and other != game:
            problems.append(
                Violation(
                    code="unknown_card",
                    severity="error",
                    message=f"{item['card']!r} is a card of {other}, not of {game}.",
                    params={"name": item["card"], "game": other},
                )
            )
            continue
        refs.append(CardRef(int(item["count"]), str(item["card"]), item.get("section") or "deck"))
    return refs, problems


def deck_validate(
    *,
    format_slug: str,
    text: str | None = None,
    cards: Iterable[Mapping[str, Any]] | None = None,
    as_of: datetime.date | None = None,
) -> dict[str, Any]:
    """Validate a deck without saving it: api.md's `{legal, format, problems, summary}`.

    Give the list as `text` (api.md's list syntax) or as `cards` (`{"card", "count", "section"}`,
    card a slug or exact name). Raises UnknownFormat; every deck problem is in the answer.
    """
    fmt = format_get(format_slug)
    if cards is not None:
        refs, problems = refs_from_cards(cards, game=fmt.game)
    else:
        refs, problems = refs_from_text(text or "")
    stamp = stamps.data_stamp(game=fmt.game)
    index = card_index(game=fmt.game, stamp=stamp)
    entries, unresolved = resolve(refs, index)
    if unresolved and (fresh := card_index_recheck(index)) is not index:
        index = fresh
        entries, unresolved = resolve(refs, index)
        stamp = stamps.data_stamp(game=fmt.game)
    context = {
        **_charge_context(fmt=fmt, as_of=as_of or stamp[1], index=index, today=stamp[1]),
        "evolves_from": index.parents,
    }
    result = fmt.validate(deck_rules.Deck(entries=tuple(entries), context=context))
    verdict = deck_rules.ValidationResult(
        format=result.format, problems=(*problems, *unresolved, *result.problems), summary=result.summary
    )
    answer: dict[str, Any] = verdict.to_json()
    return bounded_problems(answer)


MAX_PROBLEMS = 100  # problems listed per answer; `legal` and the count of the rest cover every one


def bounded_problems(answer: dict[str, Any]) -> dict[str, Any]:
    """The verdict with at most MAX_PROBLEMS problems (errors before warnings) and
    ``problems_omitted``, the number left out (a 64 KB list of made-up names answered 766 KB)."""
    problems = answer["problems"]
    if len(problems) > MAX_PROBLEMS:
        ordered = sorted(problems, key=lambda p: p["severity"] != "error")  # stable: list order within each
        answer = {**answer, "problems": ordered[:MAX_PROBLEMS]}
    answer.setdefault("problems_omitted", len(problems) - len(answer["problems"]))
    return answer


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
