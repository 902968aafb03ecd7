"""The names of Ka-Mel-Oh!'s attributes, card types and values, in English and German."""

from __future__ import annotations

from engine.core.labels import Label, Labels

LABELS = Labels(
    attributes={
        "ap": Label("Attack points (AP)", "Angriffspunkte (AP)"),
        "dp": Label("Defence points (DP)", "Verteidigungspunkte (DP)"),
        "lp": Label("Life points (LP)", "Lebenspunkte (LP)"),
        "hk": Label("Frequency class (HK)", "Häufigkeitsklasse (HK)"),
        "recipe": Label("Recipe", "Rezept"),
    },
    types={
        "monster": Label("Monster", "Monster"),
        "special_monster": Label("Special monster", "Spezialmonster"),
        "special_item": Label("Special item", "Spezialgegenstand"),
        "item": Label("Item", "Item"),
    },
    values={
        "mutation": Label("Mutation", "Mutation"),
        "fusion": Label("Fusion", "Fusion"),
        "rotte": Label("Zusammenrottung (mob fusion)", "Zusammenrottung"),
    },
)
