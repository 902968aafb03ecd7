"""A muhq view as the API answers it (api.md "Matches of every game"), built by hand on the bundled
map ``zwei-doerfer``: the board's tests render it without an engine and without a database.

P1 (seat 0, the viewer) has a Bauer, a Soldat and a Katapult crewed by a Bauer; P2 has a hurt
Ritter on the Turm next to the Soldat and a tapped, poisoned Bogenschütze. An action of P2 waits
on the action stack. A neutral Palisade stands in the middle. P1's legal actions (the engine's vocabulary, see
engine/games/muhq/engine.py): the Soldat moves, attacks the Ritter or taps, the Bauer is
activated, a hand Bauer is played onto a start field, Pfeilhagel is cast on either enemy, two
cards are exchanged, and the action phase ends.
"""

from __future__ import annotations

from typing import Any

from engine.games.muhq.maps import TILE_CODES, load_map

CODES = {tile: code for code, tile in TILE_CODES.items()}
CARDS = {
    "bauer": {"type": "unit", "cost": 2, "attack": 1, "range": 1, "health": 2, "movement": 1, "upkeep": 0},
    "soldat": {"type": "unit", "cost": 4, "attack": 2, "range": 1, "health": 3, "movement": 1, "upkeep": 1},
    "ritter": {"type": "unit", "cost": 8, "attack": 3, "range": 1, "health": 5, "movement": 2, "upkeep": 2},
    "bogenschuetze": {"type": "unit", "cost": 5, "attack": 1, "range": 3, "health": 2, "movement": 1, "upkeep": 1},
    "katapult": {"type": "unit", "cost": 9, "attack": 3, "range": 4, "health": 3, "movement": 1, "upkeep": 2},
    "pfeilhagel": {"type": "spell", "cost": 3},
    "schild": {"type": "equipment", "cost": 3, "durability": 3},
    "palisade": {"type": "artifact", "cost": 2, "solid": 3},
}
NAMES = {"bogenschuetze": "Bogenschütze", "pfeilhagel": "Pfeilhagel"}


def card(card_id: str, slug: str) -> dict[str, Any]:
    """A card object of the view: its id, name and figures."""
    return {"id": card_id, "slug": slug, "name": NAMES.get(slug, slug.title()), "text": "", **CARDS[slug]}


def permanent(card_id: str, slug: str, seat: int | str, x: int, y: int, **extra: Any) -> dict[str, Any]:
    figures = CARDS[slug]
    return {"card": card(card_id, slug), "owner": seat, "controller": seat, "x": x, "y": y,
            "life": figures.get("health"), "tapped": False, "stack": [], "markers": {}, **extra}  # fmt: skip


def action(action_id: str, label: str, **params: Any) -> dict[str, Any]:
    return {"id": action_id, "label": label, "params": params}


def tiles(slug: str) -> list[str]:
    return ["".join(CODES[tile] for tile in row) for row in load_map(slug).grid]


def fixture_view(viewer: int | None = 0) -> dict[str, Any]:
    """The view of ``viewer`` (None: a spectator, without hand and legal actions)."""
    legal = [
        action("move:u2:2,2", "Soldat: move to (2, 2)", card="u2", x=2, y=2),
        action("move:u2:3,2", "Soldat: move to (3, 2)", card="u2", x=3, y=2),
        action("move:u2:1,1", "Soldat: move to (1, 1)", card="u2", x=1, y=1),
        action("attack:u2:e1", "Soldat: attack Ritter", card="u2", target="e1"),
        action("done:u2", "Soldat: end the activation (tap)", card="u2"),
        action("activate:u1", "Activate Bauer", card="u1"),
        action("play:h1:0,0", "Play Bauer on (0, 0)", card="h1", x=0, y=0, equipment=None),
        action("play:h1:0,1", "Play Bauer on (0, 1)", card="h1", x=0, y=1, equipment=None),
        action("spell:h2:e1", "Cast Pfeilhagel on Ritter", card="h2", target="e1"),
        action("spell:h2:e2", "Cast Pfeilhagel on Bogenschütze", card="h2", target="e2"),
        action("exchange:h1:h2", "Discard Bauer and Pfeilhagel for 1 resource", cards=["h1", "h2"]),
        action("end:actions", "End the action phase"),
    ]
    hands: list[list[dict[str, Any]] | None] = [[card("h1", "bauer"), card("h2", "pfeilhagel")], None]
    if viewer == 1:
        hands = [None, [card("h9", "ritter")]]
    elif viewer is None:
        hands = [None, None]
    return {
        "turn": 3,
        "version": 17,
        "variant": "zwei-doerfer",
        "phase": "actions",
        "active": 0,
        "to_act": 0,
        "finished": False,
        "result": None,
        "legal_actions": legal if viewer == 0 else [],
        "seats": [{"index": 0, "kind": "human", "user": "alice"}, {"index": 1, "kind": "ai", "behaviour": "greedy"}],
        "map": {"slug": "zwei-doerfer", "width": 12, "height": 9, "tiles": tiles("zwei-doerfer")},
        "permanents": [
            permanent("u1", "bauer", 0, 2, 0),
            permanent("u2", "soldat", 0, 2, 1),
            permanent("u3", "katapult", 0, 1, 2, stack=[permanent("u4", "bauer", 0, 1, 2)]),
            permanent("e1", "ritter", 1, 3, 3, life=3),
            permanent("e2", "bogenschuetze", 1, 9, 0, tapped=True, markers={"poison": 1, "paralysis": 0, "panic": 0}),
            permanent("n1", "palisade", None, 6, 6, life=3),
        ],
        "kraken": None,
        "stack": [
            {"kind": "attack", "player": 1, "card": card("e1", "ritter"), "label": "attacks with Ritter on Soldat"}
        ],
        "activation": None,
        "players": [
            {
                "hand": hands[0],
                "hand_count": 2,
                "deck_count": 3,
                "points": 7,
                "resources": 7,
                "store": [card("s1", "schild"), card("s2", "palisade")],
                "discard": [card("d1", "soldat")],
            },
            {
                "hand": hands[1],
                "hand_count": 1,
                "deck_count": 4,
                "points": 5,
                "resources": 5,
                "store": [card("s3", "ritter")],
                "discard": [],
            },
        ],  # fmt: skip
        "log": [],
    }
