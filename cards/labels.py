"""What the pages show for the games' stored keys: attribute names, types, rarities, classes, races ...

The engine stores keys (``attack``, ``kaempfer``, ``special_monster``, ``very_rare``) and must not
import Django, so their translated labels live here, on the pages' side. An unknown key falls back to
itself with its first letter capitalised, so an imported card with a new value still reads cleanly.
"""

from __future__ import annotations

from typing import Any

from django.utils.functional import Promise
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

ATTRIBUTES: dict[str, Promise] = {
    "attack": _("Attack"),
    "defense": _("Defence"),
    "health": _("Life points"),
    "spirit": _("Spirit"),
    "classes": _("Classes"),
    "race": _("Race"),
    "order": _("Bonus round"),
    "element": _("Element"),
    "zone": _("Zone spell"),
    "rune_slots": _("Rune slots"),
    "evolution_rune": _("Evolution rune"),
    "bonus": _("Bonus"),
    "chain": _("Chain"),
    "damage": _("Damage"),
    "heal": _("Healing"),
    "range": _("Range"),
    "movement": _("Movement"),
    "upkeep": _("Upkeep"),
    "durability": _("Durability"),
    "ap": _("Attack points (AP)"),
    "dp": _("Defence points (DP)"),
    "lp": _("Life points (LP)"),
    "hk": _("Frequency class (HK)"),
    "recipe": _("Recipe"),
    "stage": _("Stage"),
    "realm": _("Realm"),
    "dominanz": _("Dominance"),
    "echo": _("Echo"),
    "chaos": _("Chaos"),
    "crunch": _("Crunch"),
    "glitch": _("Glitch"),
    "stability": _("Stability"),
    "kind": _("Kind"),
    "orientation": _("Orientation"),
    "broken": _("Broken"),
    # Columns the gallery sorts by besides the attributes.
    "name": _("Name"),
    "cost": _("Cost"),
    "charge": _("Charge"),
}

TYPES: dict[str, Promise] = {
    "monster": _("Monster"),
    "special_monster": _("Special monster"),
    "special_item": _("Special item"),
    "item": _("Item"),
    "character": _("Character"),
    "weapon": _("Weapon"),
    "armor": _("Armour"),
    "spell": _("Spell"),
    "theurgy": _("Theurgy"),
    "action": _("Action"),
    "potion": _("Potion"),
    "ally": _("Ally"),
    "location": _("Location"),
    "unit": _("Unit"),
    "artifact": _("Artifact"),
    "equipment": _("Equipment"),
    "creature": _("Creature"),
    "elite": _("Elite"),
    "trap": _("Trap"),
    "reinforcement": _("Reinforcement"),
    "combat": _("Combat"),
}

RARITIES: dict[str, Promise] = {
    "common": _("common"),
    "uncommon": _("uncommon"),
    "rare": _("rare"),
    "very_rare": _("very rare"),
    "unique": _("unique"),
    "promo": _("promo"),
}

# Values of choice attributes: Eredan's classes, races, elements and runes, Realmon's kinds and
# orientations, Ka-Mel-Oh!'s recipe kinds.
VALUES: dict[str, Promise] = {
    "magier": _("Mage"),
    "kaempfer": _("Fighter"),
    "priester": _("Priest"),
    "berserker": _("Berserker"),
    "marodeur": _("Marauder"),
    "handwerker": _("Craftsman"),
    "kurtisane": _("Courtesan"),
    "dieb": _("Thief"),
    "beschwoerer": _("Summoner"),
    "jaeger": _("Hunter"),
    "barde": _("Bard"),
    "waechter": _("Guardian"),
    "tier": _("Beast"),
    "dais": _("Dais"),
    "daemon": _("Demon"),
    "eiself": _("Ice elf"),
    "elfine": _("Elfine"),
    "golem": _("Golem"),
    "gemelit": _("Gemelite"),
    "homchai": _("Homchai"),
    "mensch": _("Human"),
    "nicht-tot": _("Undead"),
    "unbekannt": _("Unknown"),
    "solarian": _("Solarian"),
    "eltarit": _("Eltarite"),
    "feuer": _("Fire"),
    "wasser": _("Water"),
    "erde": _("Earth"),
    "luft": _("Air"),
    "cor": "Cor",
    "nox": "Nox",
    "yr": "Yr",
    "vorteil": _("Advantage"),
    "meta": _("Meta"),
    "risiko": _("Risk"),
    "gefahr": _("Danger"),
    "offensiv": _("offensive"),
    "defensiv": _("defensive"),
    "ausgeglichen": _("balanced"),
    "mutation": _("Mutation"),
    "fusion": _("Fusion"),
    "rotte": _("Zusammenrottung (mob fusion)"),
}


def _fallback(key: object) -> str:
    text = str(key or "").replace("_", " ")
    return text[:1].upper() + text[1:]


def attribute_label(key: str) -> str:
    """The translated name of an attribute key (or of a sort column)."""
    return str(ATTRIBUTES.get(key) or _fallback(key))


def type_label(key: str) -> str:
    """The translated name of a card type."""
    return str(TYPES.get(key) or _fallback(key))


def rarity_label(key: str) -> str:
    """The translated name of a rarity."""
    return str(RARITIES.get(key) or _fallback(key))


def value_label(value: Any) -> str:
    """A choice attribute's value (or a list of them) as the page shows it; numbers stay numbers."""
    if isinstance(value, bool):
        return str(_("yes") if value else _("no"))
    if isinstance(value, list):
        return ", ".join(value_label(v) for v in value)
    if isinstance(value, str):
        return str(VALUES.get(value) or value)
    return str(value)


def localized_name(thing: Any) -> str:
    """One name per game (or guild) per language: ``name_en`` in English, else the German ``name``."""
    name_en = getattr(thing, "name_en", "") or ""
    if (get_language() or "de").startswith("en") and name_en:
        return str(name_en)
    return str(getattr(thing, "name", thing))
