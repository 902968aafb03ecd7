"""The toy game's engine, the smallest on the core's base (it also tests the conformance harness
itself): each seat holds 3 cards of its shuffled deck, plays one a turn face up or sets one face
down (hidden from the others until the end), and draws; the higher total wins.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core.base import BaseGame, BaseMatch, State, opaque_ids
from engine.core.match import JSON, Action, DeckCard, Variant, hidden_action
from engine.core.presentation import Presentation, gettext_noop
from engine.core.rng import SeededRandom

HAND = 3


def card(value: int) -> dict[str, Any]:
    """A toy card in the API's shape."""
    return {
        "slug": f"wert-{value}",
        "name": f"Wert {value}",
        "type": "card",
        "attributes": {"value": value},
        "effects": [{"score": value}],
    }


def toy_decks(seats: int = 2, size: int = 8) -> list[list[DeckCard]]:
    """Decks of cards worth 1..size, one per seat."""
    return [[DeckCard(card(v)) for v in range(1, size + 1)] for _ in range(seats)]


class ToyMatch(BaseMatch):
    """The toy match; every hook as a real engine has it."""

    hidden_from_others = ("hand", "set")  # a seat's zones the others cannot see (decks: nobody)

    @property
    def to_act(self) -> int | None:
        return None if self.state["outcome"] else int(self.state["current"])

    def _legal_actions(self, player: int) -> list[Action]:
        hand = self.state["players"][player]["hand"]
        name = self.state["cards"]
        plays = [Action(f"play:{cid}", f"Play {name[cid]}", {"card": cid}) for cid in hand]
        return plays + [Action(f"set:{cid}", f"Set {name[cid]} face down", {"card": cid}) for cid in hand]

    def _apply(self, player: int, action: Action) -> None:
        me = self.state["players"][player]
        cid = action.params["card"]
        me["hand"].remove(cid)
        me["set" if action.id.startswith("set:") else "played"].append(cid)
        if me["deck"]:
            me["hand"].append(me["deck"].pop())
        if all(not p["hand"] for p in self.state["players"]):
            totals = [self._total(p) for p in range(self.seats)]
            best = max(totals)
            winners = [p for p, t in enumerate(totals) if t == best]
            self.finish(winners if len(winners) == 1 else [], totals, "cards_played")
            return
        self.state["turn"] += 1
        nxt = (player + 1) % self.seats
        while not self.state["players"][nxt]["hand"]:
            nxt = (nxt + 1) % self.seats
        self.state["current"] = nxt

    def _total(self, p: int, *, shown: bool = False) -> int:
        """What seat ``p``'s cards score (each its effects' ``score``); ``shown``: the face-up ones only."""
        side = self.state["players"][p]
        catalog, cards = self.state["catalog"], self.state["cards"]
        counted = side["played"] if shown else side["played"] + side["set"]
        return sum(int(effect.get("score", 0)) for c in counted for effect in catalog[cards[c]].get("effects") or ())

    def _view(self, player: int | None) -> JSON:
        s = self.state
        over = s["outcome"] is not None
        return {
            "turn": s["turn"],
            "players": [
                {
                    "hand": [self._card(c) for c in side["hand"]] if player == p else None,
                    "hand_count": len(side["hand"]),
                    "deck_count": len(side["deck"]),
                    "played": [self._card(c) for c in side["played"]],
                    "set": [
                        self._card(c) if player == p or over else {"card": None, "face_down": True} for c in side["set"]
                    ],
                    "points": self._total(p, shown=not over),
                }
                for p, side in enumerate(s["players"])
            ],
        }

    def _card(self, cid: str) -> JSON:
        return {"id": cid, "slug": self.state["cards"][cid]}

    def public_action(self, player: int, action: Action) -> JSON:
        if action.id.startswith("set:"):
            return hidden_action(f"P{player + 1} sets a card face down", "set")
        return action.to_json()

    def card_zones(self) -> dict[str, list[str]]:
        zones = {}
        for p, side in enumerate(self.state["players"]):
            for zone in ("deck", "hand", "played", "set"):
                zones[f"p{p}.{zone}"] = list(side[zone])
        return zones

    def reshuffle_hidden(self, viewer: int, seed: int) -> ToyMatch:
        copy = self.copy()
        rng = SeededRandom(seed)
        for p, side in enumerate(copy.state["players"]):
            pool = [("deck", i) for i in range(len(side["deck"]))]
            if p != viewer:
                pool += [(zone, i) for zone in self.hidden_from_others for i in range(len(side[zone]))]
            cards = sorted(side[zone][i] for zone, i in pool)  # canonical: only what the viewer knows counts
            rng.shuffle(cards)
            for (zone, i), cid in zip(pool, cards, strict=True):
                side[zone][i] = cid
        return copy


class ToyGame(BaseGame[ToyMatch]):
    """The toy game's declarations."""

    slug = "toy"
    rules_version = 1
    variants = (Variant("standard", "toy/standard", 1, 4, "Standard", "Standard"),)
    ai_behaviours = ("random", "greedy")
    terminations = ("cards_played",)
    match_class = ToyMatch
    presentation = Presentation(
        action_groups=((gettext_noop("Your cards"), ("play", "set")),),
        terminations={"cards_played": gettext_noop("every card was played")},
        phrases=(
            gettext_noop("Play %(card)s"),
            gettext_noop("Set %(card)s face down"),
            gettext_noop("P%(player)s sets a card face down"),
        ),
    )

    def deal(
        self,
        decks: Sequence[Sequence[DeckCard]],
        *,
        variant: str,
        seed: int,
        options: Mapping[str, Any],
        rng: SeededRandom,
    ) -> State:
        cards: dict[str, str] = {}
        # The cards as the decks bring them (the service's, from the database): what they count.
        catalog = {str(line.card["slug"]): dict(line.card) for deck in decks for line in deck}
        players = []
        for deck in decks:
            slugs = [str(line.card["slug"]) for line in deck for _ in range(line.count)]
            rng.shuffle(slugs)
            ids = opaque_ids(rng, len(slugs), set(cards))
            cards.update(zip(ids, slugs, strict=True))
            players.append({"deck": ids[HAND:], "hand": ids[:HAND], "played": [], "set": []})
        return {"turn": 1, "current": 0, "cards": cards, "catalog": catalog, "players": players}

    def choose_action(self, behaviour: str, view: JSON, legal: Sequence[Action], seed: int) -> Action:
        ordered = sorted(legal, key=lambda a: a.id)
        return SeededRandom(seed).choice(ordered) if behaviour == "random" else ordered[-1]
