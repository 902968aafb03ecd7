"""The API's JSON parser: DRF's, plus a bound on nesting (issue 19 item 8).

Python's JSON decoder recurses once per level: a body of 30,000 ``[`` (30 KB, well inside the
body limit) raised RecursionError, a 500. Nothing the API reads nests more than a few levels (a
match's options, a print request's cards), so a body nested deeper than ``MAX_DEPTH`` is a 400
before any view, serializer or ``json.dumps`` walks it.
"""

from __future__ import annotations

from typing import Any

from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser as _JSONParser

MAX_DEPTH = 32


def depth_exceeds(value: Any, limit: int) -> bool:
    """Whether ``value`` nests lists and objects more than ``limit`` levels deep (iteratively)."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            item = item.values()
        elif not isinstance(item, list):
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in item if isinstance(child, dict | list))
    return False


class JSONParser(_JSONParser):
    """JSON bodies; 400 (``parse_error``) for one nested deeper than ``MAX_DEPTH``."""

    def parse(self, stream: Any, media_type: Any = None, parser_context: Any = None) -> Any:
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise ParseError(f"JSON parse error - nested more than {MAX_DEPTH} levels deep") from None
        if depth_exceeds(data, MAX_DEPTH):
            raise ParseError(f"JSON parse error - nested more than {MAX_DEPTH} levels deep")
        return data


class AnyJSONParser(JSONParser):
    """Reads a body of any media type as JSON, so that a body that is not JSON answers 400, never 415."""

    media_type = "*/*"
