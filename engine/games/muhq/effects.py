"""The effect vocabulary of muhq's cards, and the card text rendered from it.

A card's ``effects`` is a list of small dicts, each with exactly one *term* key and the modifiers
that term allows. The printed text is ``render_text(effects, "de")`` (``text``) and
``render_text(effects, "en")`` (``text_en``): one sentence per effect in list order, so what the
engine runs and what players read cannot drift apart (a test checks every bundled card).

Keywords (rules.md, ki.md; no modifiers):

- ``{"crew": x}``: Crew X / Bemannen X - up to x other units may end a move on this unit; they form
  its stack and add their attack (M2).
- ``{"solid": x}``: Solid X - opponents can neither carry nor swap with this artifact but may
  attack it; its life is x.
- ``{"swimming": true}``: stands on water only: deep, normal and shallow water (M6, maps.md wins over
  rules.md); it is played onto deep water within range 2 of an own harbour (M25).
- ``{"armor": n}``: the unit takes n less damage from each attack.
- ``{"ai": "aggressive" | "scheu" | "unterstuetzend"}`` and ``{"ai": "wandelnd", "x": n}``: the unit
  is run by the AI behaviour of ki.md (M4): Aggressive, Scheu, Wandelnd X, Unterstützend.
- ``{"harvest": n}``: full action while standing on an Acker field: gain n resources (maps.md).
- ``{"victory": true}``: an equipment whose holder wins (the seed's "Stecken des Sieges").

Actions (a spell when played; a unit's or artifact's with ``full_action`` or ``when``):

- ``{"damage": n}``, ``{"heal": n}``: to/of one unit.
- ``{"poison": n}``, ``{"paralysis": n}``, ``{"panic": n}``: n markers of that condition on a unit
  (with ``when: "hit"``: on the unit hit).
- these five take an optional ``range: r``: the unit must be within range r (M1) of the card.
- ``{"gain": n}``: gain n resources. ``{"draw": n}``: draw n cards.
- ``{"steal": n}``: take up to n resources from the controller of the unit hit (rules.md's
  resources battle: "Ressource zuklauen"; with ``when: "hit"``).
- ``{"destroy": "artifact" | "equipment"}``: destroy one such card that is not solid.
- ``{"buff": {"attack"|"range"|"health"|"movement"|"armor": n, ...}, "target": t}``: stat bonus of
  ``t`` = ``equipped`` (the unit holding this equipment), ``allies_near`` (allied units in range 1)
  or ``unit_turn`` (one unit until the end of the turn).

Modifiers: ``full_action: true`` (the unit's Volle-Aktion), ``free: n`` (a free action of the
permanent, rules.md "Kosten: Effekt": pay n resources, at any time, a fast action), ``range: r`` (see above),
``when``: ``hit`` (each time the unit deals combat damage), ``upkeep`` (in its owner's upkeep),
``destroyed`` (when this card is destroyed or defeated).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.effects import (
    PER_FIELD,
    Effect,
    Lang,
    Vocabulary,
    amount_problem,
    choice_problem,
    fill,
    first_value,
    flag_problem,
    pick,
    stat_changes_problem,
    stat_phrase,
)

# ``{n}`` is the number, ``{a|b}`` the singular or plural form by ``n``; ``{r}`` the range phrase.
NUMBERED: dict[str, tuple[str, str]] = {
    "crew": ("Bemannen {n}.", "Crew {n}."),
    "solid": ("Solid {n}.", "Solid {n}."),
    "armor": ("Rüstung {n}.", "Armor {n}."),
    "harvest": (
        "Volle-Aktion auf einem Acker: Erhalte {n} Ressourcen.",
        "Full action on farmland: gain {n} resources.",
    ),
    "damage": ("Eine Unit{r} erleidet {n} Schaden.", "A unit{r} takes {n} damage."),
    "heal": ("Heile eine Unit{r} um {n}.", "Heal a unit{r} by {n}."),
    "gain": ("Erhalte {n} {Ressource|Ressourcen}.", "Gain {n} {resource|resources}."),
    "draw": ("Ziehe {n} {Karte|Karten}.", "Draw {n} {card|cards}."),
    "steal": (
        "Stiehl dem Kontrolleur {n} {Ressource|Ressourcen}.",
        "Steal {n} {resource|resources} from its controller.",
    ),
}
MARKERS: dict[str, tuple[str, str]] = {
    "poison": ("Gift", "poison"),
    "paralysis": ("Paralyse", "paralysis"),
    "panic": ("Panik", "panic"),
}
FLAGS: dict[str, tuple[str, str]] = {
    "swimming": ("Schwimmen.", "Swimming."),
    "victory": (
        "Siegbedingung: Hat eine deiner Units dieses Equipment am Ende deines Zuges ausgerüstet, gewinnst du.",
        "Victory condition: if one of your units has this equipment equipped at the end of your turn, you win.",
    ),
}
AI: dict[str, tuple[str, str]] = {
    "aggressive": ("KI: Aggressive.", "AI: Aggressive."),
    "scheu": ("KI: Scheu.", "AI: Shy."),
    "wandelnd": ("KI: Wandelnd {n}.", "AI: Wandering {n}."),
    "unterstuetzend": ("KI: Unterstützend.", "AI: Supportive."),
}
DESTROY: dict[str, tuple[str, str]] = {
    "artifact": ("Zerstöre ein Artefakt ohne Solid.", "Destroy an artifact without Solid."),
    "equipment": ("Zerstöre ein Equipment.", "Destroy an equipment."),
}
STATS: dict[str, tuple[str, str]] = {
    "attack": ("Angriff", "attack"),
    "range": ("Range", "range"),
    "health": ("Leben", "health"),
    "movement": ("Bewegung", "movement"),
    "armor": ("Rüstung", "armor"),
}
BUFF_TARGETS: dict[str, tuple[str, str]] = {
    "equipped": ("Die ausgerüstete Unit erhält {b}.", "The equipped unit gets {b}."),
    "allies_near": ("Verbündete Units in Range 1 erhalten {b}.", "Allied units in range 1 get {b}."),
    "unit_turn": ("Eine Unit erhält bis zum Ende des Zuges {b}.", "A unit gets {b} until the end of the turn."),
}
TRIGGERS: dict[str, tuple[str, str]] = {
    "hit": ("Bei jedem Treffer: ", "On each hit: "),
    "upkeep": ("Im Upkeep: ", "In your upkeep: "),
    "destroyed": ("Wird diese Karte zerstört oder besiegt: ", "When this card is destroyed or defeated: "),
}
FULL_ACTION = ("Volle-Aktion: ", "Full action: ")
FREE_ACTION = ("Freie Aktion, {n} {Ressource|Ressourcen}: ", "Free action, {n} {resource|resources}: ")

KEYWORDS = frozenset({"crew", "solid", "armor", "harvest", "swimming", "victory", "ai"})
TERMS = frozenset(NUMBERED) | frozenset(MARKERS) | frozenset(FLAGS) | {"ai", "destroy", "buff"}
RANGED = frozenset({"damage", "heal", *MARKERS})
MAX_AMOUNT = 20


def _range_phrase(effect: Effect, lang: Lang) -> str:
    if "range" not in effect:
        return ""
    return f" in Range {effect['range']}" if lang == "de" else f" in range {effect['range']}"


def _marker_sentence(term: str, effect: Effect, lang: Lang) -> str:
    n, name = effect[term], pick(MARKERS[term], lang)
    if lang == "de":
        where = "die getroffene Unit" if effect.get("when") == "hit" else "eine Unit" + _range_phrase(effect, lang)
        return fill(f"Lege {{n}} {name}-{{Marke|Marken}} auf {where}.", n)
    where = "the unit hit" if effect.get("when") == "hit" else "a unit" + _range_phrase(effect, lang)
    return fill(f"Put {{n}} {name} {{marker|markers}} on {where}.", n)


def _buff_sentence(effect: Effect, lang: Lang) -> str:
    bonus = stat_phrase(effect["buff"], STATS, lang)
    return pick(BUFF_TARGETS[effect["target"]], lang).replace("{b}", bonus)


def _render_term(effect: Effect, lang: Lang) -> str:
    term = VOCABULARY.first_verb(effect)
    value = effect[term]
    if term in NUMBERED:
        return fill(pick(NUMBERED[term], lang), value).replace("{r}", _range_phrase(effect, lang))
    if term in MARKERS:
        return _marker_sentence(term, effect, lang)
    if term in FLAGS:
        return pick(FLAGS[term], lang)
    if term == "ai":
        return fill(pick(AI[value], lang), effect.get("x", 0))
    if term == "destroy":
        return pick(DESTROY[value], lang)
    return _buff_sentence(effect, lang)


def render_effect(effect: Effect, lang: Lang = "de") -> str:
    """One effect as one sentence, its full-action or trigger prefix first."""
    prefix = pick(FULL_ACTION, lang) if effect.get("full_action") else ""
    if "free" in effect:
        prefix += fill(pick(FREE_ACTION, lang), effect["free"])
    if "when" in effect:
        prefix += pick(TRIGGERS[effect["when"]], lang)
    return prefix + _render_term(effect, lang)


def render_text(effects: Sequence[Effect], lang: Lang = "de") -> str:
    """The card text of ``effects`` in German (``de``) or English (``en``); empty for none."""
    return " ".join(render_effect(effect, lang) for effect in effects)


# --- validation -------------------------------------------------------------------------------


def _amount_problem(value: Any) -> str | None:
    return amount_problem(value, 1, MAX_AMOUNT)


def _value_problem(term: str, value: Any) -> str | None:
    if term in NUMBERED or term in MARKERS:
        return _amount_problem(value)
    if term in FLAGS:
        return flag_problem(value)
    if term == "ai":
        return choice_problem(value, AI)
    if term == "destroy":
        return choice_problem(value, DESTROY)
    expected = f"some of {', '.join(STATS)}"
    return stat_changes_problem(value, STATS, expected=expected, noun="bonuses", limit=MAX_AMOUNT)


def _allowed_modifiers(term: str, effect: Effect) -> set[str]:
    if term == "ai":
        return {"x"} if effect.get("ai") == "wandelnd" else set()
    if term in KEYWORDS:
        return set()
    allowed = {"full_action", "when", "free"} | ({"range"} if term in RANGED else set())
    return allowed | ({"target"} if term == "buff" else set())


def _modifier_problem(term: str, effect: Effect) -> str | None:
    extra = sorted(set(effect) - _allowed_modifiers(term, effect) - {term})
    if extra:
        return f"{term} takes no key {extra[0]!r}"
    if effect.get("ai") == "wandelnd" and _amount_problem(effect.get("x")):
        return "Wandelnd needs its x: " + str(_amount_problem(effect.get("x")))
    if term == "buff" and effect.get("target") not in BUFF_TARGETS:
        return f"buff needs a target, one of {', '.join(BUFF_TARGETS)}"
    if "when" in effect and (problem := choice_problem(effect["when"], TRIGGERS)):
        return f"when {problem}"
    if "free" in effect and (problem := _amount_problem(effect["free"])):
        return f"free {problem}"
    if "free" in effect and ("full_action" in effect or "when" in effect):
        return "a free action is neither a full action nor triggered"
    if "full_action" in effect and effect["full_action"] is not True:
        return f"full_action must be true when given, not {effect['full_action']!r}"
    return _amount_problem(effect["range"]) if "range" in effect else None


VOCABULARY = Vocabulary(tuple(sorted(TERMS)), _value_problem, _modifier_problem, PER_FIELD)
effect_problem = VOCABULARY.effect_problem
validate_effects = VOCABULARY.field_errors


def keyword(effects: Sequence[Effect], term: str) -> Any:
    """The value of the first effect with ``term`` (``crew``, ``solid``, ``ai`` ...), or None."""
    return first_value(effects, term)
