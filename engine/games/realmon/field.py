"""The action cards the announcer may reveal as the round's field effect (R5, R13), and what R17's
cards need to be offered: a monster of the own Abyss to take back, two hand monsters to fight as
a team ("1 gegen 2")."""

from __future__ import annotations

from engine.core.match import Action
from engine.games.realmon.effects import REVIVE_MAX
from engine.games.realmon.state import MONSTERS_IN_HAND, State, card_of, hand_of, has_term, name_of, term_value


def field_actions(s: State, p: int, cid: str) -> list[Action]:
    """Revealing an action card as the field effect (R5, R13): a card that takes a monster back from
    the Abyss once per monster it may take (none: not offered), "1 gegen 2" only with two monsters
    in hand that may fight together (R17)."""
    entry, label = card_of(s, cid), f"Reveal {name_of(s, cid)} as the field effect"
    stage = term_value(entry, "revive")
    if stage is not None:
        return [
            Action(
                f"field:{cid}+{target}", f"{label}, taking back {name_of(s, target)}", {"card": cid, "target": target}
            )
            for target in revivable(s, p, int(stage))
        ]
    if has_term(entry, "help") and len(team_of_two(s, p)) < 2:
        return []
    return [Action(f"field:{cid}", label, {"card": cid})]


def revivable(s: State, p: int, stage: int) -> list[str]:
    """R17: the monsters of ``p``'s Abyss a card may take back: stage ``stage`` at most, no Kaiju."""
    found = [cid for cid in s["players"][p]["abyss"] if card_of(s, cid)["type"] == "monster"]
    return sorted(cid for cid in found if int(card_of(s, cid)["stage"]) <= min(stage, REVIVE_MAX))


def team_of_two(s: State, p: int) -> list[str]:
    """R17 "1 gegen 2": ``p``'s two hand monsters, or nothing when there are not two or one of them
    is a Broken Kaiju (it never helps nor is helped)."""
    monsters = sorted(hand_of(s, p, "monster"))
    if len(monsters) != MONSTERS_IN_HAND or any(has_term(card_of(s, m), "immune") for m in monsters):
        return []
    return monsters
