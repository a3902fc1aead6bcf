"""Finding 8: a bad setting stops start-up with a message naming it."""

import pytest

from tests.web.test_settings import production_env, run_manage


@pytest.mark.parametrize(
    ("variable", "value", "said"),
    [
        ("DJANGO_SECURE_HSTS_SECONDS", "abc", "must be a whole number, not 'abc'"),
        ("DJANGO_SECURE_HSTS_SECONDS", "-5", "must be at least 0"),
        ("DJANGO_SECURE_SSL_REDIRECT", "maybe", "must be true or false"),
        ("DJANGO_RATE_LIMIT_HINT", "lots", "must be a rate such as 30/m"),
        ("DJANGO_API_MAX_BODY_BYTES", "4k", "must be a whole number"),
        ("DJANGO_TRUSTED_PROXIES", "one", "must be a whole number"),
    ],
)
def test_a_malformed_value_stops_start_up_naming_the_variable(variable, value, said):
    env = production_env()
    env[variable] = value

    result = run_manage("check", env=env)

    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr
    assert variable in result.stderr and said in result.stderr
    assert "ValueError" not in result.stderr


@pytest.mark.parametrize("hosts", ["*", "mahjong.example.org,*", "*.example.org"])
def test_production_refuses_any_host(hosts):
    env = production_env()
    env["DJANGO_ALLOWED_HOSTS"] = hosts

    result = run_manage("check", env=env)

    assert result.returncode != 0
    assert "DJANGO_ALLOWED_HOSTS" in result.stderr and "refused" in result.stderr
