"""The API's pagination: `{count, next, previous, results}` (api.md) with a bounded page size."""

from rest_framework.pagination import PageNumberPagination as _Base


class PageNumberPagination(_Base):
    """Page-number pagination; clients may ask for up to 200 rows with `page_size`."""

    page_size_query_param = "page_size"
    max_page_size = 200
