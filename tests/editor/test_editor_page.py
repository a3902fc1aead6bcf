"""The editor page: for signed-in players, in four languages, names escaped."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from editor.models import CustomLayout
from mahjong import LAYOUTS, custom_layout_id

pytestmark = pytest.mark.django_db

TITLES = {
    "sv": "Egna layouter",
    "el": "Οι δικές σας διατάξεις",
    "de": "Eigene Anordnungen",
    "id": "Tata letak buatan Anda",
}


@pytest.fixture
def signed_in():
    user = get_user_model().objects.create_user("maker", password="a long enough secret 42")
    client = Client()
    client.force_login(user)
    client.user = user
    return client


def test_signed_out_visitors_are_sent_to_sign_in(client):
    page = client.get("/sv/editor/")
    assert page.status_code == 302 and "/sv/accounts/login/" in page["Location"]


@pytest.mark.parametrize("lang", list(TITLES))
def test_the_page_speaks_the_language_of_its_address(signed_in, lang):
    page = signed_in.get(f"/{lang}/editor/")
    assert page.status_code == 200
    html = page.content.decode()
    assert f"<h1>{TITLES[lang]}</h1>" in html
    assert "Your own layouts" not in html and "Layer</legend>" not in html


def test_the_account_page_links_to_the_editor(signed_in):
    assert 'href="/de/editor/"' in signed_in.get("/de/accounts/").content.decode()


def test_a_saved_name_is_escaped_in_the_list_and_in_the_pages_data(signed_in):
    name = '</script><script>alert("x")</script>'
    positions = LAYOUTS["L00"].positions
    CustomLayout.objects.create(
        owner=signed_in.user,
        name=name,
        layout_id=custom_layout_id(positions),
        positions=[list(p) for p in positions],
    )
    html = signed_in.get("/sv/editor/").content.decode()
    assert name not in html
    assert "&lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in html
    # The script's copy (json_script) escapes < and > too.
    assert "\\u003C/script\\u003E\\u003Cscript\\u003E" in html
