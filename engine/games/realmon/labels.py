"""The names of Realmon's attributes, card types and values, in English and German."""

from __future__ import annotations

from engine.core.labels import Label, Labels

LABELS = Labels(
    attributes={
        "stage": Label("Stage", "Stufe"),
        "realm": Label("Realm", "Realm"),
        "dominanz": Label("Dominance", "Dominanz"),
        "echo": Label("Echo", "Echo"),
        "chaos": Label("Chaos", "Chaos"),
        "crunch": Label("Crunch", "Crunch"),
        "glitch": Label("Glitch", "Glitch"),
        "stability": Label("Stability", "Stabilität"),
        "kind": Label("Kind", "Art"),
        "orientation": Label("Orientation", "Ausrichtung"),
        "bonus": Label("Bonus", "Bonus"),
        "broken": Label("Broken", "Broken"),
    },
    types={
        "monster": Label("Monster", "Monster"),
        "action": Label("Action", "Aktion"),
        "combat": Label("Combat", "Kampf"),
    },
    values={
        "vorteil": Label("Advantage", "Vorteil"),
        "meta": Label("Meta", "Meta"),
        "risiko": Label("Risk", "Risiko"),
        "gefahr": Label("Danger", "Gefahr"),
        "offensiv": Label("offensive", "offensiv"),
        "defensiv": Label("defensive", "defensiv"),
        "ausgeglichen": Label("balanced", "ausgeglichen"),
    },
)
