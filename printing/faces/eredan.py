"""Eredan faces: guild colours (a courtesan shows one stripe per guild) and character stats."""

from __future__ import annotations

from typing import Any

from reportlab.lib.colors import Color, HexColor

from engine.games.eredan.schema import GUILDS
from printing.faces.base import FaceStyle

GUILD_COLOURS: dict[str, Color] = {
    "kotoba": HexColor("#C0392B"),
    "zil": HexColor("#2E86C1"),
    "noz-dingard": HexColor("#7D3C98"),
    "wuestennomaden": HexColor("#D4A017"),
    "herz-aus-pflanzensaft": HexColor("#3E8E41"),
    "piraten": HexColor("#1B4F72"),
    "runen-legion": HexColor("#A04000"),
    "nehantisten": HexColor("#4A235A"),
    "soeldner": HexColor("#7F8C8D"),
}
NEUTRAL = HexColor("#B8B8B8")
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
BACK = ("Eredan", HexColor("#2C3E50"), HexColor("#D4AC0D"))


def style(card: dict[str, Any]) -> FaceStyle:
    """The first guild's colour as background; characters show ATK/DEF/LP/GEI."""
    guilds = [g for g in card.get("guilds") or [] if isinstance(g, str)]
    colours = [GUILD_COLOURS.get(g, NEUTRAL) for g in guilds]
    background = colours[0] if colours else NEUTRAL
    attributes = card.get("attributes") or {}
    kind = TYPES.get(card.get("type") or "", str(card.get("type") or "").capitalize())
    classes = ", ".join(word(c) for c in attributes.get("classes") or [])
    type_line = " · ".join(part for part in (kind, word(attributes.get("race") or ""), classes) if part)
    stats: list[tuple[str, str]] = []
    if card.get("type") == "character":
        labels = (("attack", "ATK"), ("defense", "DEF"), ("health", "LP"), ("spirit", "GEI"))
        stats = [(label, str(attributes[key])) for key, label in labels if attributes.get(key) is not None]
    note = " / ".join(GUILD_NAMES.get(g, g) for g in guilds) or "Neutral"
    return FaceStyle(background, HexColor("#2C3E50"), type_line, stats, colours if len(colours) > 1 else [], note)


def word(slug: object) -> str:
    """A class or race slug as a card prints it: ``kaempfer`` -> ``Kämpfer``, ``nicht-tot`` -> ``Nicht-Tot``."""
    text = str(slug)
    return WORDS.get(text) or "-".join(part[:1].upper() + part[1:] for part in text.split("-"))
