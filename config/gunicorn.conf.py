"""gunicorn settings for `make serve` (gunicorn -c config/gunicorn.conf.py config.wsgi), all from the environment.

GUNICORN_BIND (default HOST:PORT, 127.0.0.1:8000), GUNICORN_WORKERS (or WEB_CONCURRENCY, default 2),
GUNICORN_THREADS (1), GUNICORN_TIMEOUT (seconds, 60), GUNICORN_ACCESS_LOG ("-" is stdout, "" none),
GUNICORN_LOG_LEVEL (info), FORWARDED_ALLOW_IPS (proxies trusted for X-Forwarded-*, 127.0.0.1).
"""

import os


def _int(name: str, default: int) -> int:
    value = os.environ.get(name, "").strip()
    return int(value) if value else default


bind = os.environ.get("GUNICORN_BIND") or f"{os.environ.get('HOST', '127.0.0.1')}:{os.environ.get('PORT', '8000')}"
workers = _int("GUNICORN_WORKERS", _int("WEB_CONCURRENCY", 2))
threads = _int("GUNICORN_THREADS", 1)
# A synchronous print of up to 200 cards renders in the request (larger ones go to Celery): give it
# time, but a hung worker is still killed and replaced.
timeout = _int("GUNICORN_TIMEOUT", 60)
graceful_timeout = _int("GUNICORN_GRACEFUL_TIMEOUT", 30)
keepalive = 5
# Recycle workers now and then so that a slow leak never grows without bound.
max_requests = _int("GUNICORN_MAX_REQUESTS", 20000)  # a restart empties the kept answers: rarely
max_requests_jitter = max_requests // 10
accesslog = os.environ.get("GUNICORN_ACCESS_LOG", "-") or None
errorlog = "-"
loglevel = os.environ.get("GUNICORN_LOG_LEVEL", "info")
access_log_format = '%(h)s "%(r)s" %(s)s %(b)s %(M)sms "%(a)s"'
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")
proc_name = "kartothek"
# Heartbeat files in memory, not on a possibly slow disk (gunicorn's own advice for containers).
worker_tmp_dir = "/dev/shm" if os.path.isdir("/dev/shm") else None

# Requests gunicorn refuses itself (a URL over limit_request_line: 414 ...) answer JSON, as the API's
# other errors do (config/gunicorn_errors.py).
from config.gunicorn_errors import install as _json_errors  # noqa: E402

_json_errors()
