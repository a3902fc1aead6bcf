"""The site's password rules (accounts/validators.py), as a visitor signing up meets
them: each rule's help and each refusal in the page's language, each rule said once (in
the help and in the errors, under the password field), the variety rule's threshold, and
a name with "@" in it."""

import re
from html import unescape

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.test import Client
from django.utils import translation
from django.utils.translation import gettext, ngettext

LANGUAGES = ["sv", "el", "de", "id"]

pytestmark = pytest.mark.django_db


def _in(lang: str, text: str) -> str:
    with translation.override(lang):
        return gettext(text)


def _variety(lang: str, source: str, plural: str) -> str:
    with translation.override(lang):
        return ngettext(source, plural, 5) % {"count": 5}


def _list_count(lang: str, source: str, plural: str) -> str:
    """A rule of the help's list with its count of five, in digits as a list writes it."""
    with translation.override(lang):
        return ngettext(source, plural, 5) % {"count": 5}


def _field_errors(page: str) -> list[str]:
    """The text of every error listed under a field of the page's form."""
    lists = re.findall(r'<ul class="field-errors"[^>]*>(.*?)</ul>', page, re.S)
    return [unescape(item) for block in lists for item in re.findall(r"<li>(.*?)</li>", block)]


def _sign_up(lang: str, username: str, password: str):
    return Client().post(
        f"/{lang}/accounts/signup/",
        {"username": username, "password1": password, "password2": password},
    )


def _get_sign_up(lang: str) -> str:
    return Client().get(f"/{lang}/accounts/signup/").content.decode()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_sign_up_page_states_both_rules_in_its_language(lang):
    page = Client().get(f"/{lang}/accounts/signup/").content.decode()

    for help_text in (
        _in(lang, "Your password must:"),
        _in(lang, "not be like your username or contain it"),
        _list_count(
            lang,
            "use at least %(count)s different character, not counting spaces",
            "use at least %(count)s different characters, not counting spaces",
        ),
    ):
        assert help_text in unescape(page)
    assert "Your password" not in page  # no rule falls back to the English source


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_password_help_is_one_lead_and_one_list(lang):
    """One lead line, then each rule as an item after it: six sentences that each began
    "The password …" read as generated text."""
    page = _get_sign_up(lang)
    block = re.search(r'id="id_password1_helptext">(.*?)</div>', page, re.S).group(1)
    lead = re.findall(r'<p class="field-help__lead">(.*?)</p>', block)
    assert [unescape(text) for text in lead] == [_in(lang, "Your password must:")]
    assert block.count("<ul>") == 1
    items = _help_items(page, "id_password1")
    stem = _in(lang, "Your password must:").rstrip(":… ").split()[-1]
    assert not any(item.startswith(stem) for item in items)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_refused_password_names_its_reason_in_the_page_language(lang):
    """The reason is read in the field's error list: a rule's help text, shown on the same
    page, can read like its error (it does in German)."""
    name_inside = _field_errors(_sign_up(lang, "pwtest7", "pwtest7pwtest7").content.decode())
    assert _in(lang, "The password must not be like your username or contain it.") in name_inside

    too_uniform = _field_errors(_sign_up(lang, "pwtest8", "ab ab ab ab ab ab").content.decode())
    assert (
        _variety(
            lang,
            "The password must use at least %(count)s different character, not counting spaces.",
            "The password must use at least %(count)s different characters, not counting spaces.",
        )
        in too_uniform
    )
    assert not any(error.startswith("The password") for error in name_inside + too_uniform)
    assert not get_user_model().objects.exists()


def test_five_different_characters_are_enough_four_are_not():
    from accounts.validators import CharacterVarietyValidator

    # 15 characters, five different ones: enough for this rule (a repeat so plain is
    # refused by the breached-password check, a rule of its own).
    CharacterVarietyValidator().validate("abcde" * 3)
    with pytest.raises(ValidationError) as refused:
        validate_password("abcd" * 4)
    assert "password_too_uniform" in [error.code for error in refused.value.error_list]


def test_a_password_holding_the_username_is_refused_with_its_own_code():
    user = get_user_model()(username="maria")
    with pytest.raises(ValidationError) as refused:
        validate_password("xx-MARIA-2024-xx", user)
    assert [error.code for error in refused.value.error_list] == ["password_contains_username"]


def test_the_part_of_a_username_before_its_first_at_sign_is_forbidden_too():
    """Usernames may hold "@" (an address, or "kim@home@work"): the part before the first
    "@" is the name people know, so it must not be in the password either."""
    user = get_user_model()(username="kim@home@work")
    with pytest.raises(ValidationError) as refused:
        validate_password("kim-tile-pair-72", user)
    assert [error.code for error in refused.value.error_list] == ["password_contains_username"]


def _help_items(page: str, field_id: str) -> list[str]:
    block = re.search(rf'id="{field_id}_helptext">(.*?)</div>', page, re.S).group(1)
    return [unescape(item) for item in re.findall(r"<li>(.*?)</li>", block)]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_rule_is_said_once_and_its_error_stands_under_the_password(lang):
    """A password like the username, and holding it, breaks one rule: one error, worded
    as the help words the rule, under the password field (not the confirmation). The
    help names the username once, and the common passwords once."""
    page = _sign_up(lang, "sven_test", "sven_test1").content.decode()
    errors = re.search(
        r'<ul class="field-errors" id="id_password1-errors"[^>]*>(.*?)</ul>', page, re.S
    )
    assert errors, "the rules' errors stand under the password"
    assert 'id="id_password2-errors"' not in page
    rule = _in(lang, "The password must not be like your username or contain it.")
    assert _field_errors(page).count(rule) == 1
    help_items = _help_items(page, "id_password1")
    # The broken rule is said once, as the error: its line leaves the help (in German
    # the two were the same words, one above the other). The other rules stay.
    assert _in(lang, "not be like your username or contain it") not in help_items
    with translation.override(lang):
        retired = [
            gettext("Your password can’t be too similar to your other personal information."),
            gettext("Your password can’t be a commonly used password."),
        ]
    assert not set(retired) & set(help_items)
    shown_errors = _field_errors(page)
    assert not set(shown_errors) & set(help_items)
    assert len(help_items) == len(set(help_items)) == 6 - len(shown_errors)
    # Without the error, the help lists all six rules.
    fresh = _help_items(_get_sign_up(lang), "id_password1")
    assert _in(lang, "not be like your username or contain it") in fresh
    assert len(fresh) == 6


def test_a_password_like_the_username_without_holding_it_is_refused_by_the_same_rule():
    user = get_user_model()(username="margareta")
    with pytest.raises(ValidationError) as refused:
        validate_password("margaretta", user)
    codes = [error.code for error in refused.value.error_list]
    assert "password_too_similar" in codes
    assert "password_contains_username" not in codes


def test_a_listed_common_password_is_refused_as_too_easy_to_guess():
    from accounts.validators import BreachedPasswordValidator

    with pytest.raises(ValidationError) as refused:
        BreachedPasswordValidator().validate("iloveyou")
    assert [error.code for error in refused.value.error_list] == ["password_breached"]


@pytest.mark.parametrize(
    ("url", "field"),
    [("/sv/accounts/password/", "id_new_password1")],
)
def test_a_password_change_shows_the_rules_errors_under_the_new_password(client, url, field):
    user = get_user_model().objects.create_user("pwchange9", password="tile-pair-72-free")
    client.force_login(user)
    page = client.post(
        url,
        {
            "old_password": "tile-pair-72-free",
            "new_password1": "12345678",
            "new_password2": "12345678",
        },
    ).content.decode()
    assert f'id="{field}-errors"' in page
    assert 'id="id_new_password2-errors"' not in page


@pytest.mark.parametrize(
    ("lang", "length", "variety", "short"),
    [
        ("sv", "minst 8 tecken", "minst 5 olika tecken", "minst 8 tecken"),
        ("el", "τουλάχιστον 8", "τουλάχιστον 5", "τουλάχιστον 8"),
        ("id", "minimal 8 karakter", "minimal 5 karakter", "minimal 8 karakter"),
    ],
)
def test_the_rules_counts_are_digits_in_the_list_and_in_the_error_beside_it(
    lang, length, variety, short
):
    """The help's list writes its counts in digits, as a list of rules does, and an error
    names the same rule the same way, right below it."""
    help_items = _help_items(
        Client().get(f"/{lang}/accounts/signup/").content.decode(), "id_password1"
    )
    assert any(length in item for item in help_items)
    assert any(variety in item for item in help_items)
    errors = _field_errors(_sign_up(lang, "pwtest9", "k7#Qz").content.decode())
    assert any(short in error for error in errors)
