"""What a character is worth and may do: current stats, permissions (E13), item slots (E11),
chains (E12) and whether a spell replaces the attack (E14).

Stats are computed, never stored: printed value + this round's changes (``mods``) + the bonuses of
attached objects (the seed's Golem rule: per-class bonuses or the standard bonus) + what its rage
does (E19) + its Marodeur bonus against the opposing fighter's class; never below 0.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.games.eredan.conditions import Ctx, conditions_hold
from engine.games.eredan.effects import STAT_VERBS, target_of, verb_of
from engine.games.eredan.state import OBJECTS, Char, Entry, State, card_of, char_at, core_classes, fighter_index

OBJECT_KIND = "item"  # a chain naming "item" (printed "Gegenstand") allows any object (rule choice 5)
SLOT_LIMITS = {"weapon": 1, "armor": 1}  # E11; items, potions ... are not limited


def stat(s: State, p: int, i: int, key: str) -> int:
    """Character ``i`` of player ``p``: its current attack, defense or spirit."""
    char = char_at(s, p, i)
    entry = card_of(s, char["card"])
    ctx = Ctx(s, p, entry, (p, i))
    fighting = fighter_index(s, p) == i
    total = int(entry[key]) + int(char["mods"][key])
    for cid in char["attached"]:
        total += object_bonus(ctx, card_of(s, cid), fighting).get(key, 0)
    for effect in entry["effects"]:
        if key in effect and continuous(effect) and lasting_holds(ctx, effect, fighting):
            total += int(effect[key])
    return max(0, total)


def continuous(effect: dict[str, Any]) -> bool:
    """A character's own stat change that holds while a condition does: its rage (E19) or the
    class of the character it faces (Marodeur). Round bonuses and rune abilities are events."""
    return ("while_raging" in effect or "vs_class" in effect) and "round" not in effect and "rune" not in effect


def lasting_holds(ctx: Ctx, effect: dict[str, Any], fighting: bool, skip: tuple[str, ...] = ()) -> bool:
    """Whether a lasting change holds now for ``ctx``'s character: a Marodeur bonus only while it
    fights, every other condition as the effect checks say."""
    if "vs_class" in effect and not fighting:
        return False
    assert ctx.self_ref is not None
    return conditions_hold(ctx, effect, ctx.self_ref, skip)


def object_bonus(ctx: Ctx, obj: Entry, fighting: bool) -> dict[str, int]:
    """The stat bonus an attached object gives its bearer (``ctx``'s character): its changes for
    one of the bearer's classes (``for_class``), or, when none fits, its standard bonus (the
    seed's Golem rule)."""
    lasting = [e for e in obj["effects"] if is_lasting(e) and lasting_holds(ctx, e, fighting, ("for_class",))]
    fitting = [e for e in lasting if "for_class" in e and lasting_holds(ctx, e, fighting)]
    chosen = fitting or [e for e in lasting if "for_class" not in e]
    bonus: dict[str, int] = {}
    for effect in chosen:
        verb = verb_of(effect)
        bonus[verb] = bonus.get(verb, 0) + int(effect[verb])
    return bonus


def is_lasting(effect: dict[str, Any]) -> bool:
    """An object's stat change on its bearer: it lasts while the object is attached (rule choice 6)."""
    verb = verb_of(effect)
    return verb in STAT_VERBS and target_of(effect) in ("self", "bearer") and "rune" not in effect


# --- permissions (E13) --------------------------------------------------------------------------


def may_use(card: Entry, user: Entry) -> bool:
    """E13: whether ``user`` (the fighter, or the bearer of an object) may play or carry ``card``.

    A card with classes needs one of them; theurgy needs a Priester; a spell needs a Magier or a
    Gemelit of the spell's element (who needs none of the spell's classes: rule choice 3); a Golem
    carries any object."""
    ctype = card["type"]
    if ctype in OBJECTS and user["race"] == "golem":
        return True
    if ctype == "spell":
        gemelit = user["race"] == "gemelit" and card["element"] is not None and card["element"] == user["element"]
        return gemelit or "magier" in user["classes"] and _classes_fit(card, user)
    if ctype == "theurgy" and "priester" not in user["classes"]:
        return False
    return _classes_fit(card, user)


def _classes_fit(card: Entry, user: Entry) -> bool:
    return not card["classes"] or bool(set(card["classes"]) & set(user["classes"]))


def is_crafter(entry: Entry) -> bool:
    """E11: a Handwerker fighter attaches objects to any own living character."""
    return "handwerker" in entry["classes"]


def bearers(s: State, p: int, card: Entry) -> list[int]:
    """Where player ``p``'s object may go: the fighter, or, for a Handwerker fighter, any own
    living character that may carry it (E11, E13)."""
    f = fighter_index(s, p)
    assert f is not None
    fighter = card_of(s, char_at(s, p, f)["card"])
    pool = [i for i, c in enumerate(s["players"][p]["characters"]) if not c["dead"]] if is_crafter(fighter) else [f]
    return [i for i in pool if may_use(card, card_of(s, char_at(s, p, i)["card"]))]


def slot_limit(card: Entry, char: Char) -> int | None:
    """E11: one weapon (two with Ambidextrie) and one armor; None: no limit."""
    limit = SLOT_LIMITS.get(card["type"])
    if limit is not None and card["type"] == "weapon" and char["two_weapons"]:
        return 2
    return limit


# --- chains (E12) -------------------------------------------------------------------------------


def class_chain(fighter: Entry, first: Entry) -> bool:
    """E12: a Kämpfer without Magier (Kämpfer, Marodeur/Kämpfer, Kämpfer/Priester ...) chains after
    a first object; a pure Magier that is no Gemelit after a first no-zone spell."""
    core = core_classes(fighter)
    if first["type"] in OBJECTS:
        return "kaempfer" in core and "magier" not in core
    if first["type"] == "spell" and not first["zone"]:
        return core == {"magier"} and fighter["race"] != "gemelit"
    return False


def chain_allows(kinds: Iterable[str], card: Entry) -> bool:
    """Whether a second card fits one of the chain kinds: ``any``, a card type (``item``: any
    object) or a card's slug (Katana chains Wakizashi)."""
    for kind in kinds:
        if kind in ("any", card["type"], card["slug"]) or kind == OBJECT_KIND and card["type"] in OBJECTS:
            return True
    return False


def replaces_attack(fighter: Entry) -> bool:
    """E14: a direct-damage spell replaces the attack of a pure Magier and of a Magier/Priester."""
    core = core_classes(fighter)
    return "magier" in core and core <= {"magier", "priester"}


def is_direct_damage(card: Entry) -> bool:
    """A spell that deals damage to the opposing side (E14; theurgy never replaces the attack)."""
    return card["type"] == "spell" and any(
        "spell_damage" in e and target_of(e) in ("opponent", "enemies") for e in card["effects"]
    )
