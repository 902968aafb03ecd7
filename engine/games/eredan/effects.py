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
  type (``"item"``, ``"weapon"``, ``"spell"`` ...) or one card's slug (Katana chains
  ``"wakizashi"``).
- ``draw``: int > 0 -- the player draws that many cards.
- ``discard``: int > 0 -- the opponent discards that many cards at random.
- ``gain_rune``: ``"cor"``, ``"nox"`` or ``"yr"`` -- the target binds that rune (Runen-Legion).
- ``revive``: int > 0 -- a dead character of the player returns with that many health points.
- ``two_weapons``: true -- the target may carry two weapons (the seed's "Ambidextrie").
- ``rage``: true -- the target's Berserker rage is activated.
- ``cancel``: ``"any"`` or a card type -- the opponent's next card of that type this round has
  no effect.
- ``refresh``: true -- the target is no longer weakened ("geschwächt").
- ``weaken``: true -- the target is weakened.

Modifiers (all optional):

- ``target``: who is affected: ``"self"`` (the player's fighting character), ``"opponent"`` (the
  opposing fighting character), ``"bearer"`` (the character the card is attached to),
  ``"allies"`` (all the player's characters), ``"enemies"`` (all opposing characters). Each verb
  has a default (``spell_damage`` and ``weaken`` hit ``"opponent"``, the rest ``"self"``); the
  text names the target only when it differs from the default.
- ``round``: int 1-6 -- only in that round (a character's order bonus, "Rundenbonus").
- ``vs_class``: a class slug -- only when the opposing character has that class (Marodeur).
- ``rune``: a rune -- only when the target carries that rune, which is spent.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

Effect = Mapping[str, Any]
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
STAT_NAMES = {"attack": ("Attacke", "Attack"), "defense": ("Verteidigung", "Defence"), "spirit": ("Geist", "Spirit")}
MODIFIERS = ("target", "round", "vs_class", "rune")
DEFAULT_TARGET = {"spell_damage": "opponent", "weaken": "opponent"}


def _pick(pair: tuple[str, str], lang: Lang) -> str:
    return pair[0] if lang == "de" else pair[1]


def _count(n: int, lang: Lang, de: tuple[str, str], en: tuple[str, str]) -> str:
    """'1 Karte' / '2 Karten' in either language."""
    singular, plural = de if lang == "de" else en
    return f"{n} {singular if n == 1 else plural}"


def _chain_object(value: str, lang: Lang) -> str:
    """A chain names a card type or, for a card slug, the card's title (Katana -> 'Wakizashi')."""
    if value in CARD_TYPE_NAMES:
        return _pick(CARD_TYPE_NAMES[value], lang)
    return value.replace("-", " ").title()


def _stat(verb: str) -> Callable[[Any, Lang], str]:
    return lambda v, lang: f"{_pick(STAT_NAMES[verb], lang)} {v:+d}"


PHRASES: dict[str, Callable[[Any, Lang], str]] = {
    "attack": _stat("attack"),
    "defense": _stat("defense"),
    "spirit": _stat("spirit"),
    "heal": lambda v, lang: f"Heilt {v} Lebenspunkte" if lang == "de" else f"Heals {v} health",
    "spell_damage": lambda v, lang: f"{v} Zauberschaden" if lang == "de" else f"{v} spell damage",
    "chain": lambda v, lang: ("Verkettung: " if lang == "de" else "Chain: ") + _chain_object(v, lang),
    "draw": lambda v, lang: ("Ziehe " if lang == "de" else "Draw ")
    + _count(v, lang, ("Karte", "Karten"), ("card", "cards")),
    "discard": lambda v, lang: ("Der Gegner wirft " if lang == "de" else "The opponent discards ")
    + _count(v, lang, ("Karte", "Karten"), ("card", "cards"))
    + (" ab" if lang == "de" else ""),
    "gain_rune": lambda v, lang: f"Erhält eine {v.title()}-Rune" if lang == "de" else f"Gains a {v.title()} rune",
    "revive": lambda v, lang: f"Ein toter eigener Charakter kehrt mit {v} Lebenspunkten zurück"
    if lang == "de"
    else f"A dead own character returns with {v} health",
    "two_weapons": lambda v, lang: "Kann zwei Waffen tragen" if lang == "de" else "May carry two weapons",
    "rage": lambda v, lang: "Die Wut wird aktiviert" if lang == "de" else "Rage is activated",
    "cancel": lambda v, lang: f"Hebt die nächste gegnerische Karte ({_chain_object(v, lang)}) dieser Runde auf"
    if lang == "de"
    else f"Cancels the opponent's next card ({_chain_object(v, lang)}) this round",
    "refresh": lambda v, lang: "Ist nicht mehr geschwächt" if lang == "de" else "Is no longer weakened",
    "weaken": lambda v, lang: "Ist geschwächt" if lang == "de" else "Is weakened",
}
VERBS = tuple(PHRASES)


def verb_of(effect: Effect) -> str:
    """The one verb key of an effect (ValueError when there is none or more than one)."""
    verbs = [k for k in effect if k in PHRASES]
    if len(verbs) != 1:
        raise ValueError(f"an effect needs exactly one verb of {', '.join(VERBS)}: {dict(effect)!r}")
    return verbs[0]


def target_of(effect: Effect) -> str:
    """Who an effect hits: its ``target`` modifier or its verb's default."""
    return str(effect.get("target") or DEFAULT_TARGET.get(verb_of(effect), "self"))


def _conditions(effect: Effect, lang: Lang) -> str:
    """The prefixes 'Runde 3: ', 'Gegen Magier: ', 'Cor-Rune: ' in that order."""
    parts = []
    if "round" in effect:
        parts.append(("Runde " if lang == "de" else "Round ") + str(effect["round"]))
    if "vs_class" in effect:
        parts.append(("Gegen " if lang == "de" else "Against ") + _pick(CLASS_NAMES[effect["vs_class"]], lang))
    if "rune" in effect:
        rune = str(effect["rune"]).title()
        parts.append(f"{rune}-Rune" if lang == "de" else f"{rune} rune")
    return "".join(f"{p}: " for p in parts)


def _prefix(effect: Effect, lang: Lang) -> str:
    """Conditions, then the target when it is not the verb's default: 'Runde 3: Träger: '."""
    verb = verb_of(effect)
    target = target_of(effect)
    label = "" if target == DEFAULT_TARGET.get(verb, "self") else _pick(TARGET_NAMES[target], lang) + ": "
    return _conditions(effect, lang) + label


def render_effect(effect: Effect, lang: Lang = "de") -> str:
    """One effect as one sentence, e.g. ``{"attack": 2, "round": 3}`` -> 'Runde 3: Attacke +2.'"""
    verb = verb_of(effect)
    return f"{_prefix(effect, lang)}{PHRASES[verb](effect[verb], lang)}."


def render_text(effects: Sequence[Effect], lang: Lang = "de") -> str:
    """A card's printed text in ``lang`` ("de" or "en"), generated from its effects.

    Consecutive value changes with the same prefix share one sentence
    ('Träger: Verteidigung +2, Geist +1.'); every other effect is a sentence of its own.
    """
    sentences: list[tuple[str, list[str], bool]] = []
    for effect in effects:
        verb, prefix = verb_of(effect), _prefix(effect, lang)
        phrase = PHRASES[verb](effect[verb], lang)
        is_stat = verb in STAT_NAMES
        if is_stat and sentences and sentences[-1][2] and sentences[-1][0] == prefix:
            sentences[-1][1].append(phrase)
        else:
            sentences.append((prefix, [phrase], is_stat))
    return " ".join(f"{prefix}{', '.join(phrases)}." for prefix, phrases, _ in sentences)


def _value_problem(verb: str, value: Any) -> str | None:
    """Why ``value`` cannot stand after ``verb``, or None."""
    if verb in ("attack", "defense", "spirit"):
        ok = isinstance(value, int) and not isinstance(value, bool) and value != 0
    elif verb in ("heal", "spell_damage", "draw", "discard", "revive"):
        ok = isinstance(value, int) and not isinstance(value, bool) and value > 0
    elif verb in ("two_weapons", "rage", "refresh", "weaken"):
        ok = value is True
    elif verb == "gain_rune":
        ok = value in RUNES
    elif verb == "cancel":
        ok = value in CARD_TYPE_NAMES
    else:  # chain: a card type or a card slug
        ok = isinstance(value, str) and bool(value)
    return None if ok else f"{value!r} is not a valid value for {verb}"


def _modifier_problem(effect: Effect) -> str | None:
    """Why one of the effect's modifiers is unacceptable, or None."""
    unknown = [k for k in effect if k not in PHRASES and k not in MODIFIERS]
    if unknown:
        return f"unknown key {unknown[0]!r}"
    if "target" in effect and effect["target"] not in TARGETS:
        return f"target {effect['target']!r} is not one of {', '.join(TARGETS)}"
    rnd = effect.get("round", 1)
    if isinstance(rnd, bool) or not isinstance(rnd, int) or not 1 <= rnd <= 6:
        return f"round {rnd!r} is not a round 1-6"
    if "vs_class" in effect and effect["vs_class"] not in CLASS_NAMES:
        return f"vs_class {effect['vs_class']!r} is not a class"
    if "rune" in effect and effect["rune"] not in RUNES:
        return f"rune {effect['rune']!r} is not one of {', '.join(RUNES)}"
    return None


def effect_problems(effects: Any) -> list[str]:
    """Every problem of an ``effects`` list against this vocabulary (empty: all valid)."""
    if not isinstance(effects, list):
        return ["must be a list of effects"]
    problems: list[str] = []
    for index, effect in enumerate(effects):
        if not isinstance(effect, Mapping):
            problems.append(f"[{index}] must be an object")
            continue
        try:
            verb = verb_of(effect)
        except ValueError as error:
            problems.append(f"[{index}] {error}")
            continue
        problem = _value_problem(verb, effect[verb]) or _modifier_problem(effect)
        if problem:
            problems.append(f"[{index}] {problem}")
    return problems
