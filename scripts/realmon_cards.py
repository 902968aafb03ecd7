"""Write Realmon's bundled card files (engine/games/realmon/data/cards/*.json) up to the seed's counts.

R21: "84 Basis, 108 mit Erweiterung" -- 84 monsters in the base set (``basis.json``) and 24 in the
expansion (``abyss-erwachen.json``), their stages in about R1's 6:5:4:3:2:2 (23/19/15/11/8/8 and
7/6/4/3/2/2). The monsters listed here by name are the ones the hand-made sets lacked; each gets
its values from a random source seeded by its slug, so a card's numbers never depend on another
card, and running the script again changes nothing (cards already in a file are kept as they are).

How a monster is made, as the hand-made ones are (R2, R8):

- Realm: a whole number in its stage's band (Symbiont 10-15 ... Kaiju 60-63, R8's scale);
- each of the six category values: a triangular draw between the stage's lowest and highest value
  with the mode that gives the hand-made stage's mean (Symbiont 1-7 about 3.7 ... Kaiju 6-18 about
  11.3), drawn again until the best value reaches the stage's least best value (so the Realm bonus
  never outweighs it, R8);
- an orientation (offensiv, defensiv, ausgeglichen) and the stage's rarity.

The script also writes the R17 action cards and gives every boost and gamble of an action card
``side: "both"`` (R19: the field effect "wirkt für beide Spieler"); every card's text is rendered
from its effects (``effects.render_text``). Run it from the repository root::

    .venv/bin/python scripts/realmon_cards.py
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
import unicodedata
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.games.realmon.effects import render_text  # noqa: E402 (the path above first)
from engine.games.realmon.schema import CATEGORIES, ORIENTATIONS  # noqa: E402

DATA = ROOT / "engine" / "games" / "realmon" / "data" / "cards"
REALM = {1: (10, 15), 2: (20, 24), 3: (30, 35), 4: (40, 43), 5: (50, 55), 6: (60, 63)}
VALUES = {1: (1, 7, 3.1), 2: (2, 10, 2.2), 3: (3, 12, 6.1), 4: (4, 14, 7.2), 5: (5, 16, 10.6), 6: (6, 18, 9.9)}
LEAST_BEST = {1: 5, 2: 6, 3: 9, 4: 11, 5: 13, 6: 16}
RARITY = {1: "common", 2: "common", 3: "uncommon", 4: "uncommon", 5: "rare", 6: "very_rare"}
TRANSLITERATION = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss", " ": "-"})

# file -> stage -> (German name, English name) of the monsters to add
NEW_MONSTERS: dict[str, dict[int, list[tuple[str, str]]]] = {
    "basis.json": {
        1: [
            ("Knospenkriecher", "Bud Creeper"),
            ("Flimmerfloh", "Shimmer Flea"),
            ("Pilzpuschel", "Mushroom Puff"),
            ("Wellenwicht", "Wave Sprite"),
            ("Staubschnecke", "Dust Snail"),
            ("Quakling", "Croakling"),
            ("Perlmuschler", "Pearl Clam"),
            ("Zwitscherling", "Chirpling"),
            ("Moderkeim", "Mould Germ"),
            ("Lichtpolyp", "Light Polyp"),
            ("Sandwürmchen", "Sand Wormlet"),
            ("Blubberqualle", "Bubble Jelly"),
            ("Flauschling", "Fluffling"),
            ("Rindenmilbe", "Bark Mite"),
        ],
        2: [
            ("Aschekojote", "Ash Coyote"),
            ("Stachelotter", "Spike Otter"),
            ("Blitzdachs", "Lightning Badger"),
            ("Dünenschakal", "Dune Jackal"),
            ("Frostfrettchen", "Frost Ferret"),
            ("Rauchrabe", "Smoke Raven"),
            ("Kupferechse", "Copper Lizard"),
            ("Schlammhyäne", "Mud Hyena"),
            ("Nachtfalke", "Night Falcon"),
            ("Zackenhecht", "Jagged Pike"),
            ("Irrlichtiltis", "Wisp Polecat"),
        ],
        3: [
            ("Granitgorilla", "Granite Gorilla"),
            ("Klingenhirsch", "Blade Stag"),
            ("Sturmbüffel", "Storm Buffalo"),
            ("Hornechse", "Horned Lizard"),
            ("Flammenpuma", "Flame Puma"),
            ("Bastionskröte", "Bastion Toad"),
            ("Frostwolf", "Frost Wolf"),
            ("Glutbison", "Ember Bison"),
        ],
        4: [
            ("Dämmerjäger", "Dusk Hunter"),
            ("Klauenwyrm", "Claw Wyrm"),
            ("Säurespinne", "Acid Spider"),
            ("Donneradler", "Thunder Eagle"),
            ("Grollbestie", "Rumble Beast"),
            ("Eismantikor", "Ice Manticore"),
        ],
        5: [
            ("Bergtitan", "Mountain Titan"),
            ("Lavagolem", "Lava Golem"),
            ("Gezeitenwal", "Tide Whale"),
            ("Eichenwächter", "Oak Warden"),
        ],
        6: [("Orkanox", "Orkanox"), ("Terramoth", "Terramoth")],
    },
    "abyss-erwachen.json": {
        1: [("Schimmerschnegel", "Glimmer Slug"), ("Tropfenkiemer", "Drop Gill"), ("Kristallkeim", "Crystal Sprout")],
        2: [("Glitchgecko", "Glitch Gecko"), ("Abyssaal", "Abyss Eel"), ("Scherbenspecht", "Shard Woodpecker")],
        3: [("Splitterwyvern", "Shard Wyvern"), ("Nebelnashorn", "Mist Rhino")],
        4: [("Rissjäger", "Rift Stalker")],
        5: [("Obsidiankoloss", "Obsidian Colossus")],
    },
}

# file -> the R17 action cards: (German name, English name, rarity, kind, effects)
NEW_ACTIONS: dict[str, list[tuple[str, str, str, str, list[dict[str, Any]]]]] = {
    "basis.json": [
        ("Zurück aus dem Abyss", "Back from the Abyss", "rare", "meta", [{"revive": 4}]),
        ("Seite an Seite", "Side by Side", "uncommon", "vorteil", [{"help": True}]),
    ],
    "abyss-erwachen.json": [
        ("Seelenruf", "Soul Call", "uncommon", "meta", [{"revive": 3}]),
        ("Rudeltaktik", "Pack Tactics", "uncommon", "vorteil", [{"help": True}]),
    ],
}


def slug_of(name: str) -> str:
    """The card's slug: lower case, umlauts spelled out, spaces as hyphens."""
    text = name.lower().translate(TRANSLITERATION)
    return "".join(ch for ch in unicodedata.normalize("NFKD", text) if ch.isascii())


def card(name: str, english: str, card_type: str, rarity: str) -> dict[str, Any]:
    """A card of the files' shape, without attributes and effects."""
    return {
        "slug": slug_of(name),
        "name": name,
        "names": {"de": name, "en": english},
        "type": card_type,
        "guilds": [],
        "cost": None,
        "rarity": rarity,
        "unique": False,
        "evolves_from": None,
        "text": "",
        "text_en": "",
        "attributes": {},
        "effects": [],
    }


def monster(name: str, english: str, stage: int) -> dict[str, Any]:
    """A plain monster of ``stage``, its numbers drawn from a source seeded by its slug."""
    made = card(name, english, "monster", RARITY[stage])
    rng = random.Random(int.from_bytes(hashlib.sha256(made["slug"].encode()).digest()[:8], "big"))
    low, high, mode = VALUES[stage]
    values = [0]
    while max(values) < LEAST_BEST[stage]:
        values = [round(rng.triangular(low, high, mode)) for _ in CATEGORIES]
    made["attributes"] = {
        "stage": stage,
        "realm": rng.randint(*REALM[stage]),
        **dict(zip(CATEGORIES, values, strict=True)),
        "orientation": rng.choice(ORIENTATIONS),
    }
    return made


def action(name: str, english: str, rarity: str, kind: str, effects: list[dict[str, Any]]) -> dict[str, Any]:
    """An action card of ``kind`` with ``effects``."""
    made = card(name, english, "action", rarity)
    made["attributes"] = {"kind": kind}
    made["effects"] = effects
    return made


def both_sides(made: dict[str, Any]) -> None:
    """R19: an action card's boosts and gambles are for both players, and its text says so."""
    if made["type"] == "action":
        for term in made["effects"]:
            if "boost" in term or "gamble" in term:
                term["side"] = "both"


def rendered(made: dict[str, Any]) -> None:
    """The card's texts from its effects."""
    made["text"] = render_text(made["effects"], "de")
    made["text_en"] = render_text(made["effects"], "en")


def dumps(data: dict[str, Any]) -> str:
    """The files' layout: one key a line, names, attributes and effects on one line each."""
    inline = {"names", "attributes", "effects", "guilds"}
    lines = ["{", f' "game": {json.dumps(data["game"])},', f' "set": {compact(data["set"])},', ' "cards": [']
    for i, made in enumerate(data["cards"]):
        lines.append("  {")
        keys = list(made)
        for j, key in enumerate(keys):
            value = compact(made[key]) if key in inline else json.dumps(made[key], ensure_ascii=False)
            lines.append(f'   "{key}": {value}' + ("," if j < len(keys) - 1 else ""))
        lines.append("  }" + ("," if i < len(data["cards"]) - 1 else ""))
    lines += [" ]", "}"]
    return "\n".join(lines) + "\n"


def compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def main() -> None:
    for file_name in NEW_MONSTERS:
        path = DATA / file_name
        data = json.loads(path.read_text(encoding="utf-8"))
        cards: list[dict[str, Any]] = data["cards"]
        known = {c["slug"] for c in cards}
        monsters = [m for m in cards if m["type"] == "monster"]
        for stage, names in sorted(NEW_MONSTERS[file_name].items()):
            monsters += [monster(n, e, stage) for n, e in names if slug_of(n) not in known]
        monsters.sort(key=lambda m: m["attributes"]["stage"])  # stable: the hand-made ones first
        others = [c for c in cards if c["type"] != "monster"]
        others += [action(*spec) for spec in NEW_ACTIONS[file_name] if slug_of(spec[0]) not in known]
        data["cards"] = monsters + others
        for made in data["cards"]:
            both_sides(made)
            rendered(made)
        path.write_text(dumps(data), encoding="utf-8")


if __name__ == "__main__":
    main()
