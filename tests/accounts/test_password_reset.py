"""Forgot your password?: the mail (in the request's language) carries a link that works
once; the same answer for unknown addresses; limited per address; and the mail goes out
over real SMTP to a server the test starts."""

from __future__ import annotations

import re
import socket
from email import message_from_bytes
from email.header import decode_header, make_header

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client
from django.utils import translation
from django.utils.translation import gettext

from tests.players import PASSWORD
from wording import formatting

pytestmark = pytest.mark.django_db
LANGUAGES = ["sv", "el", "de", "id"]
NEW_PASSWORD = "quiet-bamboo-lantern-91"
SUBJECTS = {
    "sv": "Ett nytt lösenord för Mahjong Solitaire",
    "el": "Νέος κωδικός πρόσβασης για το Mahjong Solitaire",
    "de": "Ein neues Passwort für Mahjong Solitaire",
    "id": "Kata sandi baru untuk Mahjong Solitaire",
}


def _token(page: str) -> str:
    return re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)


def _ask(client: Client, lang: str, email: str):
    page = client.get(f"/{lang}/accounts/password/reset/").content.decode()
    return client.post(
        f"/{lang}/accounts/password/reset/",
        {"email": email, "csrfmiddlewaretoken": _token(page)},
    )


def _follow_link(client: Client, body: str, lang: str):
    link = re.search(r"http://testserver(/\S+/password/reset/\S+/\S+/)", body).group(1)
    assert link.startswith(f"/{lang}/accounts/")
    form = client.get(link, follow=True)
    assert form.status_code == 200
    path = form.redirect_chain[-1][0] if form.redirect_chain else link
    return path, form.content.decode()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_link_in_the_mail_works_once(lang):
    user = get_user_model().objects.create_user("ada", "ada@example.org", PASSWORD)
    client = Client(enforce_csrf_checks=True)
    answer = _ask(client, lang, "ADA@example.org")  # any case
    assert answer.status_code == 302 and answer["Location"].endswith("/password/reset/sent/")
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["ada@example.org"] and message.subject == SUBJECTS[lang]
    with translation.override(lang):
        hour = formatting.span(3600 * 1000)  # the link's life, said as an hour
    # Never "60 minutes" (the link's token may hold the digits 60 anywhere).
    assert "ada" in message.body and hour in message.body
    assert not re.search(r"\b60\b", message.body)
    path, page = _follow_link(client, message.body, lang)
    done = client.post(
        path,
        {
            "new_password1": NEW_PASSWORD,
            "new_password2": NEW_PASSWORD,
            "csrfmiddlewaretoken": _token(page),
        },
    )
    assert done.status_code == 302
    user.refresh_from_db()
    assert user.check_password(NEW_PASSWORD)
    # A second use of the same link is refused.
    _again, page = _follow_link(Client(), message.body, lang)
    assert 'id="reset-link-invalid"' in page


def test_an_unknown_address_gets_the_same_answer_and_no_mail():
    get_user_model().objects.create_user("ada", "ada@example.org", PASSWORD)
    answer = _ask(Client(), "de", "nobody@example.org")
    assert answer.status_code == 302 and answer["Location"].endswith("/password/reset/sent/")
    assert mail.outbox == []


def test_asking_is_limited_per_address(settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "password_reset": "2/h"}
    get_user_model().objects.create_user("ada", "ada@example.org", PASSWORD)
    client = Client()
    assert [_ask(client, "sv", "ada@example.org").status_code for _ in range(2)] == [302, 302]
    refused = _ask(client, "sv", "ada@example.org")
    assert refused.status_code == 429 and int(refused["Retry-After"]) == 3600
    assert len(mail.outbox) == 2


def test_asking_is_limited_per_address_asked_for_from_any_client(settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "password_reset_address": "2/h"}
    get_user_model().objects.create_user("ada", "ada@example.org", PASSWORD)
    asked = ["ada@example.org", "ADA@example.org ", "ada@example.org"]
    answers = [
        _ask(Client(REMOTE_ADDR=f"203.0.113.{n}"), "sv", address).status_code
        for n, address in enumerate(asked, 1)
    ]
    assert answers == [302, 302, 429] and len(mail.outbox) == 2
    # an address no account has is limited the same way: the answer tells nothing
    unknown = [
        _ask(Client(REMOTE_ADDR=f"198.51.100.{n}"), "sv", "nobody@example.org").status_code
        for n in range(3)
    ]
    assert unknown == [302, 302, 429] and len(mail.outbox) == 2


def test_sign_up_takes_an_optional_address():
    client = Client()
    page = client.get("/sv/accounts/signup/").content.decode()
    assert 'name="email"' in page
    answer = client.post(
        "/sv/accounts/signup/",
        {
            "username": "bo",
            "email": "",
            "password1": NEW_PASSWORD,
            "password2": NEW_PASSWORD,
            "csrfmiddlewaretoken": _token(page),
        },
    )
    assert answer.status_code == 302
    assert get_user_model().objects.get(username="bo").email == ""


def test_the_mail_reaches_a_real_smtp_server(settings):
    aiosmtpd = pytest.importorskip("aiosmtpd.controller")
    from aiosmtpd.handlers import Message  # noqa: F401

    received = []

    class Keep:
        async def handle_DATA(self, server, session, envelope):
            received.append((envelope.rcpt_tos, envelope.original_content or envelope.content))
            return "250 OK"

    with socket.socket() as probe:  # a free port on the loopback
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    controller = aiosmtpd.Controller(Keep(), hostname="127.0.0.1", port=port)
    controller.start()
    try:
        settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
        settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", port
        settings.EMAIL_USE_TLS = False
        user = get_user_model().objects.create_user("ada", "ada@example.org", PASSWORD)
        client = Client()
        assert _ask(client, "el", "ada@example.org").status_code == 302
    finally:
        controller.stop()
    assert len(received) == 1
    recipients, content = received[0]
    assert recipients == ["ada@example.org"]
    message = message_from_bytes(content)
    assert message["Subject"] and "Mahjong Solitaire" in str(
        make_header(decode_header(message["Subject"]))
    )
    body = message.get_payload(decode=True).decode(message.get_content_charset() or "utf-8")
    path, page = _follow_link(client, body, "el")
    done = client.post(
        path,
        {
            "new_password1": NEW_PASSWORD,
            "new_password2": NEW_PASSWORD,
            "csrfmiddlewaretoken": _token(page),
        },
    )
    assert done.status_code == 302
    user.refresh_from_db()
    assert user.check_password(NEW_PASSWORD)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_reset_form_names_its_field_as_the_sign_up_form_does(client, lang):
    """Django's own label is a bare "Email" in some languages; the site's is the same
    noun as the sign-up form's "E-mail address (optional)", without the "optional"."""
    with translation.override(lang):
        label = gettext("E-mail address")
        sign_up = gettext("E-mail address (optional)")
    assert label != "E-mail address" and sign_up.startswith(label)
    page = client.get(f"/{lang}/accounts/password/reset/").content.decode()
    assert f'<label for="id_email">{label}</label>' in page
