"""The names of the duel's attributes, card types and values, in English and German."""

from __future__ import annotations

from engine.core.labels import Label, Labels

LABELS = Labels(
    attributes={
        "attack": Label("Attack", "Angriff"),
        "defense": Label("Defence", "Verteidigung"),
        "damage": Label("Damage", "Schaden"),
        "heal": Label("Healing", "Heilung"),
    },
    types={
        "creature": Label("Creature", "Kreatur"),
        "elite": Label("Elite", "Elite"),
        "trap": Label("Trap", "Falle"),
        "weapon": Label("Weapon", "Waffe"),
        "spell": Label("Spell", "Zauber"),
        "reinforcement": Label("Reinforcement", "Verstärkung"),
    },
)
