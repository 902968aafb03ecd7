"""The card search syntax of api.md (`q`): tokenizer and recursive-descent parser, pure Python.

Grammar (AND binds tighter than OR; juxtaposition is AND)::

    query   := or_expr EOF
    or_expr := and_expr ("or" and_expr)*
    and_expr:= unary (["and"] unary)*
    unary   := "-" unary | primary
    primary := "(" or_expr ")" | PHRASE | FIELD OP VALUE | WORD

Every error is a `QuerySyntaxError` whose message names the offending term.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

from django.utils.translation import gettext as _

from cards.folding import fold, words
from engine.games import SLUGS, all_games, get_game

MAX_QUERY_LENGTH = 1000
MAX_TERMS = 40
MAX_DEPTH = 20
MAX_NUMBER = 10**9  # larger numbers overflow SQLite's INTEGER binding

TEXT_FIELDS = ("game", "set", "type", "guild", "rarity", "name", "text", "unique")
COLUMN_NUMBERS = ("cost",)
NUMERIC_OPS = (">=", "<=", "!=", ">", "<", "=", ":")
TRUE_WORDS = frozenset({"true", "yes", "ja", "1", "wahr"})
FALSE_WORDS = frozenset({"false", "no", "nein", "0", "falsch"})
WORD_ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz"  # what cards.folding.words keeps, in sort order


class QuerySyntaxError(ValueError):
    """A query that cannot be searched; the message names the offending term."""

    def __init__(self, message: str, term: str = "") -> None:
        super().__init__(message)
        self.term = term


# -- the syntax tree ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Node:
    """A node of the parsed query."""


@dataclass(frozen=True)
class And(Node):
    """All children match (an empty And matches every card)."""

    children: tuple[Node, ...]


@dataclass(frozen=True)
class Or(Node):
    """At least one child matches."""

    children: tuple[Node, ...]


@dataclass(frozen=True)
class Not(Node):
    """The child does not match."""

    child: Node


@dataclass(frozen=True)
class Term(Node):
    """A bare word: each of its folded words starts a word of the card's names or texts."""

    words: tuple[str, ...]
    source: str


@dataclass(frozen=True)
class Phrase(Node):
    """A quoted phrase: its words, whole and in this order, in the names or texts."""

    words: tuple[str, ...]
    source: str


@dataclass(frozen=True)
class Compare(Node):
    """`field op value`; `op` is one of `NUMERIC_OPS` (":" and "=" are equality)."""

    field: str
    op: str
    value: str
    source: str


@cache
def numeric_fields() -> frozenset[str]:
    """Every numeric attribute of every game, plus `charge` (E7) and the `cost` column."""
    keys = {key for game in all_games() for key in game.schema.numeric_keys}
    return frozenset(keys | {"charge", *COLUMN_NUMBERS})


# -- tokenizer ----------------------------------------------------------------------------------

_FIELD = re.compile(r'([A-Za-z_][A-Za-z0-9_]*)(>=|<=|!=|>|<|=|:)("[^"]*"?|[^\s()"]*)')
_CHUNK = re.compile(r'[^\s()"]+')


@dataclass(frozen=True)
class Token:
    """One token: kind is one of ( ) - or and phrase field word."""

    kind: str
    text: str
    match: re.Match[str] | None = None


def _clean(text: str) -> str:
    # Control characters and lone surrogates cannot be bound as parameters on every database.
    return "".join(" " if unicodedata.category(ch) in ("Cc", "Cs") else ch for ch in text)


def tokenize(text: str) -> Iterator[Token]:
    """The tokens of `text`; a `-` only negates at the start of a term."""
    pos, end = 0, len(text)
    while pos < end:
        ch = text[pos]
        if ch.isspace():
            pos += 1
        elif ch in "()":
            yield Token(ch, ch)
            pos += 1
        elif ch == "-" and pos + 1 < end and not text[pos + 1].isspace():
            yield Token("-", ch)
            pos += 1
        elif ch == '"':
            close = text.find('"', pos + 1)
            if close < 0:
                raise QuerySyntaxError(_("unterminated quote in %(term)s") % {"term": text[pos:]}, text[pos:])
            yield Token("phrase", text[pos : close + 1])
            pos = close + 1
        else:
            token, pos = _word_or_field(text, pos)
            yield token


def _word_or_field(text: str, pos: int) -> tuple[Token, int]:
    field = _FIELD.match(text, pos)
    if field:
        if field.group(3).startswith('"') and not field.group(3).endswith('"') or field.group(3) == '"':
            raise QuerySyntaxError(_('unterminated quote in "%(term)s"') % {"term": field.group(0)}, field.group(0))
        return Token("field", field.group(0), field), field.end()
    chunk = _CHUNK.match(text, pos)
    assert chunk is not None  # pos is not at whitespace, a parenthesis or a quote
    word = chunk.group(0)
    kind = word.lower() if word.lower() in ("or", "and") else "word"
    return Token(kind, word), chunk.end()


# -- parser -------------------------------------------------------------------------------------


class _Parser:
    """Recursive descent over the token list; one method per grammar rule."""

    def __init__(self, tokens: list[Token]) -> None:
        self.tokens = tokens
        self.pos = 0
        self.depth = 0

    def peek(self) -> Token | None:
        return self.tokens[self.pos] if self.pos < len(self.tokens) else None

    def take(self) -> Token:
        token = self.tokens[self.pos]
        self.pos += 1
        return token

    def or_expr(self) -> Node:
        children = [self.and_expr()]
        while (token := self.peek()) is not None and token.kind == "or":
            self.take()
            if self.peek() is None or self.peek().kind in (")", "or"):  # type: ignore[union-attr]
                raise QuerySyntaxError(_('"or" needs a term on both sides'), "or")
            children.append(self.and_expr())
        return children[0] if len(children) == 1 else Or(tuple(children))

    def and_expr(self) -> Node:
        children: list[Node] = []
        while (token := self.peek()) is not None and token.kind not in ("or", ")"):
            if token.kind == "and":
                self.take()
                if not children or self.peek() is None or self.peek().kind in ("or", ")", "and"):  # type: ignore[union-attr]
                    raise QuerySyntaxError(_('"and" needs a term on both sides'), "and")
                continue
            children.append(self.unary())
        if not children:
            after = self.peek()
            raise QuerySyntaxError(
                _('"%(word)s" needs a term before it') % {"word": after.text if after else "or"}, "or"
            )
        return children[0] if len(children) == 1 else And(tuple(children))

    def unary(self) -> Node:
        token = self.take()
        if token.kind == "-":
            following = self.peek()
            if following is None or following.kind in ("or", "and", ")"):
                raise QuerySyntaxError(_('"-" must be followed by a term'), "-")
            return Not(self.unary())
        if token.kind == "(":
            return self.group()
        return _leaf(token)

    def group(self) -> Node:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise QuerySyntaxError(_("parentheses nested deeper than %(n)s") % {"n": MAX_DEPTH}, "(")
        if self.peek() is None:
            raise QuerySyntaxError(_('unclosed "(": a ")" is missing'), "(")
        if self.peek().kind == ")":  # type: ignore[union-attr]
            raise QuerySyntaxError(_('empty group "()"'), "()")
        node = self.or_expr()
        if self.peek() is None:
            raise QuerySyntaxError(_('unclosed "(": a ")" is missing'), "(")
        self.take()
        self.depth -= 1
        return node


def _leaf(token: Token) -> Node:
    if token.kind == ")":
        raise QuerySyntaxError(_('unmatched ")"'), ")")
    if token.kind == "phrase":
        return _phrase(token.text)
    if token.kind == "field":
        assert token.match is not None
        return _compare(*token.match.groups(), source=token.text)
    found = tuple(sorted(words(token.text)))
    if not found:
        raise QuerySyntaxError(
            _('nothing to search for in "%(term)s" (letters or digits needed)') % {"term": token.text}, token.text
        )
    return Term(found, token.text)


def _phrase(source: str) -> Phrase:
    found = tuple(w[:80] for w in re.findall(r"[0-9a-z]+", fold(source)))
    if not found:
        raise QuerySyntaxError(
            _("nothing to search for in %(term)s (letters or digits needed)") % {"term": source}, source
        )
    return Phrase(found, source)


def _compare(field: str, op: str, value: str, *, source: str) -> Compare:
    name = field.lower()
    value = value[1:-1] if value.startswith('"') else value
    if name not in TEXT_FIELDS and name not in numeric_fields():
        raise QuerySyntaxError(_('unknown field "%(field)s" in "%(term)s"') % {"field": field, "term": source}, source)
    if not value.strip():
        raise QuerySyntaxError(_('missing value in "%(term)s"') % {"term": source}, source)
    if name in numeric_fields():
        number(value, source)
    elif op not in (":", "="):
        raise QuerySyntaxError(
            _('"%(field)s" takes ":" or "=", not "%(op)s", in "%(term)s"') % {"field": name, "op": op, "term": source},
            source,
        )
    elif name == "unique" and fold(value) not in TRUE_WORDS | FALSE_WORDS:
        raise QuerySyntaxError(
            _('"unique" takes true or false, not "%(value)s", in "%(term)s"') % {"value": value, "term": source}, source
        )
    elif name == "game" and fold(value).strip() not in SLUGS:
        raise QuerySyntaxError(
            _('unknown game "%(value)s" in "%(term)s"; the games are %(games)s')
            % {"value": value, "term": source, "games": ", ".join(SLUGS)},
            source,
        )
    elif name in ("name", "text") and not words(value):
        raise QuerySyntaxError(
            _('nothing to search for in "%(term)s" (letters or digits needed)') % {"term": source}, source
        )
    return Compare(name, op, value.strip(), source)


def number(value: str, source: str) -> int:
    try:
        number = int(value)
    except ValueError:
        raise QuerySyntaxError(
            _('"%(value)s" is not a whole number in "%(term)s"') % {"value": value, "term": source}, source
        ) from None
    if abs(number) > MAX_NUMBER:
        raise QuerySyntaxError(
            _('"%(value)s" is out of range in "%(term)s"') % {"value": value, "term": source}, source
        )
    return number


def parse_query(text: str) -> Node:
    """Parse `text` into a syntax tree; raises `QuerySyntaxError` naming the offending term."""
    if len(text) > MAX_QUERY_LENGTH:
        raise QuerySyntaxError(_("the query is longer than %(n)s characters") % {"n": MAX_QUERY_LENGTH}, text[:40])
    tokens = list(tokenize(_clean(text)))
    if not tokens:
        return And(())
    if sum(t.kind in ("word", "phrase", "field") for t in tokens) > MAX_TERMS:
        raise QuerySyntaxError(_("the query has more than %(n)s terms") % {"n": MAX_TERMS}, text[:40])
    parser = _Parser(tokens)
    node = parser.or_expr()
    if parser.peek() is not None:
        raise QuerySyntaxError(_('unmatched ")"'), ")")
    return node


def check_query(node: Node, game: str | None) -> None:
    """Refuse attribute fields that the game does not have (`ap` is Ka-Mel-Oh!'s, not Eredan's)."""
    if game is None or game not in SLUGS:
        return
    for compare in _compares(node):
        allowed = set(get_game(game).schema.numeric_keys) | {"charge", *COLUMN_NUMBERS}
        if compare.field in numeric_fields() and compare.field not in allowed:
            raise QuerySyntaxError(
                _('unknown field "%(field)s" for game %(game)s in "%(term)s"')
                % {"field": compare.field, "game": game, "term": compare.source},
                compare.source,
            )


def _compares(node: Node) -> Iterator[Compare]:
    if isinstance(node, Compare):
        yield node
    elif isinstance(node, (And, Or)):
        for child in node.children:
            yield from _compares(child)
    elif isinstance(node, Not):
        yield from _compares(node.child)
