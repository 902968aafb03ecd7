"""Deck validation (reads, shared by the services, the selectors and other apps): the engine parses
the list (or takes the ``cards`` form), names become cards of the format's game
(``decks.resolution``), the charges app's selectors give the context (a points system's charges in
force, bans), and the format's rules return every problem at once.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Mapping
from typing import Any

import stamps
from charges import selectors as charge_selectors
from decks.resolution import CardIndex, CardRef, card_index, card_index_recheck, resolve
from engine.core import decks as deck_rules
from engine.core.decks import Violation
from engine.games import get_format


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
