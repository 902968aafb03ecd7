"""gunicorn's own error answers in the API's JSON shape (issue 19 item 9).

gunicorn refuses some requests before Django sees them (a request line over 4094 bytes: 414,
headers too large: 431, a malformed request: 400) and writes an HTML page for them. The API promises
``{"detail", "code"}`` for every error, so config/gunicorn.conf.py installs ``write_json_error`` in
place of ``gunicorn.util.write_error`` (the one function gunicorn's workers call for these).
"""

from __future__ import annotations

import json
from typing import Any

CODES = {400: "bad_request", 403: "forbidden", 414: "uri_too_long", 417: "expectation_failed"}
CODES |= {431: "headers_too_large", 500: "server_error", 501: "not_implemented"}


def json_error_body(status: int, reason: str, message: str) -> bytes:
    """The error body: the reason and gunicorn's message, with a stable code per status."""
    detail = f"{reason}: {message}" if message else reason
    return json.dumps({"detail": detail, "code": CODES.get(status, "error")}).encode()


def write_json_error(sock: Any, status_int: int, reason: str, mesg: str) -> None:
    """What ``gunicorn.util.write_error`` writes, as JSON instead of HTML."""
    from gunicorn import util

    body = json_error_body(status_int, reason, mesg)
    head = (
        f"HTTP/1.1 {status_int} {reason}\r\nConnection: close\r\n"
        f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
    )
    util.write_nonblock(sock, head.encode("latin-1") + body)


def install() -> None:
    """Make gunicorn's workers write their error answers as JSON (forked workers inherit it)."""
    from gunicorn import util

    util.write_error = write_json_error
