"""What happens on the map: fighting, effects, and permanents leaving it (placing and moving are
``placing``, the victories ``outcome``).

Every effect term of ``effects.py`` is executed by ``run_term`` (an unknown term raises
``UnknownTermError``: never a silent no-op). Combat is M13: both hit at the same moment, armour
reduces each hit, then units at life < 0 (or with more poison markers than life) are defeated
(M5). A permanent that leaves the map drops its stack (``dropping``: set down in range 1 by the
seat that controlled it, M31; equipment losing 1 durability per drop, M17).
"""

from __future__ import annotations

from typing import Any

from engine.games.muhq.calc import distance
from engine.games.muhq.dropping import chooser, forget_aura, lift
from engine.games.muhq.effects import VOCABULARY
from engine.games.muhq.geometry import attack_at, attack_profile, dist, stats
from engine.games.muhq.outcome import eliminate, finish, gain
from engine.games.muhq.state import (
    KRAKEN,
    MARKERS,
    Owner,
    State,
    card_of,
    discard_pile,
    draw,
    game_map,
    is_kraken_mode,
    log,
    name_of,
    rng_of,
    seat_label,
    units_of,
)

TARGETED = frozenset({"damage", "heal", "poison", "paralysis", "panic", "destroy", "buff"})
UNTARGETED = frozenset({"gain", "draw", "harvest"})
Point = tuple[int, int]


class UnknownTermError(ValueError):
    """A card's effect term the engine cannot run (a bug: every term of effects.py runs)."""


# --- leaving the map ----------------------------------------------------------------------------


def remove(s: State, pid: str, why: str) -> None:
    """A permanent leaves the map (defeated or destroyed): its stack drops, the card goes to its
    owner's discard pile (a map piece leaves the game), its ``destroyed`` effects run, and the
    victory conditions that hang on it are checked."""
    perm = s["perms"].get(pid)
    if perm is None:
        return
    card = card_of(s, pid)
    origin = (perm["x"], perm["y"])
    if perm["on"] is not None:
        s["perms"][perm["on"]]["stack"].remove(pid)
    else:
        s["occ"][origin[1]][origin[0]] = None
    stack = list(perm["stack"])
    del s["perms"][pid]
    forget_aura(s, pid)
    (s["out"] if perm["piece"] else discard_pile(s, perm["owner"])).append(pid)
    log(s, perm["controller"], why, f"{card['name']} ({seat_label(perm['owner'])}) is {why}", card=pid)
    for member in stack:  # rules.md "fallen gelassen", set down by the base's controller (M31)
        lift(s, member, origin, chooser(s, perm["controller"]))
    for effect in card["effects"]:
        if effect.get("when") == "destroyed":
            run_effect(s, effect, perm["controller"], source=None, origin=origin)
    _after_removal(s, perm, card)


def _after_removal(s: State, perm: dict[str, Any], card: dict[str, Any]) -> None:
    seats = range(len(s["players"]))
    if perm["vip"]:  # M26: its seat is out at once, the last seat with its VIP wins
        eliminate(s, perm["owner"])
        playing = [p for p in seats if p not in s["eliminated"]]
        if len(playing) <= 1:
            finish(s, playing, "vip")
    elif is_kraken_mode(s) and perm["owner"] == KRAKEN and card["slug"] == game_map(s).victory.params.get("unit"):
        finish(s, list(seats), "kraken_defeated")
    elif perm["piece"] == "building":
        left = {other["owner"] for other in s["perms"].values() if other["piece"] == "building"}
        if len(left) <= 1:
            finish(s, [p for p in seats if p in left], "buildings")


def check_defeat(s: State, pid: str) -> None:
    """M5: a unit at life < 0 or with more poison markers than life is defeated; a solid artifact
    at life < 0 is destroyed."""
    if pid not in s["perms"]:
        return
    figures = stats(s, pid)
    perm = s["perms"][pid]
    if figures["life"] < 0 or perm["markers"]["poison"] > figures["life"]:
        remove(s, pid, "defeated" if card_of(s, pid)["type"] == "unit" else "destroyed")


# --- combat -------------------------------------------------------------------------------------


def combat(s: State, attacker: str, target: str) -> None:
    """M13: the attacker hits with its stack's attack at that distance (M2); a unit strikes back
    at the same moment if the attacker is within its own range (a solid artifact does not, M16);
    armour reduces each hit; hit effects follow; then the defeated leave."""
    d = dist(s, attacker, target)
    hit = attack_at(attack_profile(s, attacker), d)
    to_target = max(0, hit - stats(s, target)["armor"])
    to_attacker = 0
    if card_of(s, target)["type"] == "unit":
        back = attack_at(attack_profile(s, target), d)
        ap = s["perms"][attacker]
        if d > 1 and game_map(s).grid[ap["y"]][ap["x"]] == "haus":
            back = 0  # a unit on a Haus can only be attacked in range 1, a counter-strike too
        to_attacker = max(0, back - stats(s, attacker)["armor"])
    s["perms"][target]["damage"] += to_target
    s["perms"][attacker]["damage"] += to_attacker
    log(
        s,
        s["perms"][attacker]["controller"],
        "combat",
        f"{name_of(s, attacker)} hits {name_of(s, target)} for {to_target}, takes {to_attacker}",
        attacker=attacker,
        target=target,
        damage=to_target,
        counter=to_attacker,
    )
    if to_target > 0:
        _on_hit(s, attacker, target)
    if to_attacker > 0 and attacker in s["perms"] and target in s["perms"]:
        _on_hit(s, target, attacker)
    check_defeat(s, target)
    check_defeat(s, attacker)


def _on_hit(s: State, hitter: str, hit: str) -> None:
    """``when: hit`` effects of the hitting unit, its crew and its equipment on the unit hit."""
    sources = [hitter, *s["perms"][hitter]["stack"]]
    for source in sources:
        for effect in card_of(s, source)["effects"]:
            if effect.get("when") == "hit" and hit in s["perms"]:
                run_effect(s, effect, s["perms"][hitter]["controller"], source=hitter, target=hit)


# --- effects ------------------------------------------------------------------------------------


def term_of(effect: dict[str, Any]) -> str:
    """The effect's term (its one verb key, effects.py)."""
    return VOCABULARY.first_verb(effect)


def run_effect(
    s: State,
    effect: dict[str, Any],
    controller: Owner,
    *,
    source: str | None,
    target: str | None = None,
    origin: Point | None = None,
) -> None:
    """Carry out one effect for ``controller``; a targeted effect without a target given picks
    one by the seeded random source among ``targets`` (a destroyed-trigger, the Kraken)."""
    term = term_of(effect)
    if term in TARGETED and target is None:
        choices = targets(s, effect, controller, source=source, origin=origin)
        if not choices:
            log(s, controller, "fizzle", f"{term}: no target")
            return
        target = rng_of(s).choice(choices)
    run_term(s, term, effect, controller, source, target)


def run_term(
    s: State, term: str, effect: dict[str, Any], controller: Owner, source: str | None, target: str | None
) -> None:
    """Every effect term of effects.py; UnknownTermError for any other (never a silent no-op)."""
    value = effect[term]
    if term in ("gain", "harvest"):
        gain(s, controller, int(value))
    elif term == "draw":
        if isinstance(controller, int):
            draw(s, controller, int(value))
    elif term == "steal":
        assert target is not None
        victim = s["perms"][target]["controller"]
        if victim is not None and victim != controller:
            pool = s["kraken"] if victim == KRAKEN else s["players"][int(victim)]
            taken = min(int(value), int(pool["resources"]))
            pool["resources"] -= taken
            gain(s, controller, taken)
            log(s, controller, "steal", f"{seat_label(controller)} steals {taken} from {seat_label(victim)}")
    elif term in ("damage", "heal", "poison", "paralysis", "panic", "destroy", "buff"):
        assert target is not None
        _targeted(s, term, effect, target)
    elif term in ("crew", "solid", "armor", "swimming", "victory", "ai"):
        return  # keywords: read by the rules where they apply, nothing to carry out
    else:
        raise UnknownTermError(f"the engine cannot run the effect term {term!r}")


def _targeted(s: State, term: str, effect: dict[str, Any], target: str) -> None:
    perm = s["perms"].get(target)
    if perm is None:
        return
    value = effect[term]
    name = name_of(s, target)
    if term == "damage":
        perm["damage"] += int(value)  # an effect's damage is no hit: armour does not reduce it
        log(s, perm["controller"], "damage", f"{name} takes {value} damage", card=target)
        check_defeat(s, target)
    elif term == "heal":
        perm["damage"] = max(0, perm["damage"] - int(value))
        log(s, perm["controller"], "heal", f"{name} is healed by {value}", card=target)
    elif term in MARKERS_TERMS:
        perm["markers"][term] += int(value)
        log(s, perm["controller"], term, f"{name} gets {value} {term} marker(s)", card=target)
        check_defeat(s, target)
    elif term == "destroy":
        remove(s, target, "destroyed")
    else:
        for stat, n in value.items():
            perm["buff"][stat] = perm["buff"].get(stat, 0) + int(n)
        log(s, perm["controller"], "buff", f"{name} gets a bonus until the end of the turn", card=target)


MARKERS_TERMS = frozenset(MARKERS)


def targets(
    s: State, effect: dict[str, Any], controller: Owner, *, source: str | None, origin: Point | None = None
) -> list[str]:
    """The permanents an effect may target (sorted): units for damage, markers and bonuses,
    damaged units for healing, non-solid artifacts or equipment for destroying; within the
    effect's range of its source where it has one (spells reach the whole map, M15). The Kraken
    and triggers aim at enemies where the effect harms and at allies where it helps."""
    term = term_of(effect)
    if term not in TARGETED:
        return []
    if term == "destroy":
        wanted = "equipment" if effect["destroy"] == "equipment" else None
        found = [
            pid
            for pid in s["perms"]
            if card_of(s, pid)["type"] in ("artifact", "equipment")
            and not card_of(s, pid)["solid"]
            and (wanted is None or card_of(s, pid)["type"] == wanted)
        ]
        return sorted(found)
    catalog, cards = s["catalog"], s["cards"]
    found = [pid for pid, perm in s["perms"].items() if perm["on"] is None and catalog[cards[pid]]["type"] == "unit"]
    if term == "heal":
        found = [pid for pid in found if s["perms"][pid]["damage"] > 0]
    if "range" in effect:
        if origin is None and source is not None and source in s["perms"]:
            origin = (s["perms"][source]["x"], s["perms"][source]["y"])
        if origin is not None:
            found = [
                pid
                for pid in found
                if distance(origin, (s["perms"][pid]["x"], s["perms"][pid]["y"])) <= int(effect["range"])
            ]
    if term == "panic" and source is not None:
        found = [pid for pid in found if pid != source]
    return sorted(found)


def spell_aim(card: dict[str, Any]) -> dict[str, Any] | None:
    """The effect a spell takes its target by: its first targeted one. None for a spell that aims
    at nothing: its effects need no target, or it has none (the schema allows that; it is cast,
    resolves doing nothing and goes to the discard pile, rule choice 12)."""
    return next((effect for effect in card["effects"] if term_of(effect) in TARGETED), None)


def harmful(effect: dict[str, Any]) -> bool:
    return term_of(effect) in ("damage", "poison", "paralysis", "panic", "destroy")


def upkeep_due(s: State, controller: Owner) -> int:
    return sum(int(card_of(s, pid)["upkeep"]) for pid in units_of(s, controller))


def full_actions(s: State, pid: str) -> list[tuple[int, str | None]]:
    """The unit's full actions now (M8): ``(effect index, target or None)``; harvesting only on an
    Acker (maps.md), a targeted one only with a target in its range."""
    card = card_of(s, pid)
    perm = s["perms"][pid]
    found: list[tuple[int, str | None]] = []
    for i, effect in enumerate(card["effects"]):
        if "harvest" in effect:
            if game_map(s).grid[perm["y"]][perm["x"]] == "acker":
                found.append((i, None))
        elif effect.get("full_action"):
            if term_of(effect) in TARGETED:
                found.extend((i, t) for t in targets(s, effect, perm["controller"], source=pid))
            else:
                found.append((i, None))
    return found


def free_actions(s: State, controller: Owner) -> list[tuple[str, int, str | None]]:
    """rules.md "Freie Aktionen": ``(permanent, effect index, target)`` that ``controller`` can pay for."""
    if not isinstance(controller, int):
        return []
    money = s["players"][controller]["resources"]
    catalog, cards = s["catalog"], s["cards"]
    found: list[tuple[str, int, str | None]] = []
    for pid, perm in s["perms"].items():
        if perm["controller"] != controller:
            continue
        frees = catalog[cards[pid]]["frees"]
        if not frees:
            continue
        for i in frees:
            effect = catalog[cards[pid]]["effects"][i]
            if int(effect["free"]) > money:
                continue
            if term_of(effect) in TARGETED:
                found.extend((pid, i, t) for t in targets(s, effect, controller, source=pid))
            else:
                found.append((pid, i, None))
    return found
