"""How the greedy AI values a Ka-Mel-Oh! position, from one player's own view and nothing else.

A ``Position`` is what the view shows that matters for the next few turns: both arenas (current
AP/DP/LP after items and damage, HK), the player's Datteln, both scores, the hand monsters and where
the match stands (may the player still attack this turn, is it their last turn). ``value`` scores it
for the player, in tenths of a victory point:

- the score difference (K5's points by HK, K7's hand penalty once it is certain);
- what the player's arena can take from the opponent's by K5 (in full when the player can still
  attack this turn, discounted when only next turn), minus what the opponent's can take back;
- K5's point for an empty arena, and the monsters' Gesamtwert (a strong monster keeps scoring);
- the Datteln (K6): in dufo their value includes the growth they will bring, so that spending down to
  0 (which stops the growth for good) costs more than spending down to 1.

Card texts are public: an item's effects are read from the card data by slug (``card_effects``),
never from anything hidden. Decks, the opponent's hand and face-down cards are not used.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any

from engine.core.definition import package_cards
from engine.core.effects import Effect
from engine.games.kamelo.calc import ITEM_CAPS, Fighter, combat_hits, grow_dates, hk_points
from engine.games.kamelo.effects import stat_change

POINT = 10.0  # one victory point, in score units
PARTIAL = 0.4  # damage that does not defeat: this share of the monster's points, pro rata of its LP
LATER = 0.5  # an attack only possible next turn (the opponent may answer first)
THREATENED = 0.6  # what the opponent's arena could take from ours on their turn
MATERIAL = 1.0 / 40  # per Gesamtwert point (2*AP + 2*DP + LP) of a monster in the arena
DATTEL = 0.8  # one Dattel in hand
GROWTH = 3.0  # dufo (K6): one Dattel more growth per turn
BROKE = 40.0  # dufo (K6): at 0 Datteln nothing grows any more, for the rest of the match
HAND_PENALTY = 2 * POINT  # K7: a monster left in hand at the end gives the opponent 2 points
FINAL_PENALTY_SHARE = 0.5  # before the last turn, a hand monster may still be played or bought out


@dataclass(frozen=True)
class Position:
    """The numbers of one player's view that the evaluation uses (see the module docstring)."""

    variant: str
    mine: tuple[Fighter, ...]
    theirs: tuple[Fighter, ...]
    dates: int
    points: int
    opp_points: int
    hand_monsters: int
    attack_now: bool
    last_turn: bool
    final: bool


# --- reading the view ----------------------------------------------------------------------------


def me(view: Mapping[str, Any]) -> int:
    """The player who acts now (the AI only ever evaluates its own views)."""
    return int(view["to_act"])


def monsters(view: Mapping[str, Any], p: int) -> list[dict[str, Any]]:
    """Player ``p``'s occupied arena slots as the view shows them."""
    return [m for m in view["players"][p]["arena"] if m is not None]


def fighter(m: Mapping[str, Any]) -> Fighter:
    """A monster of the view as a K5 fighter (current values)."""
    return Fighter(int(m["ap"]), int(m["dp"]), int(m["lp"]), int(m["card"]["hk"]))


def position(view: Mapping[str, Any]) -> Position:
    """The position of the player to act."""
    p = me(view)
    mine, theirs = view["players"][p], view["players"][1 - p]
    own_turn = view["current"] == p and view["phase"] == "main"
    attack_now = own_turn and mine["turns_taken"] > 0 and view["attack"] is None
    return Position(
        variant=str(view["variant"]),
        mine=tuple(fighter(m) for m in monsters(view, p)),
        theirs=tuple(fighter(m) for m in monsters(view, 1 - p)),
        dates=int(mine["dates"]),
        points=int(mine["points"]),
        opp_points=int(theirs["points"]),
        hand_monsters=sum(1 for c in mine["hand"] or [] if c["type"] in ("monster", "special_monster")),
        attack_now=attack_now,
        last_turn=bool(view["last_turn"]) and view["current"] == p,
        final=view["final"] is not None,
    )


@cache
def _catalog() -> dict[str, dict[str, Any]]:
    # The bundled card list is public (the engine module, which imports the AI, reads the same files).
    return {card["slug"]: card for card in package_cards(Path(__file__).parent)}


def card_effects(card: Mapping[str, Any]) -> list[Effect]:
    """A card's effects: given in the card itself, else the published card of its slug."""
    if "effects" in card:
        return list(card["effects"])
    return list(published(str(card.get("slug"))).get("effects") or [])


def published(slug: str) -> dict[str, Any]:
    """The published card of a slug (empty for an unknown card)."""
    return _catalog().get(slug) or {}


def catalog_slugs() -> tuple[str, ...]:
    """Every published card's slug."""
    return tuple(_catalog())


def printed(slug: str) -> dict[str, int]:
    """A monster's printed AP, DP, LP and HK by slug (zeros for an unknown card)."""
    attrs = published(slug).get("attributes") or {}
    return {key: int(attrs.get(key, 0)) for key in ("ap", "dp", "lp")} | {"hk": int(attrs.get("hk", 4))}


# --- combat (K5) ---------------------------------------------------------------------------------


def combat(attackers: Sequence[Fighter], defenders: Sequence[Fighter]) -> tuple[float, tuple[Fighter, ...]]:
    """K5 with these attackers in this order (a 2:1 lets the first fight): (gain, surviving defenders)."""
    if not attackers or not defenders:
        return 0.0, tuple(defenders)
    hits = combat_hits(attackers, defenders)
    gain, left = 0.0, []
    for d, hit in zip(defenders, hits, strict=True):
        if hit >= d.lp:
            gain += POINT * hk_points(d.hk)
        else:
            gain += PARTIAL * POINT * hk_points(d.hk) * hit / max(d.lp, 1)
            left.append(replace(d, lp=d.lp - hit))
    return gain, tuple(left)


def best_combat(attackers: Sequence[Fighter], defenders: Sequence[Fighter]) -> tuple[float, tuple[Fighter, ...]]:
    """The attacker's best K5 result: in a 2:1, the better of the two as the one that fights."""
    if len(attackers) == 2 and len(defenders) == 1:
        return max(combat(attackers, defenders), combat(attackers[::-1], defenders), key=lambda r: r[0])
    return combat(attackers, defenders)


def threat(attackers: Sequence[Fighter], defenders: Sequence[Fighter]) -> float:
    """What an attack of ``attackers`` on ``defenders`` would gain."""
    return best_combat(attackers, defenders)[0]


# --- the value of a position ---------------------------------------------------------------------


def gw(f: Fighter) -> int:
    """K3's Gesamtwert of a fighter's current values."""
    return 2 * f.ap + 2 * f.dp + max(f.lp, 0)


def dates_value(pos: Position) -> float:
    """K6: Datteln are worth their use, and in dufo also the growth they bring each turn; nothing
    after the player's last turn."""
    if pos.last_turn:
        return 0.0
    value = DATTEL * pos.dates
    if pos.variant == "dufo":
        value += GROWTH * (grow_dates(pos.dates) - pos.dates) - (BROKE if pos.dates <= 0 else 0.0)
    return value


def presence(pos: Position) -> float:
    """K5: an empty arena gives the other side a point per turn."""
    if pos.mine and not pos.theirs:
        return POINT
    if pos.theirs and not pos.mine:
        return -POINT
    return 0.0


def hand_penalty(pos: Position) -> float:
    """K7: hand monsters at the end are the opponent's points (certain in the last turn)."""
    if pos.last_turn:
        return HAND_PENALTY * pos.hand_monsters
    return HAND_PENALTY * FINAL_PENALTY_SHARE * pos.hand_monsters if pos.final else 0.0


def value(pos: Position) -> float:
    """The position's worth to the player to act (see the module docstring)."""
    attack = threat(pos.mine, pos.theirs) * (1.0 if pos.attack_now else LATER)
    material = MATERIAL * (sum(gw(f) for f in pos.mine) - sum(gw(f) for f in pos.theirs))
    return (
        POINT * (pos.points - pos.opp_points)
        + attack
        - THREATENED * threat(pos.theirs, pos.mine)
        + presence(pos)
        + material
        + dates_value(pos)
        - hand_penalty(pos)
    )


# --- changing a position -------------------------------------------------------------------------


def boosted(f: Fighter, change: Mapping[str, int]) -> Fighter:
    """A fighter after an item's stat change: raises stop at K4's caps, lowered values at 0."""

    def one(key: str, now: int) -> int:
        delta = int(change.get(key, 0))
        if delta >= 0:
            return max(now, min(ITEM_CAPS[key], now + delta))
        return now + delta if key == "lp" else max(0, now + delta)

    return Fighter(one("ap", f.ap), one("dp", f.dp), one("lp", f.lp), f.hk)


def with_slot(side: tuple[Fighter, ...], index: int, new: Fighter | None) -> tuple[Fighter, ...]:
    """``side`` with the fighter at ``index`` replaced (or removed for None)."""
    rest = [*side[:index], *([new] if new is not None else []), *side[index + 1 :]]
    return tuple(rest)


def item_change(card: Mapping[str, Any]) -> dict[str, int]:
    """The stat change an item card makes (empty for other items)."""
    return stat_change(card_effects(card))


def slot_index(view: Mapping[str, Any], p: int, slot: int) -> int:
    """The index among player ``p``'s occupied slots of arena slot ``slot``."""
    return [m["slot"] for m in monsters(view, p)].index(slot)


def own_cards(view: Mapping[str, Any]) -> Iterable[Mapping[str, Any]]:
    """The cards the player can see of their own: hand and face-up oasis tops."""
    player = view["players"][me(view)]
    yield from player["hand"] or []
    yield from (o["top"] for o in player["oases"] if o["top"])


def own_card(view: Mapping[str, Any], cid: Any) -> Mapping[str, Any] | None:
    """One of the player's visible cards by id."""
    return next((c for c in own_cards(view) if c["id"] == cid), None)
