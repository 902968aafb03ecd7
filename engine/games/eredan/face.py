"""Eredan's card faces: guild colours (a courtesan shows one stripe per guild) and character
stats; its back and emblems."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.emblems import BAG, BOLT, FIGURE, FLAME, FLASK, SHIELD, SUN, SWORD, TOWER
from engine.core.faces import Back, Face, FaceStyle, stats_of
from engine.games.eredan.schema import GUILDS

GUILD_COLOURS = {
    "kotoba": "#C0392B",
    "zil": "#2E86C1",
    "noz-dingard": "#7D3C98",
    "wuestennomaden": "#D4A017",
    "herz-aus-pflanzensaft": "#3E8E41",
    "piraten": "#1B4F72",
    "runen-legion": "#A04000",
    "nehantisten": "#4A235A",
    "soeldner": "#7F8C8D",
}
NEUTRAL = "#B8B8B8"
GUILD_NAMES = {guild.slug: guild.name for guild in GUILDS}
TYPES = {
    "character": "Charakter",
    "item": "Gegenstand",
    "weapon": "Waffe",
    "armor": "Rüstung",
    "spell": "Zauber",
    "theurgy": "Theurgie",
    "action": "Aktion",
    "potion": "Trank",
    "ally": "Verbündeter",
    "location": "Ort",
}
# Class and race slugs spell umlauts as ae/oe/ue; a card shows the German word.
WORDS = {
    "kaempfer": "Kämpfer",
    "beschwoerer": "Beschwörer",
    "jaeger": "Jäger",
    "waechter": "Wächter",
    "daemon": "Dämon",
}
STATS = (("attack", "ATK"), ("defense", "DEF"), ("health", "LP"), ("spirit", "GEI"))


def style(card: Mapping[str, Any]) -> FaceStyle:
    """The first guild's colour as background; characters show ATK/DEF/LP/GEI."""
    guilds = [g for g in card.get("guilds") or [] if isinstance(g, str)]
    colours = tuple(GUILD_COLOURS.get(g, NEUTRAL) for g in guilds)
    background = colours[0] if colours else NEUTRAL
    attributes = card.get("attributes") or {}
    kind = TYPES.get(card.get("type") or "", str(card.get("type") or "").capitalize())
    classes = ", ".join(word(c) for c in attributes.get("classes") or [])
    type_line = " · ".join(part for part in (kind, word(attributes.get("race") or ""), classes) if part)
    stats: tuple[tuple[str, str], ...] = ()
    if card.get("type") == "character":
        stats = stats_of(card, STATS)
    note = " / ".join(GUILD_NAMES.get(g, g) for g in guilds) or "Neutral"
    return FaceStyle(background, "#2C3E50", type_line, stats, colours if len(colours) > 1 else (), note)


def word(slug: object) -> str:
    """A class or race slug as a card prints it: ``kaempfer`` -> ``Kämpfer``, ``nicht-tot`` -> ``Nicht-Tot``."""
    text = str(slug)
    return WORDS.get(text) or "-".join(part[:1].upper() + part[1:] for part in text.split("-"))


FACE = Face(
    style=style,
    back=Back("Eredan", "#2C3E50", "#D4AC0D"),
    backdrop='<circle cx="50" cy="50" r="46" fill="none" stroke="currentColor" stroke-width="3" stroke-dasharray="6 4"/>',
    signs={
        "character": FIGURE,
        "ally": FIGURE + '<circle cx="78" cy="36" r="8"/>',
        "weapon": SWORD,
        "armor": SHIELD,
        "spell": FLAME,
        "theurgy": SUN,
        "potion": FLASK,
        "item": BAG,
        "action": BOLT,
        "location": TOWER,
    },
)
