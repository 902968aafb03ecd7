"""The names of muhq's game's attributes, card types and values, in English and German."""

from __future__ import annotations

from engine.core.labels import Label, Labels

LABELS = Labels(
    attributes={
        "attack": Label("Attack", "Angriff"),
        "range": Label("Range", "Reichweite"),
        "health": Label("Life points", "Lebenspunkte"),
        "movement": Label("Movement", "Bewegung"),
        "upkeep": Label("Upkeep", "Unterhalt"),
        "durability": Label("Durability", "Haltbarkeit"),
    },
    types={
        "unit": Label("Unit", "Einheit"),
        "spell": Label("Spell", "Zauber"),
        "artifact": Label("Artifact", "Artefakt"),
        "equipment": Label("Equipment", "Ausrüstung"),
    },
)
