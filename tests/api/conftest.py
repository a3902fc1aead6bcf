import pytest
from django.test import Client


@pytest.fixture
def other_client() -> Client:
    """A second visitor, with a session of their own."""
    return Client()
