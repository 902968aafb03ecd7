"""The machinery every game's effect vocabulary shares; each game supplies its words as data.

A card's ``effects`` is a list of small dicts, each with exactly one *verb* key (what happens)
and the modifier keys that verb allows. A game's ``effects`` module declares its verbs, their
German and English templates and how each value is checked; this module holds what is the same
in every game: choosing the language, filling ``{n}`` and ``{singular|plural}`` into a template,
the number checks, and the one-verb-per-effect validation loop (:class:`Vocabulary`).

Problem messages reach API clients (a refused card import names them), so their wording is data
too (:class:`Wording`): two games list problems under ``effects`` as ``"[i] ..."``, two under
``effects[i]``; both stay as they were when the games were written.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from engine.core.cards import FieldError

Lang = Literal["de", "en"]
Pair = tuple[str, str]  # (German, English)
Effect = Mapping[str, Any]
ValueProblem = Callable[[str, Any], str | None]
ModifierProblem = Callable[[str, Effect], str | None]

_CHOICE = re.compile(r"\{([^{}|]*)\|([^{}|]*)\}")


def pick(pair: Pair, lang: str) -> str:
    """The German text of ``pair`` for ``"de"``, the English one for any other language."""
    return pair[0] if lang == "de" else pair[1]


def fill(template: str, n: int) -> str:
    """``template`` with ``{n}`` replaced and each ``{singular|plural}`` chosen by ``n``."""
    # {n} first, so that a choice may contain the number: "{one of your creatures|{n} of your creatures}".
    return _CHOICE.sub(lambda m: m.group(1) if n == 1 else m.group(2), template.replace("{n}", str(n)))


def stat_phrase(changes: Mapping[str, int], names: Mapping[str, Pair], lang: str) -> str:
    """Signed stat changes as words: ``{"attack": 3, "defense": -1}`` -> '+3 attack and -1 defence'."""
    joiner = " und " if lang == "de" else " and "
    return joiner.join(f"{value:+d} {pick(names[key], lang)}" for key, value in changes.items())


def first_value(effects: Sequence[Effect], key: str, default: Any = None) -> Any:
    """The value of the first effect carrying ``key`` (``crew``, ``solid``, ``savings`` ...)."""
    return next((effect[key] for effect in effects if key in effect), default)


# --- value checks -----------------------------------------------------------------------------


def is_whole(value: Any) -> bool:
    """Whether ``value`` is a whole number (JSON's true and false are not)."""
    return isinstance(value, int) and not isinstance(value, bool)


def is_positive(value: Any) -> bool:
    """Whether ``value`` is a whole number above 0."""
    return is_whole(value) and value > 0


def is_nonzero(value: Any) -> bool:
    """Whether ``value`` is a whole number other than 0 (a stat change)."""
    return is_whole(value) and value != 0


def is_true(value: Any) -> bool:
    """Whether ``value`` is JSON ``true`` (a flag verb takes nothing else)."""
    return value is True


def amount_problem(value: Any, low: int, high: int) -> str | None:
    """Why ``value`` is not a whole number from ``low`` to ``high``, or None."""
    if not is_whole(value) or not low <= value <= high:
        return f"must be a whole number from {low} to {high}, not {value!r}"
    return None


def choice_problem(value: Any, choices: Collection[str]) -> str | None:
    """Why ``value`` is not one of ``choices``, or None."""
    return None if value in choices else f"must be one of {', '.join(choices)}, not {value!r}"


def flag_problem(value: Any) -> str | None:
    """Why ``value`` cannot stand after a flag verb (only ``true`` can), or None."""
    return None if value is True else f"must be true, not {value!r}"


def stat_changes_problem(value: Any, stats: Collection[str], *, expected: str, noun: str, limit: int) -> str | None:
    """Why ``value`` is not a map of some ``stats`` to non-zero changes within ±``limit``, or None.

    ``expected`` names the keys in the message ("attack and/or defense"), ``noun`` the changes
    ("boosts").
    """
    if not isinstance(value, dict) or not value or set(value) - set(stats):
        return f"must map {expected} to a number, not {value!r}"
    bad = [v for v in value.values() if not is_nonzero(v) or abs(v) > limit]
    return f"{noun} must be non-zero whole numbers within ±{limit}, not {bad[0]!r}" if bad else None


def checked_values(
    checks: Mapping[str, Callable[[Any], bool]], default: Callable[[Any], bool] = is_true
) -> ValueProblem:
    """A value check from one predicate per verb (``default`` for the rest: flags)."""

    def problem(verb: str, value: Any) -> str | None:
        return None if checks.get(verb, default)(value) else f"{value!r} is not a valid value for {verb}"

    return problem


def unknown_key_problem(effect: Effect, known: Collection[str]) -> str | None:
    """The first key of ``effect`` that is neither a verb nor a modifier, named; or None."""
    unknown = [k for k in effect if k not in known]
    return f"unknown key {unknown[0]!r}" if unknown else None


# --- the vocabulary ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Wording:
    """How a vocabulary words the problems every vocabulary has (see the module docstring).

    ``not_object`` may use ``{effect!r}``; ``one_verb`` may use ``{verbs}`` (the verbs, comma
    separated, sorted when ``sort_verbs``) and ``{keys}`` (the effect's sorted keys, or 'none').
    ``per_effect_field``: problems go to the field ``effects[i]`` and a missing or empty
    ``effects`` is no list at all; otherwise they go to ``effects`` as ``"[i] ..."``.
    ``object_type`` is what counts as an object (dict, or any mapping).
    """

    not_object: str
    one_verb: str
    sort_verbs: bool
    per_effect_field: bool
    object_type: type[Any]


# Eredan and Realmon: "[0] an effect needs exactly one verb of attack, defense, ..." under "effects".
LISTED = Wording(
    not_object="must be an object",
    one_verb="an effect needs exactly one verb of {verbs}",
    sort_verbs=False,
    per_effect_field=False,
    object_type=Mapping,
)
# Duel and muhq: "effects[0]: needs exactly one of damage, destroy, ...; has [...]".
PER_FIELD = Wording(
    not_object="must be an object, not {effect!r}",
    one_verb="needs exactly one of {verbs}; has {keys}",
    sort_verbs=True,
    per_effect_field=True,
    object_type=dict,
)


@dataclass(frozen=True)
class Vocabulary:
    """A game's verbs with the checks of their values and modifiers: validates effect lists.

    ``value_problem(verb, value)`` and ``modifier_problem(verb, effect)`` say why a verb's value
    or an effect's other keys are unacceptable (None: fine); the value is checked first.
    """

    verbs: tuple[str, ...]
    value_problem: ValueProblem
    modifier_problem: ModifierProblem
    wording: Wording = LISTED

    def verbs_in(self, effect: Effect) -> list[str]:
        """The keys of ``effect`` that are verbs (a valid effect has exactly one)."""
        return [key for key in effect if key in self.verbs]

    def verb_of(self, effect: Effect) -> str:
        """The one verb key of an effect (ValueError when there is none or more than one)."""
        verbs = self.verbs_in(effect)
        if len(verbs) != 1:
            raise ValueError(f"{self._one_verb_message(effect)}: {dict(effect)!r}")
        return verbs[0]

    def first_verb(self, effect: Effect) -> str:
        """The first verb key of an effect already validated (StopIteration when there is none)."""
        return next(key for key in effect if key in self.verbs)

    def effect_problem(self, effect: Any) -> str | None:
        """Why one effect does not fit this vocabulary, or None when it does."""
        if not isinstance(effect, self.wording.object_type):
            return self.wording.not_object.format(effect=effect)
        verbs = self.verbs_in(effect)
        if len(verbs) != 1:
            return self._one_verb_message(effect)
        try:
            return self.value_problem(verbs[0], effect[verbs[0]]) or self.modifier_problem(verbs[0], effect)
        except TypeError:  # a value of a kind no check expects (a list or object where a word belongs)
            return f"{verbs[0]}: a value of the wrong kind in {dict(effect)!r}"

    def effect_problems(self, effects: Any) -> list[str]:
        """Every problem of an ``effects`` list, each prefixed by its index (empty: all valid)."""
        if not isinstance(effects, list):
            return ["must be a list of effects"]
        return [f"[{i}] {problem}" for i, problem in self._indexed_problems(effects)]

    def field_errors(self, card: Mapping[str, Any]) -> list[FieldError]:
        """Every problem of ``card['effects']`` as card schema errors (a schema extra check)."""
        if not self.wording.per_effect_field:
            effects = card.get("effects")
            return [] if effects is None else [FieldError("effects", p) for p in self.effect_problems(effects)]
        effects = card.get("effects") or []
        if not isinstance(effects, list):
            return [FieldError("effects", "must be a list of effects")]
        return [FieldError(f"effects[{i}]", problem) for i, problem in self._indexed_problems(effects)]

    def _indexed_problems(self, effects: list[Any]) -> list[tuple[int, str]]:
        return [(i, problem) for i, effect in enumerate(effects) if (problem := self.effect_problem(effect))]

    def _one_verb_message(self, effect: Effect) -> str:
        verbs = sorted(self.verbs) if self.wording.sort_verbs else self.verbs
        return self.wording.one_verb.format(verbs=", ".join(verbs), keys=sorted(effect) or "none")
