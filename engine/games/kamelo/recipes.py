"""Violet monsters: mutations, fusions (dufo) and Zusammenrottungen (wimu/koenig), with K4's stats.

A violet card's ``attributes.recipe`` is ``{"kind": "mutation"|"fusion"|"rotte", "components":
[yellow slugs], "item": light-blue slug or null}``.

- Mutation (all variants): the component stands in the player's arena; the violet card and the item
  are played together and the violet monster takes the component's slot at full LP with its printed
  values. Dufo: both cards are free, and one missing card may be searched in the deck for the
  printed price of the other. Wimu/koenig: no search; the violet card's printed price is paid.
- Fusion (dufo, kinds ``fusion`` and ``rotte``): every component, each from the arena or the hand
  (hand components pay their price); the violet card and its item are free, with the same deck
  search as a mutation. Wimu/koenig treat both kinds as a Zusammenrottung: at least two of the
  listed components, the item only when the recipe names one, the violet card's price plus the
  price of every component not yet in the arena; later, further listed components may ``join``.
- All component cards and the item go to the desert; the result needs one arena slot, starts
  fully healed, keeps its components' own item bonuses and loses hostile item effects (seed).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from engine.core.match import Action
from engine.games.kamelo.calc import fused_stats
from engine.games.kamelo.play import mark_played, may_play, monster_price, playable, take_from_source
from engine.games.kamelo.schema import VIOLET_BOUNDS
from engine.games.kamelo.state import State, arena_monsters, card_of, free_slots, log, new_monster, rng_of

DECK = "deck."  # prefix of a card reference meaning "search the deck for this slug" (dufo)


@dataclass(frozen=True)
class Index:
    """What one legal-action computation looks up repeatedly: playable cards by slug, the slugs in
    the deck (dufo's card search), the arena's monsters by slug."""

    playable: dict[str, str]
    deck: frozenset[str]
    arena: dict[str, tuple[str, int]]


def index(s: State, p: int) -> Index:
    """Build the look-up index of player ``p`` for the current state."""
    cards = s["cards"]
    deck = frozenset(cards[c] for c in s["players"][p]["deck"]) if s["variant"] == "dufo" else frozenset()
    arena: dict[str, tuple[str, int]] = {}
    for slot, m in own_monsters(s, p):
        arena.setdefault(cards[m["card"]], (m["card"], slot))
    return Index(playable(s, p), deck, arena)


def own_monsters(s: State, p: int) -> list[tuple[int, dict[str, Any]]]:
    """Player ``p``'s arena monsters that are their own cards: a monster taken over from the
    opponent is no component of a recipe (its card goes back to its owner's desert)."""
    return [(slot, m) for slot, m in arena_monsters(s, p) if m.get("owner", p) == p]


def _violets(s: State, p: int, kinds: tuple[str, ...]) -> list[dict[str, Any]]:
    catalog = s["catalog"]
    return [catalog[v] for v in s["players"][p]["violets"] if (catalog[v]["recipe"] or {}).get("kind") in kinds]


def _ref(idx: Index, slug: str | None) -> str | None:
    """A card reference: a playable card id, ``deck.<slug>`` when dufo may search it, else None."""
    if slug is None:
        return "none"
    found = idx.playable.get(slug)
    if found:
        return found
    return DECK + slug if slug in idx.deck else None


def _search_cost(s: State, violet: dict[str, Any], vref: str, iref: str) -> int | None:
    """Dufo's card search: a missing violet costs the item's price, a missing item the violet's."""
    if vref.startswith(DECK) and (iref.startswith(DECK) or iref == "none"):
        return None  # one card in hand must pay for the search
    if vref.startswith(DECK):
        return int(s["catalog"][violet["recipe"]["item"]]["cost"])
    if iref.startswith(DECK):
        return int(violet["cost"])
    return 0


def _refs(s: State, idx: Index, violet: dict[str, Any]) -> tuple[str, str, int] | None:
    vref = _ref(idx, violet["slug"])
    iref = _ref(idx, violet["recipe"].get("item"))
    if vref is None or iref is None:
        return None
    cost = _search_cost(s, violet, vref, iref)
    if cost is None:
        return None
    if s["variant"] != "dufo":
        cost = int(violet["cost"])  # wimu/koenig: the violet card carries the price, the item is free
    return vref, iref, cost


# --- mutation ------------------------------------------------------------------------------------


def mutation_actions(s: State, p: int, idx: Index | None = None) -> list[Action]:
    """Mutate a yellow monster of one's own arena into its violet form."""
    if not may_play(s, p) or not s["players"][p]["violets"]:
        return []
    dates = s["players"][p]["dates"]
    idx = idx or index(s, p)
    actions = []
    for violet in _violets(s, p, ("mutation",)):
        refs = _refs(s, idx, violet)
        if refs is None or refs[2] > dates:
            continue
        vref, iref, cost = refs
        for slot, monster in own_monsters(s, p):
            if s["cards"][monster["card"]] == violet["recipe"]["components"][0]:
                params = {"slot": slot, "violet": vref, "item": iref, "cost": cost, "slug": violet["slug"]}
                label = f"Mutate slot {slot + 1} into {violet['name']} ({cost} Datteln)"
                actions.append(Action(f"mutate:{slot}:{vref}:{iref}", label, params))
    return actions


def apply_mutation(s: State, p: int, action: Action) -> None:
    """The violet monster takes the slot at full LP with its printed values (capped by K3)."""
    params, player, violet_id = _pay_and_take_violet(s, p, action)
    item_id = _take(s, p, params["item"])
    old = player["arena"][params["slot"]]
    player["desert"] += [old["card"], item_id]
    violet = card_of(s, violet_id)
    bounds = VIOLET_BOUNDS[s["variant"]]
    monster = new_monster(s, violet_id, {k: min(violet[k], bounds[k]) for k in ("ap", "dp", "lp")})
    monster["bonus"] = dict(old["bonus"])  # own positive items stay in force (seed)
    player["arena"][params["slot"]] = monster
    mark_played(s, p)
    log(s, p, "mutation", f"P{p + 1} mutates into {violet['name']}", cards=[violet["slug"]])


def _pay_and_take_violet(s: State, p: int, action: Action) -> tuple[Mapping[str, Any], dict[str, Any], str]:
    """Pay a recipe action's price and take its violet card: (params, player, violet card id)."""
    player: dict[str, Any] = s["players"][p]
    player["dates"] -= action.params["cost"]
    return action.params, player, _take(s, p, action.params["violet"])


def _take(s: State, p: int, ref: str) -> str:
    """Take a referenced card from hand/oasis, or search it in the deck (which is then shuffled)."""
    if not ref.startswith(DECK):
        take_from_source(s, p, ref)
        return ref
    deck = s["players"][p]["deck"]
    cid: str = next(c for c in deck if s["cards"][c] == ref[len(DECK) :])
    deck.remove(cid)
    rng = rng_of(s)
    rng.shuffle(deck)
    log(s, p, "search", f"P{p + 1} searches the deck for {card_of(s, cid)['name']}", cards=[s["cards"][cid]])
    return cid


# --- fusion and Zusammenrottung ------------------------------------------------------------------


def _component_ref(idx: Index, slug: str) -> tuple[str, str] | None:
    """(card id, "arena<slot>" | "hand") of a component, the arena preferred (it costs nothing)."""
    if slug in idx.arena:
        cid, slot = idx.arena[slug]
        return cid, f"arena{slot}"
    found = idx.playable.get(slug)
    return (found, "hand") if found else None


def _component_sets(
    s: State, idx: Index, violet: dict[str, Any], *, arena_only: bool = False
) -> list[list[tuple[str, str]]]:
    refs = [_component_ref(idx, slug) for slug in violet["recipe"]["components"]]
    available = [ref for ref in refs if ref and (not arena_only or ref[1].startswith("arena"))]
    if s["variant"] == "dufo":
        full = len(available) == len(violet["recipe"]["components"])
        return [available] if full else []
    return [list(c) for n in range(2, len(available) + 1) for c in combinations(available, n)]


def fusion_actions(s: State, p: int, idx: Index | None = None) -> list[Action]:
    """Fusions (dufo) and Zusammenrottungen (wimu/koenig) the player can pay for and place."""
    if not may_play(s, p) or not s["players"][p]["violets"]:
        return []
    dates = s["players"][p]["dates"]
    idx = idx or index(s, p)
    # Rule choice 7 (dufo: "monsters first, then items"): after an item, no fusion brings a monster
    # from the hand into the arena; one of arena monsters only is still an item's follow-up.
    arena_only = s["variant"] == "dufo" and bool(s["players"][p]["turn_state"]["items"])
    actions = []
    for violet in _violets(s, p, ("fusion", "rotte")):
        refs = _refs(s, idx, violet)
        if refs is None:
            continue
        vref, iref, cost = refs
        for parts in _component_sets(s, idx, violet, arena_only=arena_only):
            from_arena = [cid for cid, where in parts if where.startswith("arena")]
            if len(free_slots(s, p)) + len(from_arena) < 1:
                continue
            total = cost + sum(monster_price(s, cid) for cid, where in parts if not where.startswith("arena"))
            if total > dates:
                continue
            ids = "+".join(cid for cid, _ in parts)
            params = {"violet": vref, "item": iref, "parts": [cid for cid, _ in parts], "cost": total}
            params["slug"] = violet["slug"]
            label = f"{violet['recipe']['kind'].title()}: {violet['name']} from {len(parts)} monsters ({total} Datteln)"
            actions.append(Action(f"fuse:{vref}:{iref}:{ids}", label, params))
    return actions


def apply_fusion(s: State, p: int, action: Action) -> None:
    """Components and item to the desert; the result enters one slot with K4's values."""
    params, player, violet_id = _pay_and_take_violet(s, p, action)
    if params["item"] != "none":
        player["desert"].append(_take(s, p, params["item"]))
    bonus = {"ap": 0, "dp": 0, "lp": 0}
    slot = None
    for cid in params["parts"]:
        arena_slot = _arena_slot(s, p, cid)
        if arena_slot is None:
            take_from_source(s, p, cid)
        else:
            bonus = {k: bonus[k] + player["arena"][arena_slot]["bonus"][k] for k in bonus}
            player["arena"][arena_slot] = None
            slot = arena_slot if slot is None else min(slot, arena_slot)
        player["desert"].append(cid)
    parts = [s["cards"][cid] for cid in params["parts"]]
    monster = new_monster(s, violet_id, fused_stats(s["variant"], [s["catalog"][x] for x in parts]), parts)
    monster["bonus"] = bonus
    player["arena"][slot if slot is not None else free_slots(s, p)[0]] = monster
    mark_played(s, p)
    log(s, p, "fusion", f"P{p + 1} plays {card_of(s, violet_id)['name']}", cards=[s["cards"][violet_id], *parts])


def _arena_slot(s: State, p: int, cid: str) -> int | None:
    return next((slot for slot, m in arena_monsters(s, p) if m["card"] == cid), None)


def join_actions(s: State, p: int, idx: Index | None = None) -> list[Action]:
    """Wimu/koenig: add a further listed monster to a Zusammenrottung in the arena (seed, item 6)."""
    if s["variant"] == "dufo" or not may_play(s, p) or not any(m["parts"] for _, m in arena_monsters(s, p)):
        return []
    dates = s["players"][p]["dates"]
    idx = idx or index(s, p)
    actions = []
    for slot, monster in own_monsters(s, p):
        recipe = card_of(s, monster["card"])["recipe"]
        if not monster["parts"] or not recipe:
            continue
        for slug in recipe["components"]:
            ref = _component_ref(idx, slug) if slug not in monster["parts"] else None
            if ref is None:
                continue
            cid, where = ref
            cost = 0 if where.startswith("arena") else monster_price(s, cid)
            if cost <= dates:
                params = {"slot": slot, "card": cid, "cost": cost, "slug": slug}
                label = f"Add {card_of(s, cid)['name']} to the Zusammenrottung ({cost} Datteln)"
                actions.append(Action(f"join:{slot}:{cid}", label, params))
    return actions


def apply_join(s: State, p: int, action: Action) -> None:
    """Recompute the group's values by K4; its LP losses stay (seed)."""
    params = action.params
    player = s["players"][p]
    player["dates"] -= params["cost"]
    cid = params["card"]
    arena_slot = _arena_slot(s, p, cid)
    monster = player["arena"][params["slot"]]
    if arena_slot is None:
        take_from_source(s, p, cid)
    else:
        joining = player["arena"][arena_slot]
        monster["bonus"] = {k: monster["bonus"][k] + joining["bonus"][k] for k in monster["bonus"]}
        player["arena"][arena_slot] = None
    player["desert"].append(cid)
    monster["parts"].append(params["slug"])
    monster["base"] = fused_stats(s["variant"], [s["catalog"][x] for x in monster["parts"]])
    mark_played(s, p)
    log(s, p, "join", f"P{p + 1} adds {card_of(s, cid)['name']} to the group", cards=[params["slug"]])
