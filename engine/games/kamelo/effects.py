"""The effect vocabulary of Ka-Mel-Oh! cards and the card texts generated from it.

A card's ``effects`` is a list of small dicts; the engine runs them and ``render_text`` writes the
printed text (German ``de``, English ``en``) from them, so text and rules cannot drift apart.

| effect | on | meaning |
| --- | --- | --- |
| ``{"direct_attack": true}`` | monster | may attack the opponent directly although they have monsters |
| ``{"direct_attack": true, "turns": 1}`` | item | one own monster may attack the opponent directly this turn |
| ``{"stat": {"ap": 10, "dp": 5, "lp": 20}}`` | item | raise one own monster's values (K4 caps: AP 100, DP 80, LP 400) |
| ``{"stat": {"ap": -10, "lp": -30}}`` | item | lower one opposing monster's values (negative LP is damage) |
| ``{"surcharge": 2, "turns": 1}`` | item | every monster sent to the arena costs 2 Datteln more (see engine docs) |
| ``{"savings": 10, "turns": 2}`` | item | after 2 of the owner's turns the owner receives 10 Datteln |
| ``{"take_over": true}`` | item | an opposing monster changes sides into a free slot of one's own arena; it lies upside down there and, leaving the arena, goes to its owner's desert (seed: "Wichtige Ausnahme") |
| ``{"withdraw": true}`` | item | one own monster leaves the arena back into its owner's hand (seed: "außer durch passende ITEMs") |
| ``{"recipe_item": "fusion" / "mutation" / "rotte"}`` | special_item | the light-blue card a recipe needs |
| ``{"result_of": "fusion" / "mutation" / "rotte"}`` | special_monster | a violet card played by its recipe |

A direct attack, having no monster to hit, scores 1 victory point, like an attack on an empty arena (K5).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core.effects import Effect, first_value

STAT_NAMES = {"ap": "AP", "dp": "DP", "lp": "LP"}
KIND_DE = {"fusion": "Fusion", "mutation": "Mutation", "rotte": "Zusammenrottung"}
KIND_EN = {"fusion": "fusion", "mutation": "mutation", "rotte": "Zusammenrottung (mob fusion)"}


def stat_change(effects: Sequence[Effect]) -> dict[str, int]:
    """The summed ``stat`` changes of a card's effects (empty when it has none)."""
    total: dict[str, int] = {}
    for effect in effects:
        for key, value in (effect.get("stat") or {}).items():
            total[key] = total.get(key, 0) + int(value)
    return total


def is_hostile(effects: Sequence[Effect]) -> bool:
    """Whether a stat item targets an opposing monster (its changes are negative)."""
    return any(value < 0 for value in stat_change(effects).values())


def has_effect(effects: Sequence[Effect], key: str) -> bool:
    """Whether any effect of the card carries ``key``."""
    return any(key in effect for effect in effects)


def effect_value(effects: Sequence[Effect], key: str, default: Any = None) -> Any:
    """The value of the first effect carrying ``key``."""
    return first_value(effects, key, default)


def _stat_text(change: Mapping[str, int], lang: str) -> str:
    parts = ", ".join(f"{STAT_NAMES[k]} {v:+d}" for k, v in change.items())
    if any(v < 0 for v in change.values()):
        if lang == "de":
            return f"Ein gegnerisches Monster in der Arena erhält {parts} (LP-Verlust ist Schaden)."
        return f"One opposing monster in the arena gets {parts} (lost LP are damage)."
    if lang == "de":
        return f"Ein eigenes Monster in der Arena erhält {parts}, höchstens bis AP 100, DP 80, LP 400."
    return f"One of your monsters in the arena gets {parts}, up to AP 100, DP 80, LP 400 at most."


def _one(effect: Effect, lang: str) -> str:
    de = lang == "de"
    if "stat" in effect:
        return _stat_text(effect["stat"], lang)
    if "direct_attack" in effect and "turns" in effect:
        if de:
            return "Ein eigenes Monster darf in diesem Zug den Gegner direkt angreifen."
        return "One of your monsters may attack the opponent directly this turn."
    if "direct_attack" in effect:
        if de:
            return "Darf den Gegner direkt angreifen, auch wenn dieser Monster in der Arena hat."
        return "May attack the opponent directly even when they have monsters in the arena."
    if "take_over" in effect:
        if de:
            return (
                "Ein gegnerisches Monster wechselt auf einen freien Kampfplatz deiner Seite der Arena; es liegt "
                "dort kopfstehend und kommt, wenn es ausscheidet, in die Wüste seines Eigentümers."
            )
        return (
            "One opposing monster changes sides to a free slot of your arena; it lies upside down there and, "
            "when it leaves the arena, goes to its owner's desert."
        )
    if "withdraw" in effect:
        if de:
            return "Ein eigenes Monster wird aus der Arena zurückgezogen und kommt auf die Hand zurück."
        return "One of your monsters is withdrawn from the arena back into your hand."
    if "surcharge" in effect:
        n, turns = effect["surcharge"], effect.get("turns", 1)
        if de:
            return f"Streik: {turns} Zug lang kostet jedes Monster {n} Datteln mehr."
        return f"Strike: for {turns} turn every monster costs {n} more Datteln."
    if "savings" in effect:
        n, turns = effect["savings"], effect.get("turns", 1)
        if de:
            return f"Nach {turns} eigenen Zügen zahlt dir der Vertrag {n} Datteln aus."
        return f"After {turns} of your turns the contract pays you {n} Datteln."
    if "recipe_item" in effect:
        kind = effect["recipe_item"]
        if de:
            return f"{KIND_DE[kind]}s-Item: wird mit dem passenden violetten Monster ausgespielt."
        return f"Item for a {KIND_EN[kind]}: played together with the matching violet monster."
    if "result_of" in effect:
        kind = effect["result_of"]
        if de:
            return f"Ergebnis einer {KIND_DE[kind]}: entsteht aus den genannten Monstern."
        return f"Result of a {KIND_EN[kind]}: made from the monsters named in its recipe."
    raise ValueError(f"unknown Ka-Mel-Oh! effect {dict(effect)!r}")


# Each effect's keys (the first is its verb) and the check of each key's value.
def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _stats(value: Any) -> bool:
    return isinstance(value, Mapping) and bool(value) and all(k in STAT_NAMES and _whole(v) for k, v in value.items())


def _kind(value: Any) -> bool:
    return isinstance(value, str) and value in KIND_DE


SHAPES: dict[str, dict[str, Any]] = {
    "stat": {"stat": _stats},
    "direct_attack": {"direct_attack": lambda v: v is True, "turns": lambda v: _whole(v) and v > 0},
    "surcharge": {"surcharge": lambda v: _whole(v) and v > 0, "turns": lambda v: _whole(v) and v > 0},
    "savings": {"savings": lambda v: _whole(v) and v > 0, "turns": lambda v: _whole(v) and v > 0},
    "take_over": {"take_over": lambda v: v is True},
    "withdraw": {"withdraw": lambda v: v is True},
    "recipe_item": {"recipe_item": _kind},
    "result_of": {"result_of": _kind},
}


def effect_problem(effect: Any) -> str | None:
    """Why one effect does not fit the vocabulary in the module docstring, or None when it does."""
    if not isinstance(effect, Mapping):
        return f"an effect is an object, not {effect!r}"
    verbs = [key for key in effect if key in SHAPES]
    if len(verbs) != 1:
        return f"an effect has exactly one of {', '.join(SHAPES)}; got {sorted(map(str, effect))}"
    shape = SHAPES[verbs[0]]
    for key, value in effect.items():
        if key not in shape:
            return f"{verbs[0]}: unknown key {key!r}"
        if not shape[key](value):
            return f"{verbs[0]}: {key} {value!r} is not allowed"
    return None


def effect_problems(effects: Any) -> list[str]:
    """Every problem of an ``effects`` list, each prefixed by its index (empty: all valid)."""
    if not isinstance(effects, list):
        return ["must be a list of effects"]
    return [f"[{i}] {p}" for i, effect in enumerate(effects) if (p := effect_problem(effect))]


def render_text(effects: Sequence[Effect], lang: str = "de") -> str:
    """The printed card text for ``effects`` in ``lang`` (``de`` or ``en``); empty for none."""
    if lang not in ("de", "en"):
        raise ValueError(f"unknown language {lang!r}")
    return " ".join(_one(effect, lang) for effect in effects)
