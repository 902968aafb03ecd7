"""The ORM translation of a parsed query: `pk IN (SELECT card_id ...)` over the indexed rows.

Every filter becomes a sub-select on the `CardWord` (game, word, card) or `CardStat` (game, key,
value, card) index, or a condition on an indexed column of `Card`, so the database drives the
search from an index instead of scanning the cards' text. The sub-selects name the searched game
(all games' ids when none is chosen, which keeps the index usable): a game's lookups then read
that game's rows only, however large the other games grow; see `bench/search.py` for the figures.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from django.db.models import Q, QuerySet

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


def apply_query(queryset: QuerySet[Any], text: str, *, game: str | None) -> QuerySet[Any]:
    """Filter a Card queryset by the query `text`; raises `QuerySyntaxError` for a bad query."""
    node = parse_query(text)
    check_query(node, game)
    if isinstance(node, And) and not node.children:
        return queryset
    return queryset.filter(_Translator(game).q(node))


def game_ids(game: str | None) -> list[int]:
    """The ids of the game `game` (of every game when None): the index rows' leading column."""
    games = Game.objects.all() if game is None else Game.objects.filter(slug=game)
    return list(games.order_by().values_list("pk", flat=True))


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
        if isinstance(node, Term):
            return _combine(_word_q(w, self.games, prefix=True) for w in node.words)
        if isinstance(node, Phrase):
            return _phrase_q(node.words, self.games)
        assert isinstance(node, Compare)
        return self.compare(node)

    def compare(self, node: Compare) -> Q:
        if node.field in numeric_fields():
            return _number_q(node, self.games)
        value = fold(node.value)
        if node.field == "game":
            return Q(game_id__in=list(Game.objects.filter(slug=value.strip()).values_list("pk", flat=True)))
        if node.field == "type":
            return Q(type=value.replace("-", "_").replace(" ", "_"))
        if node.field == "rarity":
            return Q(rarity=value.replace("-", "_").replace(" ", "_"))
        if node.field == "unique":
            return Q(unique=value in TRUE_WORDS)
        if node.field == "set":
            return Q(set_id__in=self._set_ids(value))
        if node.field == "guild":
            return self._guild_q(value)
        return _text_q(node.field, node.value, self.games)

    def _set_ids(self, value: str) -> list[int]:
        sets = CardSet.objects.all() if self.game is None else CardSet.objects.filter(game__slug=self.game)
        return [s.pk for s in sets.only("pk", "code", "name") if s.code == value or value in fold(s.name)]

    def _guild_q(self, value: str) -> Q:
        guilds = Guild.objects.all() if self.game is None else Guild.objects.filter(game__slug=self.game)
        slug = value.replace(" ", "-")
        ids = [g.pk for g in guilds if g.slug == slug or value in (fold(g.name), fold(g.name_en))]
        through = Card.guilds.through.objects.filter(guild_id__in=ids)
        return Q(pk__in=through.values("card_id"))


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


def _word_q(word: str, games: list[int], *, prefix: bool) -> Q:
    """Cards with the word (or a word starting with it) - a range scan on the word index.

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
    return Q(pk__in=rows.values("card_id"))


def _phrase_q(phrase_words: tuple[str, ...], games: list[int]) -> Q:
    """Every word of the phrase (narrowing by index), then the phrase itself in the search text."""
    q = _combine(_word_q(w, games, prefix=False) for w in dict.fromkeys(phrase_words))
    if len(phrase_words) > 1:
        q &= Q(search_text__contains=" ".join(phrase_words))
    return q


def _text_q(field: str, raw: str, games: list[int]) -> Q:
    """`name:` and `text:`: the words narrow by index, the folded value must then appear in the field."""
    q = _combine(_word_q(w, games, prefix=True) for w in sorted(words(raw)))
    if field == "name":
        return q & (Q(name_folded__contains=fold(raw)) | Q(name_en__icontains=raw))
    return q & Q(search_text__contains=fold(raw))


def _number_q(node: Compare, games: list[int]) -> Q:
    """`cost` on its column; attributes and `charge` through the (key, value, card) index of CardStat."""
    value = number(node.value, node.source)
    lookup = {">=": "gte", "<=": "lte", ">": "gt", "<": "lt"}.get(node.op, "exact")
    if node.field in COLUMN_NUMBERS:
        q = Q(**{f"{node.field}__{lookup}": value})
    else:
        stats = CardStat.objects.filter(game_id__in=games, key=node.field, **{f"value__{lookup}": value})
        q = Q(pk__in=stats.values("card_id"))
    return ~q if node.op == "!=" else q
