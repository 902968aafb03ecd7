"""Card search (api.md "Card search syntax"): `parse_query` (pure, `parser`) and `apply_query` (`orm`).

`parse_query('drache -feuer cost<=3 or "roter drache"')` gives
`Or(And(Term, Not(Term), Compare), Phrase)`; `apply_query(Card.objects.all(), text, game=...)` filters.
"""

from cards.search.orm import Search, apply_query, count_matches
from cards.search.parser import (
    And,
    Compare,
    Node,
    Not,
    Or,
    Phrase,
    QuerySyntaxError,
    Term,
    check_query,
    numeric_fields,
    parse_query,
)

__all__ = [
    "And",
    "Compare",
    "Node",
    "Not",
    "Or",
    "Phrase",
    "Search",
    "QuerySyntaxError",
    "Term",
    "apply_query",
    "check_query",
    "count_matches",
    "numeric_fields",
    "parse_query",
]
