"""Eredan iTCG card schema and guilds (E3, api.md).

Characters carry attack, defense, health, spirit, classes, race and order (the
round of their first bonus; rounds are not capped at 6, E8), a Gemelit its
``element`` (E13), a character its ``rune_slots`` (E18: 3 unless the card says
fewer, the seed's "für gewöhnlich 3 auf seiner höchsten Entwicklung") and a rune
evolution of the Runen-Legion the ``evolution_rune`` it fused with. Spells carry
their ``element`` and ``zone`` (E12: a spell is no-zone unless it says
``zone: true``). Other cards may require classes (E5: a card no character
of the deck can use is a ``dead_card`` warning). Guild slugs are fixed by api.md;
a mercenary carries ``soeldner`` and no other guild; a courtesan two or more
guilds; a neutral card none. Classes and races are the seed's ("Klassen-Effekte",
"Rassen"), as slugs. ``effects`` follow the vocabulary of
:mod:`engine.games.eredan.effects`; the schema refuses an effect outside it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.cards import Attr, CardSchema, FieldError
from engine.core.definition import Guild
from engine.games.eredan.effects import MAX_ROUND, RUNES, VOCABULARY

GUILDS: tuple[Guild, ...] = (
    Guild("kotoba", "Kotoba", "Kotoba"),
    Guild("zil", "Zil", "Zil"),
    Guild("noz-dingard", "Noz'Dingard", "Noz'Dingard"),
    Guild("wuestennomaden", "Wüstennomaden", "Desert Nomads"),
    Guild("herz-aus-pflanzensaft", "Herz aus Pflanzensaft", "Heart of Sap"),
    Guild("piraten", "Piraten", "Pirates"),
    Guild("runen-legion", "Runen-Legion", "Rune Legion"),
    Guild("nehantisten", "Nehantisten", "Nehantists"),
    Guild("soeldner", "Söldner", "Mercenaries"),
)
MERCENARY = "soeldner"
NEHANTISTEN = "nehantisten"
# The seed's classes first; the skeleton's further classes stay valid for imported cards.
CLASSES = (
    "magier",
    "kaempfer",
    "priester",
    "berserker",
    "marodeur",
    "handwerker",
    "kurtisane",
    "dieb",
    "beschwoerer",
    "jaeger",
    "barde",
    "waechter",
)
RACES = (
    "tier",
    "dais",
    "daemon",
    "eiself",
    "elfine",
    "golem",
    "gemelit",
    "homchai",
    "mensch",
    "nicht-tot",
    "unbekannt",
    "solarian",
    "eltarit",
)
ELEMENTS = ("feuer", "wasser", "erde", "luft")
CARD_TYPES = ("character", "item", "weapon", "armor", "spell", "theurgy", "action", "potion", "ally", "location")
CHARACTER_TYPE = "character"
CHARACTER = frozenset({CHARACTER_TYPE})
GEMELIT = "gemelit"
RUNE_SLOTS = 3  # E18


def check_guilds(card: Mapping[str, Any]) -> list[FieldError]:
    """E3: a mercenary (``soeldner``) belongs to no other guild."""
    guilds = card.get("guilds") or []
    if isinstance(guilds, list) and MERCENARY in guilds and len(guilds) > 1:
        return [FieldError("guilds", "a mercenary (soeldner) has no other guild (E3)")]
    return []


def check_elements(card: Mapping[str, Any]) -> list[FieldError]:
    """E13: a Gemelit casts the spells of its element, so a Gemelit character names one; ``zone``
    belongs to spells (E12) and ``evolution_rune`` to a card that evolves from another."""
    attributes = card.get("attributes") or {}
    if not isinstance(attributes, Mapping):
        return []
    errors = []
    if card.get("type") == CHARACTER_TYPE and attributes.get("race") == GEMELIT and not attributes.get("element"):
        errors.append(FieldError("attributes.element", "a Gemelit character needs its element (E13)"))
    if "zone" in attributes and card.get("type") != "spell":
        errors.append(FieldError("attributes.zone", "only a spell is a zone or no-zone spell (E12)"))
    if "evolution_rune" in attributes and not card.get("evolves_from"):
        errors.append(FieldError("attributes.evolution_rune", "a rune evolution evolves from another card"))
    return errors


SCHEMA = CardSchema(
    game="eredan",
    types=CARD_TYPES,
    attributes=(
        Attr("attack", "int", 0, 30, required_for=CHARACTER),
        Attr("defense", "int", 0, 30, required_for=CHARACTER),
        Attr("health", "int", 1, 60, required_for=CHARACTER),
        Attr("spirit", "int", 0, 30, required_for=CHARACTER),
        Attr("classes", "list", choices=CLASSES, required_for=CHARACTER),
        Attr("race", "str", choices=RACES, required_for=CHARACTER),
        Attr("order", "int", 1, MAX_ROUND, required_for=CHARACTER),
        Attr("element", "str", choices=ELEMENTS, label="element of a spell or of a Gemelit"),
        Attr("zone", "bool", label="a zone spell (E12; no-zone when absent)"),
        Attr("rune_slots", "int", 0, RUNE_SLOTS, label="runes a character can carry (E18; 3 when absent)"),
        Attr("evolution_rune", "str", choices=RUNES, label="the rune a rune evolution fused with"),
        Attr("bonus", "str"),
        Attr("chain", "bool"),
        Attr("damage", "int", 0, 30),
    ),
    guilds=tuple(g.slug for g in GUILDS),
    cost_min=0,
    cost_max=20,
    extra_checks=(check_guilds, check_elements, VOCABULARY.field_errors),
)
