"""muhq's card faces: a colour per card type and a unit's attack, range, health, movement,
upkeep (equipment: durability); its back and emblems."""

from __future__ import annotations

from engine.core.emblems import FIGURE, FLAME, GEM, SHIELD
from engine.core.faces import Back, Face, by_type

TYPES = {
    "unit": ("Einheit", "#A9CCE3"),
    "spell": ("Zauber", "#D7BDE2"),
    "artifact": ("Artefakt", "#F9E79F"),
    "equipment": ("Ausrüstung", "#ABEBC6"),
}
STATS = (
    ("attack", "ANG"),
    ("range", "RW"),
    ("health", "LP"),
    ("movement", "BEW"),
    ("upkeep", "UNT"),
    ("durability", "HAL"),
)


FACE = Face(
    style=by_type(TYPES, STATS, accent="#145A32", other="#D5D8DC"),
    back=Back("MUHQ", "#145A32", "#F4D03F"),
    backdrop='<rect x="4" y="4" width="92" height="92" rx="10" fill="none" stroke="currentColor" stroke-width="3"/>',
    signs={"unit": FIGURE, "spell": FLAME, "artifact": GEM, "equipment": SHIELD},
)
