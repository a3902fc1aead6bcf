import pytest
from django.conf import settings
from django.test import Client

from .helpers import create

OTHER_CODE = "MJ1-L02-BCDEFGH"


@pytest.fixture
def other_client(db) -> Client:
    """A second signed-out visitor with a real session of their own: the site gave it
    one when this visitor started a game (a different deal), as it does for anyone."""
    visitor = Client()
    create(visitor, code=OTHER_CODE)
    assert settings.SESSION_COOKIE_NAME in visitor.cookies
    return visitor
