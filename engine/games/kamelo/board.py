"""How the play page presents Ka-Mel-Oh! (``engine.core.presentation``): action groups, prompts,
endings, and the figures the board shows beyond the view (K6 income, K7 target, K5 preview)."""

from __future__ import annotations

from engine.core.presentation import JSON, Presentation, gettext_noop
from engine.games.kamelo.calc import grow_dates, hk_points, resolve_combat
from engine.games.kamelo.evaluate import fighter
from engine.games.kamelo.phrases import PHRASES

ACTION_GROUPS = (
    (gettext_noop("Monsters into the arena"), ("play", "mutate", "fuse", "join")),
    (gettext_noop("Items"), ("item", "target")),
    (gettext_noop("Oases"), ("activate", "bury", "draw", "search", "take", "pick")),
    (gettext_noop("Fight"), ("direct", "fighter", "defend")),
    (gettext_noop("Buy-out (K7)"), ("buy", "done")),
    (gettext_noop("End of your turn"), ("attack", "end")),
)
PROMPTS = {
    "main": gettext_noop(
        "Send up to two monsters to the arena, play fusions and items; attacking or ending closes your turn."
    ),
    "main_dufo": gettext_noop(
        "Send up to two monsters to the arena, then items; attacking or ending closes your turn. "
        "Keep at least 1 Dattel: unspent Datteln grow after your turn, but 0 stays 0 (K6)."
    ),
    "target": gettext_noop("Choose the monster your item acts on."),
    "direct": gettext_noop(
        "A monster of yours may attack the opponent directly: it scores 1 point and does not fight."
    ),
    "fighter": gettext_noop("Two against one (K5): only one of your monsters fights, with AP + 10. Choose it."),
    "defend": gettext_noop("You are attacked! Strengthen your monsters with items now, or let the fight happen."),
    "take": gettext_noop("Choose the card you take from the oasis."),
    "buyout": gettext_noop(
        "Your last turn is over: every monster left in your hand gives the opponent 2 points (K7). "
        "Buy monsters out for their price, then finish."
    ),
}
TERMINATIONS = {
    "target_points": gettext_noop("the target points were reached"),
    "deck_exhausted": gettext_noop("a deck ran out"),
    "stalled": gettext_noop("no card left a deck or oasis for 10 turns (K12)"),
    "turn_limit": gettext_noop("the turn limit was reached"),
    "return_match": gettext_noop("both legs of the return match were played (points summed)"),
}
TYPE_NAMES = {
    "monster": gettext_noop("Monster"),
    "special_monster": gettext_noop("Violet monster (fusion/mutation)"),
    "special_item": gettext_noop("Fusion/mutation item"),
    "item": gettext_noop("Item"),
}


def prompt(view: JSON) -> str:
    """What the player to act is asked now, by the pending decision or the phase."""
    if view["pending"]:
        return PROMPTS.get(view["pending"]["kind"], "")
    if view["phase"] == "main" and view["variant"] == "dufo":
        return PROMPTS["main_dufo"]
    return PROMPTS.get(view["phase"], "")


def present(view: JSON, viewer: int | None) -> JSON:
    """The two sides, the opponent's on top, each with what the board explains besides the view:
    the Datteln the next turn brings (K6), the points still needed (K7), what a defeat is worth
    (K5); and, during an attack, what K5 will do if nobody plays another item."""
    order = [1 - viewer, viewer] if viewer is not None else [1, 0]
    return {"sides": [_side(view, p, viewer) for p in order], "fight_preview": fight_preview(view)}


def _side(view: JSON, p: int, viewer: int | None) -> JSON:
    side = view["players"][p]
    options = view["options"]
    if view["variant"] == "dufo":
        income = grow_dates(side["dates"]) - side["dates"]
    else:
        income = sum(1 for oasis in side["oases"] if oasis["active"])
    return {
        "index": p,
        "is_me": p == viewer,
        "p": side,
        "arena": [None if m is None else {**m, "worth": hk_points(m["card"]["hk"])} for m in side["arena"]],
        "to_act": view["to_act"] == p,
        "income": income,
        "target": options.get("target_points") if options.get("length") == "short" else None,
    }


def fight_preview(view: JSON) -> JSON | None:
    """During an attack, what K5 will do if nobody plays another item: the fighting attackers
    (name, AP) and each defender's loss of LP and whether it is defeated."""
    attack = view["attack"]
    if not attack or view["pending"] is None:
        return None
    attacker = attack["attacker"]
    fighting = [m for m in view["players"][attacker]["arena"] if m and m["slot"] != attack["direct"]]
    fighting.sort(key=lambda m: m["slot"] != attack["fighter"])
    defending = [m for m in view["players"][1 - attacker]["arena"] if m]
    if not fighting or not defending:
        return None
    result = resolve_combat([fighter(m) for m in fighting], [fighter(m) for m in defending])
    shown = fighting[:1] if len(fighting) == 2 and len(defending) == 1 else fighting
    return {
        "attackers": [{"name": m["card"]["name"], "ap": m["ap"]} for m in shown],
        "hits": [
            {"name": m["card"]["name"], "loss": m["lp"] - max(lp, 0), "defeated": down}
            for m, lp, down in zip(defending, result.lp, result.defeated, strict=True)
        ],
    }


PRESENTATION = Presentation(
    action_groups=ACTION_GROUPS, prompt=prompt, terminations=TERMINATIONS, present=present, phrases=PHRASES
)
