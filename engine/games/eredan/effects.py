"""The effect vocabulary of Eredan cards, and the card texts rendered from it.

A card's ``effects`` is a list of small dicts. Each dict holds exactly one *verb* key and
any number of *modifier* keys. The printed text (``text`` in German, ``text_en`` in English) is
never written by hand: :func:`render_text` produces it from the effects, and a test checks that
every bundled card's text equals the rendering, so the engine and the printed card cannot drift.

Verbs (value -> meaning):

- ``attack``, ``defense``, ``spirit``: int, not 0 -- the target's value changes by that much for
  the round (on a weapon, armour or item: as long as it is attached).
- ``heal``: int > 0 -- the target regains that many health points.
- ``spell_damage``: int > 0 -- spell or theurgy damage; the target's spirit, not its defence, is
  subtracted (seed: "Schaden, Zauber-Resistenz und Theurgie").
- ``chain``: str -- the player may play a second card this round ("Verkettung"): ``"any"``, a card
  type (``"item"``, printed "Gegenstand", is any object: item, weapon or armour; ``"weapon"``,
  ``"spell"`` ...) or one card's slug (Katana chains ``"wakizashi"``) (E12).
- ``draw``: int > 0 -- the player draws that many cards.
- ``discard``: int > 0 -- the opponent discards that many cards at random.
- ``gain_rune``: ``"cor"``, ``"nox"`` or ``"yr"`` -- the target binds that rune (Runen-Legion).
- ``revive``: int > 0 -- a dead character of the player returns with that many health points.
- ``two_weapons``: true -- the target may carry two weapons (the seed's "Ambidextrie").
- ``rage``: true -- the target's Berserker rage is activated.
- ``cancel``: ``"any"`` or a card type -- the opponent's next card of that type, later in this
  round's order, has no effect.
- ``refresh``: true -- the target is no longer weakened ("geschwächt").
- ``weaken``: true -- the target is weakened, and stays weakened through its side's next refresh
  (E21). On one's own character it is a drawback, and the text says so ("Dein Charakter ist
  geschwächt").
- ``round_bonuses``: true -- the target gains all its round bonuses, whatever the round (the seed's
  "Rundenbonus aktivieren": a character with bonuses for rounds 2 and 8 gets both, E8).

Modifiers (all optional):

- ``target``: who is affected: ``"self"`` (the player's fighting character), ``"opponent"`` (the
  opposing fighting character), ``"bearer"`` (the character the card is attached to),
  ``"allies"`` (all the player's characters), ``"enemies"`` (all opposing characters). Each verb
  has a default (``spell_damage`` and ``weaken`` hit ``"opponent"``, the rest ``"self"``); the
  text names the target only when it differs from the default.
- ``round``: int 1-20 -- only in that round (a character's round bonus, "Rundenbonus", E8; a
  character may carry several, and rounds are not capped at 6: the seed names round 8).
- ``vs_class``: a class slug -- only when the opposing character has that class (Marodeur).
- ``rune``: a rune -- only when the own character (the fighter, an object's bearer, a character
  for its own abilities) carries that rune, which the effect spends (E18: "Rune: Fähigkeit").
- ``while_raging``: true -- a stat change only while the target's rage is active (a Berserker's
  rage, E19: on a character card, these are what its rage does).
- ``for_class``: a class slug -- on an object: only when the bearer has that class. An object's
  stat changes without ``for_class`` are its standard bonus, which applies only when none of its
  ``for_class`` changes fits the bearer (the seed's Golem rule: "den Bonus entsprechend ihrer
  Klasse ... oder, wenn nichts übereinstimmt, den Standardbonus").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.core.effects import (
    Effect,
    Vocabulary,
    checked_values,
    is_nonzero,
    is_positive,
    is_whole,
    pick,
    unknown_key_problem,
)

Lang = str

RUNES = ("cor", "nox", "yr")
TARGETS = ("self", "opponent", "bearer", "allies", "enemies")
CARD_TYPE_NAMES: dict[str, tuple[str, str]] = {
    "any": ("beliebige Karte", "any card"),
    "item": ("Gegenstand", "item"),
    "weapon": ("Waffe", "weapon"),
    "armor": ("Rüstung", "armour"),
    "spell": ("Zauber", "spell"),
    "theurgy": ("Theurgie", "theurgy"),
    "action": ("Aktion", "action"),
    "potion": ("Trank", "potion"),
}
CLASS_NAMES: dict[str, tuple[str, str]] = {
    "magier": ("Magier", "Mage"),
    "kaempfer": ("Kämpfer", "Fighter"),
    "priester": ("Priester", "Priest"),
    "berserker": ("Berserker", "Berserker"),
    "marodeur": ("Marodeur", "Marauder"),
    "handwerker": ("Handwerker", "Artisan"),
    "kurtisane": ("Kurtisane", "Courtesan"),
    "dieb": ("Dieb", "Thief"),
    "beschwoerer": ("Beschwörer", "Summoner"),
    "jaeger": ("Jäger", "Hunter"),
    "barde": ("Barde", "Bard"),
    "waechter": ("Wächter", "Warden"),
}
TARGET_NAMES: dict[str, tuple[str, str]] = {
    "self": ("Eigener Charakter", "Own character"),
    "opponent": ("Gegnerischer Charakter", "Opposing character"),
    "bearer": ("Träger", "Bearer"),
    "allies": ("Alle eigenen Charaktere", "All own characters"),
    "enemies": ("Alle gegnerischen Charaktere", "All opposing characters"),
}
MODIFIERS = ("target", "round", "vs_class", "rune", "while_raging", "for_class")
MAX_ROUND = 20  # E8: rounds are not capped at 6; a card names a round up to this bound
DEFAULT_TARGET = {"spell_damage": "opponent", "weaken": "opponent"}


def _object(verb: str, value: Any, lang: Lang) -> str:
    """The ``{x}`` of a template: a card type, a card's title (Katana -> 'Wakizashi') or a rune."""
    if verb == "gain_rune":
        return str(value).title()
    if verb in ("chain", "cancel") and value in CARD_TYPE_NAMES:
        return pick(CARD_TYPE_NAMES[value], lang)
    return str(value).replace("-", " ").title()


# verb -> (German, English); {n} is the value, {x} its object (_object), {k} 'Karte(n)'/'card(s)'.
TEMPLATES: dict[str, tuple[str, str]] = {
    "attack": ("Attacke {n:+d}", "Attack {n:+d}"),
    "defense": ("Verteidigung {n:+d}", "Defence {n:+d}"),
    "spirit": ("Geist {n:+d}", "Spirit {n:+d}"),
    "heal": ("Heilt {n} Lebenspunkte", "Heals {n} health"),
    "spell_damage": ("{n} Zauberschaden", "{n} spell damage"),
    "chain": ("Verkettung: {x}", "Chain: {x}"),
    "draw": ("Ziehe {n} {k}", "Draw {n} {k}"),
    "discard": ("Der Gegner wirft {n} {k} ab", "The opponent discards {n} {k}"),
    "gain_rune": ("Erhält eine {x}-Rune", "Gains a {x} rune"),
    "revive": (
        "Ein toter eigener Charakter kehrt mit {n} Lebenspunkten zurück",
        "A dead own character returns with {n} health",
    ),
    "two_weapons": ("Kann zwei Waffen tragen", "May carry two weapons"),
    "rage": ("Die Wut wird aktiviert", "Rage is activated"),
    "cancel": (
        "Hebt die nächste gegnerische Karte ({x}) dieser Runde auf",
        "Cancels the opponent's next card ({x}) this round",
    ),
    "refresh": ("Ist nicht mehr geschwächt", "Is no longer weakened"),
    "weaken": ("Ist geschwächt", "Is weakened"),
    "round_bonuses": ("Erhält alle Rundenboni", "Gains all round bonuses"),
}
# E21: a drawback on one's own character names it: these verbs on these targets are one sentence
# of their own instead of the target's label before the verb's ('Eigener Charakter: Ist geschwächt').
NAMED_TARGET: dict[tuple[str, str], tuple[str, str]] = {
    ("weaken", "self"): ("Dein Charakter ist geschwächt", "Your character is weakened"),
}
STAT_VERBS = ("attack", "defense", "spirit")
VERBS = tuple(TEMPLATES)


# --- validation -------------------------------------------------------------------------------

# verb -> whether a value is acceptable for it; the flags (two_weapons, rage, refresh, weaken) take true.
VALUE_CHECKS: dict[str, Callable[[Any], bool]] = {
    "attack": is_nonzero,
    "defense": is_nonzero,
    "spirit": is_nonzero,
    "heal": is_positive,
    "spell_damage": is_positive,
    "draw": is_positive,
    "discard": is_positive,
    "revive": is_positive,
    "gain_rune": lambda v: v in RUNES,
    "cancel": lambda v: v in CARD_TYPE_NAMES,
    "chain": lambda v: isinstance(v, str) and bool(v),  # a card type or a card slug
}


def _modifier_problem(verb: str, effect: Effect) -> str | None:
    """Why one of the effect's modifiers is unacceptable, or None."""
    unknown = unknown_key_problem(effect, (*TEMPLATES, *MODIFIERS))
    if unknown:
        return unknown
    if "target" in effect and effect["target"] not in TARGETS:
        return f"target {effect['target']!r} is not one of {', '.join(TARGETS)}"
    rnd = effect.get("round", 1)
    if not is_whole(rnd) or not 1 <= rnd <= MAX_ROUND:
        return f"round {rnd!r} is not a round 1-{MAX_ROUND}"
    for key in ("vs_class", "for_class"):
        if key in effect and effect[key] not in CLASS_NAMES:
            return f"{key} {effect[key]!r} is not a class"
    if "rune" in effect and effect["rune"] not in RUNES:
        return f"rune {effect['rune']!r} is not one of {', '.join(RUNES)}"
    if "while_raging" in effect and (effect["while_raging"] is not True or verb not in STAT_VERBS):
        return "while_raging is true, and only on attack, defense or spirit (E19)"
    return None


VOCABULARY = Vocabulary(VERBS, checked_values(VALUE_CHECKS), _modifier_problem)
verb_of = VOCABULARY.verb_of
effect_problem = VOCABULARY.effect_problem
effect_problems = VOCABULARY.effect_problems


# --- rendering --------------------------------------------------------------------------------


def _phrase(verb: str, value: Any, lang: Lang, target: str | None = None) -> str:
    """The verb's template filled in, without conditions; the target only where the sentence
    names it (``NAMED_TARGET``)."""
    if (verb, target) in NAMED_TARGET:
        return pick(NAMED_TARGET[verb, str(target)], lang)
    cards = ("Karte", "Karten") if lang == "de" else ("card", "cards")
    word = cards[0] if value == 1 else cards[1]
    return pick(TEMPLATES[verb], lang).format(n=value, x=_object(verb, value, lang), k=word)


def target_of(effect: Effect) -> str:
    """Who an effect hits: its ``target`` modifier or its verb's default."""
    return str(effect.get("target") or DEFAULT_TARGET.get(verb_of(effect), "self"))


def _conditions(effect: Effect, lang: Lang) -> str:
    """The prefixes 'Runde 3: ', 'Gegen Magier: ', 'Cor-Rune: ', 'Während der Wut: ',
    'Für Kämpfer: ' in that order."""
    parts = []
    if "round" in effect:
        parts.append(("Runde " if lang == "de" else "Round ") + str(effect["round"]))
    if "vs_class" in effect:
        parts.append(("Gegen " if lang == "de" else "Against ") + pick(CLASS_NAMES[effect["vs_class"]], lang))
    if "rune" in effect:
        rune = str(effect["rune"]).title()
        parts.append(f"{rune}-Rune" if lang == "de" else f"{rune} rune")
    if "while_raging" in effect:
        parts.append("Während der Wut" if lang == "de" else "While raging")
    if "for_class" in effect:
        parts.append(("Für " if lang == "de" else "For a ") + pick(CLASS_NAMES[effect["for_class"]], lang))
    return "".join(f"{p}: " for p in parts)


def _prefix(effect: Effect, lang: Lang) -> str:
    """Conditions, then the target when it is not the verb's default: 'Runde 3: Träger: '."""
    verb = verb_of(effect)
    target = target_of(effect)
    named = target == DEFAULT_TARGET.get(verb, "self") or (verb, target) in NAMED_TARGET
    label = "" if named else pick(TARGET_NAMES[target], lang) + ": "
    return _conditions(effect, lang) + label


def render_effect(effect: Effect, lang: Lang = "de") -> str:
    """One effect as one sentence, e.g. ``{"attack": 2, "round": 3}`` -> 'Runde 3: Attacke +2.'"""
    verb = verb_of(effect)
    return f"{_prefix(effect, lang)}{_phrase(verb, effect[verb], lang, target_of(effect))}."


def render_text(effects: Sequence[Effect], lang: Lang = "de") -> str:
    """A card's printed text in ``lang`` ("de" or "en"), generated from its effects.

    Consecutive value changes with the same prefix share one sentence
    ('Träger: Verteidigung +2, Geist +1.'); every other effect is a sentence of its own.
    """
    sentences: list[tuple[str, list[str], bool]] = []
    for effect in effects:
        verb, prefix = verb_of(effect), _prefix(effect, lang)
        phrase = _phrase(verb, effect[verb], lang, target_of(effect))
        is_stat = verb in STAT_VERBS
        if is_stat and sentences and sentences[-1][2] and sentences[-1][0] == prefix:
            sentences[-1][1].append(phrase)
        else:
            sentences.append((prefix, [phrase], is_stat))
    return " ".join(f"{prefix}{', '.join(phrases)}." for prefix, phrases, _ in sentences)
