"""Eredan iTCG card schema and guilds (E3, api.md).

Characters carry attack, defense, health, spirit, classes, race and order (the
round of their bonus). Other cards may require classes (E5: a card no character
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
from engine.games.eredan.effects import VOCABULARY

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
CHARACTER = frozenset({"character"})


def check_guilds(card: Mapping[str, Any]) -> list[FieldError]:
    """E3: a mercenary (``soeldner``) belongs to no other guild."""
    guilds = card.get("guilds") or []
    if isinstance(guilds, list) and MERCENARY in guilds and len(guilds) > 1:
        return [FieldError("guilds", "a mercenary (soeldner) has no other guild (E3)")]
    return []


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
        Attr("order", "int", 1, 6, required_for=CHARACTER),
        Attr("element", "str", choices=ELEMENTS, label="element of a spell or of a Gemelit"),
        Attr("bonus", "str"),
        Attr("chain", "bool"),
        Attr("damage", "int", 0, 30),
    ),
    guilds=tuple(g.slug for g in GUILDS),
    cost_min=0,
    cost_max=20,
    extra_checks=(check_guilds, VOCABULARY.field_errors),
)
