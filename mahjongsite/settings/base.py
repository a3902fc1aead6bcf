"""Settings shared by every environment.

Each environment module (local, production, test) imports everything from here and
changes only what differs. The database comes from ``DATABASE_URL`` everywhere, with a
SQLite file at the project root as the default.
"""

from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.utils.translation import gettext_lazy as _

from mahjongsite.rates import RATE_LIMIT_DEFAULTS

from .env import env_bool, env_int, env_rate, env_str

BASE_DIR = Path(__file__).resolve().parent.parent.parent

INSTALLED_APPS = [
    # modeltranslation patches the admin, so it must come before django.contrib.admin.
    "modeltranslation",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.sitemaps",
    "csp",
    "axes",
    "django_ratelimit",
    "accounts",
    "game",
    "ranking",
    "quiz",
    "records",
    "daily",
    "webapp",
    "editor",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # Before LocaleMiddleware: "in" (old code) and "ms" (Malay) get the Indonesian site.
    "mahjongsite.middleware.LanguageAliasMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # Sets the device mark's cookie when a request made one (a first daily game).
    "mahjongsite.device_mark.DeviceMarkMiddleware",
    # Marks every answer that depends on who asks as private, no-store. Inside the CSRF
    # middleware, so that it still sees whether the page asked for a CSRF token.
    "mahjongsite.cache_headers.PrivateResponseMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    # Last, as django-axes asks: it turns a locked-out sign-in into its lockout page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "mahjongsite.urls"

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
                "mahjongsite.context_processors.other_languages",
                "webapp.context_processors.page_meta",
            ],
        },
    },
]

WSGI_APPLICATION = "mahjongsite.wsgi.application"


def database_from_env(default_url: str) -> dict:
    """The default database from ``DATABASE_URL``, or from ``default_url`` when unset.

    SQLite gets the options that let several writers wait for each other instead of
    failing with "database is locked": WAL journal, IMMEDIATE transactions and a timeout.
    In WAL mode ``synchronous=NORMAL`` is the documented safe choice: the database never
    corrupts, and only a power cut (not a crash of the app) can lose the last commits;
    it saves a disk flush on every tap. Connections are kept open between requests, as
    for PostgreSQL, since opening one costs more than the tap itself.
    """
    config = dj_database_url.config(default=default_url, conn_max_age=60, conn_health_checks=True)
    if config["ENGINE"] == "django.db.backends.sqlite3":
        config["OPTIONS"] = {
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
            "transaction_mode": "IMMEDIATE",
            "timeout": 20,
        }
    return config


DATABASES = {"default": database_from_env(f"sqlite:///{BASE_DIR / 'db.sqlite3'}")}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTHENTICATION_BACKENDS = [
    # django-axes first: it refuses sign-in attempts while a lockout is in force.
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
# A form sent without a valid CSRF token: a translated page our CSP allows.
CSRF_FAILURE_VIEW = "mahjongsite.errors.csrf_failure"

LOGIN_URL = "accounts:login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# How many proxies (load balancer, TLS terminator) stand in front of the app and append
# to X-Forwarded-For. The client's address is the entry that many places from the right;
# entries further left come from the client and are not trusted. 0: REMOTE_ADDR is the
# client (development, tests). See mahjongsite/client_ip.py.
TRUSTED_PROXIES = env_int("DJANGO_TRUSTED_PROXIES", 0)

# Login throttling (django-axes): five wrong passwords for one username from one client
# address lock that pair out (and only that pair) for 15 minutes; a successful sign-in
# resets the count. Further tries during the lockout do not extend it.
AXES_FAILURE_LIMIT = env_int("DJANGO_LOGIN_FAILURE_LIMIT", 5, minimum=1)
AXES_COOLOFF_TIME = timedelta(minutes=env_int("DJANGO_LOGIN_COOLOFF_MINUTES", 15, minimum=1))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_LOCKOUT_CALLABLE = "accounts.views.locked_out"
# No log of successful sign-ins (addresses and browsers): the privacy page says so.
AXES_DISABLE_ACCESS_LOG = True

# Sign-in guesses from one client address across all usernames (accounts/throttle.py):
# after SLOWDOWN_AFTER failures within the window one try per DELAY_SECONDS, after
# FAILURE_LIMIT failures none until the window has passed. The failures' times (keyed by
# a hash of the address) are kept for the window only.
LOGIN_ADDRESS_SLOWDOWN_AFTER = env_int("DJANGO_LOGIN_ADDRESS_SLOWDOWN_AFTER", 10, minimum=1)
LOGIN_ADDRESS_DELAY_SECONDS = env_int("DJANGO_LOGIN_ADDRESS_DELAY_SECONDS", 5)
LOGIN_ADDRESS_FAILURE_LIMIT = env_int("DJANGO_LOGIN_ADDRESS_FAILURE_LIMIT", 30, minimum=1)
LOGIN_ADDRESS_WINDOW_MINUTES = env_int("DJANGO_LOGIN_ADDRESS_WINDOW_MINUTES", 15, minimum=1)
# Wrong old passwords on the password-change form, per account, within the window.
PASSWORD_CHANGE_FAILURE_LIMIT = env_int("DJANGO_PASSWORD_CHANGE_FAILURE_LIMIT", 5, minimum=1)
PASSWORD_CHANGE_WINDOW_MINUTES = env_int("DJANGO_PASSWORD_CHANGE_WINDOW_MINUTES", 15, minimum=1)
# New passwords: zxcvbn's estimate (0-4) at least this; below it a password is refused.
# zxcvbn ships, offline, the 30,000 most common passwords of a 10-million-password
# breach corpus, and common words and names, and sees through l33t spelling and years.
PASSWORD_MIN_STRENGTH = env_int("DJANGO_PASSWORD_MIN_STRENGTH", 3)
# The longest password the site takes: zxcvbn rates no more than 72 characters, and a
# longer one adds nothing a person can remember. Longer is a form error, never a 500.
PASSWORD_MAX_LENGTH = env_int("DJANGO_PASSWORD_MAX_LENGTH", 72, minimum=8)
AXES_CLIENT_IP_CALLABLE = "mahjongsite.client_ip.client_ip"

# Rate limits per client address (django-ratelimit on the shared cache), as
# "count/period". A cache that fails lets requests through rather than refusing all.
RATE_LIMITS = {group: env_rate(name, rate) for group, (name, rate) in RATE_LIMIT_DEFAULTS.items()}


def generous_rate_limits(rate: str, *, moves: str | None = None) -> dict[str, str]:
    """Every action at ``rate`` (moves at ``moves``), unless its variable says otherwise:
    for a machine whose every request comes from one address (a developer's, the tests';
    tests that check a limit set their own)."""
    return {
        group: env_rate(name, moves if moves and group == "game_move" else rate)
        for group, (name, _production) in RATE_LIMIT_DEFAULTS.items()
    }


RATELIMIT_USE_CACHE = "default"
RATELIMIT_FAIL_OPEN = True

# The largest request body the JSON API reads; a game's requests need a few dozen bytes.
API_MAX_BODY_BYTES = env_int("DJANGO_API_MAX_BODY_BYTES", 4096, minimum=64)

# Players' own layouts (editor/): how many one player may keep, and the largest
# KMahjongg .layout file the editor reads (KMahjongg's own are about 3 kB).
MAHJONG_CUSTOM_LAYOUTS_PER_PLAYER = env_int("MAHJONG_CUSTOM_LAYOUTS_PER_PLAYER", 20)
MAHJONG_LAYOUT_FILE_MAX_BYTES = env_int("MAHJONG_LAYOUT_FILE_MAX_BYTES", 65536, minimum=1024)
# The largest request body nginx lets through to the app servers, the layout API's aside,
# whose limit follows the largest layout file (deploy/balancer.py fills both into
# deploy/nginx.conf; editor/limits.py).
MAHJONG_REQUEST_MAX_BODY_BYTES = env_int("MAHJONG_REQUEST_MAX_BODY_BYTES", 65536, minimum=4096)

# The solver's time budgets (game/verdicts.py): a hint (an unsure hint when it runs out)
# and the "can this game still be won" check the board asks for after a removal.
MAHJONG_HINT_SOLVE_MS = env_int("MAHJONG_HINT_SOLVE_MS", 30, minimum=1)
MAHJONG_CHECK_SOLVE_MS = env_int("MAHJONG_CHECK_SOLVE_MS", 600, minimum=1)
# How long the board waits for an answer before it counts the connection as lost and
# holds the move, to send it again once the connection is back (static/js/api.js).
MAHJONG_BOARD_REQUEST_TIMEOUT_MS = env_int("MAHJONG_BOARD_REQUEST_TIMEOUT_MS", 15_000, minimum=1000)
# What the solver's answers are remembered for (game/verdicts.py): positions whose verdict
# each app process keeps (the least recently used forgotten first), "can it still be
# won" checks each process keeps, and how long both stay in the shared cache.
MAHJONG_VERDICT_MEMORY = env_int("MAHJONG_VERDICT_MEMORY", 20_000)
MAHJONG_CHECK_MEMORY = env_int("MAHJONG_CHECK_MEMORY", 4096)
MAHJONG_VERDICT_CACHE_SECONDS = env_int("MAHJONG_VERDICT_CACHE_SECONDS", 7 * 24 * 3600, minimum=1)
# What the engine keeps in each app process (game/engine_memory.py), each the least
# recently used forgotten first: the deals of the games in play (a deal is made again in
# about 5 ms), their solvers, and the players' own layouts played (a miss reads the
# database).
MAHJONG_DEAL_MEMORY = env_int("MAHJONG_DEAL_MEMORY", 256, minimum=1)
MAHJONG_SOLVER_MEMORY = env_int("MAHJONG_SOLVER_MEMORY", 64, minimum=1)
MAHJONG_CUSTOM_LAYOUT_MEMORY = env_int("MAHJONG_CUSTOM_LAYOUT_MEMORY", 512, minimum=1)

# Mail (the password-reset links): SMTP when a host is given, else the console.
EMAIL_HOST = env_str("DJANGO_EMAIL_HOST", "")
EMAIL_PORT = env_int("DJANGO_EMAIL_PORT", 25, minimum=1)
EMAIL_HOST_USER = env_str("DJANGO_EMAIL_USER", "")
EMAIL_HOST_PASSWORD = env_str("DJANGO_EMAIL_PASSWORD", "")
EMAIL_USE_TLS = env_bool("DJANGO_EMAIL_USE_TLS", False)
EMAIL_TIMEOUT = 10
DEFAULT_FROM_EMAIL = env_str("DJANGO_EMAIL_FROM", "mahjong@localhost")
EMAIL_BACKEND = (
    "django.core.mail.backends.smtp.EmailBackend"
    if EMAIL_HOST
    else "django.core.mail.backends.console.EmailBackend"
)
# How long a password-reset link works, in seconds (one use only in any case).
PASSWORD_RESET_TIMEOUT = env_int("DJANGO_PASSWORD_RESET_SECONDS", 3600, minimum=60)

# The key of the daily codes (daily/codes.py): from the environment, else derived from
# SECRET_KEY. Set it on its own so that a new secret key keeps the coming days' deals.
MAHJONG_DAILY_KEY = env_str("MAHJONG_DAILY_KEY", "")

# The plausibility of a win's taps (ranking/rhythm.py): a win whose median gap between taps
# is under this many milliseconds, or whose gaps vary less than this percentage of their
# mean (a steady, scripted pace), is held back from the public boards for review.
MAHJONG_RHYTHM_MIN_MEDIAN_MS = env_int("MAHJONG_RHYTHM_MIN_MEDIAN_MS", 250)
MAHJONG_RHYTHM_MIN_SPREAD_PERCENT = env_int("MAHJONG_RHYTHM_MIN_SPREAD_PERCENT", 45)
# A win more than this percentage of whose removals were the deal's own plan's next pair
# (ranking/plan_order.py: a script replaying the plan the code gives) is held too.
MAHJONG_PLAN_MAX_PERCENT = env_int("MAHJONG_PLAN_MAX_PERCENT", 60)
# One person, two accounts, one daily deal (ranking/second_accounts.py): a daily game keeps a
# keyed hash of the browser's device mark (a random value in a cookie that lasts this
# many days; mahjongsite/device_mark.py) and of its address, for this many days; a ranked
# daily win from a browser (or, when the last setting is on, an address) that played the
# same deal under another account is held for review.
MAHJONG_DEVICE_COOKIE_DAYS = env_int("MAHJONG_DEVICE_COOKIE_DAYS", 365, minimum=1)
MAHJONG_DAILY_TRACE_DAYS = env_int("MAHJONG_DAILY_TRACE_DAYS", 30, minimum=1)
MAHJONG_HOLD_SHARED_ADDRESS = env_bool("MAHJONG_HOLD_SHARED_ADDRESS", True)
# A script playing a plan of its own at a person's pace passes the checks above, so a
# ranked win that would take one of this many top places of its public board (the daily
# deal's day board, else the layout's leaderboard) is held until a person checks it,
# unless an operator trusts the player (ranking/top_places.py). 0 turns the check off. The
# default is every place the boards show (10): no script is on a public board unless a
# person has looked at it or trusts its player.
MAHJONG_REVIEW_TOP_PLACES = env_int("MAHJONG_REVIEW_TOP_PLACES", 10, minimum=0)

# Whether every tap waits for the database's write-ahead log to reach the disk. Off by
# default: a tap that does not win the game commits with synchronous_commit off (a crash
# of the database server may lose its last fraction of a second of such taps, never a win
# and never consistency; game/store.py). On: every tap is durable, a little slower.
MAHJONG_DURABLE_TAPS = env_bool("MAHJONG_DURABLE_TAPS", False)

# Sessions in the database, read through the cache (durable: losing the cache signs
# nobody out), with keys checked before any query (see mahjongsite/sessions.py).
SESSION_ENGINE = "mahjongsite.sessions"

AUTH_PASSWORD_VALIDATORS = [
    # Django's similarity check lets "name" + "name" through, and its length check
    # counts spaces: the site's rules close those gaps. The similarity and the common
    # passwords are each part of one site rule, so a password breaking a rule gets one
    # error and the help says each rule once (accounts/validators.py).
    {"NAME": "accounts.validators.UsernameInPasswordValidator"},
    {"NAME": "accounts.validators.MinimumLengthValidator"},
    {"NAME": "accounts.validators.MaximumLengthValidator"},
    {"NAME": "accounts.validators.NumericPasswordValidator"},
    {"NAME": "accounts.validators.CharacterVarietyValidator"},
    {"NAME": "accounts.validators.BreachedPasswordValidator"},
]

# Languages: Swedish first, so it is the default and modeltranslation's fallback.
LANGUAGE_CODE = "sv"
LANGUAGES = [
    ("sv", _("Swedish")),
    ("el", _("Greek")),
    ("de", _("German")),
    ("id", _("Indonesian")),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
USE_TZ = True
# The daily deal's days are UTC days, and so is every date the pages show (the day a
# game was won); a time of day on a page is written in its readers' own zone, from the
# time-zone database (wording/formatting.py).
TIME_ZONE = "UTC"

MODELTRANSLATION_DEFAULT_LANGUAGE = "sv"

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"

# Content Security Policy (django-csp 4 format): everything from our own origin only,
# no inline scripts or styles anywhere.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
        "object-src": ["'none'"],
    },
}
