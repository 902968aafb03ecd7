"""What each effect term of the vocabulary (``effects.py``) does in a match: one handler per verb.

A card's terms run where the card is in play: an action card revealed as the round's field effect
(source ``field``, its owner the announcer), a combat card laid with a monster (``combat``), a
monster itself (``monster``: the Broken Kaiju's terms). Each verb has a phase:

- ``play``: when the card is revealed (a field card at once, before the category is set; a monster
  or combat card at the reveal, before the fight is counted). They change the round: its category,
  its roles, whether combat cards count, the Abysses and hands.
- ``fight``: while the fight is counted (R7: action cards first, then combat cards, then the Realm
  bonus). They change fight values and the Realm-bonus dice, or mark what the result does.

Sides: ``boost`` and ``gamble`` name whose fight value they change (``own``: the card owner's);
the field effect changes both sides' (R19), a gamble rolled for each side on its own.
R14 "immune": terms of action and combat cards do not reach an immune side (a Broken Kaiju); the
round-wide terms (category, roles, blocking, Abyss, hands) are not aimed at a monster and apply.

``HANDLERS`` has an entry for every verb of the vocabulary; a test checks it, so a card the
engine cannot run fails a test instead of doing nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.core.effects import Effect
from engine.games.realmon.effects import VERBS, verb_of
from engine.games.realmon.state import State, abyss_realm, log, name_of, opponent, roll


@dataclass
class Side:
    """One side of the fight being counted."""

    player: int
    monster: str
    combat: list[str]
    helper: str | None = None  # R17 "1 gegen 2": the second monster of the team
    value: int = 0
    immune: bool = False
    changes: list[dict[str, Any]] = field(default_factory=list)  # field and monster terms' changes
    cards: list[dict[str, Any]] = field(default_factory=list)  # each combat card's part
    bonus_roll: dict[str, Any] | None = None
    bonus: int = 0
    may_roll: bool = False  # realm_bonus_both: this side rolls for the bonus too
    no_bonus: bool = False
    reroll: int = 0
    die_as: int | None = None
    exile: bool = False
    monster_draw: int = 1

    def total(self) -> int:
        """R7: category value + combat cards + field effects + Realm bonus."""
        changes = sum(int(part["amount"]) for part in self.changes + self.cards)
        return self.value + changes + self.bonus


@dataclass
class Fight:
    """The fight being counted: the round, both sides, and round-wide marks."""

    s: State
    rnd: dict[str, Any]
    sides: list[Side]
    destroy_loser: bool = False

    @property
    def category(self) -> str:
        return str(self.rnd["category"])


@dataclass(frozen=True)
class Source:
    """Where a term comes from: the card, its kind (field, combat, monster), its owner, and the
    critical-hit factor of a combat card (R9)."""

    card: str
    kind: str
    owner: int
    factor: int = 1


PlayHandler = Callable[[State, dict[str, Any], Source, Effect], None]
FightHandler = Callable[[Fight, Source, Effect], None]


def targets(fight: Fight, source: Source, term: Effect) -> list[Side]:
    """The sides a term reaches: both for the field effect (R19: "wirkt für beide Spieler", whatever
    ``side`` says), else by its ``side`` modifier; never an immune side for action and combat cards
    (R14)."""
    side = "both" if source.kind == "field" else term.get("side", "own")
    seats = {"own": [source.owner], "opponent": [opponent(source.owner)], "both": [0, 1]}[side]
    reached = [fight.sides[p] for p in seats]
    return [x for x in reached if not (x.immune and source.kind != "monster")]


def _reachable(fight: Fight, source: Source) -> list[Side]:
    """Both sides, less an immune one when the term is an action or combat card's."""
    return [x for x in fight.sides if not (x.immune and source.kind != "monster")]


# --- fight phase ---------------------------------------------------------------------------------


def _boost(fight: Fight, source: Source, term: Effect) -> None:
    if "category" in term and term["category"] != fight.category:
        return
    for side in targets(fight, source, term):
        side_part(side, source, int(term["boost"]) * source.factor)


def _gamble(fight: Fight, source: Source, term: Effect) -> None:
    if "category" in term and term["category"] != fight.category:
        return
    for side in targets(fight, source, term):
        (face,) = roll(fight.s, 1)
        won = face >= int(term["at_least"])
        amount = (int(term["gamble"]) if won else -int(term["penalty"])) * source.factor
        side_part(side, source, amount, roll=face)
        verdict = "wins" if won else "loses"
        log(
            fight.s,
            side.player,
            "roll",
            f"P{side.player + 1} gambles: rolls {face}, {verdict} ({amount:+d})",
            dice=[face],
            what="gamble",
        )


def side_part(side: Side, source: Source, amount: int, roll: int | None = None) -> None:
    """Record a change of a side's fight value by a field or monster term, or a combat card."""
    if source.kind == "combat":
        part = next(p for p in side.cards if p["card"] == source.card)
        part["amount"] += amount
        if roll is not None:
            part.setdefault("gamble_rolls", []).append(roll)
        return
    entry: dict[str, Any] = {"card": source.card, "source": source.kind, "amount": amount}
    if roll is not None:
        entry["roll"] = roll
    side.changes.append(entry)


def _realm_bonus_both(fight: Fight, source: Source, term: Effect) -> None:
    for side in _reachable(fight, source):
        side.may_roll = True


def _no_realm_bonus(fight: Fight, source: Source, term: Effect) -> None:
    for side in _reachable(fight, source):
        side.no_bonus = True


def _reroll(fight: Fight, source: Source, term: Effect) -> None:
    for side in _reachable(fight, source):
        side.reroll = max(side.reroll, int(term["reroll"]))


def _die_as(fight: Fight, source: Source, term: Effect) -> None:
    for side in _reachable(fight, source):
        side.die_as = max(side.die_as or 0, int(term["die_as"]))


def _destroy_loser(fight: Fight, source: Source, term: Effect) -> None:
    fight.destroy_loser = True


def _exile_defeated(fight: Fight, source: Source, term: Effect) -> None:
    fight.sides[source.owner].exile = True


def _monster_draw(fight: Fight, source: Source, term: Effect) -> None:
    fight.sides[source.owner].monster_draw = int(term["monster_draw"])


# --- play phase ----------------------------------------------------------------------------------


def _set_category(s: State, rnd: dict[str, Any], source: Source, term: Effect) -> None:
    rnd["fixed_category"] = term["set_category"]
    if rnd["category"] is not None:
        rnd["category"], rnd["set_by"] = term["set_category"], "field"
        log(
            s, source.owner, "category", f"The fight uses {term['set_category'].title()}", category=term["set_category"]
        )


def _block_combat_cards(s: State, rnd: dict[str, Any], source: Source, term: Effect) -> None:
    rnd["block_combat"] = True


def _swap_roles(s: State, rnd: dict[str, Any], source: Source, term: Effect) -> None:
    rnd["attacker"], rnd["defender"] = rnd["defender"], rnd["attacker"]
    rnd["swapped"] = not rnd["swapped"]
    log(s, source.owner, "roles", f"Roles swap: P{rnd['attacker'] + 1} attacks this round")


def _realm_loss(s: State, rnd: dict[str, Any], source: Source, term: Effect) -> None:
    for p in (0, 1):
        player = s["players"][p]
        lost = min(int(term["realm_loss"]), max(0, abyss_realm(s, p) - int(player["realm_lost"])))
        player["realm_lost"] += lost
        log(s, p, "realm_loss", f"P{p + 1} loses {lost} Realm from the Abyss", amount=lost)


def _discard(s: State, rnd: dict[str, Any], source: Source, term: Effect) -> None:
    for p in (source.owner, opponent(source.owner)):
        rnd["discards"].append([p, int(term["discard"])])


def _sacrifice(s: State, rnd: dict[str, Any], source: Source, term: Effect) -> None:
    rnd["sacrifice"].append(source.owner)


def _immune(s: State, rnd: dict[str, Any], source: Source, term: Effect) -> None:
    rnd["immune"].append(source.owner)


def _revive(s: State, rnd: dict[str, Any], source: Source, term: Effect) -> None:
    """R17: the chosen monster leaves the owner's Abyss (its Realm with it) for the hand; it is
    marked, so that it leaves the game after its next fight."""
    cid, player = rnd["revive"], s["players"][source.owner]
    player["abyss"].remove(cid)
    player["hand"].append(cid)
    player["revived"].append(cid)
    log(s, source.owner, "revive", f"P{source.owner + 1} takes {name_of(s, cid)} back from the Abyss", card=cid)


def _help(s: State, rnd: dict[str, Any], source: Source, term: Effect) -> None:
    rnd["help"] = source.owner  # R17: the owner lays both hand monsters this round


@dataclass(frozen=True)
class Handler:
    """A verb's phase and what it does there."""

    phase: str
    play: PlayHandler | None = None
    fight: FightHandler | None = None


HANDLERS: dict[str, Handler] = {
    "boost": Handler("fight", fight=_boost),
    "gamble": Handler("fight", fight=_gamble),
    "realm_bonus_both": Handler("fight", fight=_realm_bonus_both),
    "no_realm_bonus": Handler("fight", fight=_no_realm_bonus),
    "reroll": Handler("fight", fight=_reroll),
    "die_as": Handler("fight", fight=_die_as),
    "destroy_loser": Handler("fight", fight=_destroy_loser),
    "exile_defeated": Handler("fight", fight=_exile_defeated),
    "monster_draw": Handler("fight", fight=_monster_draw),
    "set_category": Handler("play", play=_set_category),
    "block_combat_cards": Handler("play", play=_block_combat_cards),
    "swap_roles": Handler("play", play=_swap_roles),
    "realm_loss": Handler("play", play=_realm_loss),
    "discard": Handler("play", play=_discard),
    "sacrifice": Handler("play", play=_sacrifice),
    "immune": Handler("play", play=_immune),
    "revive": Handler("play", play=_revive),
    "help": Handler("play", play=_help),
}


def missing_handlers() -> list[str]:
    """The verbs of the vocabulary the engine has no handler for (a test keeps this empty)."""
    return [verb for verb in VERBS if verb not in HANDLERS]


def run_play_terms(s: State, rnd: dict[str, Any], source: Source, terms: list[Effect]) -> None:
    """Run a card's play-phase terms."""
    for term in terms:
        handler = HANDLERS[verb_of(term)]
        if handler.play is not None:
            handler.play(s, rnd, source, term)


def run_fight_terms(fight: Fight, source: Source, terms: list[Effect]) -> None:
    """Run a card's fight-phase terms."""
    for term in terms:
        handler = HANDLERS[verb_of(term)]
        if handler.fight is not None:
            handler.fight(fight, source, term)
