"""Browsers that ask for Indonesian by its old code ``in``, or for Malay (``ms``), get the
Indonesian site (see mahjongsite/middleware.py)."""

import pytest

from mahjongsite.middleware import accept_language_with_aliases


@pytest.mark.parametrize(
    ("accept_language", "expected"),
    [
        ("in", "/id/"),
        ("in-ID", "/id/"),
        ("IN-id,en;q=0.5", "/id/"),
        ("ms", "/id/"),
        ("ms-MY,ms;q=0.9,en;q=0.8", "/id/"),
        ("fr, in;q=0.2", "/id/"),
        # A language of ours ranked higher still wins.
        ("de, ms;q=0.5", "/de/"),
        ("el;q=0.9, in;q=0.3", "/el/"),
        # Codes that merely start with the letters are left alone.
        ("inh, msa", "/sv/"),
    ],
)
def test_old_indonesian_code_and_malay_get_the_indonesian_site(client, accept_language, expected):
    response = client.get("/", headers={"accept-language": accept_language})

    assert response.status_code == 302
    assert response["Location"] == expected


def test_a_page_without_a_language_prefix_redirects_to_indonesian(client):
    response = client.get("/play/", headers={"accept-language": "in-ID"})

    assert response.status_code == 302
    assert response["Location"] == "/id/play/"


def test_the_api_answers_the_old_code_in_indonesian(client):
    response = client.get(
        "/api/games/00000000-0000-4000-8000-000000000000", headers={"accept-language": "in"}
    )

    assert response.status_code == 404
    assert response["Content-Language"] == "id"


def test_weights_and_regions_are_kept():
    assert accept_language_with_aliases("in-ID,ms;q=0.8, de;q=0.1") == "id-ID,id;q=0.8,de;q=0.1"
