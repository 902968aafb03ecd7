"""The effect vocabulary of the duel game's cards, and the card text rendered from it.

A card's ``effects`` is a list of small dicts. Each dict has exactly one *term* key (what happens)
and, for the action terms, an optional ``when`` (the trigger); ``boost`` also needs a ``target``.
The printed text of a card is ``render_text(effects, "de")`` (``text``) and
``render_text(effects, "en")`` (``text_en``): one sentence per effect, in list order, so the data
the engine runs and the text players read can never disagree (a test checks every bundled card).

Static keywords of creatures and elites (no ``when``):

- ``{"direct_attack": true}``: may attack the opponent directly although they have creatures.
- ``{"piercing": true}``: killing a creature in defence position, the excess hits its owner.
- ``{"summon_condition": {"graveyard_creatures": n}}``: summonable only while at least n creatures
  lie in the owner's graveyard (Baal: the seed counts the graveyard's creatures for him).
- ``{"summon_condition": {"sacrifice": n}}``: summoning puts n of the owner's creatures into the
  graveyard first (the elites' price).
- ``{"graveyard_attack": n}``: +n attack for each creature in the owner's graveyard.

Action terms (spells act when played, weapons and reinforcements while in their zone, a ``when``
names another moment):

- ``{"damage": n}``: effect damage, the opponent loses n life points.
- ``{"heal": n}``: the owner gains n life points.
- ``{"draw": n}`` / ``{"discard": n}``: the owner draws n cards / the opponent discards n.
- ``{"destroy": "creature" | "attacker" | "support" | "reinforcement"}``: an opposing card.
- ``{"negate_attack": true}``: the declared attack is cancelled.
- ``{"switch_position": true}``: an opposing creature switches between attack and defence.
- ``{"extra_summon": n}``: n more creatures may be summoned this turn (A2 allows one).
- ``{"revive": n}``: n creatures come back to play from the owner's discard zone.
- ``{"graveyard_to_hand": n}``: n creatures go from the owner's graveyard to the hand.
- ``{"boost": {"attack": a, "defense": d}, "target": t}``: stat change (negative allowed) of
  ``t`` = ``equipped`` (the weapon's creature), ``own_all``, ``enemy_all`` or ``one_turn`` (one own
  creature until the end of the turn).

Triggers (``when``): ``summoned``, ``dies``, ``attacked`` (an opposing creature attacks: every
trap has this or ``opponent_summons``), ``opponent_summons``, ``turn_start``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core.cards import FieldError
from engine.core.effects import (
    PER_FIELD,
    Effect,
    Lang,
    Vocabulary,
    amount_problem,
    choice_problem,
    fill,
    flag_problem,
    pick,
    stat_changes_problem,
    stat_phrase,
)

# Term -> (German template, English template). ``{n}`` is the number, ``{a|b}`` picks the singular
# or plural form by ``n``, so one template covers every count.
COUNTED: dict[str, tuple[str, str]] = {
    "damage": ("Der Gegner verliert {n} {Lebenspunkt|Lebenspunkte}.", "The opponent loses {n} life {point|points}."),
    "heal": ("Du erhältst {n} {Lebenspunkt|Lebenspunkte}.", "You gain {n} life {point|points}."),
    "draw": ("Ziehe {n} {Karte|Karten}.", "Draw {n} {card|cards}."),
    "discard": ("Der Gegner wirft {n} {Handkarte|Handkarten} ab.", "The opponent discards {n} {card|cards}."),
    "extra_summon": (
        "Du darfst in diesem Zug {n} weitere {Kreatur|Kreaturen} beschwören.",
        "You may summon {n} more {creature|creatures} this turn.",
    ),
    "revive": (
        "Bringe {n} {Kreatur|Kreaturen} aus deinem Ablagebereich zurück ins Spiel.",
        "Return {n} {creature|creatures} from your discard zone to play.",
    ),
    "graveyard_to_hand": (
        "Nimm {n} {Kreatur|Kreaturen} von deinem Friedhof auf die Hand.",
        "Return {n} {creature|creatures} from your graveyard to your hand.",
    ),
    "graveyard_attack": (
        "Erhält +{n} Angriff für jede Kreatur auf deinem Friedhof.",
        "Gets +{n} attack for each creature in your graveyard.",
    ),
}

FLAGS: dict[str, tuple[str, str]] = {
    "direct_attack": (
        "Darf den Gegner direkt angreifen, auch wenn dieser Kreaturen hat.",
        "May attack the opponent directly even while they have creatures.",
    ),
    "piercing": (
        "Durchschlag: Tötet diese Kreatur eine Kreatur in Verteidigungsposition, erleidet deren Besitzer"
        " die Differenz als Schaden.",
        "Piercing: when this creature kills a creature in defence position, its owner takes the difference as damage.",
    ),
    "negate_attack": ("Der Angriff wird abgebrochen.", "The attack is cancelled."),
    "switch_position": (
        "Ändere die Position einer gegnerischen Kreatur.",
        "Switch the position of an opposing creature.",
    ),
}

DESTROY: dict[str, tuple[str, str]] = {
    "creature": ("Zerstöre eine gegnerische Kreatur.", "Destroy an opposing creature."),
    "attacker": ("Zerstöre die angreifende Kreatur.", "Destroy the attacking creature."),
    "support": ("Zerstöre eine gegnerische Unterstützungskarte.", "Destroy an opposing support card."),
    "reinforcement": ("Zerstöre die gegnerische Verstärkungskarte.", "Destroy the opposing reinforcement."),
}

SUMMON_CONDITIONS: dict[str, tuple[str, str]] = {
    "graveyard_creatures": (
        "Kann nur beschworen werden, wenn mindestens {n} {Kreatur|Kreaturen} auf deinem Friedhof {liegt|liegen}.",
        "Can only be summoned while at least {n} {creature is|creatures are} in your graveyard.",
    ),
    "sacrifice": (
        "Zur Beschwörung musst du {eine deiner Kreaturen|{n} deiner Kreaturen} auf den Friedhof legen.",
        "To summon it, put {one of your creatures|{n} of your creatures} into your graveyard.",
    ),
}

BOOST_TARGETS: dict[str, tuple[str, str]] = {
    "equipped": ("Die ausgerüstete Kreatur erhält {b}.", "The equipped creature gets {b}."),
    "own_all": ("Deine Kreaturen erhalten {b}.", "Your creatures get {b}."),
    "enemy_all": ("Gegnerische Kreaturen erhalten {b}.", "Opposing creatures get {b}."),
    "one_turn": (
        "Eine deiner Kreaturen erhält bis zum Ende des Zuges {b}.",
        "One of your creatures gets {b} until the end of the turn.",
    ),
}

STATS: dict[str, tuple[str, str]] = {"attack": ("Angriff", "attack"), "defense": ("Verteidigung", "defence")}

TRIGGERS: dict[str, tuple[str, str]] = {
    "summoned": ("Wenn diese Kreatur beschworen wird: ", "When this creature is summoned: "),
    "dies": ("Wenn diese Kreatur stirbt: ", "When this creature dies: "),
    "attacked": ("Wenn eine gegnerische Kreatur angreift: ", "When an opposing creature attacks: "),
    "opponent_summons": ("Wenn der Gegner eine Kreatur beschwört: ", "When the opponent summons a creature: "),
    "turn_start": ("Zu Beginn deines Zuges: ", "At the start of your turn: "),
}

STATIC_TERMS = frozenset({"direct_attack", "piercing", "summon_condition", "graveyard_attack"})
TERMS = frozenset(COUNTED) | frozenset(FLAGS) | {"destroy", "summon_condition", "boost"}
TRAP_TRIGGERS = frozenset({"attacked", "opponent_summons"})
MAX_AMOUNT = 20


def _render_term(effect: Effect, lang: Lang) -> str:
    term = VOCABULARY.first_verb(effect)
    value = effect[term]
    if term in COUNTED:
        return fill(pick(COUNTED[term], lang), value)
    if term in FLAGS:
        return pick(FLAGS[term], lang)
    if term == "destroy":
        return pick(DESTROY[value], lang)
    if term == "summon_condition":
        (kind, n), *_ = value.items()
        return fill(pick(SUMMON_CONDITIONS[kind], lang), n)
    return pick(BOOST_TARGETS[effect["target"]], lang).replace("{b}", stat_phrase(value, STATS, lang))


def render_effect(effect: Effect, lang: Lang = "de") -> str:
    """One effect as one sentence, its trigger first."""
    trigger = pick(TRIGGERS[effect["when"]], lang) if "when" in effect else ""
    return trigger + _render_term(effect, lang)


def render_text(effects: Sequence[Effect], lang: Lang = "de") -> str:
    """The card text of ``effects`` in German (``de``) or English (``en``); empty for none.

    Consecutive effects with the same trigger share one trigger phrase ("When an opposing creature
    attacks: The attack is cancelled. Draw 1 card.").
    """
    sentences = []
    for i, effect in enumerate(effects):
        shared = i > 0 and "when" in effect and effects[i - 1].get("when") == effect["when"]
        sentences.append(_render_term(effect, lang) if shared else render_effect(effect, lang))
    return " ".join(sentences)


# --- validation -------------------------------------------------------------------------------


def _summon_problem(value: Any) -> str | None:
    if not isinstance(value, dict) or len(value) != 1 or next(iter(value)) not in SUMMON_CONDITIONS:
        return f"must be one of {{{', '.join(SUMMON_CONDITIONS)}: n}}, not {value!r}"
    return amount_problem(next(iter(value.values())), 1, MAX_AMOUNT)


def _value_problem(term: str, value: Any) -> str | None:
    """Why ``value`` does not fit ``term``, or None."""
    if term in COUNTED:
        return amount_problem(value, 1, MAX_AMOUNT)
    if term in FLAGS:
        return flag_problem(value)
    if term == "destroy":
        return choice_problem(value, DESTROY)
    if term == "summon_condition":
        return _summon_problem(value)
    return stat_changes_problem(value, STATS, expected="attack and/or defense", noun="boosts", limit=MAX_AMOUNT)


def _modifier_problem(term: str, effect: Effect) -> str | None:
    allowed = set() if term in STATIC_TERMS else {"when"}
    if term == "boost":
        allowed.add("target")
        if effect.get("target") not in BOOST_TARGETS:
            return f"boost needs a target, one of {', '.join(BOOST_TARGETS)}"
    extra = sorted(set(effect) - allowed - {term})
    if extra:
        return f"{term} takes no key {extra[0]!r}"
    if "when" in effect and (problem := choice_problem(effect["when"], TRIGGERS)):
        return f"when {problem}"
    return None


VOCABULARY = Vocabulary(tuple(sorted(TERMS)), _value_problem, _modifier_problem, PER_FIELD)
effect_problem = VOCABULARY.effect_problem


def _trap_problem(card: Mapping[str, Any], effects: Sequence[Any]) -> FieldError | None:
    """A trap stays face down until something triggers it: it needs a trap trigger (seed)."""
    if card.get("type") != "trap" or any(e.get("when") in TRAP_TRIGGERS for e in effects):
        return None
    return FieldError("effects", "a trap needs an effect with when 'attacked' or 'opponent_summons'")


def validate_effects(card: Mapping[str, Any]) -> list[FieldError]:
    """Every problem of ``card['effects']`` (a schema extra check), one per bad effect, then
    the trap's missing trigger."""
    errors = VOCABULARY.field_errors(card)
    trap = None if errors else _trap_problem(card, card.get("effects") or [])
    return errors + ([trap] if trap else [])
