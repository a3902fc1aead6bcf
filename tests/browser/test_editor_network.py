"""The layout editor's save when the server does not take it (Greek here): the request
the editor sends (its language, its CSRF token), then what the page says when no answer
comes, when the server refuses with its JSON error (429) and when a proxy answers with a
page that is not JSON. The answers are the browser's stand-ins for the server's."""

from __future__ import annotations

import json
import re

from django.utils import translation
from playwright.sync_api import Page, expect

from editor import messages
from tests.browser.test_editor import sign_in

SAVE = re.compile(r"/api/layouts\?lang=el$")


def test_a_save_without_an_answer_or_refused_says_why(live_server, page: Page):
    with translation.override("el"):
        network = translation.gettext("The server could not be reached. Try again.")
        too_many = messages.error_message("rate_limited")
    sign_in(page, live_server)
    page.goto(f"{live_server.url}/el/editor/")
    expect(page.locator("#editor-grid")).to_have_attribute("data-ready", "true")
    token = json.loads(page.locator("#editor-config").text_content())["csrfToken"]
    at_save = page.locator("#editor-save-message")
    save = page.locator("#editor-save [type=submit]")
    page.locator("#editor-name").fill("Χελώνα")
    sent = []

    def answer_with(answer):
        def handle(route):
            sent.append(route.request)
            answer(route)

        page.unroute(SAVE)
        page.route(SAVE, handle)
        save.click()

    answer_with(lambda route: route.abort("internetdisconnected"))
    expect(at_save).to_have_text(network)
    request = sent[-1]
    assert request.method == "POST"
    assert request.headers["x-csrftoken"] == token
    assert request.headers["content-type"] == "application/json"
    assert request.post_data_json == {"name": "Χελώνα", "positions": []}

    error = {"error": {"code": "rate_limited", "message": too_many}}
    answer_with(lambda route: route.fulfill(status=429, json=error, headers={"Retry-After": "60"}))
    expect(at_save).to_have_text(too_many)

    answer_with(
        lambda route: route.fulfill(
            status=502, body="<h1>502 Bad Gateway</h1>", content_type="text/html"
        )
    )
    expect(at_save).to_have_text(network)
    assert len(sent) == 3
