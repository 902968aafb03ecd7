"""The duel's card faces: a colour per card type and attack/defence; its back and emblems."""

from __future__ import annotations

from engine.core.emblems import ARROWS, BEAST, CROWN, FLAME, SWORD, TRAP
from engine.core.faces import Back, Face, by_type

TYPES = {
    "creature": ("Kreatur", "#B9770E"),
    "elite": ("Elite", "#D4AC0D"),
    "trap": ("Falle", "#884EA0"),
    "weapon": ("Waffe", "#707B7C"),
    "spell": ("Zauber", "#2874A6"),
    "reinforcement": ("Verstärkung", "#239B56"),
}
STATS = (("attack", "ANG"), ("defense", "VER"), ("damage", "SCH"), ("heal", "HEI"))


FACE = Face(
    style=by_type(TYPES, STATS, accent="#17202A", other="#AAB7B8"),
    back=Back("Duell", "#641E16", "#F5B041"),
    backdrop='<path d="M50 2l48 48-48 48L2 50z" fill="none" stroke="currentColor" stroke-width="3"/>',
    signs={
        "creature": BEAST,
        "elite": CROWN,
        "trap": TRAP,
        "weapon": SWORD,
        "spell": FLAME,
        "reinforcement": ARROWS,
    },
)
