"""Deck formats of muhq's game: each a list of configured deck rules (engine.core.decks).

M3: ``muhq/draft``. A player's list is the store the draft gave them: piles of 10 cards, each
player picks one card and passes the pile, until fewer than two piles remain or every player has
25 cards. The start units are not drafted: the map deals them, so they are not part of the list.
The seed leaves the rest open; the rules chosen here:

- the store holds 10 to 25 cards: at least one full pile passed round (a draft with fewer cards
  than one pile per player yields none), at most the 25 at which the draft stops;
- at most 2 copies of a card: the pool is every card of the chosen sets, and a set rarely holds
  a card more than twice, so a third copy means the list did not come from one draft;
- one section only (``deck``: the store); there is no sideboard in a draft;
- no map piece (M28): the buildings and the Stecken des Sieges belong to their maps.
"""

from __future__ import annotations

from engine.core.decks import Banned, DeckFormat, DeckSize, MaxCopies, type_summary
from engine.games.muhq.maps import map_pieces

STORE_MIN = 10  # M3: one pile of 10 drafted
STORE_MAX = 25  # M3: the draft stops at 25 cards per player
COPY_LIMIT = 2

FORMATS: dict[str, DeckFormat] = {
    "muhq/draft": DeckFormat(
        slug="muhq/draft",
        name="Draft",
        game="muhq",
        sections=("deck",),
        rules=(
            DeckSize(STORE_MIN, STORE_MAX, decision="M3"),
            MaxCopies(COPY_LIMIT, lines=False, decision="M3"),
            Banned(map_pieces(), decision="M28"),
        ),
        summarizer=type_summary,
        description=f"A drafted store of {STORE_MIN}-{STORE_MAX} cards, at most {COPY_LIMIT} copies (M3).",
    ),
}
