"""Settings split by environment: base, local, production and test."""


def production_cache(redis_url: str) -> dict:
    """The production CACHES setting: Redis, where a failure is harmless.

    django-redis answers "not found" instead of raising when Redis fails (the site serves
    on, reading sessions from the database, and the rate limits let requests through),
    after short timeouts so that a dead Redis costs little. Here rather than in
    production.py so that the tests can point it at a Redis that does not answer.
    """
    return {
        "default": {
            # django-redis rather than Django's own backend: it keeps one client per
            # server instead of building one for every call, which halves a session read.
            "BACKEND": "django_redis.cache.RedisCache",
            "LOCATION": redis_url,
            "OPTIONS": {
                "IGNORE_EXCEPTIONS": True,
                "SOCKET_CONNECT_TIMEOUT": 0.25,
                "SOCKET_TIMEOUT": 0.25,
            },
        }
    }
