"""The port through which a service hands work to the background, so that no service imports a
tasks module (the tasks call the services, never the reverse): a service calls
``enqueue("printing.print_job", job.pk)``; each app's tasks module plugs in what runs its jobs
(its Celery task's ``delay``), and the app imports that module when it is ready (``AppConfig.
ready``). Celery then runs the job in a worker, or at once in the calling process without
REDIS_URL (CELERY_TASK_ALWAYS_EAGER).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

_RUNNERS: dict[str, Callable[..., Any]] = {}


def plug(name: str, run: Callable[..., Any]) -> None:
    """Let ``run`` start the background job ``name`` (a tasks module does this for each task)."""
    _RUNNERS[name] = run


def enqueue(name: str, *args: Any) -> None:
    """Start the background job ``name`` with ``args``."""
    try:
        run = _RUNNERS[name]
    except KeyError:
        raise LookupError(f"no runner for the background job {name!r}: its app plugs one in when ready") from None
    run(*args)
