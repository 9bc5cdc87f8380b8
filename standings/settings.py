"""Settings for standings, driven by environment variables.

Embedded default: SQLite, in-memory channel layer and cache, one process.
Production: DATABASE_URL (PostgreSQL), REDIS_URL (channel layer and cache),
SECRET_KEY (required when DEBUG is off), ALLOWED_HOSTS, DEBUG=0.
"""

import hashlib
import os
from collections.abc import Mapping
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from standings.release import release_id

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


def env_int(name: str, default: int) -> int:
    return int(os.environ.get(name, default))


DEBUG = env_bool("DEBUG", "SECRET_KEY" not in os.environ)
DEVELOPMENT_SECRET_KEY = "dev-only-insecure-key-set-SECRET_KEY-in-production"
SECRET_KEY = os.environ.get("SECRET_KEY", "") or DEVELOPMENT_SECRET_KEY
if not DEBUG and SECRET_KEY == DEVELOPMENT_SECRET_KEY:
    # Sessions and CSRF tokens signed with a published key can be forged by anyone.
    raise ImproperlyConfigured(
        "SECRET_KEY is not set, and DEBUG is off: standings refuses to run on the public "
        "development key. Set SECRET_KEY to a long random value, e.g. the output of "
        "`python -c 'import secrets; print(secrets.token_urlsafe(50))'` (or DEBUG=1 to develop)."
    )
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1],testserver")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "channels",
    "django_htmx",
    "template_partials",
    "standings.events",
    "standings.trf",
    "standings.live",
    "standings.arbiter",
    "standings.web",
    "standings.demo",
    "standings.security",
    "standings.bridge_events",
    "standings.follow",
    "standings.mirror",
    "standings.health",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The language: the switcher's cookie, else the browser's Accept-Language, else English.
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "standings.security.headers.SecurityHeadersMiddleware",
    # A database that does not answer: 503 and a sentence in the reader's language.
    "standings.outage.DatabaseOutageMiddleware",
]

ROOT_URLCONF = "standings.urls"
ASGI_APPLICATION = "standings.asgi.application"

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
                "standings.live.context_processors.live",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("DB_CONN_MAX_AGE", "0")),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Several processes (server, demo feeder, tests' ASGI workers) share one file.
    DATABASES["default"].setdefault("OPTIONS", {})["timeout"] = 20
    DATABASES["default"]["OPTIONS"]["transaction_mode"] = "IMMEDIATE"

REDIS_URL = os.environ.get("REDIS_URL", "")


def default_redis_prefix(database: Mapping[str, object]) -> str:
    """A prefix of this deployment's own: two installations sharing one Redis server (pub/sub
    ignores the database number) stay apart as long as their databases differ."""
    where = "|".join(str(database.get(k) or "") for k in ("ENGINE", "HOST", "PORT", "NAME"))
    return "standings-" + hashlib.sha256(where.encode()).hexdigest()[:12]


# The start of every shared-cache key holding a rendered page or a pickled state: a hash of
# the code, and of RELEASE when the deployment sets it (docs/deployment.md).
RELEASE = release_id(BASE_DIR, os.environ.get("RELEASE", ""))

# Channel layer groups and cache keys of this deployment in a shared Redis.
REDIS_PREFIX = os.environ.get("REDIS_PREFIX") or default_redis_prefix(DATABASES["default"])

if REDIS_URL:
    # Pub/sub layer: one group message fans out to every worker's sockets.
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {"hosts": [REDIS_URL], "prefix": REDIS_PREFIX},
        }
    }
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": REDIS_PREFIX,
            # An unreachable Redis fails fast: pages then render from the database.
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 2},
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
]

LANGUAGE_CODE = "en"
# Public and arbiter pages in these languages (locale/, docs/translations.md).
LANGUAGES = [("en", "English"), ("fr", "Français"), ("de", "Deutsch"), ("es", "Español")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = os.environ.get("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
LOGIN_URL = "/login/"
LOGIN_REDIRECT_URL = "/"

if not DEBUG:
    SESSION_COOKIE_SECURE = env_bool("SECURE_COOKIES", True)
    CSRF_COOKIE_SECURE = env_bool("SECURE_COOKIES", True)

# Tablets at a venue are shared: a sign-in ends when the browser closes, or after this many
# seconds when "Keep me signed in on this device" was ticked.
SESSION_COOKIE_AGE = env_int("SESSION_COOKIE_AGE", 24 * 3600)

# HTTPS deployments: browsers remember to use HTTPS only for this many seconds (0: off).
# Start small (3600), then a year (31536000) once HTTPS works everywhere on the host.
# deploy/standings.env.example is the production configuration `check --deploy` passes.
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", False)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", False)
# A plain-HTTP request is sent to HTTPS, except the balancer's and container's health probe.
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", False)
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
# Behind a proxy uvicorn does not trust (--forwarded-allow-ips), the header by which the
# proxy says a request came over HTTPS, e.g. X-Forwarded-Proto; it must set it on every
# request, or anyone could claim HTTPS.
if os.environ.get("SECURE_PROXY_SSL_HEADER"):
    SECURE_PROXY_SSL_HEADER = (
        "HTTP_" + os.environ["SECURE_PROXY_SSL_HEADER"].strip().upper().replace("-", "_"),
        "https",
    )

# Request bodies: anything larger is refused with 413 by standings.security.body_limit
# before Django reads it; the TRF upload pages take a 5 MB file and the form around it.
MAX_REQUEST_BODY = env_int("MAX_REQUEST_BODY", 1024 * 1024)
MAX_UPLOAD_REQUEST_BODY = env_int("MAX_UPLOAD_REQUEST_BODY", 6 * 1024 * 1024)
DATA_UPLOAD_MAX_MEMORY_SIZE = MAX_REQUEST_BODY
FILE_UPLOAD_MAX_MEMORY_SIZE = MAX_UPLOAD_REQUEST_BODY  # a TRF file is read in memory anyway

# A venue's event mirrored on a public server (standings/mirror/, docs/deployment.md). A batch
# is at most the whole event gzip'd: MIRROR_MAX_BODY bytes as sent (no more than MAX_REQUEST_BODY,
# which the body limit applies first), MIRROR_MAX_UNPACKED once unpacked. The venue's pusher
# polls the event's version every MIRROR_POLL seconds and, while the public server cannot be
# reached, retries after MIRROR_RETRY_FIRST seconds, doubling up to MIRROR_RETRY_MAX (5 s: a
# link back is used within 5 s, at the cost of one refused connection every 5 s meanwhile).
MIRROR_MAX_BODY = env_int("MIRROR_MAX_BODY", MAX_REQUEST_BODY)
MIRROR_MAX_UNPACKED = env_int("MIRROR_MAX_UNPACKED", 32 * 1024 * 1024)
MIRROR_POLL = float(os.environ.get("MIRROR_POLL", "0.25"))
MIRROR_RETRY_FIRST = float(os.environ.get("MIRROR_RETRY_FIRST", "0.5"))
MIRROR_RETRY_MAX = float(os.environ.get("MIRROR_RETRY_MAX", "5"))
# What one batch may hold (mirror/shape.py): each bounds the time to apply it and to render
# its pages. Per event (a tournament's own play or one section): players and rounds; per batch:
# sections, and players and games in all.
MIRROR_MAX_PLAYERS = env_int("MIRROR_MAX_PLAYERS", 2000)
MIRROR_MAX_ROUNDS = env_int("MIRROR_MAX_ROUNDS", 40)
MIRROR_MAX_SECTIONS = env_int("MIRROR_MAX_SECTIONS", 50)
MIRROR_MAX_BATCH_PLAYERS = env_int("MIRROR_MAX_BATCH_PLAYERS", 5000)
MIRROR_MAX_GAMES = env_int("MIRROR_MAX_GAMES", 20000)
# The pusher says it is there every MIRROR_HEARTBEAT seconds when it has nothing to send; the
# public pages say "venue offline" after MIRROR_OFFLINE_AFTER seconds without a word, and the
# venue's status line "not running" when its pusher made no pass for that long.
MIRROR_HEARTBEAT = float(os.environ.get("MIRROR_HEARTBEAT", "10"))
MIRROR_OFFLINE_AFTER = float(os.environ.get("MIRROR_OFFLINE_AFTER", "30"))

# Sign-in throttling (standings.security.login_throttle): failures counted in the cache.
# An account is paused only from the address its wrong passwords came from; from elsewhere
# its sign-ins wait, 1 s, 2, 4, ... up to LOGIN_DELAY_MAX, so its owner still gets in.
LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS = env_int("LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS", 5)
LOGIN_FAILURES_PER_ADDRESS = env_int("LOGIN_FAILURES_PER_ADDRESS", 30)
LOGIN_FAILURE_WINDOW = env_int("LOGIN_FAILURE_WINDOW", 15 * 60)
LOGIN_DELAY_AFTER = env_int("LOGIN_DELAY_AFTER", 5)
LOGIN_DELAY_MAX = float(os.environ.get("LOGIN_DELAY_MAX", "10"))

# Operators may silence a check on purpose, e.g. standings.E001 for a throwaway benchmark.
SILENCED_SYSTEM_CHECKS = env_list("SILENCED_SYSTEM_CHECKS", "")

# Live push: at most one push per event every this many seconds; a burst of entries is
# coalesced and the last push carries the latest state. 0 pushes inline (tests).
LIVE_PUSH_INTERVAL = float(os.environ.get("LIVE_PUSH_INTERVAL", "0.25"))
# A socket that has had no push for this many seconds gets an empty message, so a page
# notices a dead link it cannot see (live.js reconnects after 3 silent heartbeats).
LIVE_HEARTBEAT = float(os.environ.get("LIVE_HEARTBEAT", "20"))
# Each process checks every this many seconds, per event with open sockets, that its
# sockets show the event's current version; a missed push is made up within two checks.
LIVE_RESYNC = float(os.environ.get("LIVE_RESYNC", "1"))
# A write to a socket still waiting for its client to read after this many seconds closes
# it (1013: live.js connects again); meanwhile the socket holds up no other (live/outbox.py).
LIVE_SEND_TIMEOUT = float(os.environ.get("LIVE_SEND_TIMEOUT", "10"))

# Public pages: browsers, proxies and CDNs may keep a copy this many seconds, and serve it
# this many more while they ask again (docs/deployment.md); signed-in people's never.
PAGE_MAX_AGE = env_int("PAGE_MAX_AGE", 2)
PAGE_STALE_WHILE_REVALIDATE = env_int("PAGE_STALE_WHILE_REVALIDATE", 30)
# Strangers' expensive requests (searches, renders of player cards and printouts): each
# address has this much of the server's time in each window, then 429 (web/throttle.py).
EXPENSIVE_SECONDS_PER_ADDRESS = float(os.environ.get("EXPENSIVE_SECONDS_PER_ADDRESS", "20"))
EXPENSIVE_WINDOW_SECONDS = env_int("EXPENSIVE_WINDOW_SECONDS", 60)
# Expensive requests of one address being answered at once, per process (web/fast.py).
EXPENSIVE_IN_FLIGHT_PER_ADDRESS = env_int("EXPENSIVE_IN_FLIGHT_PER_ADDRESS", 4)

# The demo feeder (make run) enters results in the background; off everywhere else.
DEMO_LIVE = env_bool("DEMO_LIVE", False)
DEMO_LIVE_INTERVAL = float(os.environ.get("DEMO_LIVE_INTERVAL", "12"))  # seconds per result
DEMO_ROUND_PAUSE = float(os.environ.get("DEMO_ROUND_PAUSE", "60"))  # closed round to next pairing

# Following players (standings/follow, docs/follow.md): Web Push with VAPID. The private key
# (PEM, or raw base64url) and the contact push services may write to; without a key, one is
# generated on first use and kept in the database.
VAPID_PRIVATE_KEY = os.environ.get("VAPID_PRIVATE_KEY", "")
VAPID_SUBJECT = os.environ.get("VAPID_SUBJECT", "mailto:standings@example.org")
# Endpoints must be HTTPS on a push service's host (suffixes; empty: any host); plain HTTP
# only where allowed (tests: a push service on 127.0.0.1).
FOLLOW_PUSH_HOSTS = env_list(
    "FOLLOW_PUSH_HOSTS",
    "fcm.googleapis.com,push.services.mozilla.com,push.apple.com,notify.windows.com",
)
FOLLOW_ALLOW_HTTP = env_bool("FOLLOW_ALLOW_HTTP", False)
# host:port pairs pushed to although on this machine or its network, or not on port 443 (a
# developer's or the tests' push service, e.g. 127.0.0.1:8123); none by default.
FOLLOW_PUSH_LOCAL = env_list("FOLLOW_PUSH_LOCAL", "")
FOLLOW_MAX_SITE_SUBSCRIPTIONS = env_int("FOLLOW_MAX_SITE_SUBSCRIPTIONS", 200000)  # all events
FOLLOW_MAX_SUBSCRIPTIONS = env_int("FOLLOW_MAX_SUBSCRIPTIONS", 20000)  # per event
FOLLOW_MAX_PLAYERS = env_int("FOLLOW_MAX_PLAYERS", 20)  # per subscription
FOLLOW_MAX_BODY = env_int("FOLLOW_MAX_BODY", 4096)  # bytes of the follow POST
FOLLOW_POSTS_PER_ADDRESS = env_int("FOLLOW_POSTS_PER_ADDRESS", 60)  # per ten minutes
FOLLOW_MAX_AGE = env_int("FOLLOW_MAX_AGE", 30)  # days a subscription lasts without a new post
FOLLOW_MIN_GAP = float(os.environ.get("FOLLOW_MIN_GAP", "60"))  # s between two, per number
FOLLOW_PUSH_TTL = env_int("FOLLOW_PUSH_TTL", 6 * 3600)  # s a push service keeps a push
FOLLOW_PUSH_TIMEOUT = float(os.environ.get("FOLLOW_PUSH_TIMEOUT", "10"))
FOLLOW_MAX_ATTEMPTS = env_int("FOLLOW_MAX_ATTEMPTS", 6)
FOLLOW_PUSH_IN_FLIGHT = env_int(
    "FOLLOW_PUSH_IN_FLIGHT", 50
)  # requests waiting at once, per push service
# Pushes on their way at once (claimed, not answered), at most half of them to one service.
FOLLOW_PUSH_PENDING = env_int("FOLLOW_PUSH_PENDING", 4000)

LOG_LEVEL = os.environ.get("LOG_LEVEL", "WARNING")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": LOG_LEVEL},
    # Django's own console handler would print each of its lines a second time beside ours.
    "loggers": {
        "django": {
            "handlers": ["console"],
            "level": "INFO" if DEBUG else LOG_LEVEL,
            "propagate": False,
        }
    },
}
