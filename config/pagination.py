"""The API's pagination: `{count, next, previous, results}` (api.md) with a bounded page size."""

from typing import Any

from rest_framework.exceptions import ValidationError
from rest_framework.pagination import PageNumberPagination as _Base


def single_param(request: Any, name: str) -> str | None:
    """A query parameter given at most once (400 when repeated: which one would count?)."""
    values = request.query_params.getlist(name)
    if len(values) > 1:
        raise ValidationError({name: ["give it once"]})
    return values[0] if values else None


BOOLEANS = {"1": True, "true": True, "yes": True, "0": False, "false": False, "no": False, "": False}


def bool_param(request: Any, name: str) -> bool:
    """A boolean query parameter given at most once (1/true/yes, 0/false/no, empty); 400 otherwise."""
    raw = single_param(request, name) or ""
    if raw.lower() not in BOOLEANS:
        raise ValidationError({name: [f"{raw[:20]!r} is not a boolean (true or false)"]})
    return BOOLEANS[raw.lower()]


class PageNumberPagination(_Base):
    """Page-number pagination; clients may ask for up to 200 rows with `page_size`."""

    page_size_query_param = "page_size"
    max_page_size = 200

    def get_page_size(self, request: Any) -> int | None:
        """The asked page size, capped at `max_page_size`; 400 for one that is not a positive integer
        (DRF would silently fall back to the default, hiding a client's mistake)."""
        raw = single_param(request, self.page_size_query_param)
        if raw is None:
            return self.page_size
        if not raw.isdigit() or int(raw) < 1:
            raise ValidationError({self.page_size_query_param: [f"{raw!r} is not a positive integer"]})
        return min(int(raw), self.max_page_size)

    def get_page_number(self, request: Any, paginator: Any) -> int | str:
        """The asked page; 400 for one that is not a positive integer or "last" (DRF would serve page 1
        for an empty one); a page past the end stays DRF's 404."""
        raw = single_param(request, self.page_query_param)
        if raw is None:
            return 1
        if raw in self.last_page_strings:
            return int(paginator.num_pages)  # DRF turns "last" into the number here (it answered 404)
        if not raw.isdigit() or int(raw) < 1:
            raise ValidationError({self.page_query_param: [f"{raw!r} is not a positive integer"]})
        return int(raw)

    def get_schema_operation_parameters(self, view: Any) -> list[dict[str, Any]]:
        """``page`` (a number from 1, or ``last``) and ``page_size`` (from 1, capped) as the server reads them."""
        page = {"oneOf": [{"type": "integer", "minimum": 1}, {"type": "string", "enum": list(self.last_page_strings)}]}
        return [
            {"name": self.page_query_param, "required": False, "in": "query", "schema": page,
             "description": "a page number, or `last` for the last page"},
            {"name": self.page_size_query_param, "required": False, "in": "query",
             "schema": {"type": "integer", "minimum": 1},
             "description": f"results per page (default {self.page_size}); more than {self.max_page_size} "
                            f"gives {self.max_page_size}"},
        ]  # fmt: skip
