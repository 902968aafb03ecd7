"""Eredan iTCG card schema and guilds (E3, api.md).

Characters carry attack, defense, health, spirit, classes, race and order (the
round of their bonus). Other cards may require classes. Guild slugs are fixed by
api.md; a mercenary carries ``soeldner``; a courtesan two or more guilds; a
neutral card none.
"""

from __future__ import annotations

from engine.core.cards import Attr, CardSchema
from engine.core.definition import Guild

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
CLASSES = ("magier", "kaempfer", "priester", "dieb", "beschwoerer", "jaeger", "barde", "waechter")
CARD_TYPES = ("character", "item", "weapon", "armor", "spell", "theurgy", "action", "potion", "ally", "location")
CHARACTER = frozenset({"character"})

SCHEMA = CardSchema(
    game="eredan",
    types=CARD_TYPES,
    attributes=(
        Attr("attack", "int", 0, 30, required_for=CHARACTER),
        Attr("defense", "int", 0, 30, required_for=CHARACTER),
        Attr("health", "int", 1, 60, required_for=CHARACTER),
        Attr("spirit", "int", 0, 30, required_for=CHARACTER),
        Attr("classes", "list", choices=CLASSES),
        Attr("race", "str", required_for=CHARACTER),
        Attr("order", "int", 1, 6, required_for=CHARACTER),
        Attr("bonus", "str"),
        Attr("chain", "bool"),
        Attr("damage", "int", 0, 30),
    ),
    guilds=tuple(g.slug for g in GUILDS),
    cost_min=0,
    cost_max=20,
)
