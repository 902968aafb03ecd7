"""The base of every domain error: services raise these, ``config.exceptions`` maps them to HTTP.

A domain error knows nothing of HTTP frameworks: it carries a message, a stable ``code`` (the API's
``code`` field), the HTTP ``status`` it stands for, and ``extra`` JSON-able fields the answer adds
(the problems of an illegal deck, the name of a bad option). Pages show ``str(error)``.
"""

from __future__ import annotations

from typing import Any, ClassVar


class DomainError(Exception):
    """A request the service refuses; ``status`` and ``code`` say how the API answers it."""

    status: ClassVar[int] = 400
    default_code: ClassVar[str] = "error"

    def __init__(self, message: str, *, code: str | None = None, **extra: Any) -> None:
        super().__init__(message)
        self.message = message
        self.code = code or self.default_code
        self.extra = extra

    def body(self) -> dict[str, Any]:
        """The API's JSON shape of this error."""
        return {"detail": self.message, "code": self.code, **self.extra}
