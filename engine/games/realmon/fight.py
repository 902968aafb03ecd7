"""The reveal and the fight (R5-R10, R14): both commitments face up, Broken Kaiju sacrifices, the
fight value of each side (R7) with critical hits (R9) and the Realm-bonus dice (R6), the tie
rolls, and where every card goes (R10). ``state["fight"]`` keeps the last fight broken down for
the views and the board.
"""

from __future__ import annotations

from typing import Any

from engine.games.realmon.state import State, card_of, hand_of, log, name_of, opponent, roll, team_laid
from engine.games.realmon.terms import Fight, Side, Source, run_fight_terms, run_play_terms


def reveal(s: State) -> Fight:
    """Turn both commitments face up and count the fight; the result is not settled yet."""
    rnd = s["round"]
    order = (rnd["attacker"], rnd["defender"])
    for p in order:
        _turn_up(s, p)
    for p in order:
        for monster in team_laid(s["players"][p]["laid"]):
            run_play_terms(s, rnd, Source(monster, "monster", p), card_of(s, monster)["effects"])
    for p in order:
        if p not in rnd["immune"] and not rnd["block_combat"]:
            for cid in s["players"][p]["laid"]["combat"]:
                run_play_terms(s, rnd, Source(cid, "combat", p), card_of(s, cid)["effects"])
    for p in rnd["sacrifice"]:
        _sacrifice(s, p)
    fight = Fight(s, rnd, [_side(s, p) for p in (0, 1)])
    _count(fight, order)
    return fight


def _turn_up(s: State, p: int) -> None:
    """R5 reveal: the commitment is public; R11: the combat cards' costs are recorded now."""
    laid = s["players"][p]["laid"]
    laid["face_down"] = False
    cost = sum(int(card_of(s, cid)["cost"]) for cid in laid["combat"])
    s["players"][p]["combat_cost_spent"] += cost
    cards = ", ".join(name_of(s, cid) for cid in laid["combat"])
    with_cards = f" with {cards} (cost {cost})" if laid["combat"] else ""
    log(
        s,
        p,
        "reveal",
        f"P{p + 1} reveals {names(s, team_laid(laid))}{with_cards}",
        card=laid["monster"],
        combat=list(laid["combat"]),
        cost=cost,
    )


def _sacrifice(s: State, p: int) -> None:
    """R14: the second monster in hand goes to the opponent's Abyss (none if there is none); one
    taken back from the Abyss leaves the game instead (R17: it never scores again)."""
    for cid in hand_of(s, p, "monster")[:1]:
        s["players"][p]["hand"].remove(cid)
        (s["out"] if _unrevive(s, p, cid) else s["players"][opponent(p)]["abyss"]).append(cid)
        s["round"]["sacrificed"].append({"player": p, "card": cid})
        log(s, p, "sacrifice", f"P{p + 1} sacrifices {name_of(s, cid)} to P{2 - p}'s Abyss", card=cid)


def _side(s: State, p: int) -> Side:
    """One side: its monster (with its helper, R17: their values add up), combat cards, immunity;
    a team of two draws two monsters after the round (R3: two in hand)."""
    laid = s["players"][p]["laid"]
    team = team_laid(laid)
    side = Side(p, team[0], list(laid["combat"]), immune=p in s["round"]["immune"], helper=laid.get("helper"))
    side.value = sum(int(card_of(s, m)["values"][s["round"]["category"]]) for m in team)
    side.monster_draw = len(team)
    return side


def team_of(side: Side) -> list[str]:
    """The monsters fighting on a side."""
    return [side.monster, *([side.helper] if side.helper else [])]


def _team_stage(s: State, side: Side) -> int:
    """The stage a side's dice go by (R4, R6): its monster's, or the higher of a team's (R17)."""
    return max(int(card_of(s, m)["stage"]) for m in team_of(side))


def _team_realm(s: State, side: Side) -> int:
    """The Realm a side's bonus comes from (R3): its monster's, or the team's together (R17)."""
    return sum(int(card_of(s, m)["realm"]) for m in team_of(side))


def names(s: State, cids: list[str]) -> str:
    """Card names for the log: "A" or "A and B"."""
    return " and ".join(name_of(s, cid) for cid in cids)


def _survivors(s: State, side: Side) -> list[str]:
    """The monsters of a side after its fight but those taken back from the Abyss, which leave the
    game whether they won or lost (R17)."""
    kept = []
    for cid in team_of(side):
        if _unrevive(s, side.player, cid):
            s["out"].append(cid)
            log(
                s,
                side.player,
                "revived_out",
                f"{name_of(s, cid)} leaves the game (taken back from the Abyss)",
                card=cid,
            )
        else:
            kept.append(cid)
    return kept


def _unrevive(s: State, p: int, cid: str) -> bool:
    """Whether ``cid`` was taken back from the Abyss (R17); if so it is no longer marked."""
    revived: list[str] = s["players"][p].setdefault("revived", [])
    if cid in revived:
        revived.remove(cid)
        return True
    return False


def _count(fight: Fight, order: tuple[int, int]) -> None:
    """R7's order (seed: "Aktionskarten zuerst, dann Kampfkarten, dann Realm-Boni")."""
    s, rnd = fight.s, fight.rnd
    if rnd["field"] is not None:
        field = rnd["field"]
        run_fight_terms(fight, Source(field, "field", rnd["field_owner"]), card_of(s, field)["effects"])
    for p in order:
        side = fight.sides[p]
        run_fight_terms(fight, Source(side.monster, "monster", p), card_of(s, side.monster)["effects"])
    for p in order:
        _combat_cards(fight, fight.sides[p])
    for side, dice, target in _bonus_rollers(fight):
        _bonus_roll(fight, side, dice, target)


def _combat_cards(fight: Fight, side: Side) -> None:
    """Each combat card's boosts, doubled by a critical hit (R9); none for an immune side (R14)
    or when an action card blocks combat cards."""
    s = fight.s
    blocked = side.immune or fight.rnd["block_combat"]
    orientations = {card_of(s, m)["orientation"] for m in team_of(side)}
    for cid in side.combat:
        card = card_of(s, cid)
        part: dict[str, Any] = {"card": cid, "amount": 0, "crit": None, "roll": None, "blocked": blocked}
        side.cards.append(part)
        if blocked:
            continue
        factor = 1
        if card["orientation"] is not None and card["orientation"] in orientations:  # either of a team
            part["crit"], part["roll"] = _critical(s, side.player, card)
            factor = 2 if part["crit"] else 1
        run_fight_terms(fight, Source(cid, "combat", side.player, factor), card["effects"])


def _critical(s: State, p: int, card: dict[str, Any]) -> tuple[bool, int | None]:
    """R9: one d6 >= the card's stage; a stage-1 card always succeeds (no die)."""
    if card["stage"] <= 1:
        log(s, p, "crit", f"P{p + 1}'s {card['name']} hits critically (stage 1)")
        return True, None
    (face,) = roll(s, 1)
    hit = face >= card["stage"]
    verdict = "a critical hit" if hit else "no critical hit"
    log(
        s,
        p,
        "roll",
        f"P{p + 1} rolls {face} for {card['name']} (needs {card['stage']}): {verdict}",
        dice=[face],
        what="crit",
    )
    return hit, face


def _bonus_rollers(fight: Fight) -> list[tuple[Side, int, int]]:
    """R6: who rolls for the Realm bonus, how many dice and the target. By dice the attacker rolls
    his monster's stage against the defender's stage; by announcement the defender rolls the
    attacker's stage against it. The other side rolls (mirrored) only when a card allows it."""
    rnd = fight.rnd
    attacker, defender = fight.sides[rnd["attacker"]], fight.sides[rnd["defender"]]
    sa, sd = _team_stage(fight.s, attacker), _team_stage(fight.s, defender)
    if rnd["mode"] == "dice":
        holder, other = (attacker, sa, sd), (defender, sd, sa)
    else:
        holder, other = (defender, sa, sa), (attacker, sd, sd)
    rollers = [holder] + ([other] if other[0].may_roll else [])
    return [r for r in rollers if not r[0].no_bonus]


def _bonus_roll(fight: Fight, side: Side, dice: int, target: int) -> None:
    """Roll for the Realm bonus: one die >= the target gives floor(Realm / 4) (R3, R6); a card's
    "counts as" die replaces the lowest die, a reroll takes up missed dice (both only help)."""
    s = fight.s
    faces = roll(s, dice)
    shown: dict[str, Any] = {"dice": list(faces), "target": target}
    if side.die_as is not None and faces and min(faces) < side.die_as:
        faces[faces.index(min(faces))] = side.die_as
        shown["die_as"] = side.die_as
    if max(faces, default=0) < target and side.reroll:
        again = roll(s, min(side.reroll, len(faces)))
        faces[: len(again)] = again
        shown["rerolled"] = again
    hit = max(faces, default=0) >= target
    side.bonus = _team_realm(s, side) // 4 if hit else 0
    side.bonus_roll = {**shown, "faces": faces, "hit": hit}
    p = side.player
    got = f"the Realm bonus +{side.bonus}" if hit else "no Realm bonus"
    log(
        s,
        p,
        "roll",
        f"P{p + 1} rolls {_faces(shown)} for the Realm bonus (needs {target}): {got}",
        dice=list(shown["dice"]),
        what="bonus",
    )


def _faces(shown: dict[str, Any]) -> str:
    text = ", ".join(str(f) for f in shown["dice"])
    if "die_as" in shown:
        text += f" (one counts as {shown['die_as']})"
    if "rerolled" in shown:
        text += f", rerolled {', '.join(str(f) for f in shown['rerolled'])}"
    return text


def decide(fight: Fight) -> tuple[int, list[list[int]]]:
    """The higher fight value wins; a tie: each rolls a d6, again while equal (R7)."""
    totals = [side.total() for side in fight.sides]
    if totals[0] != totals[1]:
        return (0 if totals[0] > totals[1] else 1), []
    ties: list[list[int]] = []
    while not ties or ties[-1][0] == ties[-1][1]:
        ties.append(roll(fight.s, 2))
        log(
            fight.s,
            None,
            "roll",
            f"Tie at {totals[0]}: P1 rolls {ties[-1][0]}, P2 rolls {ties[-1][1]}",
            dice=list(ties[-1]),
            what="tie",
        )
    return (0 if ties[-1][0] > ties[-1][1] else 1), ties


def settle(fight: Fight) -> int:
    """R10: the winner's monster to its owner's monster discard pile, the loser's to the winner's
    Abyss, or out of the game (a Broken Kaiju's victory, R14; a destroying card); a team of two
    goes the same way together, and a monster taken back from the Abyss leaves the game, won or
    lost (R17). Combat cards go to their owners' spent piles, the field card to its owner's
    discard. Returns the winner."""
    s, rnd = fight.s, fight.rnd
    winner, ties = decide(fight)
    loser = opponent(winner)
    won, lost = fight.sides[winner], fight.sides[loser]
    out = won.exile or (fight.destroy_loser and not lost.immune)
    s["players"][winner]["monster_discard"].extend(_survivors(s, won))
    survivors = _survivors(s, lost)
    (s["out"] if out else s["players"][winner]["abyss"]).extend(survivors)
    out = out or not survivors  # the whole losing side was taken back from the Abyss: it is gone
    for p in (0, 1):
        player = s["players"][p]
        player["combat_discard"].extend(player["laid"]["combat"])
        player["laid"] = None
    if rnd["field"] is not None:
        s["players"][rnd["field_owner"]]["action_discard"].append(rnd["field"])
        rnd["field"] = None
    lost_names, two = names(s, team_of(lost)), lost.helper is not None
    where = (
        ("leave" if two else "leaves") + " the game"
        if out
        else ("go" if two else "goes") + f" to P{winner + 1}'s Abyss"
    )
    log(
        s,
        winner,
        "result",
        f"P{winner + 1} wins {won.total()} to {lost.total()}: {lost_names} {where}",
        winner=winner,
        totals=[x.total() for x in fight.sides],
    )
    s["fight"] = _breakdown(fight, winner, ties, out)
    return winner


def _breakdown(fight: Fight, winner: int, ties: list[list[int]], out: bool) -> dict[str, Any]:
    rnd = fight.rnd
    return {
        "round": fight.s["turn"],
        "category": rnd["category"],
        "set_by": rnd["set_by"],
        "mode": rnd["mode"],
        "category_roll": rnd["category_roll"],
        "attacker": rnd["attacker"],
        "defender": rnd["defender"],
        "swapped": rnd["swapped"],
        "field": rnd["field_card"],
        "field_owner": rnd["field_owner"],
        "sides": [_side_json(side) for side in fight.sides],
        "ties": ties,
        "winner": winner,
        "loser": opponent(winner),
        "loser_out": out,
        "sacrificed": [dict(x) for x in rnd["sacrificed"]],
    }


def _side_json(side: Side) -> dict[str, Any]:
    return {
        "player": side.player,
        "monster": side.monster,
        "helper": side.helper,
        "immune": side.immune,
        "value": side.value,
        "combat": [dict(part) for part in side.cards],
        "combat_total": sum(int(part["amount"]) for part in side.cards),
        "field": [dict(part) for part in side.changes],
        "field_total": sum(int(part["amount"]) for part in side.changes),
        "bonus_roll": side.bonus_roll,
        "bonus": side.bonus,
        "total": side.total(),
        "monster_draw": side.monster_draw,
    }
