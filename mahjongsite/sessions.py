"""The session engine: Django's cached_db sessions, with keys checked before use.

cached_db writes every session to the database and keeps a copy in the cache, so a lost
or restarted cache signs nobody out and loses no signed-out visitor's game. The cookie
is the client's to forge: a key holding characters Django never makes (a NUL byte makes
PostgreSQL refuse the query) is treated as no session at all instead of reaching the
database or the cache.
"""

from __future__ import annotations

import string

from django.contrib.sessions.backends.base import UpdateError
from django.contrib.sessions.backends.cached_db import SessionStore as CachedDbStore
from django.db import InterfaceError, OperationalError

# Django's session keys: 32 characters from lower-case letters and digits.
_KEY_CHARACTERS = frozenset(string.ascii_lowercase + string.digits)


class SessionStore(CachedDbStore):
    def _validate_session_key(self, key):
        return bool(key) and 8 <= len(key) <= 40 and set(key) <= _KEY_CHARACTERS

    def save(self, must_create=False):
        """Django reads any database error while updating a session as "the session was
        deleted meanwhile" and answers 400. An unreachable database is not that: let its
        error through, so that the visitor gets the 503 of mahjongsite/errors.py."""
        try:
            super().save(must_create=must_create)
        except UpdateError as error:
            if isinstance(error.__context__, (OperationalError, InterfaceError)):
                raise error.__context__ from None
            raise
