"""Eredan's deck rules: three characters (E1), distinct character lines (E2), guilds (E3),
off-guild cards (E4), dead class-restricted cards (E5) and the Quilingo charge limit (E6).

Characters are recognised by their type (``character``), whichever section they were listed in.
Guild slugs follow api.md: a mercenary carries ``soeldner``, a courtesan two or more guilds.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from engine.core.deckrules.common import card_name, line_roots
from engine.core.deckrules.types import (
    Deck,
    DeckEntry,
    Violation,
    attributes,
    derive,
    entry_problem,
    group_problem,
    main_entries,
)

CHARACTER = "character"
MERCENARY = "soeldner"
NEHANTISTEN = "nehantisten"
CHARGE_FLOOR = 5  # E6: a card whose charge is below this counts 0
CHARGE_LIMIT = 500  # E6: the most a quilingo deck's charge may total
ITEM_TYPES = frozenset({"item", "weapon", "armor"})
NO_GUILDS: frozenset[str] = frozenset()


def characters(deck: Deck) -> tuple[DeckEntry, ...]:
    """The deck's character entries (E1), found once per deck."""
    return derive(deck, "characters", lambda d: tuple(e for e in main_entries(d) if e.type == CHARACTER))


def card_guilds(card: Mapping[str, object]) -> frozenset[str]:
    """The guild slugs a card carries."""
    guilds = card.get("guilds")
    return frozenset(map(str, guilds)) if guilds and isinstance(guilds, list | tuple) else NO_GUILDS


@dataclass(frozen=True)
class GuildProfile:
    """What the characters make of a deck (E3): its guild set, mercenaries, courtesans."""

    guilds: frozenset[str]
    conflict: bool
    mercenaries: tuple[DeckEntry, ...]
    nehantists: tuple[DeckEntry, ...]
    courtesans: tuple[DeckEntry, ...]

    @property
    def has_mercenary(self) -> bool:
        return bool(self.mercenaries)

    @property
    def multi_guild(self) -> bool:
        """E3: a deck with at least one courtesan is a multi-guild deck."""
        return bool(self.courtesans)


def guild_profile(deck: Deck) -> GuildProfile:
    """E3: the guild set is the intersection of the non-mercenary characters' guilds; a deck of
    mercenaries only has no guild; characters without any common guild are a conflict.
    Computed once per deck (GuildRule, OffGuildCards and the summary share it)."""
    return derive(deck, "guild_profile", _guild_profile)


def _guild_profile(deck: Deck) -> GuildProfile:
    chars = [(e, card_guilds(e.card)) for e in characters(deck)]
    mercenaries = tuple(e for e, guilds in chars if MERCENARY in guilds)
    guilded = [(e, guilds) for e, guilds in chars if guilds and MERCENARY not in guilds]
    shared = frozenset.intersection(*(guilds for _, guilds in guilded)) if guilded else NO_GUILDS
    return GuildProfile(
        guilds=shared,
        conflict=bool(guilded) and not shared,
        mercenaries=mercenaries,
        nehantists=tuple(e for e, guilds in guilded if NEHANTISTEN in guilds),
        courtesans=tuple(e for e, guilds in guilded if len(guilds) >= 2),
    )


def _with_guilds(entries: Iterable[DeckEntry]) -> str:
    return ", ".join(f"{card_name(e)} ({', '.join(sorted(card_guilds(e.card))) or 'no guild'})" for e in entries)


@dataclass(frozen=True)
class CharacterCount:
    """E1: exactly ``count`` character cards (they do not count toward the deck's 20-50)."""

    count: int = 3
    decision: str = "E1"
    code: str = "character_count"

    def check(self, deck: Deck) -> Iterable[Violation]:
        chars = characters(deck)
        found = sum(e.count for e in chars)
        if found == self.count:
            return []
        message = f"The deck has {found} characters; exactly {self.count} are required ({self.decision})."
        return [Violation(self.code, "error", message, params={"count": found, "required": self.count})]

    def help_text(self) -> str:
        return f"Exactly {self.count} characters ({self.decision})."


@dataclass(frozen=True)
class DistinctCharacterLines:
    """E2: the characters come from different evolution lines (no character twice either)."""

    decision: str = "E2"
    code: str = "character_line"

    def check(self, deck: Deck) -> Iterable[Violation]:
        roots = line_roots(deck)
        lines: dict[str, list[DeckEntry]] = defaultdict(list)
        for entry in characters(deck):
            lines[roots[entry.slug]].append(entry)
        for group in lines.values():
            if sum(e.count for e in group) > 1:
                names = ", ".join(dict.fromkeys(card_name(e) for e in group))
                message = f"{names}: the characters must come from different evolution lines ({self.decision})."
                yield group_problem(self.code, message, group)

    def help_text(self) -> str:
        return f"The characters come from different evolution lines ({self.decision})."


@dataclass(frozen=True)
class GuildRule:
    """E3: the non-mercenary characters share a guild; Nehantists and mercenaries never mix.
    (A courtesan makes the deck multi-guild: that is a figure of the summary, not a problem.)"""

    decision: str = "E3"
    code: str = "guild_conflict"

    def check(self, deck: Deck) -> Iterable[Violation]:
        profile = guild_profile(deck)
        chars = characters(deck)
        if profile.conflict:
            message = f"The characters share no guild: {_with_guilds(chars)} ({self.decision})."
            yield group_problem("guild_conflict", message, chars)
        if profile.nehantists and profile.mercenaries:
            both = profile.nehantists + profile.mercenaries
            message = f"Nehantist and mercenary characters never share a deck: {_with_guilds(both)} ({self.decision})."
            yield group_problem("nehantist_mercenary", message, both)

    def help_text(self) -> str:
        return f"The characters share a guild; mercenaries join any guild but the Nehantists ({self.decision})."


@dataclass(frozen=True)
class OffGuildCards:
    """E4: a non-character card is neutral, of one of the deck's guilds, or a mercenary card in a
    deck with a mercenary character. Skipped when the characters conflict (E3 says why)."""

    decision: str = "E4"
    code: str = "off_guild_card"

    def check(self, deck: Deck) -> Iterable[Violation]:
        profile = guild_profile(deck)
        if profile.conflict:
            return
        for entry in main_entries(deck):
            if entry.type == CHARACTER or not entry.card.get("guilds"):  # a neutral card goes anywhere
                continue
            guilds = card_guilds(entry.card)
            if self._allowed(guilds, profile):
                continue
            message = (
                f"{card_name(entry)} belongs to {', '.join(sorted(guilds))}, outside this deck's guilds "
                f"({', '.join(sorted(profile.guilds)) or 'none: a mercenary deck'}) ({self.decision})."
            )
            params = {"guilds": sorted(guilds), "deck_guilds": sorted(profile.guilds)}
            yield entry_problem(self.code, message, entry, params=params)

    @staticmethod
    def _allowed(guilds: frozenset[str], profile: GuildProfile) -> bool:
        if not guilds or guilds & profile.guilds:
            return True
        return MERCENARY in guilds and profile.has_mercenary

    def help_text(self) -> str:
        return f"Every other card is neutral or of the deck's guilds ({self.decision})."


def charge_items(deck: Deck, charges: Mapping[str, int], floor: int = CHARGE_FLOOR) -> dict[str, int]:
    """E6: per card slug, copies x charge over the deck proper (characters included); a card
    whose charge is below ``floor`` counts 0 and is left out."""
    items: dict[str, int] = defaultdict(int)
    for entry in main_entries(deck):
        charge = int(charges.get(entry.slug, 0))
        if charge >= floor:
            items[entry.slug] += entry.count * charge
    return dict(items)


def _context_charge_items(deck: Deck, charges: Mapping[str, int], floor: int) -> dict[str, int]:
    """``charge_items`` of the context's charges, computed once per deck and floor (ChargeLimit
    and the summary share it)."""
    return derive(deck, ("charge_items", floor), lambda d: charge_items(d, charges, floor))


def deck_charge(deck: Deck, floor: int = CHARGE_FLOOR) -> int | None:
    """The deck's charge (E6), or None when ``deck.context`` carries no ``charges``."""
    charges = deck.context.get("charges")
    return None if charges is None else sum(_context_charge_items(deck, charges, floor).values())


@dataclass(frozen=True)
class ChargeLimit:
    """E6: the deck's charge is at most ``limit``. Charges come from ``deck.context["charges"]``
    (slug -> charge, the list in force at ``as_of``); without them the rule has nothing to check."""

    limit: int = CHARGE_LIMIT
    floor: int = CHARGE_FLOOR
    decision: str = "E6"
    code: str = "charge_limit"

    def check(self, deck: Deck) -> Iterable[Violation]:
        charges = deck.context.get("charges")
        if charges is None:
            return []
        items = _context_charge_items(deck, charges, self.floor)
        total = sum(items.values())
        if total <= self.limit:
            return []
        heaviest = sorted(items.items(), key=lambda kv: (-kv[1], kv[0]))[:3]
        names = {e.slug: card_name(e) for e in deck.entries}
        top = ", ".join(f"{names[slug]} {value}" for slug, value in heaviest)
        message = f"Deck charge {total} is above the limit of {self.limit} ({self.decision}); heaviest: {top}."
        return [
            Violation(
                self.code,
                "error",
                message,
                params={"charge": total, "limit": self.limit, "heaviest": [slug for slug, _ in heaviest]},
                cards=tuple(slug for slug, _ in heaviest),
            )
        ]

    def help_text(self) -> str:
        return f"The deck's charge is at most {self.limit}; charges below {self.floor} count 0 ({self.decision})."


def eredan_summary(deck: Deck) -> dict[str, object]:
    """Eredan's figures: the deck's guilds (sorted), ``multi_guild`` and, with charges, ``charge``."""
    profile = guild_profile(deck)
    summary: dict[str, object] = {"guilds": sorted(profile.guilds), "multi_guild": profile.multi_guild}
    charge = deck_charge(deck)
    if charge is not None:
        summary["charge"] = charge
    return summary


NO_CLASSES: frozenset[str] = frozenset()


def _classes(card: Mapping[str, object]) -> frozenset[str]:
    if not card.get("attributes"):  # most cards have none
        return NO_CLASSES
    value = attributes(card).get("classes")
    return frozenset(map(str, value)) if value and isinstance(value, list | tuple) else NO_CLASSES


def class_dead_cards(deck: Deck) -> Iterable[tuple[DeckEntry, str]]:
    """E5: cards whose required classes no character of the deck has, with the reason. A Golem
    character takes item cards without restriction (the seed's race rule), so items, weapons and
    armour are never dead beside a Golem; a Gemelit casts the spells of its element whatever their
    classes (E13), so those are never dead beside it."""
    entries = main_entries(deck)
    chars = [e for e in entries if e.type == CHARACTER]
    classes = frozenset().union(*(_classes(e.card) for e in chars))
    races = [str(attributes(e.card).get("race", "")).lower() for e in chars]
    golem = "golem" in races
    elements = {attributes(e.card).get("element") for e, race in zip(chars, races, strict=True) if race == "gemelit"}
    for entry in entries:
        if entry.type == CHARACTER or not (needed := _classes(entry.card)) or needed & classes:
            continue
        if golem and entry.type in ITEM_TYPES:
            continue
        if entry.type == "spell" and attributes(entry.card).get("element") in elements - {None}:
            continue
        yield entry, f"needs a {' or '.join(sorted(needed))}; no character of the deck is one (E5)"
