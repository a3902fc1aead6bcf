"""Production settings: `check --deploy` is clean and the database comes from DATABASE_URL."""

import json
import os
import subprocess
import sys

import dj_database_url
from django.conf import settings

PRODUCTION_ENV = {
    "DJANGO_SETTINGS_MODULE": "mahjongsite.settings.production",
    "DJANGO_SECRET_KEY": "a-sample-production-key-that-is-long-and-random-enough-7Gq2xVb9Lk",
    "DJANGO_ALLOWED_HOSTS": "mahjong.example.org",
    "DATABASE_URL": "postgres://mahjong:secret@db.example.org:5432/mahjong",
    "REDIS_URL": "redis://cache.example.org:6379/0",
}


def production_env():
    """The environment of a production process: the sample variables, and not the
    test suite's DJANGO_ALLOW_ASYNC_UNSAFE (which `check --deploy` rightly rejects)."""
    env = {**os.environ, **PRODUCTION_ENV}
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    return env


def run_manage(*args, env):
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=settings.BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def run_in_django(statements: str, *, env):
    """Python run in a fresh process after ``django.setup()``, with ``env``."""
    return subprocess.run(
        [sys.executable, "-c", "import django; django.setup(); " + statements],
        cwd=settings.BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_check_deploy_reports_no_issue_with_production_settings():
    env = production_env()

    result = run_manage("check", "--deploy", "--fail-level", "WARNING", env=env)

    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout


def test_production_settings_refuse_to_start_without_a_secret_key():
    env = production_env()
    del env["DJANGO_SECRET_KEY"]

    result = run_manage("check", env=env)

    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY" in result.stderr


def test_production_settings_use_postgresql_redis_and_durable_sessions():
    env = production_env()
    code = (
        "from django.conf import settings as s; "
        "print(s.DATABASES['default']['ENGINE']); print(s.DATABASES['default']['HOST']); "
        "print(s.CACHES['default']['BACKEND']); print(s.SESSION_ENGINE)"
    )
    result = run_in_django(code, env=env)

    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == [
        "django.db.backends.postgresql",
        "db.example.org",
        "django_redis.cache.RedisCache",
        "mahjongsite.sessions",
    ]


def test_database_url_parsing_picks_postgresql():
    config = dj_database_url.parse("postgres://postgres@127.0.0.1:5432/mahjong")

    assert config["ENGINE"] == "django.db.backends.postgresql"
    assert config["NAME"] == "mahjong"
    assert config["USER"] == "postgres"
    assert config["HOST"] == "127.0.0.1"
    assert config["PORT"] == 5432


def test_sqlite_gets_options_for_concurrent_writers(monkeypatch):
    from mahjongsite.settings.base import database_from_env

    monkeypatch.delenv("DATABASE_URL", raising=False)
    config = database_from_env("sqlite:///db.sqlite3")

    assert config["ENGINE"] == "django.db.backends.sqlite3"
    assert config["OPTIONS"] == {
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
    }


#: Imports each settings module named on the command line afresh (the settings package
#: forgotten in between, as a process of its own would start) and prints its rate limits'
#: groups. One process for all four: each Django process costs a second or two.
RATE_LIMIT_GROUPS = """
import importlib, json, sys
found = {}
for name in sys.argv[1:]:
    for loaded in [module for module in sys.modules if module.startswith("mahjongsite.settings")]:
        del sys.modules[loaded]
    found[name] = sorted(importlib.import_module(name).RATE_LIMITS)
print(json.dumps(found))
"""


def test_every_settings_module_gives_a_rate_for_every_limited_action():
    # A group missing from one module's RATE_LIMITS is a KeyError, so a 500, on the
    # first request it limits (the winnability check on `make run` once did this).
    groups = {
        *("game_create", "game_hint", "game_check", "game_move", "signup"),
        *("password_reset", "password_reset_address", "layout_edit"),
    }
    modules = [f"mahjongsite.settings.{name}" for name in ("local", "test", "production", "single")]
    result = subprocess.run(
        [sys.executable, "-c", RATE_LIMIT_GROUPS, *modules],
        cwd=settings.BASE_DIR,
        env=production_env(),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    found = json.loads(result.stdout)
    assert {module: set(found[module]) for module in modules} == dict.fromkeys(modules, groups)


def test_a_redis_outage_is_logged_as_one_short_line_not_a_traceback_per_request():
    # Redis on a port where nothing listens: every cache call fails and is ignored.
    env = {**production_env(), "REDIS_URL": "redis://127.0.0.1:9/0"}
    code = "from django.core.cache import cache; print([cache.get(f'key{i}') for i in range(5)])"
    result = run_in_django(code, env=env)

    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == str([None] * 5)  # served on without the cache
    assert "Traceback" not in result.stderr
    lines = [line for line in result.stderr.splitlines() if "cache" in line]
    assert len(lines) == 1, result.stderr
    assert "cache unavailable" in lines[0] and "ConnectionError" in lines[0]


def test_a_database_outage_is_logged_as_one_short_line_not_a_traceback_per_request():
    # PostgreSQL on a port where nothing listens: every request that needs it is
    # answered 503 (mahjongsite/errors.py), and django.request says so once.
    env = {**production_env(), "DATABASE_URL": "postgres://mahjong@127.0.0.1:9/mahjong"}
    code = (
        "from django.test import Client; "
        "c = Client(raise_request_exception=False, HTTP_HOST='mahjong.example.org'); "
        "print([c.get('/sv/leaderboard/', secure=True).status_code for _ in range(5)])"
    )
    result = run_in_django(code, env=env)

    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == str([503] * 5)
    assert result.stderr.count("database unavailable, answered 503: OperationalError") == 1
    assert "Traceback" not in result.stderr


def test_any_other_server_error_keeps_its_traceback_in_production():
    env = production_env()
    source = (
        "import logging\n"
        "try:\n    raise ValueError('a bug')\n"
        "except ValueError:\n"
        "    logging.getLogger('django.request').error('Internal Server Error', exc_info=True)\n"
    )
    code = f"exec({source!r})"
    result = run_in_django(code, env=env)

    assert result.returncode == 0, result.stderr
    assert "Traceback" in result.stderr and "ValueError: a bug" in result.stderr


def test_requests_for_an_unknown_host_are_logged_as_one_short_line_not_a_traceback_each():
    env = production_env()
    code = (
        "from django.test import Client; "
        "c = Client(raise_request_exception=False, HTTP_HOST='evil.example.com'); "
        "print([c.get('/de/rules/', secure=True).status_code for _ in range(5)])"
    )
    result = run_in_django(code, env=env)

    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == str([400] * 5)
    assert result.stderr.count("requests for hosts not in DJANGO_ALLOWED_HOSTS, answered 400") == 1
    assert "Traceback" not in result.stderr


def test_make_run_settings_have_debug_off_and_keep_a_generated_secret():
    """``make run`` (mahjongsite/settings/single.py): no debug page, static files through
    WhiteNoise with hashed names, and a secret key made once and kept in its file."""
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SECRET_KEY"}
    env["DJANGO_SETTINGS_MODULE"] = "mahjongsite.settings.single"
    code = (
        "from django.conf import settings as s; import mahjongsite.settings.single as m; "
        "print(s.DEBUG, s.SECRET_KEY == m.SECRET_KEY_FILE.read_text().strip(), "
        "'whitenoise.middleware.WhiteNoiseMiddleware' in s.MIDDLEWARE, "
        "s.STORAGES['staticfiles']['BACKEND'], len(s.SECRET_KEY) >= 50, s.SECRET_KEY)"
    )
    first = run_in_django(code, env=env)
    second = run_in_django(code, env=env)

    assert first.returncode == 0, first.stderr
    debug, same, whitenoise, storage, long_enough, key = first.stdout.split()
    assert (debug, same, whitenoise, long_enough) == ("False", "True", "True", "True")
    assert storage == "mahjongsite.storage.HashedStaticFilesStorage"
    assert second.stdout.split()[-1] == key  # kept, not made anew


def test_make_run_compresses_pages_and_leaves_static_files_to_whitenoise():
    """``make run`` has no proxy in front to compress: Django gzips its pages (with its
    random padding against BREACH), while WhiteNoise's static files keep their own,
    pre-compressed encoding and never pass through the page compressor."""
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SECRET_KEY"}
    env["DJANGO_SETTINGS_MODULE"] = "mahjongsite.settings.single"
    code = (
        "import gzip; from django.conf import settings as s; "
        "from django.test import Client, override_settings; "
        # A clean checkout has no collectstatic manifest: the page's static links are
        # named by plain storage here, which changes nothing of how the page is sent.
        "plain_static = {**s.STORAGES, 'staticfiles': "
        "{'BACKEND': 'django.contrib.staticfiles.storage.StaticFilesStorage'}}; "
        "o = override_settings(STORAGES=plain_static); o.enable(); "
        "c = Client(HTTP_HOST='127.0.0.1'); plain = c.get('/sv/offline/'); "
        "packed = c.get('/sv/offline/', HTTP_ACCEPT_ENCODING='gzip, deflate, br'); "
        "m = s.MIDDLEWARE; "
        "print(plain.status_code, plain.get('Content-Encoding'), packed.get('Content-Encoding'), "
        "gzip.decompress(packed.content) == plain.content, len(packed.content) < "
        "len(plain.content) / 2, m.index('django.middleware.gzip.GZipMiddleware') == "
        "m.index('whitenoise.middleware.WhiteNoiseMiddleware') + 1)"
    )
    result = run_in_django(code, env=env)

    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["200", "None", "gzip", "True", "True", "True"]
