"""Through nginx (make serve): a request nginx refuses itself under /api/ gets the API's
JSON error, elsewhere the site's page, never nginx's English one; and the password-reset
mail's link carries the address the visitor used, port included, and opens the reset
page."""

from __future__ import annotations

import re

import pytest
import requests

from deploy.playclient import CSRF_FIELD, PASSWORD
from tests.raw_http import assert_the_sites_page, raw_request, the_apis_error

#: Request lines nginx refuses before any app server sees them.
REFUSED = [
    b"TRACE {path} HTTP/1.1",
    b"CONNECT {path} HTTP/1.1",
    b"GET {path}%00 HTTP/1.1",
    b"GET {path}../../../etc/passwd HTTP/1.1",
    b"GET {path} HTTP/9.9",
]


@pytest.mark.parametrize("line", REFUSED, ids=lambda line: line.split()[0].decode())
def test_what_nginx_refuses_is_answered_in_our_words(ops, line):
    answer = raw_request(ops.url, line.replace(b"{path}", b"/api/games/"))
    assert re.fullmatch(r"[a-z_]+", the_apis_error(answer, "nginx")["code"])

    assert_the_sites_page(raw_request(ops.url, line.replace(b"{path}", b"/sv/")), "nginx")


def test_the_reset_mails_link_keeps_the_port_and_opens_the_reset_page(ops, mail):
    http = requests.Session()
    signup = f"{ops.url}/sv/accounts/signup/"
    token = CSRF_FIELD.search(http.get(signup, timeout=10).text).group(1)
    form = {"username": "reset_port", "email": "reset_port@example.org"}
    form |= {"password1": PASSWORD, "password2": PASSWORD, "csrfmiddlewaretoken": token}
    assert http.post(signup, data=form, allow_redirects=False, timeout=30).status_code == 302

    visitor = requests.Session()
    reset = f"{ops.url}/sv/accounts/password/reset/"
    token = CSRF_FIELD.search(visitor.get(reset, timeout=10).text).group(1)
    sent = visitor.post(
        reset, data={"email": "reset_port@example.org", "csrfmiddlewaretoken": token}, timeout=30
    )
    assert sent.status_code == 200

    (message,) = [m for m in mail.messages if "reset_port@example.org" in m["To"]]
    link = re.search(r"https?://\S+", message.get_body().get_content()).group(0)
    assert link.startswith(f"{ops.url}/sv/accounts/")  # host and port as the visitor used
    page = visitor.get(link, timeout=10)
    assert page.status_code == 200
    assert 'name="new_password1"' in page.text
