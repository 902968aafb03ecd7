"""Settings, all from the environment (api.md): DATABASE_URL, SECRET_KEY, DEBUG, ALLOWED_HOSTS,
MEDIA_ROOT, REDIS_URL. Defaults run the service on a SQLite file in the project folder."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import dj_database_url

from engine.games import add_packages, package_dirs, slugs

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    """A boolean environment variable: 1/true/yes/on are true."""
    value = os.environ.get(name)
    return default if value is None else value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str) -> list[str]:
    """A comma-separated environment variable as a list."""
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_bool("DEBUG", True)
SECRET_KEY = os.environ.get("SECRET_KEY", "dev-only-insecure-key-change-me" if DEBUG else "")
if not SECRET_KEY:
    raise RuntimeError("SECRET_KEY must be set when DEBUG is off")
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost,testserver,[::1]")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")

INSTALLED_APPS = [
    "daphne",  # before staticfiles: runserver serves HTTP and WebSockets (ASGI) on one port
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "rest_framework",
    "axes",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",  # Swagger UI and Redoc served from here, not a CDN
    "django_htmx",
    "accounts",
    "cards",
    "decks",
    "charges",
    "printing",
    "engine",
    "engine.live",
    "tournaments",
    "channels",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "config.headers.SecurityHeadersMiddleware",  # CSP, Permissions-Policy, no-store for signed-in API answers
    "config.middleware.ApiBodyLimitMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "axes.middleware.AxesMiddleware",  # turns a locked-out sign-in into accounts.lockout's answer
]

if not DEBUG:  # in development runserver serves static files itself
    MIDDLEWARE.insert(1, "whitenoise.middleware.WhiteNoiseMiddleware")

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"  # HTTP and the live pages' WebSockets (engine.live)
AUTH_USER_MODEL = "accounts.User"
LOGIN_URL = "accounts:login"
# Sign-ins (the page, the admin, auth/token/) are locked for a while per account and per address after
# repeated failures (django-axes; issue 19 item 2); a locked-out try costs no password hash.
AUTHENTICATION_BACKENDS = ["axes.backends.AxesStandaloneBackend", "django.contrib.auth.backends.ModelBackend"]
AXES_FAILURE_LIMIT = int(os.environ.get("AXES_FAILURE_LIMIT", "10"))
AXES_COOLOFF_TIME = float(os.environ.get("AXES_COOLOFF_MINUTES", "15")) / 60  # hours
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]
AXES_RESET_ON_SUCCESS = True
AXES_DISABLE_ACCESS_LOG = True  # failures only: no row per successful sign-in
AXES_CLIENT_IP_CALLABLE = "config.throttling.client_ip"  # NUM_PROXIES applies to the lockout too
AXES_LOCKOUT_CALLABLE = "accounts.lockout.lockout_response"
AXES_VERBOSE = False
API_TOKEN_DAYS = int(os.environ.get("API_TOKEN_DAYS", "90"))  # a new API token's default lifetime
API_TOKEN_MAX_DAYS = 365
API_TOKENS_PER_USER = 50

# Sign-up refuses short, common, all-digit passwords and ones like the username (issue 19 item 5).
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator", "OPTIONS": {"min_length": 10}},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "config.context_processors.site",
            ],
        },
    },
]

# SQLite (the default) runs in WAL mode with IMMEDIATE transactions, so concurrent writers wait
# for the lock (up to the timeout) instead of failing with "database is locked". Connections stay
# open (per worker thread) like PostgreSQL's: opening one and running the pragmas cost ~0.7 ms, a
# tenth of a card request (issue 8's load benchmark).
DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL") or f"sqlite:///{BASE_DIR / 'db.sqlite3'}", conn_max_age=60
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON;",
    }
elif DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # A statement that runs away (a query the planner got wrong: once a 340-word phrase search held
    # PostgreSQL for minutes) is cancelled instead of holding a worker and its locks;
    # DB_STATEMENT_TIMEOUT_MS=0 turns the limit off (e.g. for a migration of a very large table).
    STATEMENT_TIMEOUT_MS = int(os.environ.get("DB_STATEMENT_TIMEOUT_MS", "60000"))
    DATABASES["default"].setdefault("OPTIONS", {})["options"] = f"-c statement_timeout={STATEMENT_TIMEOUT_MS}"
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = os.environ.get("REDIS_URL", "")
if REDIS_URL:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": REDIS_URL}}
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# The channel layer carries "match changed" between server processes (engine.live): Redis when
# REDIS_URL is set, else the in-memory layer (one process: runserver, tests).
if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {"hosts": [REDIS_URL], "prefix": os.environ.get("CHANNELS_PREFIX", "kartothek")},
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}

LANGUAGE_CODE = "de"
LANGUAGES = [("de", "Deutsch"), ("en", "English")]
LOCALE_PATHS = [BASE_DIR / "locale"]  # and each game package's own: with_games() below
TIME_ZONE = "Europe/Berlin"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT") or BASE_DIR / "staticfiles")  # collectstatic's target
STATICFILES_DIRS = [BASE_DIR / "static"]
MEDIA_URL = "media/"
MEDIA_ROOT = Path(os.environ.get("MEDIA_ROOT", BASE_DIR / "media"))
# Files only their owner may fetch (print job PDFs), outside MEDIA_ROOT, which the proxy serves to
# anyone: served only through the API's owner checks (issue 19 item 7).
PRIVATE_ROOT = Path(os.environ.get("PRIVATE_ROOT", BASE_DIR / "var" / "private"))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        # Hashed names (cached for good by browsers) and, unless STATIC_COMPRESS=0, gzip copies that
        # whitenoise serves to clients that take them; compressing makes collectstatic ~10x slower.
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        if env_bool("STATIC_COMPRESS", True)
        else "django.contrib.staticfiles.storage.ManifestStaticFilesStorage"
    },
}

# Request bodies: the API refuses bodies over 64 KB (decks issue) in its own middleware; uploads
# (card images, collection CSV) go through Django's limits below.
DATA_UPLOAD_MAX_MEMORY_SIZE = 5 * 1024 * 1024
FILE_UPLOAD_MAX_MEMORY_SIZE = 5 * 1024 * 1024
API_MAX_BODY_BYTES = 64 * 1024
API_MAX_UPLOAD_BYTES = 16 * 1024 * 1024  # multipart uploads to the API: above the image limit below

# Card images: refuse anything above this many pixels before decoding (decompression bombs).
CARD_IMAGE_MAX_PIXELS = int(os.environ.get("CARD_IMAGE_MAX_PIXELS", 40_000_000))
CARD_IMAGE_MAX_BYTES = 15 * 1024 * 1024
CARD_THUMB_SIZE = (244, 340)

REST_FRAMEWORK = {
    # Token first: an anonymous call then answers 401 with `WWW-Authenticate: Token` (session first
    # sent no challenge, so DRF answered 403).
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "accounts.auth.ApiTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    # The API speaks JSON (api.md); the few upload views declare multipart themselves. Form parsers
    # would advertise form bodies that cannot carry the nested JSON most requests need.
    "DEFAULT_PARSER_CLASSES": ["config.parsers.JSONParser"],  # bounded nesting (config/parsers.py)
    # The browsable API is a development aid: in production every answer is JSON, whatever Accept says.
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"]
    + (["rest_framework.renderers.BrowsableAPIRenderer"] if DEBUG else []),
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "DEFAULT_PAGINATION_CLASS": "config.pagination.PageNumberPagination",
    "PAGE_SIZE": 30,
    "DEFAULT_SCHEMA_CLASS": "config.openapi.ApiAutoSchema",  # documents the error answers too
    "EXCEPTION_HANDLER": "config.exceptions.api_exception_handler",
    "DEFAULT_THROTTLE_CLASSES": [
        "config.throttling.AnonRateThrottle",  # atomic counts: exact with Redis
        "config.throttling.UserRateThrottle",
    ],
    "DEFAULT_THROTTLE_RATES": {
        "anon": os.environ.get("THROTTLE_ANON", "100000/hour"),
        "user": os.environ.get("THROTTLE_USER", "100000/hour"),
        # Each try at auth/token/ costs a password hash (~0.25 s of CPU): few per address.
        "auth": os.environ.get("THROTTLE_AUTH", "10/minute"),
        "signup": os.environ.get("THROTTLE_SIGNUP", "5/hour"),
    },
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
    # How many proxies in front set X-Forwarded-For: the client's address is the one the nearest
    # of them saw. 0 (the default) trusts no forwarded header, so a client cannot make up a fresh
    # address (and a fresh throttle bucket) per request.
    "NUM_PROXIES": int(os.environ.get("NUM_PROXIES", "0")),
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Kartothek API",
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # No deep links in Swagger UI: its link inside each operation's button is nested interactive
    # content (axe, serious); the operations stay reachable from the list.
    "SWAGGER_UI_SETTINGS": {"deepLinking": False, "persistAuthorization": False, "displayOperationId": False},
    "DESCRIPTION": (BASE_DIR / "docs" / "api-limits.md").read_text(encoding="utf-8"),
    "POSTPROCESSING_HOOKS": ["drf_spectacular.hooks.postprocess_schema_enums", "config.openapi.add_links"],
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    # Two fields are called `kind` (a match seat's, a match option's): each enum gets its own name.
    "ENUM_NAME_OVERRIDES": {
        "SeatKindEnum": "engine.models.Seat.Kind",
        "OptionKindEnum": ["int", "choice", "bool"],
        "TournamentStatusEnum": "tournaments.models.Tournament.Status",
        # and the games' enums: with_games() below
    },
}

# Celery (config/celery.py): with REDIS_URL, workers (`celery -A config worker`) run print jobs and
# charge updates, and beat (`celery -A config beat`) schedules the charge update; without it every
# task runs eagerly in the calling process and cron runs the charge update (docs/production.md).
CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_RESULT_BACKEND = REDIS_URL or "cache+memory://"
CELERY_TASK_ALWAYS_EAGER = not REDIS_URL
CELERY_TIMEZONE = TIME_ZONE
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TASK_ACKS_LATE = True  # a worker killed mid-job leaves its task to the next worker
CELERY_WORKER_PREFETCH_MULTIPLIER = 1  # print jobs are long: one at a time per worker process
CELERY_RESULT_EXPIRES = 24 * 3600
CELERY_BEAT_SCHEDULE: dict[str, dict[str, object]] = {}
if REDIS_URL:
    from charges.schedule import CHARGE_BEAT_SCHEDULE

    CELERY_BEAT_SCHEDULE.update(CHARGE_BEAT_SCHEDULE)

# Production security (issue 8): `DEBUG=0 SECRET_KEY=... ALLOWED_HOSTS=... manage.py check --deploy
# --fail-level WARNING` passes with the defaults below. Each one can be overridden by the environment;
# SECURE_SSL_REDIRECT=0 serves plain HTTP (a loopback smoke test, or TLS ended by a proxy that does
# not set X-Forwarded-Proto).
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", not DEBUG)
if env_bool("SECURE_PROXY_SSL_HEADER", False):  # behind a TLS proxy that sets X-Forwarded-Proto
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", 0 if DEBUG else 365 * 24 * 3600))
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", not DEBUG)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", not DEBUG)
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = os.environ.get("SECURE_REFERRER_POLICY", "same-origin")
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
SESSION_COOKIE_SECURE = env_bool("SECURE_COOKIES", not DEBUG)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
SESSION_COOKIE_HTTPONLY = True
X_FRAME_OPTIONS = "DENY"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}

# Game packages besides those under engine/games/ (module names; the tests add a toy game). The
# registry (engine.games) finds the rest; what follows from the games is set by with_games().
GAME_PACKAGES = env_list("GAME_PACKAGES", "")


def with_games(namespace: dict[str, Any]) -> None:
    """Set what follows from the registry's games in a settings module's ``namespace``: each game
    package's ``templates/`` (its boards), ``static/`` (served under ``games/<slug>/``) and
    ``locale/`` (its engine's phrases), and the schema's game enums. A settings module that changes
    ``GAME_PACKAGES`` calls it again (tests/settings.py)."""
    add_packages(namespace["GAME_PACKAGES"])
    dirs = package_dirs()
    base = namespace["BASE_DIR"]
    namespace["TEMPLATES"] = [
        {**namespace["TEMPLATES"][0], "DIRS": [base / "templates", *(d / "templates" for d in dirs.values())]}
    ]
    namespace["STATICFILES_DIRS"] = [base / "static"] + [
        (f"games/{slug}", d / "static") for slug, d in dirs.items() if (d / "static").is_dir()
    ]
    namespace["LOCALE_PATHS"] = [base / "locale", *(d / "locale" for d in dirs.values() if (d / "locale").is_dir())]
    games = slugs()
    enums = {
        # The one-game enums that tell the per-game card and state schemas apart (``game``).
        **{f"{slug.capitalize()}GameEnum": [slug] for slug in games},
        "GameSlugEnum": list(games),
    }
    spectacular = namespace["SPECTACULAR_SETTINGS"]
    overrides = {k: v for k, v in spectacular["ENUM_NAME_OVERRIDES"].items() if not k.endswith("GameEnum")}
    overrides.pop("GameSlugEnum", None)
    namespace["SPECTACULAR_SETTINGS"] = {**spectacular, "ENUM_NAME_OVERRIDES": {**overrides, **enums}}


with_games(globals())
