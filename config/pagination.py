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
            return raw
        if not raw.isdigit() or int(raw) < 1:
            raise ValidationError({self.page_query_param: [f"{raw!r} is not a positive integer"]})
        return int(raw)
