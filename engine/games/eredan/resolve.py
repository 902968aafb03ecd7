"""Carrying out effects: one handler per verb of the vocabulary (``effects.VERBS``; the checks of
its modifiers are in ``conditions``). A term without a handler is an error (the tables are checked
against the vocabulary here and by a test), never a silent no-op.

An effect runs in a ``Ctx``: whose effect it is, the card it is printed on and who ``self`` is
(the player's fighter, an object's bearer, or a character for its own bonuses). Its targets are
found by ``target``; every other modifier is a condition (``conditions``) checked per target;
``rune`` is the own character's and is spent once the effect takes place (E18).
"""

from __future__ import annotations

from collections.abc import Callable

from engine.games.eredan.conditions import Ctx, Effect, Ref, conditions_hold
from engine.games.eredan.effects import VERBS, render_effect, target_of, verb_of
from engine.games.eredan.rules import stat
from engine.games.eredan.state import Entry, State, card_of, char_at, draw, fighter_index, living, log, rng_of

# Verbs that act once for the player, not once per target.
PLAYER_VERBS = frozenset({"draw", "discard", "cancel", "chain", "revive"})


def run(ctx: Ctx, effect: Effect) -> None:
    """Carry out one effect on every target whose conditions hold."""
    verb = verb_of(effect)
    refs = [ref for ref in targets(ctx, effect) if conditions_hold(ctx, effect, ref)]
    if verb in PLAYER_VERBS:
        refs = refs[:1]
    if "rune" in effect:
        if not refs:
            return
        assert ctx.self_ref is not None  # _rune held
        spend_rune(ctx.s, *ctx.self_ref, str(effect["rune"]))
    HANDLERS[verb](ctx, effect, refs)


def run_all(ctx: Ctx, effects: list[Effect]) -> None:
    """Carry out effects in their printed order."""
    for effect in effects:
        run(ctx, effect)


def targets(ctx: Ctx, effect: Effect) -> list[Ref]:
    """Who an effect hits: ``self``/``bearer``, the opposing fighter, all own or all opposing
    living characters. A fighter is a target even when dead (it still strikes, E17)."""
    target = target_of(effect)
    s, p = ctx.s, ctx.player
    if target in ("self", "bearer"):
        return [] if ctx.self_ref is None else [ctx.self_ref]
    if target == "opponent":
        f = fighter_index(s, 1 - p)
        return [] if f is None else [(1 - p, f)]
    side = p if target == "allies" else 1 - p
    return [(side, i) for i in living(s, side)]


def spend_rune(s: State, p: int, i: int, rune: str) -> None:
    """E18: a "Rune: ability" spends the oldest rune of its kind."""
    char_at(s, p, i)["runes"].remove(rune)


# --- health and points (E16) --------------------------------------------------------------------


def damage(s: State, dealer: int, p: int, i: int, amount: int, *, spell: bool) -> int:
    """Take up to ``amount`` health from a living character; the dealer scores what was really
    removed from an opposing character (E16). A character at 0 dies. Returns the health removed."""
    char = char_at(s, p, i)
    if char["dead"] or amount <= 0:
        return 0
    removed = min(amount, int(char["health"]))
    char["health"] -= removed
    if p != dealer:
        s["players"][dealer]["points"] += removed
    if spell and fighter_index(s, p) == i:
        s["tally"][p]["spell"] += removed
    if char["health"] <= 0:
        char["dead"] = True
        log(s, p, "dies", f"{card_of(s, char['card'])['name']} (P{p + 1}) dies")
    return removed


def heal(s: State, healer: int, p: int, i: int, amount: int) -> int:
    """Restore up to ``amount`` health, never above the printed health; the healer scores what was
    really restored to an own character (E16). The dead are not healed (only revived)."""
    char = char_at(s, p, i)
    if char["dead"]:
        return 0
    restored: int = min(amount, max(0, int(card_of(s, char["card"])["health"]) - int(char["health"])))
    char["health"] += restored
    if p == healer:
        s["players"][healer]["points"] += restored
    if fighter_index(s, p) == i:
        s["tally"][p]["healed"] += restored
    return restored


def bury(s: State, p: int, i: int) -> None:
    """A dead character's attachments go to the discard pile (E11); its runes, rage and
    Ambidextrie end with it (E18, E19)."""
    char = char_at(s, p, i)
    s["players"][p]["discard"].extend(char["attached"])
    char["attached"] = []
    char.update(runes=[], raging=False, two_weapons=False, weakened=False, stays_weakened=False)


# --- round bonuses (E8) -------------------------------------------------------------------------


def give_bonuses(s: State, p: int, i: int, rounds: list[int]) -> None:
    """Character ``i`` of ``p`` receives the bonuses of ``rounds`` it has not received this round."""
    char = char_at(s, p, i)
    entry = card_of(s, char["card"])
    for rnd in rounds:
        if rnd in char["bonuses"]:
            continue
        char["bonuses"].append(rnd)
        for effect in entry["effects"]:
            if effect.get("round") == rnd:
                s["bonuses"].append({"player": p, "character": i, "round": rnd, "text": render_effect(effect, "en")})
                run(Ctx(s, p, entry, (p, i), any_round=True), effect)


def bonus_rounds(entry: Entry) -> list[int]:
    """Every round a character card has a bonus for, in order."""
    return sorted({int(e["round"]) for e in entry["effects"] if "round" in e})


# --- verbs --------------------------------------------------------------------------------------


def _stat(ctx: Ctx, effect: Effect, refs: list[Ref]) -> None:
    """A stat change for the round (an object's lasting changes are read by rules.stat instead)."""
    verb = verb_of(effect)
    for p, i in refs:
        char_at(ctx.s, p, i)["mods"][verb] += int(effect[verb])


def _heal(ctx: Ctx, effect: Effect, refs: list[Ref]) -> None:
    for p, i in refs:
        heal(ctx.s, ctx.player, p, i, int(effect["heal"]))


def _spell_damage(ctx: Ctx, effect: Effect, refs: list[Ref]) -> None:
    """Spell and theurgy damage less the target's spirit (seed: "nicht die Verteidigung ... sondern der Geist")."""
    for p, i in refs:
        damage(ctx.s, ctx.player, p, i, int(effect["spell_damage"]) - stat(ctx.s, p, i, "spirit"), spell=True)


def _chain(ctx: Ctx, effect: Effect, refs: list[Ref]) -> None:
    """E12: a chain is granted when its card is played (cards.chain_kinds); resolving it does nothing more."""


def _draw(ctx: Ctx, effect: Effect, refs: list[Ref]) -> None:
    if refs:
        draw(ctx.s, ctx.player, int(effect["draw"]))


def _discard(ctx: Ctx, effect: Effect, refs: list[Ref]) -> None:
    """The opponent discards at random (the match's random source picks)."""
    if not refs:
        return
    other = ctx.s["players"][1 - ctx.player]
    for _ in range(min(int(effect["discard"]), len(other["hand"]))):
        cid = other["hand"].pop(rng_of(ctx.s).below(len(other["hand"])))
        other["discard"].append(cid)
        log(ctx.s, 1 - ctx.player, "discarded", f"P{2 - ctx.player} discards {card_of(ctx.s, cid)['name']}", card=cid)


def _gain_rune(ctx: Ctx, effect: Effect, refs: list[Ref]) -> None:
    """E18: a character carries at most its rune slots; a new rune beyond replaces the oldest."""
    for p, i in refs:
        char = char_at(ctx.s, p, i)
        slots = card_of(ctx.s, char["card"])["rune_slots"]
        if char["dead"] or slots == 0:
            continue
        char["runes"].append(effect["gain_rune"])
        del char["runes"][: max(0, len(char["runes"]) - slots)]


def _revive(ctx: Ctx, effect: Effect, refs: list[Ref]) -> None:
    """A dead own character returns with that much health (at most its printed health), fresh and
    bare; the health counts as restored (E16, rule choice 10)."""
    s, p = ctx.s, ctx.player
    dead = [i for i, c in enumerate(s["players"][p]["characters"]) if c["dead"]]
    if not refs or not dead:
        return
    i = ctx.revive if ctx.revive in dead else dead[0]
    bury(s, p, i)
    char = char_at(s, p, i)
    char["health"] = min(int(effect["revive"]), card_of(s, char["card"])["health"])
    char["dead"] = False
    s["players"][p]["points"] += char["health"]
    log(s, p, "revived", f"{card_of(s, char['card'])['name']} (P{p + 1}) returns with {char['health']} health")


def _two_weapons(ctx: Ctx, effect: Effect, refs: list[Ref]) -> None:
    """Ambidextrie: two weapons from now on (card text over E11), until the character dies."""
    for p, i in refs:
        char_at(ctx.s, p, i)["two_weapons"] = not char_at(ctx.s, p, i)["dead"]


def _rage(ctx: Ctx, effect: Effect, refs: list[Ref]) -> None:
    """E19: a living Berserker's rage starts; not again while it is active."""
    for p, i in refs:
        char = char_at(ctx.s, p, i)
        if not char["dead"] and not char["raging"] and "berserker" in card_of(ctx.s, char["card"])["classes"]:
            char["raging"] = True
            log(ctx.s, p, "rage", f"{card_of(ctx.s, char['card'])['name']} (P{p + 1}) rages")


def _cancel(ctx: Ctx, effect: Effect, refs: list[Ref]) -> None:
    """The opponent's next card of that kind, later in this round's order, has no effect."""
    if refs:
        ctx.s["cancels"][1 - ctx.player].append(effect["cancel"])


def _refresh(ctx: Ctx, effect: Effect, refs: list[Ref]) -> None:
    """Not weakened: a fighter stays fresh after phase 4, anyone else at once (rule choice 8); an
    E21 mark goes too."""
    _status(ctx, refs, weakened=False)


def _weaken(ctx: Ctx, effect: Effect, refs: list[Ref]) -> None:
    """Weakened: a fighter after phase 4 whatever refreshed it before, anyone else at once; and
    E21: it stays weakened through its side's next refresh (a fighter is weakened after its fight
    anyway, so "Ist geschwächt" on it means what a player reads: it sits out one more round)."""
    _status(ctx, refs, weakened=True)


def _status(ctx: Ctx, refs: list[Ref], *, weakened: bool) -> None:
    for p, i in refs:
        char = char_at(ctx.s, p, i)
        if char["dead"]:
            continue
        if fighter_index(ctx.s, p) == i and ctx.s["phase"] == "cards":
            char["after_fight"] = "weak" if weakened else "fresh"
        else:
            char["weakened"] = weakened
        char["stays_weakened"] = weakened


def _round_bonuses(ctx: Ctx, effect: Effect, refs: list[Ref]) -> None:
    """E8 and the seed: the target gains the bonuses of all its rounds (those it has not had this round)."""
    for p, i in refs:
        if not char_at(ctx.s, p, i)["dead"]:
            give_bonuses(ctx.s, p, i, bonus_rounds(card_of(ctx.s, char_at(ctx.s, p, i)["card"])))


Handler = Callable[[Ctx, Effect, list[Ref]], None]
HANDLERS: dict[str, Handler] = {
    "attack": _stat,
    "defense": _stat,
    "spirit": _stat,
    "heal": _heal,
    "spell_damage": _spell_damage,
    "chain": _chain,
    "draw": _draw,
    "discard": _discard,
    "gain_rune": _gain_rune,
    "revive": _revive,
    "two_weapons": _two_weapons,
    "rage": _rage,
    "cancel": _cancel,
    "refresh": _refresh,
    "weaken": _weaken,
    "round_bonuses": _round_bonuses,
}
assert set(HANDLERS) == set(VERBS), "every verb of the vocabulary has a handler"
