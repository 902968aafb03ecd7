"""The ORM translation of a parsed query: `pk IN (SELECT card_id ...)` over the indexed rows.

Every filter becomes a sub-select on the `CardWord` (game, word, card) or `CardStat` (game, key,
value, card) index, or a condition on an indexed column of `Card`, so the database drives the
search from an index instead of scanning the cards' text. The sub-selects name the searched game
(all games' ids when none is chosen, which keeps the index usable): a game's lookups then read
that game's rows only, however large the other games grow; see `bench/search.py` for the figures.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import EmptyResultSet
from django.db import connection
from django.db.models import Q, QuerySet
from django.db.models.expressions import RawSQL

from cards.folding import fold, words
from cards.models import Card, CardSet, CardStat, CardWord, Game, Guild
from cards.search.parser import (
    COLUMN_NUMBERS,
    TRUE_WORDS,
    WORD_ALPHABET,
    And,
    Compare,
    Node,
    Not,
    Or,
    Phrase,
    Term,
    check_query,
    number,
    numeric_fields,
    parse_query,
)


class Search:
    """The query `text` for `game` (every game when None), parsed and checked once: `filter` a
    Card queryset by it, `count` its matches. Raises `QuerySyntaxError` for a bad query."""

    def __init__(self, text: str, *, game: str | None) -> None:
        self.node = parse_query(text)
        check_query(self.node, game)
        self._sets = _Sets(game)

    def filter(self, queryset: QuerySet[Any]) -> QuerySet[Any]:
        if isinstance(self.node, And) and not self.node.children:
            return queryset
        return queryset.filter(self._sets.q(self.node))

    def count(self) -> int:
        """How many cards of the game the query matches: the count of `filter` over those cards,
        taken with set operations on the index rows.

        `filter`'s `IN (...)` conditions suit a page: the database walks the cards in order and
        stops after a page. Counting that way visits every card of the game; `UNION`, `INTERSECT`
        and `EXCEPT` over the index rows visit only the rows the terms name (bench/search.py: a
        game's count read a fifth to a seventh as many rows at 100,000 cards)."""
        sql, params = self._sets.select(self.node)
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT COUNT(*) FROM ({sql}) matches", params)
            row = cursor.fetchone()
        return int(row[0])


def apply_query(queryset: QuerySet[Any], text: str, *, game: str | None) -> QuerySet[Any]:
    """Filter a Card queryset by the query `text`; raises `QuerySyntaxError` for a bad query."""
    return Search(text, game=game).filter(queryset)


def count_matches(text: str, *, game: str | None) -> int:
    """How many cards of `game` the query `text` matches (`Search.count`)."""
    return Search(text, game=game).count()


def game_ids(game: str | None) -> list[int]:
    """The ids of the game `game` (of every game when None): the index rows' leading column."""
    games = Game.objects.all() if game is None else Game.objects.filter(slug=game)
    return list(games.order_by().values_list("pk", flat=True))


@dataclass(frozen=True)
class _Leaf:
    """What one term asks of a card: to be in every one of ``rows`` (one-column querysets of card
    ids over the index tables), to meet ``cond`` on its own columns, or (``negated``) neither."""

    rows: tuple[QuerySet[Any], ...] = ()
    cond: Q | None = None
    negated: bool = False

    def q(self) -> Q:
        q = _combine(Q(pk__in=rows) for rows in self.rows)
        if self.cond is not None:
            q &= self.cond
        return ~q if self.negated else q


class _Translator:
    """Turns a syntax tree into a `Q`; set and guild names are resolved once against the small tables."""

    def __init__(self, game: str | None) -> None:
        self.game = game
        self.games = game_ids(game)

    def q(self, node: Node) -> Q:
        if isinstance(node, And):
            return _combine(self.q(child) for child in node.children) if node.children else Q()
        if isinstance(node, Or):
            result = self.q(node.children[0])
            for child in node.children[1:]:
                result |= self.q(child)
            return result
        if isinstance(node, Not):
            return ~self.q(node.child)
        return self.leaf(node).q()

    def leaf(self, node: Node) -> _Leaf:
        """A term, a phrase or a comparison as a leaf."""
        if isinstance(node, Term):
            return _Leaf(rows=tuple(_word_rows(w, self.games, prefix=True) for w in node.words))
        if isinstance(node, Phrase):
            return _phrase_leaf(node.words, self.games)
        assert isinstance(node, Compare)
        return self.compare(node)

    def compare(self, node: Compare) -> _Leaf:
        if node.field in numeric_fields():
            return _number_leaf(node, self.games)
        value = fold(node.value)
        if node.field == "game":
            return _Leaf(cond=Q(game_id__in=list(Game.objects.filter(slug=value.strip()).values_list("pk", flat=True))))
        if node.field == "type":
            return _Leaf(cond=Q(type=value.replace("-", "_").replace(" ", "_")))
        if node.field == "rarity":
            return _Leaf(cond=Q(rarity=value.replace("-", "_").replace(" ", "_")))
        if node.field == "unique":
            return _Leaf(cond=Q(unique=value in TRUE_WORDS))
        if node.field == "set":
            return _Leaf(cond=Q(set_id__in=self._set_ids(value)))
        if node.field == "guild":
            return self._guild_leaf(value)
        return _text_leaf(node.field, node.value, self.games)

    def _set_ids(self, value: str) -> list[int]:
        sets = CardSet.objects.all() if self.game is None else CardSet.objects.filter(game__slug=self.game)
        return [s.pk for s in sets.only("pk", "code", "name") if s.code == value or value in fold(s.name)]

    def _guild_leaf(self, value: str) -> _Leaf:
        guilds = Guild.objects.all() if self.game is None else Guild.objects.filter(game__slug=self.game)
        slug = value.replace(" ", "-")
        ids = [g.pk for g in guilds if g.slug == slug or value in (fold(g.name), fold(g.name_en))]
        return _Leaf(rows=(Card.guilds.through.objects.filter(guild_id__in=ids).values("card_id"),))


# -- the matches as a set of ids: how many there are -------------------------------------------------

Sql = tuple[str, tuple[Any, ...]]


class _Sets(_Translator):
    """Turns a syntax tree into one SELECT of card ids: `or` is UNION, juxtaposition INTERSECT,
    `-` EXCEPT; conditions on the cards' own columns filter the cards the index rows name."""

    def select(self, node: Node) -> Sql:
        if isinstance(node, Or):
            return _compound("UNION", [self.select(child) for child in node.children])
        return self._all_of(node.children if isinstance(node, And) else (node,))

    def _all_of(self, nodes: tuple[Node, ...]) -> Sql:
        sets: list[Sql] = []
        conds: list[Q] = []
        minus: list[Sql] = []
        for node in nodes:
            if isinstance(node, Not):
                minus.append(self.select(node.child))
            elif isinstance(node, And | Or):
                sets.append(self.select(node))
            elif (leaf := self.leaf(node)).negated:
                minus.append(self._cards(*_parts(leaf)))
            else:
                leaf_sets, leaf_conds = _parts(leaf)
                sets += leaf_sets
                conds += leaf_conds
        return _compound("EXCEPT", [self._cards(sets, conds), *minus])

    def _cards(self, sets: list[Sql], conds: list[Q]) -> Sql:
        """The cards in every set that meet every condition (every card of the games without sets)."""
        cards = Card.objects.order_by()
        if not sets:  # every card of the game (of all games: the whole table, read in one scan)
            cards = cards if self.game is None else cards.filter(game_id__in=self.games)
            return _sql(cards.filter(*conds).values("pk"))
        if len(sets) == 1 and not conds:  # index rows alone may name a card twice ("drache", "drachen")
            return f"SELECT DISTINCT * FROM ({sets[0][0]}) s", sets[0][1]
        both = _compound("INTERSECT", sets)
        # The cards the index rows name, found by primary key: never a walk over the game's cards.
        return _sql(cards.filter(pk__in=RawSQL(*both)).filter(*conds).values("pk")) if conds else both


def _parts(leaf: _Leaf) -> tuple[list[Sql], list[Q]]:
    return [_sql(rows) for rows in leaf.rows], [leaf.cond] if leaf.cond is not None else []


def _sql(queryset: QuerySet[Any]) -> Sql:
    try:
        sql, params = queryset.order_by().query.sql_with_params()
    except EmptyResultSet:  # e.g. `guild:` naming no guild of the game: no card, and no SQL for it
        return f"SELECT id FROM {Card._meta.db_table} WHERE 1 = 0", ()
    return sql, tuple(params)


def _compound(operator: str, parts: list[Sql]) -> Sql:
    """`parts` joined by a set operator, each part a sub-select of its own: SQLite allows no
    parentheses around a compound's parts, and PostgreSQL binds INTERSECT tighter than the rest."""
    if len(parts) == 1:
        return parts[0]
    sql = f" {operator} ".join(f"SELECT * FROM ({part}) s{i}" for i, (part, _) in enumerate(parts))
    return sql, tuple(param for _, params in parts for param in params)


def _combine(parts: Iterator[Q]) -> Q:
    result = Q()
    for part in parts:
        result &= part
    return result


def _next_prefix(word: str) -> str | None:
    """The smallest word after every word starting with `word` ("abz" -> "ac"; None for "zz")."""
    stripped = word.rstrip(WORD_ALPHABET[-1])
    if not stripped:
        return None
    last = stripped[-1]
    if last not in WORD_ALPHABET:  # a folded letter outside a-z, e.g. "ø": fall back on code points
        return stripped[:-1] + chr(ord(last) + 1)
    return stripped[:-1] + WORD_ALPHABET[WORD_ALPHABET.index(last) + 1]


def _word_rows(word: str, games: list[int], *, prefix: bool) -> QuerySet[Any]:
    """The ids of the cards with the word (or a word starting with it) - a range scan on the word index.

    A range instead of `startswith` because LIKE cannot use the index on SQLite, and the bound
    is computed in the words' own alphabet so that it holds under C and linguistic collations.
    """
    rows = CardWord.objects.filter(game_id__in=games)
    if not prefix:
        rows = rows.filter(word=word)
    else:
        rows = rows.filter(word__gte=word)
        upper = _next_prefix(word)
        if upper is not None:
            rows = rows.filter(word__lt=upper)
    return rows.values("card_id")


PHRASE_INDEX_WORDS = 6  # words of a phrase narrowed by index; the rest only by the phrase's text


def _phrase_leaf(phrase_words: tuple[str, ...], games: list[int]) -> _Leaf:
    """Some words of the phrase narrowing by index, then the phrase itself in the search text.

    Only the first and the last word could match part of a word in the text (the inner ones have
    a space on each side), so those two are always whole-word rows; the longest others narrow
    further, at most PHRASE_INDEX_WORDS in all: one subquery per word of a 340-word phrase took
    PostgreSQL's planner minutes."""
    ends = dict.fromkeys((phrase_words[0], phrase_words[-1]))
    inner = sorted(set(phrase_words) - set(ends), key=lambda w: (-len(w), w))
    chosen = [*ends, *inner][:PHRASE_INDEX_WORDS]
    rows = tuple(_word_rows(w, games, prefix=False) for w in chosen)
    cond = Q(search_text__contains=" ".join(phrase_words)) if len(phrase_words) > 1 else None
    return _Leaf(rows=rows, cond=cond)


def _text_leaf(field: str, raw: str, games: list[int]) -> _Leaf:
    """`name:` and `text:`: the words narrow by index, the folded value must then appear in the field."""
    rows = tuple(_word_rows(w, games, prefix=True) for w in sorted(words(raw)))
    if field == "name":
        return _Leaf(rows=rows, cond=Q(name_folded__contains=fold(raw)) | Q(name_en__icontains=raw))
    return _Leaf(rows=rows, cond=Q(search_text__contains=fold(raw)))


def _number_leaf(node: Compare, games: list[int]) -> _Leaf:
    """`cost` on its column; attributes and `charge` through the (key, value, card) index of CardStat."""
    value = number(node.value, node.source)
    lookup = {">=": "gte", "<=": "lte", ">": "gt", "<": "lt"}.get(node.op, "exact")
    negated = node.op == "!="
    if node.field in COLUMN_NUMBERS:
        return _Leaf(cond=Q(**{f"{node.field}__{lookup}": value}), negated=negated)
    stats = CardStat.objects.filter(game_id__in=games, key=node.field, **{f"value__{lookup}": value})
    return _Leaf(rows=(stats.values("card_id"),), negated=negated)
