"""Computer opponents for Ka-Mel-Oh!, choosing from the player's own view and legal actions only.

- ``random``: a uniformly random legal action.
- ``greedy``: one ply. Each legal action's immediate result is predicted from the view and scored
  with ``evaluate.value`` (K5 combat and victory points, K4's fused values and item caps, K6
  Datteln, K7's hand penalty); ties are broken by the seeded RNG. Attacking and ending close the
  turn, so they are only chosen once no other action gains anything: monsters, fusions and items
  come first and then fight in the same attack. Deterministic for a given seed.

  In a long game (K10) it also values moving cards on (``cards_moved``): playing, drawing, taking
  an oasis top (K9), and burying a card that blocks a full hand, never at the price of dufo's last
  Dattel. Koenig (K9) takes an oasis top into the hand when the card is worth the lost production.
  A long game ends only when a deck runs out, and a hand that holds only cards needing a monster of
  one's own (green items, recipe cards) stops drawing for good, so in a long game it also: plays
  out of the hand before drawing into it; keeps its last yellow monster until an item or recipe
  can follow it into play (dufo: saves the Datteln for them); holds back a recipe's components
  while the recipe lacks pieces; searches for the one piece a recipe lacks, and through an
  activated oasis whose top it cannot play; never buries a card just searched for.

  A player ahead on points in a long game does none of this (K12): it moves no card out of a deck
  or oasis for less than a clear gain now, so that once the opponent cannot move any either, the
  game stalls and ends as running out would, with the lead kept.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from functools import cache
from typing import Any

from engine.core.match import JSON, Action
from engine.core.rng import SeededRandom
from engine.games.kamelo import evaluate as ev
from engine.games.kamelo.calc import Fighter, fused_stats, hk_points
from engine.games.kamelo.effects import has_effect, is_hostile
from engine.games.kamelo.schema import VIOLET_BOUNDS
from engine.games.kamelo.state import HAND_SIZE

BEHAVIOURS = ("random", "greedy")
POINT = ev.POINT
AIMED = ("direct_attack", "take_over", "withdraw")  # item effects that act on one monster
CLOSING = frozenset({"attack", "end", "defend", "done"})  # actions after which the player's say ends
EPSILON = 1e-6
# wimu/koenig card management (no board change to predict): what a turn of it is worth.
OASIS_SCORES = {"activate": 4.0, "draw": 3.0, "search": 1.0, "bury": -1.0}

# K10, long games only: each card an action moves out of the hand, deck or oases for good (the way
# a long game ends), worth 1.5 victory points; activating is no better than drawing once the
# Datteln suffice; near the end a buried card would only come back, so nothing is buried then;
# dufo's last Dattel is never spent (at 0 nothing grows, K6, and that player's deck stops).
LONG_GAME_PROGRESS = 15.0
LONG_GAME_ENOUGH_DATES = 8
LONG_GAME_BURY_ABOVE = 6
LONG_GAME_BROKE = 100.0  # dufo: at 0 Datteln a player pays for nothing again and the deck never runs out
# K12: what each card an action moves out of a deck or oasis costs a player ahead on points in a long
# game (twice a card's progress worth: only a clear gain now is worth keeping the game going).
STALL_KEEP = 2 * LONG_GAME_PROGRESS
# K10: a card played out of the hand makes the room that a draw fills, so playing comes first; in
# wimu, where a turn either plays or draws, only just (measured: 4 ends the most long games there).
LONG_GAME_PLAYED = {"wimu": 4.0}
LONG_GAME_PLAYED_ELSE = 15.0
PLAYING = frozenset({"play", "item", "mutate", "fuse", "join"})
DUFO_SAVE = 6  # K6: from 6 Datteln on they grow by 2 a turn
HOLD_ROOM = 3  # K10: a component is held back only while the hand keeps this many places free
PICK_PRODUCTION_TURNS = 2  # K9: a taken oasis top costs its Dattel a turn until another is activated
Gain = Callable[[Mapping[str, Any], Action], float]


def choose_action(behaviour: str, view: JSON, legal: Sequence[Action], seed: int) -> Action:
    """The chosen action; ValueError for an unknown behaviour or no legal action."""
    if behaviour not in BEHAVIOURS:
        raise ValueError(f"unknown behaviour {behaviour!r}; the behaviours are {', '.join(BEHAVIOURS)}")
    if not legal:
        raise ValueError("no legal action to choose from")
    ordered = sorted(legal, key=lambda a: a.id)
    rng = SeededRandom(seed)
    if behaviour == "random":
        return rng.choice(ordered)
    scored = [(score(view, action), action) for action in ordered]
    useful = [(value, a) for value, a in scored if a.id not in CLOSING and value > EPSILON]
    pool = useful or scored  # close the turn only when nothing else gains
    best = max(value for value, _ in pool)
    return rng.choice([action for value, action in pool if value >= best - EPSILON])


def score(view: Mapping[str, Any], action: Action) -> float:
    """The immediate gain of ``action`` as the acting player sees it; in a long game (K10) also
    the cards it moves on toward the end of the deck or the oases."""
    kind = action.id.split(":", 1)[0]
    rule = GAINS.get(kind)
    gain = rule(view, action) if rule else 0.0
    if _long(view) and kind == "play" and (_held_back(view, str(action.params["slug"])) or _reserve(view, action)):
        return min(gain, 0.0) - LONG_GAME_PROGRESS
    if _long(view):
        played = LONG_GAME_PLAYED.get(str(view["variant"]), LONG_GAME_PLAYED_ELSE) if kind in PLAYING else 0.0
        gain += -LONG_GAME_BROKE if _goes_broke(view, action) else (LONG_GAME_PROGRESS + played) * cards_moved(action)
    elif _lets_it_stall(view):
        gain -= STALL_KEEP * moved_out(view, action)
    return gain


def _lets_it_stall(view: Mapping[str, Any]) -> bool:
    """K12: a player ahead on points in a long game no longer pushes on to the end of the decks
    and moves no card out of a deck or oasis for less than a clear gain now: once the opponent
    cannot move any either, the game stalls and ends as running out would, with the lead kept
    (measured: pushing on while ahead let 13 of 300 dufo games reach the turn cap, slowly moving
    games where the player behind keeps a card moving every few turns; letting it stall, none)."""
    if view["options"].get("length") != "long":
        return False
    pos = ev.position(view)
    return pos.points > pos.opp_points


def moved_out(view: Mapping[str, Any], action: Action) -> int:
    """K12: the cards an action moves out of a deck or oasis: in dufo every card out of the hand
    (the refill replaces it from the deck), in wimu/koenig draws, searches, oasis tops."""
    kind = action.id.split(":", 1)[0]
    if view["variant"] == "dufo":
        return cards_moved(action)
    if kind in ("draw", "search", "pick"):
        return 1
    return int(str(action.params.get("from", "hand")).startswith("oasis"))


def _goes_broke(view: Mapping[str, Any], action: Action) -> bool:
    """Dufo (K6): spending the last Dattel stops all growth for good, and a player who can pay for
    nothing any more stops the long game from running out; no card is worth that."""
    cost = int(action.params.get("cost") or 0)
    return view["variant"] == "dufo" and cost > 0 and cost >= ev.position(view).dates


def cards_moved(action: Action) -> int:
    """K10: how many cards an action takes out of the hand, the deck or the oases for good (so the
    dufo hand refills from the deck, the wimu/koenig hand from the oases): the way a long game ends."""
    kind, params = action.id.split(":", 1)[0], action.params
    if kind in ("play", "item", "draw", "pick", "join"):
        return 1
    with_item = int(params.get("item", "none") != "none")
    if kind == "mutate":
        return 1 + with_item
    if kind == "fuse":
        return 1 + with_item + len(params["parts"])
    return 0


# --- K10: recipes in a long game -------------------------------------------------------------------


def _recipes(view: Mapping[str, Any]) -> dict[str, Mapping[str, Any]]:
    """Violet slug -> recipe for each violet card the player sees of their own (hand, oasis tops)
    and each violet whose light-blue item they see."""
    seen = {str(card["slug"]) for card in ev.own_cards(view)}
    found: dict[str, Mapping[str, Any]] = {}
    for slug, recipe in _all_recipes().items():
        if slug in seen or recipe.get("item") in seen:
            found[slug] = recipe
    return found


@cache
def _all_recipes() -> dict[str, Mapping[str, Any]]:
    recipes = {}
    for slug in ev.catalog_slugs():
        card = ev.published(slug)
        recipe = (card.get("attributes") or {}).get("recipe") or {}
        if card.get("type") == "special_monster" and recipe.get("components"):
            recipes[slug] = recipe
    return recipes


def _held(view: Mapping[str, Any]) -> set[str]:
    """Slugs of the player's visible cards and of their own arena monsters."""
    arena = {str(m["card"]["slug"]) for m in ev.monsters(view, ev.me(view)) if m.get("taken_from") is None}
    return {str(c["slug"]) for c in ev.own_cards(view)} | arena


def _missing(view: Mapping[str, Any], violet: str, recipe: Mapping[str, Any]) -> set[str]:
    """The pieces a recipe still lacks: its components (wimu/koenig: two suffice for a
    Zusammenrottung), and outside dufo (which searches one missing card in the deck) the violet
    card and the item."""
    held = _held(view)
    components = set(recipe["components"])
    lacking = components - held
    if view["variant"] == "dufo":
        return lacking
    if recipe.get("kind") != "mutation" and len(components & held) >= 2:
        lacking = set()
    item = recipe.get("item")
    return lacking | ({str(item)} - held if item else set()) | ({violet} - held)


def _wanted(view: Mapping[str, Any]) -> set[str]:
    """The one piece that would complete a recipe in sight."""
    lacking = (_missing(view, v, r) for v, r in _recipes(view).items())
    return set().union(*(m for m in lacking if len(m) == 1))


def _held_back(view: Mapping[str, Any], slug: str) -> bool:
    """K10, long game: a yellow monster that is a component of a recipe in sight that still lacks
    pieces waits in the hand for them (played alone it is defeated before they come, and the
    violet card and item would stay in the hand for good), while the hand keeps room to draw and
    the deck or oases still hold cards."""
    if not view["players"][ev.me(view)]["deck_count"]:
        return False  # nothing more comes: the hand's last cards are played as they are
    lacking = [r for v, r in _recipes(view).items() if _missing(view, v, r)]
    if not any(slug in r["components"] for r in lacking):
        return False
    waiting = sum(1 for c in view["players"][ev.me(view)]["hand"] or [] if _waits(c, lacking))
    return waiting <= HAND_SIZE.get(str(view["variant"]), 6) - HOLD_ROOM


def _reserve(view: Mapping[str, Any], action: Action) -> bool:
    """K10, long game: the last yellow monster in the hand waits for a card that can follow it
    into play (a green item for one's own side, a recipe it is a component of): while such a card
    is in the hand but not yet affordable with it (the Datteln grow meanwhile), or, with none in
    the hand, in wimu/koenig while the hand can still change (room to draw, a hostile item). The
    opponent defeats a monster played alone before its items come, and items left without a
    monster of one's own would block the hand for good."""
    own = view["players"][ev.me(view)]
    hand = own["hand"] or []
    if action.params.get("from") != "hand" or not own["deck_count"]:
        return False
    others = [c for c in hand if c["id"] != action.params["card"]]
    slug = str(action.params["slug"])
    following = [c for c in others if _follows(c, slug)]
    spare = ev.position(view).dates - int(action.params["cost"]) - (view["variant"] == "dufo")
    affordable = any(int(c.get("cost", 0)) <= spare for c in following)
    saving = view["variant"] == "dufo" and ev.position(view).dates > 0 and spare < DUFO_SAVE
    if saving and following and not affordable:
        return True  # dufo (K6): saved Datteln grow faster, and the items come with the monster
    if any(c["type"] == "monster" for c in others):
        return False
    if following:
        return not affordable
    if view["variant"] == "dufo":
        return False  # dufo refills the hand after the turn: a card played is a card drawn
    hostile = any(c["type"] == "item" and is_hostile(ev.card_effects(c)) for c in others)
    return hostile or len(hand) < HAND_SIZE.get(str(view["variant"]), 6)


def _follows(card: Mapping[str, Any], slug: str) -> bool:
    """A hand card that can be played with the monster ``slug`` in the arena."""
    if card["type"] == "item":
        return not is_hostile(ev.card_effects(card))
    recipes = _all_recipes()
    if card["type"] == "special_monster":
        return slug in (recipes.get(str(card["slug"])) or {}).get("components", [])
    if card["type"] == "special_item":
        return any(r.get("item") == card["slug"] and slug in r["components"] for r in recipes.values())
    return False


def _waits(card: Mapping[str, Any], lacking: Sequence[Mapping[str, Any]]) -> bool:
    """A hand card that waits for a recipe: a violet or light-blue card, or a component held back."""
    if card["type"] in ("special_monster", "special_item"):
        return True
    return card["type"] == "monster" and any(card["slug"] in r["components"] for r in lacking)


def _change(view: Mapping[str, Any], after: ev.Position) -> float:
    return ev.value(after) - ev.value(ev.position(view))


def _pay(pos: ev.Position, cost: int, hand_monsters: int = 0) -> ev.Position:
    return replace(pos, dates=pos.dates - cost, hand_monsters=pos.hand_monsters - hand_monsters)


# --- the main phase: cards into the arena ------------------------------------------------------


def _play(view: Mapping[str, Any], action: Action) -> float:
    card = ev.own_card(view, action.params["card"]) or {}
    new = Fighter(int(card.get("ap", 0)), int(card.get("dp", 0)), int(card.get("lp", 0)), int(card.get("hk", 4)))
    pos = ev.position(view)
    from_hand = action.params.get("from") == "hand"
    return _change(view, replace(_pay(pos, action.params["cost"], from_hand), mine=(*pos.mine, new)))


def _mutate(view: Mapping[str, Any], action: Action) -> float:
    """The violet monster takes the slot with its printed values (K3 caps) plus the old bonuses."""
    params = action.params
    pos = ev.position(view)
    index = ev.slot_index(view, ev.me(view), params["slot"])
    old = ev.monsters(view, ev.me(view))[index]
    base, bounds = ev.printed(params["slug"]), VIOLET_BOUNDS[pos.variant]
    capped = Fighter(
        min(base["ap"], bounds["ap"]), min(base["dp"], bounds["dp"]), min(base["lp"], bounds["lp"]), base["hk"]
    )
    new = ev.boosted(capped, old["bonus"])
    from_hand = not str(params["violet"]).startswith("deck.")
    return _change(view, replace(_pay(pos, params["cost"], from_hand), mine=ev.with_slot(pos.mine, index, new)))


def _fuse(view: Mapping[str, Any], action: Action) -> float:
    """K4: the components' summed values, capped; arena parts leave their slots."""
    params = action.params
    pos = ev.position(view)
    arena = {m["card"]["id"]: m for m in ev.monsters(view, ev.me(view))}
    parts = [arena[c]["card"] if c in arena else ev.own_card(view, c) or {} for c in params["parts"]]
    base = fused_stats(pos.variant, [{k: int(p.get(k, 0)) for k in ("ap", "dp", "lp")} for p in parts])
    bonus = {k: sum(int(arena[c]["bonus"][k]) for c in params["parts"] if c in arena) for k in ("ap", "dp", "lp")}
    new = ev.boosted(Fighter(base["ap"], base["dp"], base["lp"], ev.printed(params["slug"])["hk"]), bonus)
    kept = tuple(ev.fighter(m) for c, m in arena.items() if c not in params["parts"])
    from_hand = len(parts) - sum(1 for c in params["parts"] if c in arena)
    from_hand += not str(params["violet"]).startswith("deck.")
    return _change(view, replace(_pay(pos, params["cost"], from_hand), mine=(*kept, new)))


def _join(view: Mapping[str, Any], action: Action) -> float:
    """Wimu/koenig: the group's values recomputed by K4 with one more part; its damage stays."""
    params = action.params
    pos = ev.position(view)
    mine = ev.monsters(view, ev.me(view))
    index = ev.slot_index(view, ev.me(view), params["slot"])
    group = mine[index]
    base = fused_stats(pos.variant, [ev.printed(slug) for slug in [*group["parts"], params["slug"]]])
    new = ev.boosted(
        Fighter(base["ap"], base["dp"], base["lp"] - int(group["damage"]), group["card"]["hk"]), group["bonus"]
    )
    side = ev.with_slot(pos.mine, index, new)
    joining = next((i for i, m in enumerate(mine) if m["card"]["id"] == params["card"]), None)
    if joining is not None:
        side = ev.with_slot(side, joining, None)
    return _change(view, replace(_pay(pos, params["cost"], joining is None), mine=side))


# --- items ---------------------------------------------------------------------------------------


def _item(view: Mapping[str, Any], action: Action) -> float:
    """An aimed item is worth its best target; Streik and savings are valued by what they bring."""
    card = ev.own_card(view, action.params["card"]) or {"slug": action.params["slug"]}
    effects = ev.card_effects(card)
    cost = int(action.params["cost"])
    if ev.item_change(card) or any(has_effect(effects, k) for k in AIMED):
        return max((_aim(view, card, side, slot, cost) for side, slot in _targets(view, card)), default=-1.0)
    pos = ev.position(view)
    paid = _change(view, _pay(pos, cost))
    savings = sum(int(e.get("savings", 0)) for e in effects)
    strike = any("surcharge" in e for e in effects) and len(pos.theirs) < 2
    return paid + ev.DATTEL * savings * 0.8 + (POINT / 2 if strike else 0.0)


def _targets(view: Mapping[str, Any], card: Mapping[str, Any]) -> list[tuple[str, int]]:
    p = ev.me(view)
    effects = ev.card_effects(card)
    if has_effect(effects, "take_over"):
        free = len(ev.monsters(view, p)) < len(view["players"][p]["arena"])
        return [("opp", m["slot"]) for m in ev.monsters(view, 1 - p)] if free else []
    if is_hostile(effects):
        return [("opp", m["slot"]) for m in ev.monsters(view, 1 - p)]
    withdraw = has_effect(effects, "withdraw")  # only one's own cards go back into the hand
    return [("own", m["slot"]) for m in ev.monsters(view, p) if not withdraw or m.get("taken_from") is None]


def _target(view: Mapping[str, Any], action: Action) -> float:
    card = ev.own_card(view, action.params["card"]) or {"slug": action.params["slug"]}
    cost = int(card.get("cost", 0))
    return _aim(view, card, action.params["side"], action.params["slot"], cost)


def _aim(view: Mapping[str, Any], card: Mapping[str, Any], side: str, slot: int, cost: int) -> float:
    """An item's result on one monster: defending against the attack under way, or in the main phase."""
    attack = view["attack"]
    if attack is not None and attack["attacker"] != ev.me(view):
        return _defence(view, card, side, slot, cost)
    pos = _pay(ev.position(view), cost)
    change = ev.item_change(card)
    effects = ev.card_effects(card)
    if has_effect(effects, "take_over"):  # the monster changes sides: theirs no more, ours to fight with
        index = ev.slot_index(view, 1 - ev.me(view), slot)
        moved = pos.theirs[index]
        return _change(view, replace(pos, theirs=ev.with_slot(pos.theirs, index, None), mine=(*pos.mine, moved)))
    if has_effect(effects, "withdraw"):  # back into the hand: out of the fight, a hand monster again
        index = ev.slot_index(view, ev.me(view), slot)
        back = replace(pos, mine=ev.with_slot(pos.mine, index, None), hand_monsters=pos.hand_monsters + 1)
        return _change(view, back)
    if side == "opp":
        index = ev.slot_index(view, 1 - ev.me(view), slot)
        hit = ev.boosted(pos.theirs[index], change)
        if hit.lp <= 0:  # a hostile item that defeats scores its HK points for the item's player
            pos = replace(pos, points=pos.points + hk_points(hit.hk), theirs=ev.with_slot(pos.theirs, index, None))
        else:
            pos = replace(pos, theirs=ev.with_slot(pos.theirs, index, hit))
        return _change(view, pos)
    index = ev.slot_index(view, ev.me(view), slot)
    if has_effect(ev.card_effects(card), "direct_attack"):
        return _direct_item(view, pos, index)
    return _change(view, replace(pos, mine=ev.with_slot(pos.mine, index, ev.boosted(pos.mine[index], change))))


def _direct_item(view: Mapping[str, Any], pos: ev.Position, index: int) -> float:
    """Kamel-hame-ha!: a direct attack this turn scores a point but the monster leaves the fight."""
    if not pos.attack_now or not pos.theirs:
        return -1.0
    fighting = ev.with_slot(pos.mine, index, None)
    gain = POINT + ev.threat(fighting, pos.theirs) - ev.threat(pos.mine, pos.theirs)
    return gain + ev.dates_value(pos) - ev.dates_value(ev.position(view))


# --- the attack step (K5) ------------------------------------------------------------------------


def _direct_capable(view: Mapping[str, Any]) -> list[int]:
    return [
        m["slot"]
        for m in ev.monsters(view, ev.me(view))
        if m["direct_attack_now"] or has_effect(ev.card_effects(m["card"]), "direct_attack")
    ]


def _attack(view: Mapping[str, Any], action: Action) -> float:
    """What the attack will bring, with the best direct attacker and fighter; never below ending."""
    options = [None, *_direct_capable(view)]
    return 1.0 + max(_with_direct(view, slot) for slot in options)


def _with_direct(view: Mapping[str, Any], slot: int | None) -> float:
    p = ev.me(view)
    fighting = [ev.fighter(m) for m in ev.monsters(view, p) if m["slot"] != slot]
    defenders = [ev.fighter(m) for m in ev.monsters(view, 1 - p)]
    return (POINT if slot is not None else 0.0) + ev.threat(fighting, defenders)


def _fighter(view: Mapping[str, Any], action: Action) -> float:
    p = ev.me(view)
    chosen = [m for m in ev.monsters(view, p) if m["slot"] == action.params["slot"]]
    others = [m for m in ev.monsters(view, p) if m["slot"] not in (action.params["slot"], view["attack"]["direct"])]
    defenders = [ev.fighter(m) for m in ev.monsters(view, 1 - p)]
    return ev.combat([ev.fighter(m) for m in chosen + others], defenders)[0]


def _defence(view: Mapping[str, Any], card: Mapping[str, Any], side: str, slot: int, cost: int) -> float:
    """The defender's item (on their own monster, or weakening an attacker): the attack's expected
    gain it takes away, minus the Datteln it costs."""
    p = ev.me(view)
    attack = view["attack"]
    fighting = [m for m in ev.monsters(view, 1 - p) if m["slot"] != attack["direct"]]
    fighting.sort(key=lambda m: m["slot"] != attack["fighter"])
    attackers = tuple(ev.fighter(m) for m in fighting)
    mine = tuple(ev.fighter(m) for m in ev.monsters(view, p))
    change = ev.item_change(card)
    if side == "own":
        index = ev.slot_index(view, p, slot)
        after = ev.combat(attackers, ev.with_slot(mine, index, ev.boosted(mine[index], change)))[0]
    else:
        at = next((i for i, m in enumerate(fighting) if m["slot"] == slot), None)
        weakened = attackers if at is None else ev.with_slot(attackers, at, ev.boosted(attackers[at], change))
        after = ev.combat(tuple(f for f in weakened if f.lp > 0), mine)[0]
    pos = ev.position(view)
    return ev.combat(attackers, mine)[0] - after + ev.dates_value(_pay(pos, cost)) - ev.dates_value(pos)


def _end(view: Mapping[str, Any], action: Action) -> float:
    """K5's point for an empty opposing arena (rule choice 3: needs a monster of one's own)."""
    pos = ev.position(view)
    return POINT if pos.attack_now and pos.mine and not pos.theirs else 0.0


# --- the rest ------------------------------------------------------------------------------------


def _buy(view: Mapping[str, Any], action: Action) -> float:
    """K7 buy-out: 2 points saved per monster; the cheapest first frees the most monsters."""
    return 2 * POINT - int(action.params["cost"]) / 100


def _take(view: Mapping[str, Any], action: Action) -> float:
    """Searching an oasis: a violet monster whose parts are at hand, else the strongest yellow one,
    else an item."""
    card = ev.published(action.params["slug"])
    stats = ev.printed(action.params["slug"])
    strength = (2 * stats["ap"] + 2 * stats["dp"] + stats["lp"]) / 100
    if card.get("type") == "monster":
        return 2.0 + strength
    recipe = (card.get("attributes") or {}).get("recipe") or {}
    at_hand = {c["slug"] for c in ev.own_cards(view)} | {m["card"]["slug"] for m in ev.monsters(view, ev.me(view))}
    if card.get("type") == "special_monster" and len(at_hand & set(recipe.get("components", []))) >= 2:
        return 3.0 + strength
    return 1.5 if card.get("type") == "item" else 0.5


def _take_long(view: Mapping[str, Any], action: Action) -> float:
    """K10, long game: the card a recipe at hand lacks comes first."""
    wanted = _wanted(view)
    return _take(view, action) + (LONG_GAME_PROGRESS if action.params["slug"] in wanted else 0.0)


def _search(view: Mapping[str, Any], action: Action) -> float:
    """Searching an oasis (2 Datteln). In a long game (K10) it takes a card into the hand as a draw
    does; once no face-down oasis is left to draw from, it is the only way on through an activated
    oasis whose face-up top cannot be played (no draw from it, and the top stays). With Datteln
    enough it also fetches the one piece a recipe in sight lacks (the fullest oasis most likely
    holds it)."""
    if not _long(view):
        return OASIS_SCORES["search"]
    oases = view["players"][ev.me(view)]["oases"]
    oasis = oases[action.params["oasis"]]
    count = int(oasis["count"]) / 100
    if oasis["active"] and not any(o["count"] and not o["active"] for o in oases):
        return OASIS_SCORES["draw"] + LONG_GAME_PROGRESS + 0.5 + count
    if ev.position(view).dates >= LONG_GAME_ENOUGH_DATES and _wanted(view):
        return OASIS_SCORES["draw"] + LONG_GAME_PROGRESS + 1.0 + count
    return OASIS_SCORES["search"]


def _pick(view: Mapping[str, Any], action: Action) -> float:
    """K9 (koenig): an oasis top into the hand is worth what a searched card is worth, less the
    Dattel a turn the oasis stops producing (a few turns of it), so only useful cards are taken."""
    return _take(view, action) - PICK_PRODUCTION_TURNS * ev.DATTEL


def _activate(view: Mapping[str, Any], action: Action) -> float:
    """An oasis more: a Dattel a turn. In a long game with Datteln enough, drawing comes first (K10)."""
    if not _long(view):
        return OASIS_SCORES["activate"]
    own = view["players"][ev.me(view)]
    full = len(own["hand"] or []) >= HAND_SIZE.get(str(view["variant"]), 6)
    if full and view["variant"] == "wimu" and _cycles(view):
        return OASIS_SCORES["activate"]  # K10: burying a blocked card and drawing moves more on
    if full or ev.position(view).dates < LONG_GAME_ENOUGH_DATES:
        # K10: Datteln are short, or the hand is full: a face-up top can be played without room in
        # the hand (wimu) or taken later (koenig), so activating moves cards on as a draw would
        return OASIS_SCORES["activate"] + LONG_GAME_PROGRESS
    return OASIS_SCORES["draw"] / 2


def _bury(view: Mapping[str, Any], action: Action) -> float:
    """A card back under an oasis: a loss, except (K10, long game) a card that cannot be played
    and blocks a full hand: burying it makes room for a card the hand can play."""
    own = view["players"][ev.me(view)]
    card = ev.own_card(view, action.params["card"]) or {}
    full = len(own["hand"] or []) >= HAND_SIZE.get(str(view["variant"]), 6)
    left = sum(int(o["count"]) for o in own["oases"])
    searching = own["turn_state"] and own["turn_state"].get("mode") == "search"  # it would only come back
    if _long(view) and full and not searching and left > LONG_GAME_BURY_ABOVE and _blocked(view, card):
        return LONG_GAME_PROGRESS / 2
    return OASIS_SCORES["bury"]


def _cycles(view: Mapping[str, Any]) -> bool:
    """Wimu, full hand: a blocked hand card can go under an oasis and a face-down oasis refills."""
    own = view["players"][ev.me(view)]
    drawable = any(o["count"] and not o["active"] for o in own["oases"])
    return drawable and any(_blocked(view, card) for card in own["hand"] or [])


def _blocked(view: Mapping[str, Any], card: Mapping[str, Any]) -> bool:
    """A hand card that cannot be played as things stand: a violet or light-blue card (its recipe
    is rarely at hand), an item whose target side of the arena is empty."""
    if card.get("type") in ("special_monster", "special_item"):
        return True
    if card.get("type") != "item":
        return False
    effects = ev.card_effects(card)
    if is_hostile(effects):
        return not ev.monsters(view, 1 - ev.me(view))
    aimed = ev.item_change(card) or has_effect(effects, "direct_attack")
    return bool(aimed) and not ev.monsters(view, ev.me(view))


def _long(view: Mapping[str, Any]) -> bool:
    """A long game (K10) in which the player pushes on to the end (not letting it stall, K12)."""
    return bool(view["options"].get("length") == "long") and not _lets_it_stall(view)


def _constant(value: float) -> Gain:
    return lambda view, action: value


GAINS: dict[str, Gain] = {
    "play": _play,
    "mutate": _mutate,
    "fuse": _fuse,
    "join": _join,
    "item": _item,
    "target": _target,
    "attack": _attack,
    "direct": lambda view, action: _with_direct(view, action.params.get("slot")),
    "fighter": _fighter,
    "end": _end,
    "defend": _constant(0.0),
    "buy": _buy,
    "done": _constant(0.0),
    "take": lambda view, action: _take_long(view, action) if _long(view) else _take(view, action),
    "pick": _pick,
    "activate": _activate,
    "bury": _bury,
    "draw": _constant(OASIS_SCORES["draw"]),
    "search": _search,
}
